"""The search's deals: each one serves several tree descents, and none of them sees
another's moves.

Dealing a determinisation and playing out its control variate cost about as
much as a descent, so the search makes :data:`~nile_desktop.ai.search.DESCENTS`
descents on every deal. These tests check that it deals no more often than
that, plays the control variate once per deal, and starts every descent of a
deal from the same cards (each works on its own copy), so that sharing a deal
changes how often the search deals, never what a descent sees.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from nile_desktop.ai import search as S
from nile_desktop.engine import Rules, State, new_game, observe


def a_position(players: int, seed: int) -> State:
    """A position a few turns into a game, with hidden cards in every other hand."""
    state = new_game(Rules(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(3 * players):
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def fingerprint(state: State) -> tuple[Any, ...]:
    """Everything a descent could change: hands, piles, fields, the turn."""
    return (tuple(map(tuple, state.hands)), tuple(state.deck), tuple(state.discard),
            tuple(map(tuple, state.fields)), tuple(map(tuple, state.mons)),
            tuple(map(tuple, state.storage)), tuple(map(tuple, state.specs)),
            state.active, state.flood, state.season, state.over)


@pytest.mark.parametrize(("players", "iterations"), [(2, 40), (4, 37), (6, 9)])
def test_each_deal_serves_several_descents_from_the_same_cards(
        monkeypatch: pytest.MonkeyPatch, players: int, iterations: int) -> None:
    """R-HARV-3: the hidden cards are dealt anew only every ``DESCENTS`` iterations, the
    control variate is played once per deal, and every copy taken of a deal (the control
    variate's and each descent's) is taken before anything was played on it."""
    dealt: dict[int, list[tuple[Any, ...]]] = {}
    firsts: dict[int, tuple[Any, ...]] = {}
    kept: list[State] = []  # alive, so that no later state reuses a deal's id

    class Watched(State):
        __slots__ = ()

        def clone(self) -> State:  # type: ignore[override]
            if id(self) in dealt:
                dealt[id(self)].append(fingerprint(self))
            return super().clone()

    class Recording(S.Dealer):  # type: ignore[misc]
        def deal(self, rng: random.Random) -> State:
            state = super().deal(rng)
            state.__class__ = Watched
            kept.append(state)
            dealt[id(state)] = []
            firsts[id(state)] = fingerprint(state)
            return state

    baselines: list[int] = []
    real_baseline = S._baseline

    def counted(state: State, default: Any, dice: int) -> Any:
        baselines.append(id(state))
        return real_baseline(state, default, dice)

    monkeypatch.setattr(S, "Dealer", Recording)
    monkeypatch.setattr(S, "_baseline", counted)
    state = a_position(players, seed=40 + players)
    view = observe(state, state.active)
    roots, _ = S.root_moves(view, state.legal_moves())
    _, done = S.search(view, roots, seed=5, iterations=iterations, deadline=None)

    assert done == iterations
    assert len(dealt) == math.ceil(iterations / S.DESCENTS)
    assert baselines == list(dealt)  # once per deal, in dealing order
    for key, copies in dealt.items():
        # The control variate's copy, then one per descent but the last (which takes the deal).
        assert len(copies) <= S.DESCENTS
        assert all(copy == firsts[key] for copy in copies)
