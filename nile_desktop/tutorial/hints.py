"""One-line hints in normal games, each shown once, the first time its situation arises.

Display-free: :class:`Hints` watches the game (the events as the table plays
them back, the state on a person's turn, the table's refusals) and decides which hint to show and
what it points at (a layout area or an element id, as lessons do). Which
hints a player has already seen is remembered in the settings, so a hint
never comes back; hints are on for a player's first three games unless
switched off in the settings.

Situations: the first flood of a crop the person planted, the first
locust, a take-over that just became possible, a Monument the person could
build, and a move refused for a reason not seen before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from nile_desktop.engine import MONUMENTS, Event, MoveError, RefusalCode, Role, placements
from nile_desktop.engine.events import FloodRevealed, Harvested, LocustStruck
from nile_desktop.i18n import N_, card_name, count_cards

#: Hints are offered in this many first games (while the setting is on).
FIRST_GAMES = 3
#: Seconds a hint stays up (it also goes when the person closes it).
SHOW_TIME = 12.0

TEXTS: dict[str, Any] = {
    "own-flood": N_("The flood matched one of your fields: its top card went to your storage."),
    "locust": N_("Locusts! The largest field on the table was eaten; spread your crops out."),
    "takeover": N_("You can take over this {crop} field ({owner}): plant {cards} of it at once."),
    "monument": N_("You hold two stones: plant them on a Monument in the centre to build it."),
}
#: Hints about what the flood on show did.
FLOOD_HINTS = frozenset({"own-flood", "locust"})
REFUSALS: dict[str, Any] = {
    RefusalCode.FLOODED:
        N_("A flooded crop cannot be planted until the next flood card comes up."),
    RefusalCode.FIELD_TOO_SMALL:
        N_("A take-over needs more cards than the field you take over holds."),
    RefusalCode.NEW_FIELD_NEEDS_TWO: N_("A new field needs two cards of its crop (or two "
                                        "different crops, one card each)."),
    RefusalCode.TWO_CROPS_TWO_CARDS: N_("Two different crops: exactly one card of each."),
    RefusalCode.TOO_MANY_KINDS:
        N_("At most two crops per planting, unless all go on your own fields."),
    RefusalCode.TRADE_NEEDS_TWO: N_("Every trade takes exactly two cards: pick two, then trade."),
    RefusalCode.ONE_MONUMENT_PER_TURN: N_("Only one Monument can be built per turn."),
}


@dataclass(frozen=True)
class Hint:
    """``text`` is a message with ``{crop}``-style places filled from ``params`` when shown
    (card names are translated then, so a language switch is followed)."""

    id: str
    text: Any
    highlight: str
    params: tuple[tuple[str, Any], ...] = ()

    def words(self) -> str:
        values = {}
        for key, value in self.params:
            if key == "crop":
                value = card_name(value)
            elif key == "cards":
                value = count_cards(value)
            values[key] = value
        return str(self.text).format(**values) if values else str(self.text)


class Hints:
    """Which hint to show, for the people at ``humans``. ``seen`` are hint ids shown before;
    ``remember`` is called with each newly shown id (to keep it in the settings)."""

    def __init__(self, humans: Sequence[int], seen: Iterable[str] = (),
                 remember: Callable[[str], None] | None = None,
                 names: Sequence[str] = ()) -> None:
        self.humans = set(humans)
        self.names = names  # read when a hint is offered: the names of the language shown
        self.seen = set(seen)
        self.remember = remember
        self.current: Hint | None = None
        self.time = 0.0
        self.shown: list[str] = []

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    # -- deciding --------------------------------------------------------------------
    def offer(self, hint: Hint) -> bool:
        if hint.id in self.seen or self.current is not None:
            return False
        self.seen.add(hint.id)
        self.shown.append(hint.id)
        self.current, self.time = hint, SHOW_TIME
        if self.remember is not None:
            self.remember(hint.id)
        return True

    def moved(self, seat: int) -> None:
        """A move of ``seat`` was played: a person's move closes the hint on show."""
        if self.current is not None and seat in self.humans:
            self.close()

    def landed(self, events: Sequence[Event], viewer: int | None = None) -> None:
        """Events landed on the table (their cards arrived, the log tells them): they may
        bring a hint (a harvest of a person's field, a locust; others bring none). A hint
        answers what the table shows, never what the engine has decided but the table
        not yet played. A hint about a flood goes when the next flood turns up (its arrow
        would point at a card it no longer speaks of). ``viewer`` is the person at the
        screen when the table knows it (pass and play): "your field" is theirs, so another
        person's harvest brings no hint."""
        for e in events:
            if isinstance(e, FloodRevealed) and self.current is not None \
                    and self.current.id in FLOOD_HINTS:
                self.close()
            if isinstance(e, Harvested) and e.seat in self.humans \
                    and (viewer is None or e.seat == viewer):
                self.offer(Hint("own-flood", TEXTS["own-flood"], "flood"))
            elif isinstance(e, LocustStruck):
                self.offer(Hint("locust", TEXTS["locust"], "discard"))

    def situation(self, state: Any) -> None:
        """On a person's turn: a take-over or a Monument within reach."""
        if state.over or state.active not in self.humans or self.current is not None:
            return
        seat = state.active
        if "takeover" not in self.seen:
            for crop in state.crop_names:
                rival = [p for p in placements(state, seat, crop) if p.role is Role.TAKEOVER]
                if not rival:
                    continue
                owner, need = rival[0].holder, rival[0].least
                if _legal(state, "plant " + " ".join([crop] * need)):
                    self.offer(Hint("takeover", TEXTS["takeover"], f"field.{owner}.{crop}|seat.{owner}",
                                    (("crop", crop), ("owner", self._name(owner)),
                                     ("cards", need))))
                    return
        if "monument" not in self.seen and state.monuments_on:
            for m, name in enumerate(MONUMENTS):
                if state.monument_owner(m) is None and _legal(state, f"plant stone@{name} stone@{name}"):
                    self.offer(Hint("monument", TEXTS["monument"], f"monument.centre.{name}|centre"))
                    return

    def refused(self, code: str) -> None:
        """The table refused something for ``code``: explain a reason not seen before."""
        text = REFUSALS.get(code)
        if text is not None:
            self.offer(Hint(f"refused.{code}", text, "status"))

    def tick(self, dt: float) -> None:
        if self.current is not None:
            self.time -= dt
            if self.time <= 0:
                self.close()

    def close(self) -> None:
        self.current = None
        self.time = 0.0


def _legal(state: Any, move: str) -> bool:
    try:
        state.check(move)
    except MoveError:  # refused: the hint's situation has not arisen
        return False
    return True


def hints_wanted(settings: Any) -> bool:
    """Hints are on for a player's first games while the setting is on."""
    return bool(getattr(settings, "hints", False)) and int(
        getattr(settings, "games_started", 0)) <= FIRST_GAMES
