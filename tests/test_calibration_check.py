"""Calibration judged honestly: intervals bootstrapped by game, the expected calibration error.

A game's predictions share one outcome, so they are not independent: the check resamples
whole games (``nile_desktop.ai.reliability``). Its settings are those the app shows: a
person (a bot standing in) against bots, or people only, told to the chances as the app
tells them (``python -m nile_desktop.ai.calibrate --person LEVEL`` / ``--people``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nile_desktop.ai.calibrate import main, read_rows, told
from nile_desktop.ai.reliability import (
    ECE_TARGET,
    Prediction,
    calibration_error,
    deciles,
    judge,
    text_chart,
)


def games(count: int, per_game: int, seed: int = 1, bias: float = 0.0) -> list[Prediction]:
    """``count`` games of ``per_game`` predictions each, every game one outcome drawn from
    its chance (``bias`` added to the predictions: an estimate that far off)."""
    rng = random.Random(seed)
    rows = []
    for g in range(count):
        p = rng.uniform(0.05, 0.95)
        won = float(rng.random() < p)
        rows += [Prediction(2, g, m, 0, min(0.99, max(0.0, p + bias)), won, (p, 1 - p),
                            ("medium", "medium"), ("human", "medium"))
                 for m in range(per_game)]
    return rows


def test_the_interval_counts_games_not_predictions() -> None:
    """Twenty predictions of one game are one outcome: repeating each game's predictions
    leaves the intervals as wide as they were."""
    few = deciles(games(120, 1), resamples=400)
    many = deciles(games(120, 20), resamples=400)
    for a, b in zip(few, many, strict=True):
        assert a.games == b.games and b.n == 20 * a.n
        width_a, width_b = a.interval[1] - a.interval[0], b.interval[1] - b.interval[0]
        assert width_b == pytest.approx(width_a, abs=0.06)


def test_a_decile_that_never_won_still_has_an_interval() -> None:
    rows = [Prediction(2, g, 0, 0, 0.03, 0.0) for g in range(40)]
    [decile] = deciles(rows)
    assert decile.interval[0] == 0.0 and 0.05 < decile.interval[1] < 0.12 and decile.holds


def test_the_expected_calibration_error_weighs_each_decile_by_its_share() -> None:
    rows = [Prediction(2, g, 0, 0, 0.15, 0.0) for g in range(30)]  # 15 points too high
    rows += [Prediction(2, 100 + g, 0, 0, 0.55, float(g < 15)) for g in range(30)]  # off by 5
    assert calibration_error(rows) == pytest.approx((15 + 5) / 2)


def test_an_honest_estimate_is_within_its_noise_and_a_biased_one_is_not() -> None:
    """Even an honest estimate shows an error on finite data, about what resampling alone
    gives (600 games: some 4 points, above the target); a biased one shows far more."""
    honest = judge(games(600, 5), resamples=200)
    assert 0 < honest.ece < 1.5 * honest.floor and honest.floor > ECE_TARGET
    assert sum(d.holds for d in honest.deciles) >= 8
    biased = judge(games(600, 5, bias=0.12), resamples=200)
    assert biased.ece > 2 * biased.floor and not biased.deciles_hold and not biased.met
    many = judge(games(6000, 1, seed=2), resamples=40)
    # ten intervals of 95%: one of them misses now and then by chance alone
    assert many.ece <= ECE_TARGET and sum(not d.holds for d in many.deciles) <= 1
    assert "| predicted" in text_chart(games(50, 2))


def test_a_person_is_told_to_the_chances_and_only_the_persons_view_predicts() -> None:
    assert told(("hard", "medium"), "person:medium") == (("hard", "human"), (1,))
    assert told(("medium", "medium"), "person:medium") == (("human", "medium"), (0,))
    assert told(("medium", "aggressor", "medium", "medium"), "people") == (
        ("human",) * 4, (0, 1, 2, 3))
    assert told(("hard", "medium"), "") == (("hard", "medium"), (0, 1))


def test_the_command_judges_a_setting_and_resumes(tmp_path: Path, capsys) -> None:
    path = tmp_path / "cal.csv"
    args = ["--games", "3", "--players", "2", "--budget", "6", "--every", "4", "--person",
            "medium", "--csv", str(path), "--quiet", "--resamples", "50"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "2 players, person–medium:" in out and "expected calibration error" in out
    assert "95% (by game)" in out and "| predicted, o won" in out
    rows = read_rows(str(path))
    assert rows and all(r.kinds == ("human", "medium") and r.seat == r.levels.index("medium")
                        and r.matchup == "person–medium" for r in rows)
    assert {r.game for r in rows} == {1, 2, 3}
    before = path.read_text()
    assert main(args) == 0  # resumed: nothing to predict again
    assert path.read_text() == before
    capsys.readouterr()
    people = tmp_path / "people.csv"
    assert main([*args[:8], "--people", "--csv", str(people), "--quiet", "--resamples", "50"]) == 0
    assert {r.matchup for r in read_rows(str(people))} == {"people"}
    assert {r.seat for r in read_rows(str(people))} == {0, 1}
    capsys.readouterr()
    assert main(["--report", str(path), str(people), "--fit", "--resamples", "50"]) == 0
    out = capsys.readouterr().out
    assert "2 players, people:" in out and "2 players, person–medium:" in out
    assert "best power" in out


def test_a_person_against_hard_is_given_less_than_against_medium_at_two_players() -> None:
    """The gap lean: the stronger the strongest opponent, the less the viewer's share weighs
    (fitted at two players only; elsewhere the lean is the table size's)."""
    from nile_desktop.ai.chances import GAP_LEAN, calibrated, strength_gap
    from nile_desktop.ai.playouts import seat_models

    models = seat_models(("human", "hard"), 2)
    gap = strength_gap(models, 0)
    assert gap > 0 and strength_gap(models, 1) == 0.0
    assert GAP_LEAN[2] > 0 and 4 not in GAP_LEAN
    raw = (0.5, 0.5)
    against_hard = calibrated(raw, viewer=0, gap=gap)
    against_medium = calibrated(raw, viewer=0)
    assert against_hard[0] < against_medium[0] and sum(against_hard) == pytest.approx(1.0)
    four = (0.25, 0.25, 0.25, 0.25)
    assert calibrated(four, viewer=0, gap=gap) == calibrated(four, viewer=0)


def test_the_reliability_chart_widens_to_fit_its_longest_legend(tmp_path: Path) -> None:
    import struct

    from nile_desktop.ai.png_chart import reliability_chart

    def width(rows: list[Prediction]) -> int:
        path = tmp_path / "chart.png"
        reliability_chart(str(path), rows)
        return int(struct.unpack(">I", path.read_bytes()[16:20])[0])

    short = games(20, 5)
    long = [Prediction(4, r.game, r.move, 0, r.predicted, r.actual, (*r.raw, 0.0, 0.0),
                       ("medium", "aggressor", "medium", "medium"),
                       ("human", "aggressor", "medium", "medium")) for r in short]
    # the legend's text is 12 pixels a letter, from 58 pixels right of the 580-pixel plot
    label = "person - aggressor medium (100)"
    assert width(long) >= 110 + 580 + 58 + 12 * len(label) > width(short) >= 1000
