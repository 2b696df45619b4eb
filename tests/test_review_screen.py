"""The review screen: the chart, the marks, the summary, computing it, and where clicks lead."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from review_games import TAKEOVER
from review_screens import (
    BLUNDER_INDEX,
    K,
    finished_game,
    record_pushes,
    reviewed_game,
    saved,
    title_driver,
)
from ui_driver import UiDriver

from nile_desktop.review.cache import cached_review
from nile_desktop.review.runner import Game
from nile_desktop.review.summary import mark_label
from nile_desktop.saves.record import RecordStore
from nile_desktop.scenes import nav
from nile_desktop.scenes.review_screen import ReviewScene


@pytest.fixture
def driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[UiDriver]:
    yield from title_driver(tmp_path, monkeypatch)


@pytest.fixture
def pushed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    return record_pushes(monkeypatch)


@pytest.fixture
def replays(pushed: list[tuple[str, dict[str, Any]]],
            monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """The replay route registered, and every push that asks for it recorded."""
    monkeypatch.setitem(nav.ROUTES, "replay", lambda **options: None)
    return pushed


def open_review(d: UiDriver, save: Any, **options: Any) -> ReviewScene:
    scene = d.app.stack.push(ReviewScene(save, iterations=options.pop("iterations", K),
                                         workers=1, **options))
    d.step(2)
    return scene


def test_the_offering_is_marked_with_the_better_move(driver: UiDriver) -> None:
    """R-TRADE-3 / R-PLANT-3: offering away the Wheat of a take-over is marked (it loses more
    than 10 points) on the chart and in the list, with the take-over named as the better
    move, in notation, in words and with its reason; the summary counts it."""
    scene = open_review(driver, reviewed_game())
    assert scene.task is None, "a review kept in the save is shown at once"
    mark = driver.find(f"review.chart.mark-{BLUNDER_INDEX + 1}")
    assert mark["role"] == "chart-mark" and mark["data"]["mark"] in ("mistake", "blunder")
    assert mark["data"]["series"] == 1
    rows = driver.elements(lambda e: e["id"].startswith("review.decisions.row-"))
    marked = next(r for r in rows if r["data"]["move_index"] == BLUNDER_INDEX)
    assert marked["data"]["best"] == TAKEOVER and marked["data"]["loss"] >= 10
    label = marked["label"]
    assert "offer wheat wheat" in label and mark_label(marked["data"]["mark"]).capitalize() \
        in label
    assert f"Better: {TAKEOVER} (Plant Wheat ×2)" in label
    assert "takes the Wheat field, 2 against 1" in label
    assert all(r["data"]["mark"] for r in rows), "only marked decisions are listed at first"
    assert driver.find(f"review.summary.{marked['data']['mark']}")["data"]["count"] >= 1
    accuracy = driver.find("review.summary.accuracy")
    assert accuracy["data"]["mean_loss"] > 0 and accuracy["label"].startswith("Accuracy")
    assert driver.find("review.summary.turning-point")["role"] == "figure"


def test_the_chart_has_a_point_per_position_for_every_seat(driver: UiDriver) -> None:
    save = reviewed_game()
    open_review(driver, save)
    chart = driver.find("review.chart")
    assert chart["data"]["points"] == len(save.moves) + 1
    assert [s["name"] for s in chart["data"]["series"]] == ["P0", "P1"]
    assert chart["data"]["series"][1]["colour"] == [0x7F, 0xE0, 0xD8]  # turquoise, seat colour 1
    points = driver.elements(lambda e: e["role"] == "chart-point")
    assert len(points) == len(save.moves) + 1
    last = points[-1]
    assert last["data"]["move"] == save.moves[-1] and len(last["data"]["values"]) == 2
    assert points[0]["label"].startswith("The deal.")
    assert all(sum(p["data"]["values"]) == pytest.approx(100.0) for p in points)


def test_pointing_at_a_point_or_focusing_it_shows_its_move(driver: UiDriver) -> None:
    scene = open_review(driver, reviewed_game())
    point = driver.find(f"review.chart.point-{BLUNDER_INDEX + 1}")
    x, y, w, h = point["rect"]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w // 2, y + h // 2), rel=(0, 0),
                                buttons=(0, 0, 0))
    driver.step(2, [motion])
    assert scene.chart is not None and scene.chart.shown and "Move 19, P1: offer wheat wheat" in scene.chart.shown
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.step(1, [away])
    scene.group.focus(scene.chart)
    driver.press(pygame.K_END)
    assert scene.chart is not None
    assert scene.chart.selected == len(scene.save.moves)
    assert scene.save.moves[-1] in (scene.chart.shown or "")


def test_clicking_a_point_or_a_marked_move_opens_the_replay_there(
        driver: UiDriver, replays: list[tuple[str, dict[str, Any]]]) -> None:
    save = reviewed_game()
    open_review(driver, save)
    driver.click(f"review.chart.mark-{BLUNDER_INDEX + 1}")
    assert replays == [("replay", {"save": save, "at": BLUNDER_INDEX})]
    row = next(e for e in driver.elements(lambda e: e["role"] == "list-row")
               if e["data"]["move_index"] == BLUNDER_INDEX)
    driver.click(row["id"])
    driver.press(pygame.K_RETURN)
    assert replays[-1] == ("replay", {"save": save, "at": BLUNDER_INDEX})


def test_without_a_replay_route_a_click_does_nothing(driver: UiDriver,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(nav.ROUTES, "replay", raising=False)
    scene = open_review(driver, reviewed_game())
    driver.click(f"review.chart.mark-{BLUNDER_INDEX + 1}")
    assert driver.app.stack.top is scene and not driver.app.crashed


def test_every_decision_lists_the_unmarked_ones_too(driver: UiDriver) -> None:
    save = reviewed_game()
    open_review(driver, save)
    marked = len(driver.elements(lambda e: e["role"] == "list-row"))
    driver.click("review.every")
    listed = driver.find("review.decisions")["data"]["rows"]
    judged = driver.find("review.summary.decisions")["data"]["count"]
    free = driver.find("review.summary.not-judged")["data"]
    assert listed == judged + free["forced"] + free["any"] > marked


def test_a_review_is_computed_in_the_background_and_kept_in_the_save(
        driver: UiDriver, tmp_path: Path) -> None:
    """Progress shows while it computes; the result goes into the save file (a second look is
    instant) and the person's accuracy into their record."""
    save = saved(finished_game(), tmp_path / "game.json")
    scene = open_review(driver, save, iterations=4)
    assert scene.task is not None
    bar = driver.find("review.progress")
    assert bar["role"] == "progress" and 0 <= bar["data"]["fraction"] <= 1
    assert driver.find("review.cancel")["enabled"]
    assert scene.task.wait(120)
    driver.step(2)
    assert scene.task is None and scene.review is not None
    assert driver.find("review.chart")["data"]["points"] == len(save.moves) + 1
    kept = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert cached_review(kept, Game.from_save(save), 4) == scene.review
    games = RecordStore().data.games("P1")
    assert len(games) == 1 and games[0].mean_loss is not None
    again = open_review(driver, saved(save, tmp_path / "game.json"), iterations=4)
    assert again.task is None and again.review == scene.review


