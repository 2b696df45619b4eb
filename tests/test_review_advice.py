"""Advice only where it is real: "Better" and the marks need a lead beyond the estimate's margin.

A better move is named, and a decision marked, only when the best move's lead over the
move played is at least a point and more than two standard errors of their paired
difference over the samples they shared; otherwise the move played is "as good" and
loses nothing in the accuracy. The screen has a legend for the marks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from review_games import OPENING
from review_screens import title_driver
from ui_driver import UiDriver

from nile_desktop.engine import Move, observe
from nile_desktop.review import analysis
from nile_desktop.review.analysis import MIN_GAIN, SURE_Z, Decision, replay
from nile_desktop.review.evaluate import Race
from nile_desktop.review.runner import Review
from nile_desktop.review.summary import summarise
from nile_desktop.scenes.review_rows import DecisionRow
from nile_desktop.text.review import better_line

NAMES = ("Ana", "Bot")


def decision(loss: float, error: float, played: str = "pass",
             best: str = "plant wheat wheat") -> Decision:
    mark = analysis.mark_for(loss) if analysis.is_real(loss, error) else ""
    return Decision(0, 50.0, 50.0 - loss, best, 50.0, loss, mark, None,
                    ((best, 50.0), (played, 50.0 - loss)), error=error)


@pytest.mark.parametrize("error", [0.0, 0.01, 0.1, 0.5])
@pytest.mark.parametrize("loss", [0.1, 0.2, 0.5, 0.9])
def test_a_difference_under_a_point_is_never_better(loss: float, error: float) -> None:
    d = decision(loss, error)
    assert not d.real and not d.better and d.mark == "" and d.lost == 0.0
    line = better_line(d, "pass", NAMES)
    assert line.startswith("As good as the best move found") and "Better" not in line
    row = DecisionRow(0, d, NAMES, "pass")
    assert "Better" not in row.label() and not row.data()["better"]


def test_a_lead_within_two_standard_errors_is_as_good_and_beyond_it_better() -> None:
    assert MIN_GAIN == 1.0 and SURE_Z == 2.0
    within = decision(3.0, 2.0)  # 3 points, margin ±4
    assert not within.better and within.lost == 0.0
    assert "within the estimate's margin of ±4.0" in better_line(within, "pass", NAMES)
    beyond = decision(3.0, 0.5)  # margin ±1
    assert beyond.better and beyond.lost == 3.0
    assert better_line(beyond, "pass", NAMES).startswith("Better: plant wheat wheat")
    assert decision(6.0, 4.0).mark == ""  # an inaccuracy's loss, but not surely
    assert decision(6.0, 1.0).mark == "inaccuracy"


def test_the_accuracy_counts_only_real_losses() -> None:
    steps = (analysis.Step(0, 0, "pass", decision(0.2, 0.0)),
             analysis.Step(1, 1, "pass", None),
             analysis.Step(2, 0, "pass", decision(3.0, 2.0)),
             analysis.Step(3, 1, "pass", None),
             analysis.Step(4, 0, "pass", decision(6.0, 1.0)))
    chart = tuple((50.0, 50.0) for _ in range(6))
    review = Review("x/1", 8, 0, NAMES, ("human", "medium"), (0,), steps, {"seat:0": chart})
    [ana] = summarise(review)
    assert ana.decisions == 3 and ana.mean_loss == 2.0  # (0 + 0 + 6) / 3
    assert ana.counts["inaccuracy"] == 1


def _race(values: list[float], spread: float) -> Race:
    """A race of three candidates (the first played) over 400 samples whose mover's shares
    average ``values`` and differ from the played move's, sample by sample, by that mean
    give or take ``spread``."""
    moves = [Move.parse(m) for m in ("pass", "plant wheat wheat", "plant flax")]
    race = Race.start(moves, 0, 1, 2)
    n = race.n = 400
    for i, v in enumerate(values):
        race.counts[i] = n
        race.sums[i] = [n * (1 - v), n * v]
        race.ref[i] = [n * (1 - values[0]), n * values[0]]
    for i, vi in enumerate(values):
        for j, vj in enumerate(values):
            if i != j:
                mean = vi - vj
                race.diff[i][j] = n * mean
                race.diff2[i][j] = n * (mean * mean + spread * spread)
    return race


def test_a_race_whose_best_leads_by_a_fifth_of_a_point_names_no_better_move() -> None:
    """A lead of 0.2 points, however surely measured, is 'as good': no mark, no 'Better'."""
    view = observe(replay({"players": 2}, 3, OPENING[:1]), 1)
    close = analysis._decision(view, _race([0.400, 0.4022, 0.39], 0.0001), 0)
    assert close.best != "pass" and 0 < close.loss < 1.0
    assert not close.better and close.mark == ""
    assert better_line(close, "pass", NAMES).startswith("As good as the best move found")
    apart = analysis._decision(view, _race([0.40, 0.47, 0.39], 0.01), 0)
    assert apart.loss > 5 and apart.error < 0.1 and apart.better
    assert apart.mark == "inaccuracy" and replace(apart, error=apart.loss).mark == "inaccuracy"
    assert not replace(apart, error=apart.loss).better


@pytest.fixture
def driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[UiDriver]:
    yield from title_driver(tmp_path, monkeypatch)


def test_the_screen_has_a_legend_for_the_marks(driver: UiDriver) -> None:
    from review_screens import reviewed_game

    from nile_desktop.scenes.review_screen import ReviewScene

    driver.app.stack.push(ReviewScene(reviewed_game(), iterations=24, workers=1))
    driver.step(2)
    legend = driver.find("review.legend")
    assert "A better move is named only when it is surely ahead by a point" in legend["label"]
    keys = {e["data"]["mark"]: e for e in driver.elements(lambda e: e["role"] == "legend-mark")}
    assert set(keys) == {"inaccuracy", "mistake", "blunder"}
    assert [keys[m]["data"]["sign"] for m in ("inaccuracy", "mistake", "blunder")] == \
        ["?!", "?", "??"]
    assert keys["blunder"]["label"] == "Blunder: 15+ points lost"
    signs = {e["data"]["mark"] for e in driver.elements(lambda e: e["role"] == "chart-mark")}
    assert signs <= set(keys)
