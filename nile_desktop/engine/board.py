"""The data of one game: counts per card kind, fields, Monuments, the draw pile.

Cards of one kind are interchangeable, so a board holds counts per card kind
(hands, storage, discard, flood stack), fields and Monuments as counts per
seat, and the draw pile as a list of kinds (top last). ``clone()`` is a
handful of list copies: the search bot makes thousands a second.

This module knows no rule: the rules (:mod:`.play`, :mod:`.legal`), the
position format (:mod:`.position`) and the view (:mod:`.view`) all read and
write a :class:`Board`, and :class:`~nile_desktop.engine.state.State` adds
the public methods on top, so no module imports one that imports it back.
"""

from __future__ import annotations

from typing import Any, TypeVar

from .cards import CROPS, KIND_NAMES, LOCUST, MONUMENTS, N_CROPS, N_KINDS, STONE
from .events import Event
from .outcome import Outcome
from .rules import Rules, seasons_for

B = TypeVar("B", bound="Board")


class Board:
    """One game of Nile DeLuxor, waiting for the active player's move or over.

    ``stacks[seat]`` is the seat's storage in arrival order (bottom first),
    kept only under the rule-book option ``storage: top`` (R-TRADE-1); the
    counts in ``storage`` are kept always.
    """

    __slots__ = (
        "rules",
        "crops",
        "seed",
        "shuffles",
        "season",
        "seasons",
        "active",
        "flood",
        "deck",
        "discard",
        "flood_stack",
        "locust_aside",
        "hands",
        "storage",
        "stacks",
        "fields",
        "mons",
        "specs",
        "result",
        "extra",
        "ending",
        "events",
        "quiet",
        "watched",
    )

    def __init__(self, rules: Rules, crops: tuple[int, ...], seed: int) -> None:
        n = rules.players
        self.rules = rules
        self.crops = crops
        self.seed = seed
        self.shuffles = 0  # how many shuffles after the deal used the seed
        self.season = 1
        self.seasons = seasons_for(n)
        self.active = 0
        self.flood = -1  # kind of the current flood card, -1 before the first
        self.deck: list[int] = []  # draw pile, top card last
        self.discard = [0] * N_KINDS
        self.flood_stack = [0] * N_KINDS  # flood cards under the current one
        self.locust_aside = False
        self.hands = [[0] * N_KINDS for _ in range(n)]
        self.storage = [[0] * N_CROPS for _ in range(n)]
        self.stacks: list[list[int]] = [[] for _ in range(n)]  # storage top: arrival order
        self.fields = [[0] * N_CROPS for _ in range(n)]
        self.mons = [[0, 0, 0] for _ in range(n)]  # stones per Monument owned
        self.specs: list[list[int]] = [[] for _ in range(n)]  # pending speculation kinds
        self.result: Outcome | None = None
        self.extra: dict[str, Any] = {}  # unknown position keys, kept as read
        self.ending = False  # the last pile ran out during the current step
        self.events: list[Event] = []  # events of the move being applied
        #: True: moves are played without recording their events (``events`` stays
        #: empty), for a search's determinisations; the rules are the same.
        self.quiet = False
        #: Every seat's storage as the whole table has watched it fill: a harvest is
        #: public (R-HARV-1), and so is a card traded from storage (R-TRADE-1), so a
        #: seat that has seen the game from its deal knows all storage piles even
        #: though it never sees them (R-HARV-3). Kept by :func:`~.state.new_game`'s
        #: games; None where the history is unknown (a position read from JSON).
        self.watched: list[list[int]] | None = None

    # -- copying -------------------------------------------------------
    def clone(self: B) -> B:
        """An independent copy (no shared mutable parts)."""
        c = type(self).__new__(type(self))
        c.rules = self.rules
        c.crops = self.crops
        c.seed = self.seed
        c.shuffles = self.shuffles
        c.season = self.season
        c.seasons = self.seasons
        c.active = self.active
        c.flood = self.flood
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.flood_stack = self.flood_stack[:]
        c.locust_aside = self.locust_aside
        copy = list.copy  # mapped over the rows: quicker than a comprehension
        c.hands = list(map(copy, self.hands))
        c.storage = list(map(copy, self.storage))
        # Under storage: free the (empty) stacks are never changed, so they are shared.
        c.stacks = list(map(copy, self.stacks)) if self.rules.storage_top else self.stacks
        c.fields = list(map(copy, self.fields))
        c.mons = list(map(copy, self.mons))
        c.specs = list(map(copy, self.specs))
        c.result = self.result
        c.extra = dict(self.extra)
        c.ending = False
        c.events = []
        c.quiet = self.quiet
        c.watched = list(map(copy, self.watched)) if self.watched is not None else None
        return c

    # -- reading -------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game has ended: it has its result (R-END-2), the one source of both."""
        return self.result is not None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def monuments_on(self) -> bool:
        return self.rules.monuments

    @property
    def flood_card(self) -> str | None:
        return KIND_NAMES[self.flood] if self.flood >= 0 else None

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def crop_names(self) -> tuple[str, ...]:
        return tuple(CROPS[c] for c in self.crops)

    def hand(self, seat: int) -> dict[str, int]:
        return {KIND_NAMES[k]: n for k, n in enumerate(self.hands[seat]) if n}

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def storage_of(self, seat: int) -> dict[str, int]:
        return {CROPS[c]: n for c, n in enumerate(self.storage[seat]) if n}

    def storage_size(self, seat: int) -> int:
        return sum(self.storage[seat])

    def fields_of(self, seat: int) -> dict[str, int]:
        return {CROPS[c]: n for c, n in enumerate(self.fields[seat]) if n}

    def monuments_of(self, seat: int) -> dict[str, int]:
        return {MONUMENTS[m]: n for m, n in enumerate(self.mons[seat]) if n}

    def speculation_of(self, seat: int) -> list[str]:
        return [KIND_NAMES[k] for k in sorted(self.specs[seat])]

    def monument_owner(self, monument: int) -> int | None:
        for seat, mons in enumerate(self.mons):
            if mons[monument]:
                return seat
        return None

    def card_totals(self) -> list[int]:
        """How many cards of each kind are anywhere in the game (R-COMP-2..5 say how many
        there must be: :func:`~nile_desktop.engine.cards.full_deck_counts`)."""
        total = [0] * N_KINDS
        for k in self.deck:
            total[k] += 1
        for k in range(N_KINDS):
            total[k] += self.discard[k] + self.flood_stack[k]
        if self.flood >= 0:
            total[self.flood] += 1
        if self.locust_aside:
            total[LOCUST] += 1
        for s in range(self.rules.players):
            hand = self.hands[s]
            for k in range(N_KINDS):
                total[k] += hand[k]
            for c in range(N_CROPS):
                total[c] += self.storage[s][c] + self.fields[s][c]
            total[STONE] += sum(self.mons[s])
            for k in self.specs[s]:
                total[k] += 1
        return total

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self.players} season={self.season}/{self.seasons} "
            f"active={self.active} flood={self.flood_card} deck={len(self.deck)} over={self.over}>"
        )
