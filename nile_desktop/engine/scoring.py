"""Final scoring: the smallest storage pile decides (R-END-3)."""

from __future__ import annotations

from typing import Any

from .board import Board


def piles(state: Board, seat: int) -> list[int]:
    """The seat's storage counts of every crop in play, smallest first (R-END-3).

    Storage holds crop cards only, so stones and Monuments never score (R-MON-4).
    """
    store = state.storage[seat]
    return sorted(store[c] for c in state.crops)


def final_result(state: Board) -> dict[str, Any]:
    """``{"ranking": groups of seats best first, "piles": per seat, smallest first}``."""
    all_piles = [piles(state, s) for s in range(state.rules.players)]
    order = sorted(range(state.rules.players), key=lambda s: all_piles[s], reverse=True)
    ranking: list[list[int]] = []
    for seat in order:
        if ranking and all_piles[ranking[-1][0]] == all_piles[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    for group in ranking:
        group.sort()
    return {"ranking": ranking, "piles": all_piles}
