"""The full state of one game and the start of a new one.

Cards of one kind are interchangeable, so the state holds counts per card
kind (hands, storage, discard, flood stack), fields and Monuments as counts
per seat, and the draw pile as a list of kinds (top last). ``clone()`` is a
handful of list copies: the search bot makes thousands a second.
"""

from __future__ import annotations

from .cards import (
    CROPS,
    KIND_NAMES,
    LOCUST,
    MONUMENTS,
    N_CROPS,
    N_KINDS,
    STONE,
    full_deck_counts,
    kinds_in_play,
)
from .rng import Rng
from .rules import Rules, choose_crops

HAND_SIZE = 5


class State:
    """One game of Nile DeLuxor, waiting for the active player's move or over.

    Mutate it only through :meth:`apply`; read it through the accessors.
    """

    __slots__ = (
        "rules",
        "crops",
        "seed",
        "shuffles",
        "season",
        "seasons",
        "active",
        "over",
        "flood",
        "deck",
        "discard",
        "flood_stack",
        "locust_aside",
        "hands",
        "storage",
        "fields",
        "mons",
        "specs",
        "result",
        "extra",
        "ending",
        "events",
    )

    def __init__(self, rules: Rules, crops: tuple[int, ...], seed: int) -> None:
        n = rules.players
        self.rules = rules
        self.crops = crops
        self.seed = seed
        self.shuffles = 0  # how many shuffles after the deal used the seed
        self.season = 1
        self.seasons = n
        self.active = 0
        self.over = False
        self.flood = -1  # kind of the current flood card, -1 before the first
        self.deck: list[int] = []  # draw pile, top card last
        self.discard = [0] * N_KINDS
        self.flood_stack = [0] * N_KINDS  # flood cards under the current one
        self.locust_aside = False
        self.hands = [[0] * N_KINDS for _ in range(n)]
        self.storage = [[0] * N_CROPS for _ in range(n)]
        self.fields = [[0] * N_CROPS for _ in range(n)]
        self.mons = [[0, 0, 0] for _ in range(n)]  # stones per Monument owned
        self.specs: list[list[int]] = [[] for _ in range(n)]  # pending speculation kinds
        self.result: dict | None = None
        self.extra: dict = {}  # unknown position keys, kept as read
        self.ending = False  # the last pile ran out during the current step
        self.events: list = []  # events of the move being applied

    # -- copying -------------------------------------------------------
    def clone(self) -> State:
        """An independent copy (no shared mutable parts)."""
        c = State.__new__(State)
        c.rules = self.rules
        c.crops = self.crops
        c.seed = self.seed
        c.shuffles = self.shuffles
        c.season = self.season
        c.seasons = self.seasons
        c.active = self.active
        c.over = self.over
        c.flood = self.flood
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.flood_stack = self.flood_stack[:]
        c.locust_aside = self.locust_aside
        c.hands = [h[:] for h in self.hands]
        c.storage = [s[:] for s in self.storage]
        c.fields = [f[:] for f in self.fields]
        c.mons = [m[:] for m in self.mons]
        c.specs = [s[:] for s in self.specs]
        c.result = self.result
        c.extra = dict(self.extra)
        c.ending = False
        c.events = []
        return c

    # -- playing -------------------------------------------------------
    def legal_moves(self) -> list:
        """Every legal move of the active player, canonical, each once."""
        return _legal_moves(self)

    def apply(self, move) -> list:
        """Play ``move`` (a :class:`Move` or its text) and return the events.

        Raises :class:`IllegalMoveError` and changes nothing if it is refused.
        """
        return _apply_move(self, move)

    def check(self, move) -> None:
        """Raise :class:`IllegalMoveError` if ``move`` is refused; change nothing."""
        from .play import validate

        validate(self, move)

    # -- reading -------------------------------------------------------
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

    def to_json(self) -> str:
        from .position import dump_position

        return dump_position(self)

    @classmethod
    def from_json(cls, text: str) -> State:
        from .position import load_position

        return load_position(text)

    def __repr__(self) -> str:
        return (
            f"<State players={self.players} season={self.season}/{self.seasons} "
            f"active={self.active} flood={self.flood_card} deck={len(self.deck)} over={self.over}>"
        )


def new_game(rules: Rules, seed: int) -> State:
    """Deal a new game (R-SETUP) and reveal the first player's flood (R-FLOOD-1)."""
    from .play import start_turn

    rng = Rng(seed, 0)
    crops = choose_crops(rules, rng)
    state = State(rules, crops, seed)
    counts = full_deck_counts(crops, rules.monuments)
    first = [k for k in kinds_in_play(crops, rules.monuments) if k not in (STONE, LOCUST)]
    pile = [k for k in first for _ in range(counts[k])]
    rng.shuffle(pile)
    for _ in range(HAND_SIZE):
        for seat in range(rules.players):
            state.hands[seat][pile.pop()] += 1
    pile += [STONE] * counts[STONE] + [LOCUST]
    rng.shuffle(pile)
    state.deck = pile
    state.active = rng.below(rules.players)
    start_turn(state)  # state.events now holds the opening flood's events
    return state


from .legal import legal_moves as _legal_moves  # noqa: E402  (these import nothing from here)
from .play import apply_move as _apply_move  # noqa: E402
