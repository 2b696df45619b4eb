"""What happened inside a move, as a list of small immutable events.

The table animates these events and the log prints them; neither ever diffs
two states. :data:`Event` is the union of the event classes below, so code
that handles events picks by class with ``match`` and ends with
:func:`~.exhaustive.assert_never`: a new kind of event is then a type error in
every place that must handle it. Cards are :class:`~.places.CardRef` values and
eaten fields :class:`~.places.Place` values, never text to be read back. Every
event has a ``kind`` (its name in the notation), a one-line ``text()`` used by
the golden playthroughs, and ``to_dict()``, both with cards and places as their
text. Drawn cards are private to the drawer: :func:`redact` hides them from
anyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, TypeAlias

from .places import CardRef, Place


def _plain(value: object) -> Any:
    """A field's value with cards and places as their notation (a place by its name)."""
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, CardRef):
        return str(value)
    if isinstance(value, Place):
        return value.name
    return value


@dataclass(frozen=True)
class BaseEvent:
    """What every event shares: its ``kind`` and its two text forms."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **{f.name: _plain(getattr(self, f.name))
                                        for f in fields(self)}}

    def text(self) -> str:
        parts = [self.kind]
        for f in fields(self):
            value = _plain(getattr(self, f.name))
            if isinstance(value, tuple):
                inner = [
                    "/".join(str(x) for x in v) if isinstance(v, tuple) else str(v) for v in value
                ]
                parts.append(f"{f.name}=" + (",".join(inner) if inner else "-"))
            else:
                parts.append(f"{f.name}={value}")
        return " ".join(parts)


@dataclass(frozen=True)
class FloodRevealed(BaseEvent):
    """A new flood card (R-FLOOD-1); ``seat`` revealed it."""

    kind: ClassVar[str] = "flood"
    seat: int
    card: CardRef


@dataclass(frozen=True)
class Harvested(BaseEvent):
    """``seat`` moved the top card of its ``crop`` field to storage (R-HARV-1)."""

    kind: ClassVar[str] = "harvest"
    seat: int
    crop: str
    left: int


@dataclass(frozen=True)
class Traded(BaseEvent):
    """``seat`` discarded two cards in a market or an offering (R-TRADE)."""

    kind: ClassVar[str] = "trade"
    seat: int
    action: str
    cards: tuple[CardRef, ...]


@dataclass(frozen=True)
class Drawn(BaseEvent):
    """``seat`` drew ``count`` cards for ``reason`` (market, speculation, turn).

    ``cards`` is empty in a view of another seat (see :func:`redact`).
    """

    kind: ClassVar[str] = "draw"
    seat: int
    reason: str
    count: int
    cards: tuple[CardRef, ...]


@dataclass(frozen=True)
class Planted(BaseEvent):
    """``seat`` planted ``cards`` (R-PLANT, R-MON-1)."""

    kind: ClassVar[str] = "plant"
    seat: int
    cards: tuple[CardRef, ...]


@dataclass(frozen=True)
class TakenOver(BaseEvent):
    """``seat`` took over the ``crop`` field of ``victim``, discarding its ``count`` cards (R-PLANT-3)."""

    kind: ClassVar[str] = "takeover"
    seat: int
    victim: int
    crop: str
    count: int


@dataclass(frozen=True)
class MonumentBuilt(BaseEvent):
    """``seat`` built ``monument`` from the centre on ``stones`` stones (R-MON-1)."""

    kind: ClassVar[str] = "monument-built"
    seat: int
    monument: str
    stones: int


@dataclass(frozen=True)
class MonumentTaken(BaseEvent):
    """``seat`` took ``monument`` from ``victim``, whose ``lost`` stones were discarded (R-MON-3)."""

    kind: ClassVar[str] = "monument-taken"
    seat: int
    victim: int
    monument: str
    lost: int
    stones: int


@dataclass(frozen=True)
class MonumentEroded(BaseEvent):
    """A stone flood took one stone of ``seat``'s ``monument``; ``left`` remain (R-MON-6)."""

    kind: ClassVar[str] = "monument-eroded"
    seat: int
    monument: str
    left: int


@dataclass(frozen=True)
class MonumentLost(BaseEvent):
    """``seat``'s ``monument`` went back to the centre, by ``cause`` (erosion or locust)."""

    kind: ClassVar[str] = "monument-lost"
    seat: int
    monument: str
    cause: str


@dataclass(frozen=True)
class LocustStruck(BaseEvent):
    """The locust, found by ``seat`` during ``cause`` (flood, market, speculation, turn),
    ate the largest fields: ``fields`` lists (seat, the field's place, cards) (R-LOCUST-1)."""

    kind: ClassVar[str] = "locust"
    seat: int
    cause: str
    fields: tuple[tuple[int, Place, int], ...]


@dataclass(frozen=True)
class Speculated(BaseEvent):
    """``seat`` laid speculation ``cards`` (R-SPEC-1)."""

    kind: ClassVar[str] = "speculate"
    seat: int
    cards: tuple[CardRef, ...]


@dataclass(frozen=True)
class SpeculationPaid(BaseEvent):
    """``seat``'s speculation ``card`` matched the flood and pays ``count`` cards (R-SPEC-3)."""

    kind: ClassVar[str] = "speculation-paid"
    seat: int
    card: CardRef
    count: int


@dataclass(frozen=True)
class SpeculationFailed(BaseEvent):
    """``seat``'s speculation ``card`` did not match and is discarded (R-SPEC-3)."""

    kind: ClassVar[str] = "speculation-failed"
    seat: int
    card: CardRef


@dataclass(frozen=True)
class Passed(BaseEvent):
    """``seat`` ended its turn without planting or speculating."""

    kind: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True)
class TurnStarted(BaseEvent):
    """``seat`` is now the active player (R-DRAW-1: play passes clockwise)."""

    kind: ClassVar[str] = "turn"
    seat: int


@dataclass(frozen=True)
class SeasonEnded(BaseEvent):
    """The draw pile ran out: ``season`` ended and a pile of ``deck`` cards starts the next (R-END-1)."""

    kind: ClassVar[str] = "season"
    season: int
    deck: int


@dataclass(frozen=True)
class GameOver(BaseEvent):
    """The last pile ran out (R-END-2); ranking groups best first, piles smallest first (R-END-3)."""

    kind: ClassVar[str] = "game-over"
    ranking: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]


#: Every event of a move: code that handles events matches on these classes.
Event: TypeAlias = (
    FloodRevealed | Harvested | Traded | Drawn | Planted | TakenOver | MonumentBuilt
    | MonumentTaken | MonumentEroded | MonumentLost | LocustStruck | Speculated
    | SpeculationPaid | SpeculationFailed | Passed | TurnStarted | SeasonEnded | GameOver
)


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it: other seats' drawn cards are hidden."""
    if isinstance(event, Drawn) and event.seat != viewer and event.cards:
        return replace(event, cards=())
    return event
