"""What the table shows, card by card: the engine's state, one event at a time.

While the effects of a move play, the table must not show the end of the
move before its cards have flown. The board is a copy of the public and
private counts the table draws (hands, storage, fields, Monuments,
speculations, the piles, the flood, the season), built from the engine's
state and then changed event by event as each effect lands. When the last
effect of a move has landed, the board equals the engine's state again;
a test checks that over hundreds of games, for every viewer.

It answers the same questions as the engine's state (``hand(seat)``,
``fields_of(seat)``, ``deck_size``…), so the drawing code reads either.
No pygame here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from nile_desktop.engine import (
    CROPS,
    MONUMENTS,
    CardRef,
    Event,
    Outcome,
    PlaceKind,
    State,
    assert_never,
)
from nile_desktop.engine import events as ev

_CROP_ORDER = {c: i for i, c in enumerate(CROPS)}


class TableBoard:
    """Counts per zone, as drawn."""

    def __init__(self) -> None:
        self.players = 0
        self.crop_names: tuple[str, ...] = ()
        self.monuments_on = True
        self.hands: list[Counter[str]] = []
        self.storages: list[Counter[str]] = []
        self.fields: list[dict[str, int]] = []
        self.mons: list[dict[str, int]] = []
        self.specs: list[list[str]] = []
        self.deck_size = 0
        self.discard_size = 0
        self.flood_under = 0
        self.flood_card: str | None = None
        self.season = 1
        self.seasons = 1
        self.active = 0
        self.over = False
        self.result: Outcome | None = None
        self.locust_aside = False
        #: Cards a draw in progress took from the old pile before a season change:
        #: the draw's event (which comes last) must not take them from the new pile.
        self.carried = 0
        #: Grows with every change (the table redraws its picture when it does).
        self.version = 0

    @classmethod
    def of(cls, state: State) -> TableBoard:
        board = cls()
        board.sync(state)
        return board

    def sync(self, state: State) -> None:
        """Become exactly what ``state`` holds."""
        self.version += 1
        n = state.players
        self.players = n
        self.crop_names = tuple(state.crop_names)
        self.monuments_on = bool(state.monuments_on)
        self.hands = [Counter(state.hand(s)) for s in range(n)]
        self.storages = [Counter(state.storage_of(s)) for s in range(n)]
        self.fields = [dict(state.fields_of(s)) for s in range(n)]
        self.mons = [dict(state.monuments_of(s)) for s in range(n)]
        self.specs = [list(state.speculation_of(s)) for s in range(n)]
        self.deck_size = int(state.deck_size)
        self.discard_size = int(sum(state.discard))
        self.flood_under = int(sum(state.flood_stack))
        self.flood_card = state.flood_card
        self.season, self.seasons = int(state.season), int(state.seasons)
        self.active = int(state.active)
        self.over = bool(state.over)
        self.result = state.result
        self.locust_aside = bool(state.locust_aside)
        self.carried = 0

    # -- the state's questions --------------------------------------------------------------
    def hand(self, seat: int) -> dict[str, int]:
        return {k: n for k, n in self.hands[seat].items() if n > 0}

    def hand_size(self, seat: int) -> int:
        return sum(n for n in self.hands[seat].values() if n > 0)

    def storage_of(self, seat: int) -> dict[str, int]:
        return {k: n for k, n in self.storages[seat].items() if n > 0}

    def storage_size(self, seat: int) -> int:
        return sum(n for n in self.storages[seat].values() if n > 0)

    def fields_of(self, seat: int) -> dict[str, int]:
        return {k: n for k, n in sorted(self.fields[seat].items(), key=lambda kv: _CROP_ORDER.get(
            kv[0], len(CROPS))) if n > 0}

    def monuments_of(self, seat: int) -> dict[str, int]:
        return {m: self.mons[seat][m] for m in MONUMENTS if self.mons[seat].get(m, 0) > 0}

    def speculation_of(self, seat: int) -> list[str]:
        return sorted(self.specs[seat])

    def monument_owner(self, monument: int) -> int | None:
        name = MONUMENTS[monument]
        for seat in range(self.players):
            if self.mons[seat].get(name, 0) > 0:
                return seat
        return None

    @property
    def discard(self) -> list[int]:
        return [self.discard_size]

    @property
    def flood_stack(self) -> list[int]:
        return [self.flood_under]

    # -- events -----------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Change the board as ``event`` says (its effect has landed)."""
        self.version += 1
        match event:
            case ev.TurnStarted():
                self.active = event.seat
            case ev.FloodRevealed():
                self._on_flood(event)
            case ev.Harvested():
                self.fields[event.seat][event.crop] = event.left
                self.storages[event.seat][event.crop] += 1
            case ev.Traded():
                self._take(event.seat, event.cards)
                self.discard_size += len(event.cards)
            case ev.Drawn():
                self._on_draw(event)
            case ev.Planted():
                self._on_plant(event)
            case ev.TakenOver():
                self.fields[event.victim][event.crop] = 0
                self.discard_size += event.count
            case ev.MonumentTaken():
                self.mons[event.victim][event.monument] = 0
                self.discard_size += event.lost
            case ev.MonumentEroded():
                self.mons[event.seat][event.monument] = event.left
                self.discard_size += 1
            case ev.MonumentLost():
                self.mons[event.seat][event.monument] = 0
            case ev.LocustStruck():
                self._on_locust(event)
            case ev.Speculated():
                self._take(event.seat, event.cards)
                self.specs[event.seat].extend(card.kind for card in event.cards)
            case ev.SpeculationPaid() | ev.SpeculationFailed():
                self._settle_spec(event.seat, event.card)
            case ev.SeasonEnded():
                self._on_season(event)
            case ev.GameOver():
                self.over = True
            case ev.MonumentBuilt() | ev.Passed():
                pass  # the planting's own event lays the stones; a pass changes nothing
            case _:
                assert_never(event)

    def _on_flood(self, e: ev.FloodRevealed) -> None:
        if self.flood_card is not None:
            self.flood_under += 1
        self.flood_card = e.card.kind
        self.deck_size = max(0, self.deck_size - 1)

    def _take(self, seat: int, cards: Sequence[CardRef]) -> None:
        for ref in cards:
            if ref.storage:
                self.storages[seat][ref.kind] -= 1
            else:
                self.hands[seat][ref.kind] -= 1

    def _on_draw(self, e: ev.Drawn) -> None:
        self.deck_size = max(0, self.deck_size - max(0, e.count - self.carried))
        self.carried = 0
        if e.cards:
            for card in e.cards:
                self.hands[e.seat][card.kind] += 1
        else:
            self.hands[e.seat]["back"] += e.count

    def _on_plant(self, e: ev.Planted) -> None:
        self._take(e.seat, e.cards)
        for ref in e.cards:
            if ref.monument is not None:
                self.mons[e.seat][ref.monument] = self.mons[e.seat].get(ref.monument, 0) + 1
            else:
                self.fields[e.seat][ref.kind] = self.fields[e.seat].get(ref.kind, 0) + 1

    def _on_locust(self, e: ev.LocustStruck) -> None:
        self.deck_size = max(0, self.deck_size - 1)
        self.locust_aside = True
        for seat, place, cards in e.fields:
            if place.kind is PlaceKind.MONUMENT:
                self.mons[seat][place.name] = 0
            else:
                self.fields[seat][place.name] = 0
            self.discard_size += cards

    def _settle_spec(self, seat: int, card: CardRef) -> None:
        if card.kind in self.specs[seat]:
            self.specs[seat].remove(card.kind)
            self.discard_size += 1

    def _on_season(self, e: ev.SeasonEnded) -> None:
        self.season = e.season + 1
        self.carried += self.deck_size  # a draw under way emptied the old pile
        self.deck_size = e.deck
        self.discard_size = 0
        self.flood_under = 0
        self.locust_aside = False

    # -- comparing ----------------------------------------------------------------------------
    def picture(self, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` may see, as plain data (private parts of others as sizes)."""
        seats = []
        for s in range(self.players):
            seat: dict[str, Any] = {
                "hand_size": self.hand_size(s), "storage_size": self.storage_size(s),
                "fields": self.fields_of(s), "monuments": self.monuments_of(s),
                "speculation": self.speculation_of(s)}
            if s == viewer:
                seat["hand"] = self.hand(s)
                seat["storage"] = self.storage_of(s)
            seats.append(seat)
        return {"seats": seats, "deck": self.deck_size, "discard": self.discard_size,
                "flood": self.flood_card, "flood_under": self.flood_under,
                "season": self.season, "over": self.over}
