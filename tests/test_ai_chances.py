"""Win chances: a probability per seat with its error, steadier with more budget."""

from __future__ import annotations

import random

import pytest

from nile_desktop.ai import make_bot, win_chances
from nile_desktop.ai.calibrate import Prediction, fit_power, main, table
from nile_desktop.ai.chances import ENDGAME, calibrated
from nile_desktop.ai.search import evaluate, rollout
from nile_desktop.engine import Rules, new_game, observe


def midgame(players: int, seed: int, moves: int = 12):
    state = new_game(Rules(players), seed)
    bot = make_bot("medium")
    rng = random.Random(seed)
    for _ in range(moves):
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    return state


@pytest.mark.parametrize("players", [2, 3, 6])
def test_chances_are_probabilities_with_errors(players: int) -> None:
    state = midgame(players, 4)
    c = win_chances(observe(state, 0), budget=60, seed=1)
    assert len(c.p) == len(c.error) == players and c.samples == 60
    assert sum(c.p) == pytest.approx(1.0)
    assert all(0.0 <= p <= 1.0 for p in c.p) and all(e >= 0.0 for e in c.error)
    assert win_chances(observe(state, 0), budget=60, seed=1) == c  # the same seed, the same


def test_more_budget_gives_a_smaller_error() -> None:
    view = observe(midgame(4, 9), 1)
    small, large = win_chances(view, budget=40), win_chances(view, budget=640)
    assert sum(large.error) < sum(small.error) / 2


def test_a_finished_game_gives_its_result() -> None:
    """R-END-3: the winner's chance is 1 (a shared win is shared), with no error."""
    state = new_game(Rules(2), 2)
    bot = make_bot("medium")
    rng = random.Random(0)
    while not state.over:
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    c = win_chances(observe(state, 0))
    assert state.result is not None
    top = state.result.winners
    assert c.p == tuple(1 / len(top) if s in top else 0.0 for s in range(2))
    assert c.error == (0.0, 0.0)


def late_in_the_last_season(seed: int, cards: int):
    """A 2-player Medium game played until its last pile holds at most ``cards`` cards."""
    state = new_game(Rules(2), seed)
    bot = make_bot("medium")
    rng = random.Random(seed)
    while not (state.season == state.seasons and len(state.deck) <= cards):
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    return state


def test_late_in_the_last_season_a_sample_is_played_to_the_end() -> None:
    """R-END-2, R-END-3: near the end each sample plays on to the real result, so a
    sample's score is a win, a loss or a share of a tie, never an estimate between."""
    state = late_in_the_last_season(3, ENDGAME)
    assert not state.over
    sample = state.clone()
    rollout(sample, random.Random(1), 1, ENDGAME)
    assert sample.over
    assert sorted(evaluate(sample)) in ([0.0, 1.0], [0.5, 0.5])
    early = new_game(Rules(2), 3)
    rollout(early, random.Random(1), 1, ENDGAME)
    assert not early.over  # earlier on, a sample looks a few turns ahead only


def test_calibration_sharpens_and_keeps_the_order() -> None:
    raw = (0.5, 0.3, 0.2)
    sharp = calibrated(raw, 2.0)
    assert sum(sharp) == pytest.approx(1.0) and sharp[0] > 0.5 and sharp[2] < 0.2
    assert calibrated(raw, 1.0) == pytest.approx(raw)


def test_the_fit_finds_the_power_that_made_the_outcomes() -> None:
    """Outcomes drawn from chances sharpened by 2 are best fitted by a power near 2."""
    rng = random.Random(3)
    rows = []
    for i in range(3000):
        a = rng.uniform(0.2, 0.8)
        raw = (a, 1 - a)
        rows.append(Prediction(2, i, 0, 0, raw[0], float(rng.random() < calibrated(raw, 2)[0]),
                               raw))
    k, _ = fit_power(rows)
    assert 1.6 <= k <= 2.5


def test_calibration_table_has_deciles_and_a_brier_score(tmp_path, capsys) -> None:
    path = tmp_path / "cal.csv"
    assert main(["--games", "2", "--players", "2", "--budget", "10", "--every", "8",
                 "--csv", str(path), "--quiet", "--fit"]) == 0
    out = capsys.readouterr().out
    assert "predictions from 2 games" in out and "Brier score" in out and "power" in out
    rows = path.read_text().splitlines()
    assert main(["--games", "2", "--players", "2", "--budget", "10", "--every", "8",
                 "--csv", str(path), "--quiet"]) == 0  # resumed: nothing to play again
    assert path.read_text().splitlines() == rows
    assert main(["--games", "2", "--players", "2", "--csv", str(path), "--quiet",
                 "--recalibrate"]) == 0
    assert "predictions from 2 games" in capsys.readouterr().out
    assert "0.0-0.1" in table([Prediction(2, 0, 0, 0, 0.05, 0.0, (0.05, 0.95))])
