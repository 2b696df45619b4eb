"""What happened inside a move, as a list of small immutable events.

The table animates these events and the log prints them; neither ever diffs
two states. Every event has a ``kind``, a one-line ``text()`` used by the
golden playthroughs, and ``to_dict()``. Drawn cards are private to the
drawer: :func:`redact` hides them from anyone else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **asdict(self)}

    def text(self) -> str:
        parts = [self.kind]
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                inner = [
                    "/".join(str(x) for x in v) if isinstance(v, tuple) else str(v) for v in value
                ]
                parts.append(f"{f.name}=" + (",".join(inner) if inner else "-"))
            else:
                parts.append(f"{f.name}={value}")
        return " ".join(parts)


@dataclass(frozen=True)
class FloodRevealed(Event):
    """A new flood card (R-FLOOD-1); ``seat`` revealed it."""

    kind: ClassVar[str] = "flood"
    seat: int
    card: str


@dataclass(frozen=True)
class Harvested(Event):
    """``seat`` moved the top card of its ``crop`` field to storage (R-HARV-1)."""

    kind: ClassVar[str] = "harvest"
    seat: int
    crop: str
    left: int


@dataclass(frozen=True)
class Traded(Event):
    """``seat`` discarded two cards in a market or an offering (R-TRADE)."""

    kind: ClassVar[str] = "trade"
    seat: int
    action: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Drawn(Event):
    """``seat`` drew ``count`` cards for ``reason`` (market, speculation, turn).

    ``cards`` is empty in a view of another seat (see :func:`redact`).
    """

    kind: ClassVar[str] = "draw"
    seat: int
    reason: str
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Planted(Event):
    """``seat`` planted ``cards`` (R-PLANT, R-MON-1)."""

    kind: ClassVar[str] = "plant"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TakenOver(Event):
    """``seat`` took over the ``crop`` field of ``victim``, discarding its ``count`` cards (R-PLANT-3)."""

    kind: ClassVar[str] = "takeover"
    seat: int
    victim: int
    crop: str
    count: int


@dataclass(frozen=True)
class MonumentBuilt(Event):
    """``seat`` built ``monument`` from the centre on ``stones`` stones (R-MON-1)."""

    kind: ClassVar[str] = "monument-built"
    seat: int
    monument: str
    stones: int


@dataclass(frozen=True)
class MonumentTaken(Event):
    """``seat`` took ``monument`` from ``victim``, whose ``lost`` stones were discarded (R-MON-3)."""

    kind: ClassVar[str] = "monument-taken"
    seat: int
    victim: int
    monument: str
    lost: int
    stones: int


@dataclass(frozen=True)
class MonumentEroded(Event):
    """A stone flood took one stone of ``seat``'s ``monument``; ``left`` remain (R-MON-6)."""

    kind: ClassVar[str] = "monument-eroded"
    seat: int
    monument: str
    left: int


@dataclass(frozen=True)
class MonumentLost(Event):
    """``seat``'s ``monument`` went back to the centre, by ``cause`` (erosion or locust)."""

    kind: ClassVar[str] = "monument-lost"
    seat: int
    monument: str
    cause: str


@dataclass(frozen=True)
class LocustStruck(Event):
    """The locust, found by ``seat`` during ``cause`` (flood, market, speculation, turn),
    ate the largest fields: ``fields`` lists (seat, crop or monument, cards) (R-LOCUST-1)."""

    kind: ClassVar[str] = "locust"
    seat: int
    cause: str
    fields: tuple[tuple[int, str, int], ...]


@dataclass(frozen=True)
class Speculated(Event):
    """``seat`` laid speculation ``cards`` (R-SPEC-1)."""

    kind: ClassVar[str] = "speculate"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SpeculationPaid(Event):
    """``seat``'s speculation ``card`` matched the flood and pays ``count`` cards (R-SPEC-3)."""

    kind: ClassVar[str] = "speculation-paid"
    seat: int
    card: str
    count: int


@dataclass(frozen=True)
class SpeculationFailed(Event):
    """``seat``'s speculation ``card`` did not match and is discarded (R-SPEC-3)."""

    kind: ClassVar[str] = "speculation-failed"
    seat: int
    card: str


@dataclass(frozen=True)
class Passed(Event):
    """``seat`` ended its turn without planting or speculating."""

    kind: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """``seat`` is now the active player (R-DRAW-1: play passes clockwise)."""

    kind: ClassVar[str] = "turn"
    seat: int


@dataclass(frozen=True)
class SeasonEnded(Event):
    """The draw pile ran out: ``season`` ended and a pile of ``deck`` cards starts the next (R-END-1)."""

    kind: ClassVar[str] = "season"
    season: int
    deck: int


@dataclass(frozen=True)
class GameOver(Event):
    """The last pile ran out (R-END-2); ranking groups best first, piles smallest first (R-END-3)."""

    kind: ClassVar[str] = "game-over"
    ranking: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it: other seats' drawn cards are hidden."""
    if isinstance(event, Drawn) and event.seat != viewer and event.cards:
        return replace(event, cards=())
    return event
