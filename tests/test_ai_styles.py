"""The gauntlet's players: legal moves, their styles on arranged positions, their reasons.

The flat players (``flat``, ``aggressor``, ``speculator``, ``balancer``) rank
their moves by rules of thumb and search the best few by play-outs; every
move the rules build must be legal, each style must show in its choices, and
each explains its move in its own words.
"""

from __future__ import annotations

import random

import pytest
from test_ai_levels import BALANCED, arranged, choose

from nile_desktop.ai import make_bot, reasons
from nile_desktop.ai.flat import FLAT_BOTS, flat_search, root_candidates
from nile_desktop.ai.projection import floods_left, harvests, worth
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.ai.thumb import STYLES, ranked
from nile_desktop.engine import Rules, State, new_game, observe

FAST = {"iterations": 60, "budget": None, "workers": 1}


def positions(players: int, games: int, **options: bool) -> list[State]:
    """Every position of a few games played half by Medium, half at random."""
    out = []
    medium = make_bot("medium")
    for g in range(games):
        state = new_game(Rules(players=players, **options), seed=300 + 10 * players + g)
        rng = random.Random(g)
        while not state.over:
            out.append(state.clone())
            legal = state.legal_moves()
            if rng.random() < 0.5:
                move = legal[rng.randrange(len(legal))]
            else:
                move, _ = medium.choose(observe(state, state.active), legal, rng)
            state.apply(move)
    return out


@pytest.mark.parametrize("options", [{}, {"must_act": True}, {"storage_top": True},
                                     {"monuments": False}])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_move_the_rules_of_thumb_build_is_legal(players: int, options: dict) -> None:
    """R-PLANT-1..5, R-SPEC-1, R-TRADE-1, R-MON-1/2: every ranked move of every style is legal."""
    for state in positions(players, 2, **options):
        for style in STYLES.values():
            moves = [m for _, m in ranked(state, style)]
            assert moves, "a seat always has a move"
            for move in moves:
                assert state.is_legal(move), (style.key, str(move), state.to_json())


def test_the_aggressor_takes_a_field_over_and_the_others_may_not() -> None:
    """R-PLANT-3/R-PLANT-4: three Flax beat a field of two; the aggressor ranks it first."""
    s = arranged(2, {"flax": 3, "wheat": 2}, {"papyrus": 1, "lettuce": 1, "castor": 1},
                 {1: {"flax": 2}})
    assert str(ranked(s, STYLES["aggressor"])[0][1]) == "plant flax flax flax"
    move, reason = choose("aggressor", s, seed=1, **FAST)
    assert str(move) == "plant flax flax flax"
    assert "takes the Flax field, 3 against 2" in str(reason)


def test_the_aggressor_keeps_cards_for_a_take_over() -> None:
    """Two Flax against a field of two: one card short, so it keeps them and says so."""
    s = arranged(2, {"flax": 2, "stone": 1, "spec:papyrus+wheat": 1},
                 {"papyrus": 1, "wheat": 1, "lettuce": 1, "castor": 1}, {1: {"flax": 2}},
                 flood="papyrus")
    trades = [m for _, m in ranked(s, STYLES["aggressor"]) if m.action in ("market", "offer")]
    assert all("flax" not in m.cards for m in trades)
    assert str(reason_for_pass("aggressor", s)) == "passes, keeping Flax to take that field over"


def reason_for_pass(key: str, state: State) -> reasons.Reason:
    from nile_desktop.ai.style_reasons import explain

    pass_move = next(m for m in state.legal_moves() if m.action == "pass")
    return explain(observe(state, state.active), pass_move, STYLES[key])


def test_the_balancer_feeds_its_smallest_pile() -> None:
    """R-END-3: only the smallest pile scores; the balancer plants Wheat (none stored)."""
    s = arranged(2, {"wheat": 2, "flax": 4}, {"papyrus": 2, "lettuce": 2, "castor": 2, "flax": 2})
    assert "wheat" in ranked(s, STYLES["balancer"])[0][1].cards
    move, reason = choose("balancer", s, seed=2, **FAST)
    assert "wheat" in move.cards
    assert str(reason).startswith("feeds Wheat, my smallest pile, with ")


