"""Final scoring: the smallest storage pile decides (R-END-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .board import Board
from .cards import CROPS


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


def pile_order(storage: Mapping[str, int], crops: Sequence[str]) -> list[tuple[str, int]]:
    """(crop, count) of one storage in scoring order: every crop in play (a missing one
    counts 0), smallest first, crops in rule order on ties (R-END-3)."""
    rank = {c: i for i, c in enumerate(CROPS)}
    return sorted(((c, storage.get(c, 0)) for c in crops), key=lambda cp: (cp[1], rank[cp[0]]))


def smallest_pile(storage: Mapping[str, int], crops: Sequence[str]) -> int:
    """The count of the smallest pile, the one that decides first (R-END-3); 0 with no crops."""
    order = pile_order(storage, crops)
    return order[0][1] if order else 0


def deciding_pile(a: list[int], b: list[int]) -> int | None:
    """The first pile, smallest first, where two seats' piles differ: the pile that
    decides between them (R-END-3); None when they are equal on every pile."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return None


def places(result: dict[str, Any]) -> list[tuple[int, int]]:
    """(place, seat) best first from :func:`final_result`; tied seats share a place
    (R-END-3)."""
    out = []
    place = 1
    for group in result.get("ranking", []):
        for seat in group:
            out.append((place, seat))
        place += len(group)
    return out
