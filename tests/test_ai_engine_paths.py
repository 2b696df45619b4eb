"""The engine's fast paths for the search: the same game as the checked paths.

The search plays its moves with ``apply_known_legal`` (no validation), deals
determinisations with a partial shuffle and evaluates with the state's own
lists; each must give exactly what the careful path gives.
"""

from __future__ import annotations

import random

import pytest

from nile_desktop.ai import evaluation, make_bot
from nile_desktop.ai.evaluation import PileForecast, likeliest_spec, spec_odds
from nile_desktop.ai.policy import _spec_kinds, candidates
from nile_desktop.engine import Move, Rules, new_game, observe
from nile_desktop.engine.cards import (
    LOCUST,
    N_KINDS,
    OBELISK,
    SPEC_BASE,
    STONE,
    crops_shown,
    is_spec,
    kinds_in_play,
)
from nile_desktop.engine.moves import HAND_TOKENS, MARKET
from nile_desktop.engine.play import apply_known_legal
from nile_desktop.engine.rng import EngineRandom, Rng
from nile_desktop.engine.view import _shuffle_top


@pytest.mark.parametrize("players", [2, 4, 6])
def test_apply_known_legal_plays_exactly_what_apply_plays(players: int) -> None:
    """R-DRAW-1, R-LOCUST-3, R-END-1: every event and every count agree, to the game's end."""
    for seed in range(3):
        careful = new_game(Rules(players, must_act=seed == 1, storage_top=seed == 2), seed)
        fast = careful.clone()
        rng = random.Random(seed)
        while not careful.over:
            legal = careful.legal_moves()
            move = legal[rng.randrange(len(legal))]
            assert [e.text() for e in careful.apply(move)] == \
                [e.text() for e in apply_known_legal(fast, move)]
            assert fast.to_json() == careful.to_json()


@pytest.mark.parametrize("players", [2, 5])
def test_a_quiet_board_plays_the_same_game_without_events(players: int) -> None:
    """R-FLOOD-1..R-END-2: a quiet board (the search's determinisations) ends every move in
    the very state a recording board reaches, and records no event; its copies stay quiet."""
    for seed in range(3):
        loud = new_game(Rules(players, must_act=seed == 1, storage_top=seed == 2), seed)
        quiet = loud.clone()
        quiet.quiet = True
        rng = random.Random(seed)
        while not loud.over:
            legal = loud.legal_moves()
            move = legal[rng.randrange(len(legal))]
            assert apply_known_legal(loud, move)
            assert apply_known_legal(quiet, move) == [] and quiet.events == []
            assert quiet.to_json() == loud.to_json()
            quiet = quiet.clone()
            assert quiet.quiet
        assert quiet.result == loud.result


def test_partial_shuffle_is_the_start_of_the_full_shuffle() -> None:
    """The last k items after k Fisher–Yates steps are the full shuffle's last k items."""
    items = list(range(40))
    full = items[:]
    Rng(9, 1).shuffle(full)
    for k in (0, 1, 5, 39, 60):
        part, slow = items[:], items[:]
        _shuffle_top(part, k, EngineRandom(9, 1))
        _shuffle_top(slow, k, _PlainDraws(9, 1))  # the generic path: one randrange a step
        assert part == slow
        assert sorted(part) == items
        if k:
            assert part[-k:] == full[-k:]
        else:
            assert part == items


class _PlainDraws(random.Random):
    """The engine's stream through ``randrange`` only (not an EngineRandom)."""

    def __init__(self, seed: int, stream: int) -> None:
        super().__init__(0)
        self.stream = Rng(seed, stream)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        assert stop is None and step == 1
        return self.stream.below(start)


@pytest.mark.parametrize("size", [30, 300])  # within the table of limits, and past it
def test_engine_random_shuffle_matches_below_draw_by_draw(size: int) -> None:
    """The inlined shuffle makes the same draws as Fisher–Yates written with below()."""
    a, b = Rng(4, 2), Rng(4, 2)
    items = list(range(size))
    a.shuffle(items)
    slow = list(range(size))
    for i in range(len(slow) - 1, 0, -1):
        j = b.below(i + 1)
        slow[i], slow[j] = slow[j], slow[i]
    assert items == slow and a.next64() == b.next64()


def test_r_spec_3_speculation_in_hand_is_worth_the_obelisk_pay_out() -> None:
    """R-SPEC-3, R-MON-5: a speculation card pays 4 with the Obelisk, 3 without, and the
    evaluation values a speculation card in hand by that pay-out."""
    state = new_game(Rules(2), 3)
    seat = state.active
    hand = state.hands[seat]
    for k in range(len(hand)):
        hand[k] = 0
    hand[SPEC_BASE] = 1

    def extra(obelisk: bool) -> float:
        st = state.clone()
        st.mons[seat][OBELISK] = 2 if obelisk else 0
        t = PileForecast.from_state(st)
        with_card = sum(t.piles(seat))
        st.hands[seat][SPEC_BASE] = 0
        return with_card - sum(PileForecast.from_state(st).piles(seat))

    assert extra(True) == pytest.approx(extra(False) * 4 / 3)


