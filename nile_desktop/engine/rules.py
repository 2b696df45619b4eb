"""Setup options of a game: player count, the Monuments expansion, crop removal
and the two rule-book options of the Czech DeLuxor book.

The crops in play follow from the player count (R-SETUP-1); with the default
removal Onions go first, then Grapes, and with random removal the seed picks.
This module is the one place that knows the player range, the crops in play
and the seasons: the app and the bots ask it rather than repeat the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import N_CROPS
from .rng import Rng

MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Cards dealt to every player at the start (R-SETUP-2).
HAND_SIZE = 5
#: Every player count the rules allow (R-SETUP-1), smallest first.
PLAYER_COUNTS: tuple[int, ...] = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
#: The range of a game's seed: an unsigned 64-bit integer (NOTATION.md).
SEED_MIN, SEED_MAX = 0, (1 << 64) - 1
#: Values of the ``storage`` option in a position (R-TRADE-1).
STORAGE_FREE, STORAGE_TOP = "free", "top"


def ascii_int(value: str) -> int:
    """A whole number written in ASCII digits, as the command lines take a seed or a count
    (``int`` would also take ``١٢٣`` and ``1_0``); ``ValueError`` for anything else."""
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"not ASCII digits: {value!r}")
    return int(value)


def check_seed(seed: object) -> int:
    """``seed`` if it is an integer in ``SEED_MIN..SEED_MAX``, else ``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not SEED_MIN <= seed <= SEED_MAX:
        raise ValueError(f"seed must be an integer from {SEED_MIN} to 2**64-1, not {seed!r}")
    return seed


@dataclass(frozen=True)
class Rules:
    """Options chosen before the deal. ``players`` is 2–6.

    ``must_act`` (R-PLANT-5) and ``storage_top`` (R-TRADE-1) are the Czech
    rule book's two rules, off by default.
    """

    players: int
    monuments: bool = True
    random_crops: bool = False
    must_act: bool = False
    storage_top: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}–{MAX_PLAYERS}, not {self.players!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "monuments": self.monuments,
            "random_crops": self.random_crops,
            "must_act": self.must_act,
            "storage_top": self.storage_top,
        }

    @property
    def storage(self) -> str:
        """The ``storage`` option as a position writes it: ``"free"`` or ``"top"``."""
        return STORAGE_TOP if self.storage_top else STORAGE_FREE

    @property
    def seasons(self) -> int:
        """How many seasons the game lasts (R-SETUP-4)."""
        return seasons_for(self.players)


def crop_count(players: int) -> int:
    """How many crops are in play for this many players (R-SETUP-1)."""
    return 5 if players <= 4 else 6 if players == 5 else 7


def seasons_for(players: int) -> int:
    """Seasons of a game: as many as there are players (R-SETUP-4)."""
    return players


def choose_crops(rules: Rules, rng: Rng) -> tuple[int, ...]:
    """The crops in play, in rule order (R-SETUP-1)."""
    keep = crop_count(rules.players)
    if not rules.random_crops:
        return tuple(range(keep))
    crops = list(range(N_CROPS))
    removed: set[int] = set()
    while len(crops) - len(removed) > keep:
        removed.add(crops[rng.below(N_CROPS)])
    return tuple(c for c in crops if c not in removed)
