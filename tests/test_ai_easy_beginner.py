"""The Easy level plays as a beginner: sensible moves, a beginner's mistakes, reasons that
say what it was after, and no fistful of cards at the end.

Easy values its moves as Medium does but forgets most cards played, likes big
plantings and gambles, trades at the market only once its hand is full (from the
hand, never an offering) and now and then plays a lesser good-looking move. It
never "picks a move at random". Its strength and end-of-game habits are measured
with the arena and ``python -m nile_desktop.ai.habits`` (docs/BOTS.md); here a
few seeded games check what each decision must be.
"""

from __future__ import annotations

import random

import pytest

from nile_desktop import i18n
from nile_desktop.ai import habits
from nile_desktop.ai import reasons as R
from nile_desktop.ai.arena import play_game
from nile_desktop.ai.bots import EasyBot
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.engine import Rules, new_game, observe
from nile_desktop.text.table import reason_text


def easy_decisions(seed: int, players: int = 2) -> list[tuple[int, str, R.Reason]]:
    """(hand size, move, reason) of every Easy decision with a choice, in a game against
    Medium bots."""
    state = new_game(Rules(players=players), seed=seed)
    from nile_desktop.ai import make_bot

    bots = [EasyBot()] + [make_bot("medium") for _ in range(players - 1)]
    rngs = [random.Random(seed * 10 + s) for s in range(players)]
    out = []
    while state.result is None:
        seat = state.active
        legal = state.legal_moves()
        view = observe(state, seat)
        move, reason = bots[seat].choose(view, legal, rngs[seat])
        assert move in legal
        if seat == 0 and len(legal) > 1:
            out.append((sum(state.hands[0]), str(move), reason))
        state.apply(move)
    return out


@pytest.fixture(scope="module")
def decisions() -> list[tuple[int, str, R.Reason]]:
    return [d for seed in (3, 4, 5) for d in easy_decisions(seed)]


def test_a_beginner_trades_late_and_never_offers(decisions: list) -> None:
    for hand, move, _reason in decisions:
        assert not move.startswith("offer ")
        if move.startswith("market "):
            assert hand >= EasyBot.trade_hand and "storage:" not in move, (hand, move)
    assert any(move.startswith("market ") for _h, move, _r in decisions)


def test_its_reasons_say_what_it_was_after_in_both_languages(decisions: list) -> None:
    msgids = {reason.msgid for _h, _m, reason in decisions}
    assert R.RANDOM not in msgids
    assert msgids & {R.EASY_MARKET, R.EASY_MARKET_PAIR} and R.EASY_BIG in msgids
    for lang in ("en", "cs"):
        i18n.set_language(lang)
        try:
            for _hand, move, reason in decisions:
                text = reason_text(reason)
                assert text and "{" not in text, (move, text)
                assert reason_text(reason_from_data(reason_to_data(reason))) == text  # saves
        finally:
            i18n.set_language("en")
    for _hand, move, reason in decisions:
        if reason.msgid in (R.EASY_MARKET, R.EASY_MARKET_PAIR):
            assert move.startswith("market ")
        if reason.msgid == R.EASY_BIG:
            assert move.startswith("plant ") and len(move.split()) - 1 >= 3


def test_the_same_seed_plays_the_same_game() -> None:
    assert easy_decisions(7) == easy_decisions(7)


def test_habits_reads_arena_games(tmp_path: object) -> None:
    from nile_desktop.ai.arena import schedule

    records = [play_game(i, seed, seats, {}) for i, seed, seats in
               schedule(2, ["medium", "easy"], 11)]
    found = habits.habits(records)
    assert set(found) == {"medium", "easy"} and found["easy"].games == 2
    assert 0 <= found["easy"].hand and found["easy"].empty <= 2
    assert "easy" in habits.report(found)


def test_habits_refuses_a_file_that_is_no_arena_csv(tmp_path: object, capsys: object) -> None:
    from pathlib import Path

    bad = Path(str(tmp_path)) / "x.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    assert habits.main([str(bad)]) == 2
