"""The game log as data: every event of the game, grouped by turn.

The log keeps engine events, bot reasons and short notes, never finished
sentences, and is told in words only when drawn (:func:`lines`). So
switching the language re-tells the whole log, and what a line says can
depend on who looks: the cards a seat drew are named only to that seat.

A new group starts with every ``turn`` event, under the name of the seat
that plays it, so a bot's turn reads as one block with its reasons.
No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nile_desktop.scenes.table.words import event_line, note_line, reason_line, turn_header

#: Styles of log lines: the drawing picks colour and weight from these.
HEADER, REASON, EVENT, KEY, NOTE = "header", "reason", "event", "key", "note"

#: Events that stand out in the log (and get a banner on the table).
KEY_KINDS = ("season", "locust", "monument-built", "monument-taken", "monument-lost",
             "takeover", "game-over", "speculation-paid")


@dataclass(frozen=True)
class Entry:
    """One item of the log: a turn header, a bot's reason, an event or a note."""

    kind: str
    seat: int | None = None
    event: Any = None
    reason: Any = None
    note: str = ""


class GameLog:
    """All entries of one game, oldest first; ``version`` grows with every change."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.version = 0

    def __len__(self) -> int:
        return len(self.entries)

    def add_events(self, events: Sequence[Any], seat: int | None) -> None:
        for event in events:
            if event.kind == "turn":
                self.entries.append(Entry(HEADER, seat=event.seat))
            else:
                self.entries.append(Entry(EVENT, seat=getattr(event, "seat", seat), event=event))
        self.version += 1

    def add_turn(self, seat: int, move: str, events: Sequence[Any], reason: Any) -> None:
        """One move of ``seat``: its reason first (bots), then what happened."""
        if reason:
            self.entries.append(Entry(REASON, seat=seat, reason=reason))
        self.add_events(events, seat)

    def add_note(self, note: str, seat: int | None = None) -> None:
        self.entries.append(Entry(NOTE, seat=seat, note=note))
        self.version += 1

    def turns(self) -> int:
        return sum(1 for e in self.entries if e.kind == HEADER)


def line(entry: Entry, names: Sequence[str], kinds: Sequence[str],
         viewer: int | None) -> tuple[str, str] | None:
    """One entry told in the current language, as ``(text, style)``; None if it says nothing."""
    if entry.kind == HEADER:
        return turn_header(entry.seat, names, kinds), HEADER
    if entry.kind == REASON:
        return reason_line(entry.reason), REASON
    if entry.kind == NOTE:
        return note_line(entry.note), NOTE
    text = event_line(entry.event, names, viewer)
    if not text:
        return None
    return text, KEY if entry.event.kind in KEY_KINDS else EVENT


def lines(log: GameLog, names: Sequence[str], kinds: Sequence[str],
          viewer: int | None) -> list[tuple[str, str]]:
    """The log told in the current language, as ``(text, style)`` pairs, oldest first."""
    out = []
    for entry in log.entries:
        told = line(entry, names, kinds, viewer)
        if told is not None:
            out.append(told)
    return out
