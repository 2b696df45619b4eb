"""Final scoring: the smallest storage pile decides (R-END-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .board import Board
from .cards import CROPS
from .outcome import Outcome


def piles(state: Board, seat: int) -> list[int]:
    """The seat's storage counts of every crop in play, smallest first (R-END-3).

    Storage holds crop cards only, so stones and Monuments never score (R-MON-4).
    """
    store = state.storage[seat]
    return sorted(store[c] for c in state.crops)


def final_result(state: Board) -> Outcome:
    """The outcome of ``state``'s finished game (R-END-3)."""
    return Outcome.of_piles([piles(state, s) for s in range(state.rules.players)])


def pile_order(storage: Mapping[str, int], crops: Sequence[str]) -> list[tuple[str, int]]:
    """(crop, count) of one storage in scoring order: every crop in play (a missing one
    counts 0), smallest first, crops in rule order on ties (R-END-3)."""
    rank = {c: i for i, c in enumerate(CROPS)}
    return sorted(((c, storage.get(c, 0)) for c in crops), key=lambda cp: (cp[1], rank[cp[0]]))


def smallest_pile(storage: Mapping[str, int], crops: Sequence[str]) -> int:
    """The count of the smallest pile, the one that decides first (R-END-3); 0 with no crops."""
    order = pile_order(storage, crops)
    return order[0][1] if order else 0
