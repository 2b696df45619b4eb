"""Setup options of a game: player count, the Monuments expansion, crop removal.

The crops in play follow from the player count (R-SETUP-1); with the default
removal Onions go first, then Grapes, and with random removal the seed picks.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import N_CROPS
from .rng import Rng

MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True)
class Rules:
    """Options chosen before the deal. ``players`` is 2–6."""

    players: int
    monuments: bool = True
    random_crops: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}–{MAX_PLAYERS}, not {self.players!r}")

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "monuments": self.monuments,
            "random_crops": self.random_crops,
        }


def crop_count(players: int) -> int:
    """How many crops are in play for this many players (R-SETUP-1)."""
    return 5 if players <= 4 else 6 if players == 5 else 7


def choose_crops(rules: Rules, rng: Rng) -> tuple[int, ...]:
    """The crops in play, in rule order (R-SETUP-1)."""
    keep = crop_count(rules.players)
    if not rules.random_crops:
        return tuple(range(keep))
    crops = list(range(N_CROPS))
    removed = set()
    while len(crops) - len(removed) > keep:
        removed.add(crops[rng.below(N_CROPS)])
    return tuple(c for c in crops if c not in removed)