def test_cancel_stops_the_review_and_leaves(driver: UiDriver) -> None:
    scene = open_review(driver, finished_game(), iterations=3000)
    task = scene.task
    assert task is not None
    driver.click("review.cancel")
    assert driver.app.stack.top is not scene and scene.task is None
    assert task.wait(60)
    left = open_review(driver, finished_game(), iterations=3000)
    task = left.task
    assert task is not None
    driver.press(pygame.K_ESCAPE)  # leaving the screen stops the review too
    assert driver.app.stack.top is not left and task.wait(60)


def test_deeper_computes_again_behind_the_review_and_can_be_stopped(driver: UiDriver) -> None:
    scene = open_review(driver, reviewed_game(), deeper=3000)
    first = scene.review
    driver.click("review.deeper")
    assert scene.task is not None and scene.task.iterations == 3000
    assert driver.find("review.chart"), "the first review stays on screen meanwhile"
    assert scene.working().startswith("Reviewing more deeply")
    task = scene.task
    driver.click("review.deeper")  # now "Stop the deeper review"
    assert driver.app.stack.top is scene and scene.review is first and scene.task is None
    assert driver.find("review.chart")
    assert task.wait(60)


def test_a_failed_review_says_so(driver: UiDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    from nile_desktop.review import runner

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("broken evaluator")

    monkeypatch.setattr(runner, "compute_review", broken)
    scene = driver.app.stack.push(ReviewScene(finished_game(), iterations=K, workers=1))
    assert scene.task is not None and scene.task.wait(30)
    driver.step(2)
    assert scene.failed and driver.find("review.back")["enabled"]
    assert not driver.app.crashed


def test_with_two_people_each_has_a_view_a_summary_and_marks_of_their_own(
        driver: UiDriver) -> None:
    """Pass-and-play: the chooser picks whose view the chart shows, and so whose decisions
    it marks and the list and the summary show; the other person's view is computed when
    first chosen."""
    from dataclasses import replace

    from nile_desktop.review.cache import with_review
    from nile_desktop.review.runner import compute_review

    save = finished_game()
    save.seats = [replace(seat, kind="human") for seat in save.seats]
    game = Game.from_save(save)
    review = compute_review(game, 4, 0, workers=1)
    assert review.seats == (0, 1) and list(review.views) == ["seat:0"]
    save.review = with_review({}, game, review)["review"]
    scene = open_review(driver, save, iterations=4)
    chooser = driver.find("review.view")
    assert scene.task is None and chooser["data"]["options"] == [
        "P0's view", "P1's view", "All hands open"]
    assert chooser["data"]["value"] == "seat:0"
    first = driver.find("review.summary.decisions")["data"]["count"]
    scene.group.focus(next(w for w in scene.group.widgets if w.uid == "view"))
    driver.press(pygame.K_RIGHT)
    assert scene.person == 1 and scene.view == "seat:1"
    assert scene.view_task is not None and scene.view_task.wait(120)
    driver.step(3)
    assert "seat:1" in scene.review.views
    assert scene.view_line().startswith("Win chances as P1 could judge them")
    marks = driver.elements(lambda e: e["role"] == "chart-mark")
    assert all(m["data"]["series"] == 1 for m in marks)
    rows = driver.elements(lambda e: e["role"] == "list-row")
    assert all(r["data"]["seat"] == 1 for r in rows)
    second = driver.find("review.summary.decisions")["data"]["count"]
    data = driver.find("review.summary.not-judged")["data"]
    free = data["forced"] + data["any"]
    assert first + second + free <= len(save.moves)


def test_all_hands_open_is_a_view_of_its_own(driver: UiDriver) -> None:
    scene = open_review(driver, reviewed_game())
    assert scene.view_line().startswith("Win chances as P1 could judge them")
    scene.choose_view("open")
    driver.step(1)
    assert scene.view_line().startswith("Computing")
    assert scene.view_task is not None and scene.view_task.wait(120)
    driver.step(3)
    assert scene.view_line().startswith("Win chances with every hand open")
    points = driver.elements(lambda e: e["role"] == "chart-point")
    assert all(sum(p["data"]["values"]) == pytest.approx(100.0) for p in points)
    assert scene.person == 1, "the open view keeps the person's decisions"


def test_the_first_pass_is_usable_while_the_review_is_refined(
        driver: UiDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart and the marks show as soon as the first pass is whole; a line says the
    estimates are being refined, and the refined review replaces it when it comes."""
    import threading

    from nile_desktop.review import runner

    finals = reviewed_game()
    final = cached_review({"review": finals.review}, Game.from_save(finals), K)
    assert final is not None
    first = replace(final, final=False)
    go = threading.Event()

    def two_passes(*args: Any, shown: Any = None, **kwargs: Any) -> Any:
        shown(first)
        go.wait(30)
        return final

    monkeypatch.setattr(runner, "compute_review", two_passes)
    scene = open_review(driver, finished_game())
    for _ in range(50):
        driver.step(1)
        if scene.review is first:
            break
    assert scene.review is first and driver.find("review.chart")
    assert scene.working().startswith("Refining the estimates")
    go.set()
    assert scene.task is not None and scene.task.wait(30)
    driver.step(2)
    assert scene.review is final and scene.task is None


@pytest.mark.parametrize("forge", ["seat", "nan", "short"])
def test_a_forged_kept_review_is_computed_afresh_without_the_crash_screen(
        driver: UiDriver, forge: str) -> None:
    """A review kept in the save with the right game digest but a seat out of range, a NaN
    chance or a chart shorter than the game is not shown: the review is computed again."""
    save = reviewed_game()
    data = next(iter(save.review["entries"].values()))["review"]
    chart = next(iter(data["views"].values()))
    if forge == "seat":
        data["seats"] = [9]
    elif forge == "nan":
        chart[3][0] = float("nan")
    else:
        chart.pop()
    scene = open_review(driver, save)
    assert scene.review is None and scene.task is not None
    assert scene.task.wait(120)
    driver.step(3)
    assert driver.app.stack.top is scene and not scene.failed and not driver.app.crashed
    assert driver.find("review.chart")["data"]["points"] == len(save.moves) + 1


@pytest.mark.parametrize("best", ["", "   ", "market zzz qqq", "plant stone@nowhere wheat",
                                  "speculate spec:"])
def test_a_kept_better_move_that_is_no_move_is_not_shown(driver: UiDriver, best: str) -> None:
    """Such a move reached the move list's wording (``describe_move``) as the screen drew its
    rows and ended on the crash screen; the kept review is read as missing now, the screen
    draws and computes it afresh (its end is the test above's)."""
    save = reviewed_game()
    data = next(iter(save.review["entries"].values()))["review"]
    for step in data["steps"]:  # the marked blunder's among them, whose row shows its move
        if step["decision"] is not None:
            step["decision"]["best"] = best
    scene = open_review(driver, save)
    driver.step(3)
    assert driver.app.stack.top is scene and not scene.failed and not driver.app.crashed
    assert scene.review is None and scene.task is not None
