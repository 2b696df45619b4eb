"""The game log as data: every event of the game, grouped by turn.

The log keeps engine events, bot reasons and short notes, never finished
sentences, and is told in words only when drawn (:func:`lines`). So
switching the language re-tells the whole log, and what a line says can
depend on who looks: the cards a seat drew are named only to that seat.

A new group starts with every ``turn`` event, under the name of the seat
that plays it, so a bot's turn reads as one block with its reasons.

The log never runs ahead of the table: entries the table has not begun to
show are *held* (:meth:`GameLog.hold`) and stay out of :meth:`GameLog.shown`
until the effect of their event starts (:meth:`GameLog.reveal`). So the log
tells a bot's plant as its cards take off, and the next person's flood
only once they are at the screen. No pygame here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from nile_desktop.ai import Reason
from nile_desktop.engine import Event, assert_never
from nile_desktop.engine import events as ev
from nile_desktop.text.words import event_line, note_line, reason_line, turn_header

#: Styles of log lines: the drawing picks colour and weight from these.
HEADER, REASON, EVENT, KEY, NOTE = "header", "reason", "event", "key", "note"

_SERIALS = itertools.count(1)


def is_key(event: Event) -> bool:
    """Whether ``event`` stands out in the log (and gets a banner on the table); a bot's
    turn with one pauses a little longer."""
    match event:
        case (ev.SeasonEnded() | ev.LocustStruck() | ev.MonumentBuilt() | ev.MonumentTaken()
              | ev.MonumentLost() | ev.TakenOver() | ev.GameOver() | ev.SpeculationPaid()):
            return True
        case (ev.FloodRevealed() | ev.Harvested() | ev.Traded() | ev.Drawn() | ev.Planted()
              | ev.MonumentEroded() | ev.Speculated() | ev.SpeculationFailed() | ev.Passed()
              | ev.TurnStarted()):
            return False
        case _:
            assert_never(event)


@dataclass(frozen=True)
class Entry:
    """One item of the log: a turn header, a bot's reason, an event or a note."""

    kind: str
    seat: int | None = None
    event: Event | None = None
    reason: Reason | str | None = None
    note: str = ""


class GameLog:
    """All entries of one game, oldest first; ``version`` grows with every change."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.version = 0
        #: Tells this log from any other (a rebuilt log is a new one: drawing caches key on it).
        self.serial = next(_SERIALS)
        #: Index of the first held entry (len(entries) when nothing is held).
        self._held_from: int | None = None
        #: Entry index of each event, by identity (the same event may occur twice by value).
        self._at: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def add_events(self, events: Sequence[Event], seat: int | None) -> None:
        for event in events:
            self._at[id(event)] = len(self.entries)
            if isinstance(event, ev.TurnStarted):
                self.entries.append(Entry(HEADER, seat=event.seat, event=event))
            else:
                self.entries.append(Entry(EVENT, seat=getattr(event, "seat", seat), event=event))
        self.version += 1

    def add_turn(self, seat: int, move: str, events: Sequence[Event],
                 reason: Reason | str | None) -> None:
        """One move of ``seat``: its reason first (bots), then what happened."""
        if reason:
            self.entries.append(Entry(REASON, seat=seat, reason=reason))
        self.add_events(events, seat)

    def add_note(self, note: str, seat: int | None = None) -> None:
        """A note (a resumed game, a refused save) shows at once, held entries or not."""
        self.entries.append(Entry(NOTE, seat=seat, note=note))
        self.version += 1

    # -- what the table has begun to show ------------------------------------------------
    def hold(self, start: int) -> None:
        """Hold the entries from index ``start`` on until their events' effects start."""
        if start < len(self.entries) and (self._held_from is None or start < self._held_from):
            self._held_from = start
            self.version += 1

    def reveal(self, events: Sequence[Event]) -> None:
        """The effect of ``events`` has started: they and everything before them show."""
        if self._held_from is None:
            return
        last = max((self._at.get(id(e), -1) for e in events), default=-1)
        if last >= self._held_from:
            self._held_from = last + 1 if last + 1 < len(self.entries) else None
            self.version += 1

    def held(self, index: int) -> bool:
        """Whether entry ``index`` waits for its effect (a note never does)."""
        return (self._held_from is not None and index >= self._held_from
                and self.entries[index].kind != NOTE)

    def shown(self) -> list[tuple[int, Entry]]:
        """The entries the table has begun to show, with their indices, oldest first."""
        return [(i, e) for i, e in enumerate(self.entries) if not self.held(i)]

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
    if entry.event is None:
        return None
    text = event_line(entry.event, names, viewer)
    if not text:
        return None
    return text, KEY if is_key(entry.event) else EVENT


def lines(log: GameLog, names: Sequence[str], kinds: Sequence[str],
          viewer: int | None) -> list[tuple[str, str]]:
    """The shown log told in the current language, as ``(text, style)`` pairs, oldest first."""
    out = []
    for _index, entry in log.shown():
        told = line(entry, names, kinds, viewer)
        if told is not None:
            out.append(told)
    return out