def test_fast_evaluation_leaves_the_state_alone() -> None:
    state = new_game(Rules(4), 12)
    bot = make_bot("medium")
    rng = random.Random(1)
    for _ in range(30):
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    before = state.to_json()
    PileForecast.from_state(state).scores()
    assert state.to_json() == before


@pytest.mark.parametrize("players", [2, 4, 6])
def test_r_spec_3_the_likeliest_speculation_is_the_first_with_the_best_odds(players: int) -> None:
    """R-SPEC-3: the card the candidate moves speculate with is the first, in rule order,
    of those the next flood card most likely pays, at the odds ``spec_odds`` gives."""
    rng = random.Random(players)
    crops = new_game(Rules(players), players).crops
    pool = kinds_in_play(crops, True)
    specs = [k for k in pool if is_spec(k)]
    for trial in range(400):
        size = rng.randrange(60) if trial % 10 else trial % 3  # some empty or tiny piles
        deck = [rng.choice(pool) for _ in range(size)]
        if trial % 17 == 0:
            deck = [LOCUST] * size  # nothing but the locust: no odds at all
        kinds = sorted(rng.sample(specs, rng.randrange(1, len(specs) + 1)))
        counts = [0] * N_KINDS
        for k in deck:
            counts[k] += 1
        odds = [spec_odds(counts, k) for k in kinds]
        best = max(odds)
        assert likeliest_spec(deck, kinds) == (kinds[odds.index(best)], best)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_r_comp_3_every_speculation_card_of_the_game_is_junk_or_worth_playing(players: int
                                                                              ) -> None:
    """R-COMP-3, R-FLOOD-2: under every flood, each speculation card of the crops in play
    is listed once, as junk if it shows a flooded crop, and no card outside the game is."""
    crops = new_game(Rules(players), players).crops
    specs = [k for k in kinds_in_play(crops, True) if is_spec(k)]
    wet, dry = _spec_kinds(crops)
    for flood in [-1, *range(N_KINDS)]:
        flooded = set(crops_shown(flood)) if flood >= 0 else set()
        assert list(wet[flood]) == [k for k in specs if flooded & set(crops_shown(k))]
        assert list(dry[flood]) == [k for k in specs if not flooded & set(crops_shown(k))]


def _trade_table(hand: dict[int, int], other_field: int, other_size: int):
    """A two-player game at seat 0's move: ``hand`` its cards (kind: count), the
    other seat holding a field of ``other_size`` cards of crop ``other_field``, the
    flood a stone (no crop flooded)."""
    state = new_game(Rules(players=2), seed=5)
    state.hands[0] = [0] * N_KINDS
    for kind, n in hand.items():
        state.hands[0][kind] = n
    state.fields = [[0] * len(state.fields[0]) for _ in range(2)]
    state.mons = [[0, 0, 0], [0, 0, 0]]
    state.fields[1][other_field] = other_size
    state.flood = STONE
    state.active = 0
    return state


def test_r_plant_3_cards_too_few_to_take_a_field_over_are_offered_at_the_market() -> None:
    """Two cards of a crop whose only field (4 cards) needs five to take over are junk:
    the search's candidates sell them; four cards, one short, are kept."""
    crop = next(c for c in new_game(Rules(players=2), seed=5).crops)
    state = _trade_table({crop: 2}, crop, 4)
    pair = Move.make(MARKET, (HAND_TOKENS[crop], HAND_TOKENS[crop]))
    assert pair in candidates(state)
    state = _trade_table({crop: 4}, crop, 4)
    assert not any(m.action == MARKET for m in candidates(state))


def test_r_trade_1_a_lone_stone_goes_to_the_market_before_blocked_crop_cards() -> None:
    """With no Monument, a single stone is junk and is listed first; the second
    token is a card of a crop too late to take over."""
    crop = next(c for c in new_game(Rules(players=2), seed=5).crops)
    state = _trade_table({crop: 2, STONE: 1}, crop, 4)
    state.flood = crop + 1 if crop + 1 in state.crops else crop - 1  # not a stone: no erosion
    trade = Move.make(MARKET, (HAND_TOKENS[STONE], HAND_TOKENS[crop]))
    assert trade in candidates(state)


def test_yield_tables_are_looked_up_by_the_rounded_flood_count() -> None:
    """The evaluation's tables of expected harvests, remembered by the unrounded count,
    are those of the count rounded to a tenth, also once the memory starts afresh."""
    evaluation._yields_at.cache_clear()
    rng = random.Random(3)
    for lam in [rng.uniform(0.0, 12.0) for _ in range(200)] + [0.05, 0.15, 2.25, 2.35]:
        for _ in range(2):  # worked out, then remembered
            assert evaluation._yields_at(lam) == evaluation.poisson_yields(round(lam, 1), 40)
    evaluation._yields_at.cache_clear()
    assert evaluation._yields_at(2.25) == evaluation.poisson_yields(round(2.25, 1), 40)
    info = evaluation._yields_at.cache_info()
    assert info.currsize <= (info.maxsize or 0)
