"""The search's deals: each one serves tree descents through different root moves,
and none of them sees another's moves.

Dealing a determinisation and playing out its control variate cost about as
much as a descent, so one deal serves descents until the search would take a
root move a second time on it (two such descents would be near copies of one
sample). These tests check that it deals exactly then, plays the control
variate once per deal, and starts every descent of a deal from the same cards
(each works on its own copy), so that sharing a deal changes how often the
search deals, never what a descent sees.
"""

from __future__ import annotations

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


@pytest.mark.parametrize(("players", "iterations"), [(2, 60), (4, 37), (6, 25)])
def test_each_deal_serves_descents_through_different_root_moves(
        monkeypatch: pytest.MonkeyPatch, players: int, iterations: int) -> None:
    """R-HARV-3: the hidden cards are dealt anew exactly when a root move would be
    searched a second time on them, the control variate is played once per deal, and
    every copy taken of a deal (the control variate's and each descent's) is taken
    before anything was played on it."""
    log: list[tuple[str, Any]] = []  # ("root", move) and ("deal", state), in order
    copies: dict[int, list[tuple[Any, ...]]] = {}
    firsts: dict[int, tuple[Any, ...]] = {}
    kept: list[State] = []  # alive, so that no later state reuses a deal's id

    class Watched(State):
        __slots__ = ()

        def clone(self) -> State:  # type: ignore[override]
            if id(self) in copies:
                copies[id(self)].append(fingerprint(self))
            return super().clone()

    class Recording(S.Dealer):  # type: ignore[misc]
        def deal(self, rng: random.Random) -> State:
            state = super().deal(rng)
            state.__class__ = Watched
            kept.append(state)
            copies[id(state)] = []
            firsts[id(state)] = fingerprint(state)
            log.append(("deal", state))
            return state

    real_select, real_baseline = S._select_root, S._baseline
    baselines: list[int] = []

    def select(node: Any, moves: Any, mover: int, kids: Any) -> Any:
        picked = real_select(node, moves, mover, kids)
        log.append(("root", picked[0].move))
        return picked

    def counted(state: State, default: Any, dice: int) -> Any:
        baselines.append(id(state))
        return real_baseline(state, default, dice)

    monkeypatch.setattr(S, "Dealer", Recording)
    monkeypatch.setattr(S, "_select_root", select)
    monkeypatch.setattr(S, "_baseline", counted)
    state = a_position(players, seed=40 + players)
    view = observe(state, state.active)
    roots, _ = S.root_moves(view, state.legal_moves())
    _, done = S.search(view, roots, seed=5, iterations=iterations, deadline=None)

    assert done == iterations
    deals = [id(x) for kind, x in log if kind == "deal"]
    assert baselines == deals  # the control variate once per deal, in dealing order
    assert 1 < len(deals) < iterations  # deals are shared, and not by one descent only
    searched: set[Any] = set()
    for i, (kind, x) in enumerate(log):
        if kind != "root":
            continue
        dealt_now = i + 1 < len(log) and log[i + 1][0] == "deal"
        # A new deal exactly when this root move was searched on the current one.
        assert dealt_now == (i == 0 or x in searched), (i, str(x))
        if dealt_now:
            searched = set()
        searched.add(x)
    for key, taken in copies.items():
        # The control variate's copy, then one per descent of this deal.
        assert 2 <= len(taken) <= len(roots) + 1
        assert all(copy == firsts[key] for copy in taken)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_root_picks_what_a_lookup_of_its_moves_would(monkeypatch: pytest.MonkeyPatch,
                                                         players: int) -> None:
    """R-HARV-3: once every root move has a child, the search picks among them without
    looking the moves up again; the statistics are exactly those of looking them up."""
    state = a_position(players, seed=70 + players)
    view = observe(state, state.active)
    roots, _ = S.root_moves(view, state.legal_moves())
    quick = S.search(view, roots, seed=9, iterations=120, deadline=None)

    def looked_up(root: Any, moves: Any, mover: int, kids: Any) -> Any:
        return S._select(root, moves, mover)

    monkeypatch.setattr(S, "_select_root", looked_up)
    assert S.search(view, roots, seed=9, iterations=120, deadline=None) == quick