def test_the_speculator_speculates_where_the_others_plant() -> None:
    """R-SPEC-3: with Flax its largest pile, the speculator would rather bet on the next flood
    (and trade the Flax away first) than plant it; the neutral player plants it."""
    s = arranged(2, {"spec:papyrus+wheat": 1, "flax": 2},
                 {"papyrus": 1, "wheat": 1, "lettuce": 1, "castor": 1, "flax": 5})
    speculator = [m for _, m in ranked(s, STYLES["speculator"])]
    assert next(m for m in speculator if m.action not in ("market", "offer")).action == "speculate"
    assert str(ranked(s, STYLES["flat"])[0][1]) == "plant flax flax"


def test_the_speculator_trades_weak_cards_at_the_market() -> None:
    """R-TRADE-2: a lone stone and a card of a crop held by another seat go to the market."""
    s = arranged(2, {"stone": 1, "flax": 1, "wheat": 2},
                 {"papyrus": 1, "wheat": 1, "lettuce": 1, "castor": 1, "flax": 1}, {1: {"flax": 5}})
    top = ranked(s, STYLES["speculator"])[0][1]
    assert top.action == "market" and set(top.cards) == {"stone", "flax"}


@pytest.mark.parametrize("key", sorted(FLAT_BOTS))
def test_a_flat_player_is_deterministic_and_its_reason_survives_a_save(key: str) -> None:
    s = arranged(4, {"papyrus": 3, "wheat": 1, "flax": 1, "spec:lettuce+castor": 1}, BALANCED,
                 {1: {"papyrus": 2}})
    first = choose(key, s, seed=5, **FAST)
    again = choose(key, s, seed=5, **FAST)
    assert first[0] == again[0] and str(first[1]) == str(again[1])
    assert first[0] in s.legal_moves()
    assert reason_from_data(reason_to_data(first[1])) == first[1]


def test_root_candidates_are_legal_and_the_search_counts_its_play_outs() -> None:
    s = arranged(2, {"wheat": 2, "flax": 2, "stone": 2, "spec:papyrus+lettuce": 1}, BALANCED,
                 flood="castor")
    view = observe(s, s.active)
    legal = s.legal_moves()
    roots = root_candidates(view, legal, STYLES["flat"])
    assert 2 <= len(roots) <= STYLES["flat"].width and set(roots) <= set(legal)
    stats, done = flat_search("flat", view, roots, seed=3, iterations=200, deadline=None)
    assert done <= 200 and sum(v for v, _, _ in stats.values()) == done
    assert all(0.0 <= total / visits <= 1.0 for visits, total, _ in stats.values())


def test_the_projection_scores_a_finished_game_by_its_result() -> None:
    """R-END-3: at the end the worth is the real result; before it, a share between 0 and 1."""
    state = new_game(Rules(players=3), seed=4)
    assert 0.0 < worth(state, 0) < 1.0
    assert floods_left(state) > 20
    medium = make_bot("medium")
    rng = random.Random(1)
    while not state.over:
        move, _ = medium.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    top = state.result.winners
    assert worth(state, top[0]) == pytest.approx(1.0 / len(top))
    assert harvests(0)[5] == 0.0 and harvests(30)[1] == pytest.approx(1 - 2.718281828 ** -3)


def test_a_deadline_in_the_middle_of_a_deal_ends_the_search_cleanly(monkeypatch) -> None:
    """With the clock, a deal cut short by the deadline is never compared with whole ones
    (it once made the candidates' result lists unequal and the search fail in the game)."""
    from nile_desktop.ai import flat, search

    s = arranged(2, {"wheat": 2, "flax": 2, "stone": 2, "spec:papyrus+lettuce": 1}, BALANCED,
                 flood="castor")
    view = observe(s, s.active)
    roots = root_candidates(view, s.legal_moves(), STYLES["flat"])
    n = len(roots)
    assert n > flat.KEEP
    # The clock is read after every play-out past the first deal: cut inside the deal
    # after which the candidates are first compared, at each place in it.
    for cut in range(1, n):
        reads, limit = iter(range(10**6)), (flat.FIRST_LOOK - 2) * n + cut
        monkeypatch.setattr(search, "clock",
                            lambda r=reads, k=limit: 2.0 if next(r) >= k else 0.0)
        stats, done = flat_search("flat", view, roots, seed=3, iterations=None, deadline=1.0)
        assert done == (flat.FIRST_LOOK - 1) * n + cut + 1
        assert sum(v for v, _, _ in stats.values()) == done
