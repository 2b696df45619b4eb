"""One number per question: every figure of the review screen is of the chosen point of view.

On a stored game (the benchmark's two-player game, ``nile_desktop/bench/review_games.json``:
a person against Medium), reviewed in the person's own view and with every hand open:
the chart's point after each decision is the decision list's win chance there, in both
views; and switching the view changes every figure the screen shows — the chart, the
list's chances, the marks, the accuracy and the turning point — to the new view's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from review_screens import title_driver
from ui_driver import UiDriver

from nile_desktop.engine import Rules
from nile_desktop.review import analysis
from nile_desktop.review.analysis import OPEN, seat_view
from nile_desktop.review.cache import with_review
from nile_desktop.review.runner import Game, Review, compute_review
from nile_desktop.review.summary import summarise
from nile_desktop.saves import SaveGame, new_save
from nile_desktop.scenes.review_screen import ReviewScene
from nile_desktop.text.review import pct

K = 8
GAMES = Path(__file__).resolve().parents[1] / "nile_desktop" / "bench" / "review_games.json"


def stored_save() -> SaveGame:
    """The stored two-player game as a save: P0 the person, P1 a Medium bot."""
    entry = next(g for g in json.loads(GAMES.read_text(encoding="utf-8"))
                 if g["rules"]["players"] == 2)
    seats = [{"name": name, "kind": kind, "colour": s}
             for s, (name, kind) in enumerate(zip(entry["names"], entry["kinds"], strict=True))]
    save = new_save(Rules(**entry["rules"]), entry["seed"], seats)
    for move in entry["moves"]:
        save.record(move)
    save.result = save.replay().result
    return save


_REVIEWS: dict[str, Review] = {}


def reviewed(monkeypatch: pytest.MonkeyPatch) -> tuple[SaveGame, Review]:
    """The stored game with its review (the person's view and the open view) kept in it."""
    monkeypatch.setattr(analysis, "search_choice", lambda view, seed: "")  # marks kept as found
    save = stored_save()
    game = Game.from_save(save)
    if "both" not in _REVIEWS:
        _REVIEWS["both"] = compute_review(game, K, 0, workers=1,
                                          views=[game.default_view(), OPEN])
    save.review = with_review({}, game, _REVIEWS["both"])["review"]
    return save, _REVIEWS["both"]


@pytest.fixture
def driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[UiDriver]:
    yield from title_driver(tmp_path, monkeypatch)


def figures(d: UiDriver) -> dict[str, Any]:
    """Every figure the screen shows: chart points, the list's chances (every row of the
    list, as scrolling it shows them), marks, summary."""
    points = sorted(d.elements(lambda e: e["role"] == "chart-point"),
                    key=lambda e: e["data"]["index"])
    scene = d.app.stack.top
    assert isinstance(scene, ReviewScene)
    rows = [{"data": row.data(), "label": row.label()} for row in scene.list.rows]
    shown = d.elements(lambda e: e["role"] == "list-row")
    listed = {r["data"]["move_index"]: r["data"]["played"] for r in rows}
    assert shown and all(listed[e["data"]["move_index"]] == e["data"]["played"] for e in shown)
    marks = d.elements(lambda e: e["role"] == "chart-mark")
    summary = {key: d.find(f"review.summary.{key}")["data"]
               for key in ("accuracy", "decisions", "inaccuracy", "mistake", "blunder",
                           "turning-point")}
    return {"chart": [tuple(p["data"]["values"]) for p in points],
            "labels": [p["label"] for p in points],
            "rows": {r["data"]["move_index"]: r["data"] for r in rows},
            "row_labels": {r["data"]["move_index"]: r["label"] for r in rows},
            "marks": {m["data"]["index"]: m["data"]["mark"] for m in marks},
            "summary": summary}


def open_every_decision(d: UiDriver, save: SaveGame) -> ReviewScene:
    scene = d.app.stack.push(ReviewScene(save, iterations=K, workers=1))
    d.step(2)
    assert scene.task is None, "the kept review is shown at once"
    d.click("review.every")
    return scene


def test_the_chart_and_the_list_give_one_number_at_every_decision(
        driver: UiDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """In either view, the chart's point after each listed decision holds the list's win
    chance for its mover, and the point's words say the same percentage."""
    save, review = reviewed(monkeypatch)
    scene = open_every_decision(driver, save)
    for view in (seat_view(0), OPEN):
        scene.choose_view(view)
        driver.step(2)
        seen = figures(driver)
        assert len(seen["rows"]) == len(review.decisions_in(view, 0)) > 20
        for index, row in seen["rows"].items():
            point = seen["chart"][index + 1]
            assert row["played"] == point[row["seat"]]
            assert pct(row["played"]) in seen["labels"][index + 1]
            if not row["mark"] and not row["kind"]:
                assert f"win chance {pct(row['played'])}" in seen["row_labels"][index]


def test_switching_the_view_changes_every_figure(driver: UiDriver,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """All hands open: the chart, every listed chance, the marks, the accuracy and the
    turning point become the open view's (judged again with every hand known), and differ
    from the person's own view."""
    save, review = reviewed(monkeypatch)
    scene = open_every_decision(driver, save)
    own = figures(driver)
    scene.choose_view(OPEN)
    driver.step(2)
    hindsight = figures(driver)
    assert scene.figures_view == OPEN and driver.find("review.view")["data"]["value"] == OPEN
    assert own["chart"] == [tuple(p) for p in review.chart(seat_view(0))]
    assert hindsight["chart"] == [tuple(p) for p in review.chart(OPEN)]
    assert hindsight["chart"] != own["chart"]
    # the list: the open view's decisions, each with the open chart's chance
    judged = dict(review.decisions_in(OPEN, 0))
    assert set(hindsight["rows"]) == set(judged)
    assert [hindsight["rows"][i]["played"] for i in judged] == \
        [review.chart(OPEN)[i + 1][0] for i in judged]
    assert [r["played"] for r in hindsight["rows"].values()] != \
        [r["played"] for r in own["rows"].values()]
    # the marks and the summary: the open view's
    assert hindsight["marks"] == {i + 1: d.mark for i, d in judged.items() if d.mark}
    [person] = summarise(review, OPEN)
    [before] = summarise(review)
    summary = hindsight["summary"]
    assert summary["accuracy"]["mean_loss"] == person.mean_loss != before.mean_loss
    assert own["summary"]["accuracy"]["mean_loss"] == before.mean_loss
    assert all(summary[mark]["count"] == person.counts[mark]
               for mark in ("inaccuracy", "mistake", "blunder"))
    turn = person.turning_point
    assert turn is not None and summary["turning-point"]["index"] == turn.index
    chart = review.chart(OPEN)
    assert (summary["turning-point"]["before"], summary["turning-point"]["after"]) == \
        (chart[turn.index][0], chart[turn.index + 1][0])
    assert summary["turning-point"] != own["summary"]["turning-point"]
    assert scene.view_line().startswith("Win chances, decisions and marks with every hand open")


def test_the_figures_of_a_view_still_computing_are_said_to_be_the_view_before(
        driver: UiDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the chosen view is computed, the line above the chart says the list and the
    summary are still of the view before, and they are."""
    save, review = reviewed(monkeypatch)
    game = Game.from_save(save)
    own_only = compute_review(game, K, 0, workers=1)
    save.review = with_review({}, game, own_only)["review"]
    scene = open_every_decision(driver, save)
    before = figures(driver)["summary"]
    scene.choose_view(OPEN)
    driver.step(1)
    if scene.view_task is not None and not scene.view_task.done:
        assert "view before" in scene.view_line()
        assert figures(driver)["summary"] == before and scene.figures_view == seat_view(0)
    assert scene.view_task is None or scene.view_task.wait(120)
    driver.step(3)
    assert scene.figures_view == OPEN and "view before" not in scene.view_line()
