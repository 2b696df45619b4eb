"""Your record: written when a game ends, shown per player, reset and exported; and the ways
to the review and the record from the title, Load and the results."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from review_games import bot_save
from review_screens import finished_game, record_pushes, saved, title_driver
from ui_driver import UiDriver

from nile_desktop.engine import Outcome
from nile_desktop.saves.record import RecordStore, game_entry, record_finished
from nile_desktop.scenes.record_screen import RecordScene


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test here keeps its record (and saves) in its own folder."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[UiDriver]:
    yield from title_driver(tmp_path, monkeypatch)


def entry(n: int, won: bool, kinds: tuple[str, ...] = ("human", "hard"), *,
          loss: float | None = None, takebacks: bool = False) -> dict[str, Any]:
    """Seat 0's entry of game ``n``: its smallest pile is 5 when it wins, else 3."""
    piles = [[5, 6], [3, 4]] if won else [[3, 4], [5, 6]]
    result = Outcome.from_dict({"ranking": [[0], [1]] if won else [[1], [0]], "piles": piles})
    return game_entry(f"game-{n}", f"2026-11-{n:02d}T10:00:00+00:00", kinds, 0, result,
                      takebacks, loss)


def filled_store() -> RecordStore:
    store = RecordStore()
    for n, loss in enumerate((6.0, 4.5, None, 2.0), start=1):
        store.add_game("Ana", entry(n, n % 2 == 0, loss=loss))
    store.add_game("Ana", entry(9, True, ("human", "easy", "random"), takebacks=True))
    store.add_game("Bo", entry(5, False, ("human", "human")))
    return store


def test_a_finished_game_goes_into_every_persons_record(driver: UiDriver) -> None:
    """The table's session writes the record when the last move ends the game (R-END-3 gives
    the ranking and the piles); a game of the same moves is kept once."""
    from nile_desktop.scenes.table.logic.session import GameSession

    save = bot_save(4)
    last = save.moves.pop()
    session = GameSession(save, saver=lambda _save: True)
    session.play(last)
    assert session.over
    assert session.recording is not None and session.recording.wait(30)  # off the main thread
    games = RecordStore().data.games("P0")
    assert len(games) == 1 and games[0].opponents == "medium" and games[0].seats == 2
    assert "P1" not in RecordStore().names(), "bots have no record"
    assert record_finished(save) == []
    assert len(RecordStore().data.games("P0")) == 1


def test_a_record_that_cannot_be_written_is_a_notice_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the record's folder should be")
    notices = record_finished(finished_game(),
                              store=RecordStore(tmp_path / "data" / "record.json"))
    assert notices and "could not" in notices[-1]


def test_a_game_with_take_backs_is_recorded_apart() -> None:
    save = finished_game()
    save.takebacks = True  # type: ignore[attr-defined]
    assert record_finished(save) == []
    stats = RecordStore().stats("P1")
    assert stats.games == 0 and stats.takebacks.games == 1


def test_the_record_shows_a_players_figures_and_accuracy(driver: UiDriver) -> None:
    filled_store()
    scene = driver.app.stack.push(RecordScene(name="Ana"))
    driver.step(2)
    assert driver.find("record.player")["data"]["options"] == ["Ana", "Bo"]
    assert driver.find("record.figures.games")["data"] == {"name": "Games", "value":
                                                            "4 played, 2 won", "games": 4,
                                                            "wins": 2}
    assert driver.find("record.levels.level-hard")["data"]["games"] == 4
    assert driver.find("record.seats.seats-2")["label"].startswith("2 players")
    assert driver.find("record.figures.smallest-pile")["data"]["average"] == 4.0
    assert driver.find("record.figures.best")["data"]["id"] == "game-4"  # won, most accurate
    assert driver.find("record.figures.takebacks")["data"] == {
        "name": "Games with take-backs (counted apart)", "value": "1 played, 1 won",
        "games": 1, "wins": 1}
    points = driver.elements(lambda e: e["role"] == "chart-point")
    assert [p["data"]["mean_loss"] for p in points] == [6.0, 4.5, 2.0]
    scene.group.focus(next(w for w in scene.group.widgets if w.uid == "player"))
    driver.press(pygame.K_RIGHT)
    assert scene.name == "Bo"
    assert driver.find("record.levels.level-people")["data"]["games"] == 1


def test_reset_asks_first_then_forgets_the_player(driver: UiDriver) -> None:
    filled_store()
    scene = driver.app.stack.push(RecordScene(name="Bo"))
    driver.step(2)
    driver.click("record.reset")
    driver.click(lambda e: e["id"].endswith("choice-2"))  # "Keep it"
    assert "Bo" in RecordStore().names()
    driver.click("record.reset")
    driver.click(lambda e: e["id"].endswith("choice-1"))
    assert RecordStore().names() == ["Ana"] and scene.name == "Ana"


def test_export_writes_a_csv_and_asks_before_replacing(driver: UiDriver, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    pushed = record_pushes(monkeypatch)
    filled_store()
    scene = driver.app.stack.push(RecordScene(name="Ana"))
    driver.step(2)
    driver.click("record.export")
    (route, options), = pushed
    assert route == "file-chooser" and options["suffix"] == ".csv" and options["saving"]
    target = tmp_path / "mine.csv"
    options["on_chosen"](target)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("player,date") and len(lines) == 6
    assert all(line.startswith("Ana,") for line in lines[1:])
    scene.export(target)
    driver.step(2)
    assert driver.find(lambda e: e["id"].endswith("choice-1"))["label"] == "Replace"
    scene.export(target / "x.csv")  # a file is no folder
    assert "could not be written" in scene.notice


def test_nobody_has_a_record_yet(driver: UiDriver) -> None:
    scene = driver.app.stack.push(RecordScene())
    driver.step(2)
    assert scene.name is None and not driver.find("record.export")["enabled"]
    assert driver.find("record.accuracy")["data"]["points"] == 0


def test_the_title_opens_the_record(driver: UiDriver) -> None:
    from nile_desktop.scenes import routes

    routes.install()
    driver.click("title.record")
    assert driver.scene == "record"


def test_load_reviews_a_finished_game_only(driver: UiDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    pushed = record_pushes(monkeypatch)
    from nile_desktop.saves import new_save_path
    from nile_desktop.scenes.load_game import LoadGameScene

    done = saved(finished_game(), new_save_path("done"))
    driver.app.stack.push(LoadGameScene())
    driver.step(2)
    rows = driver.elements(lambda e: e["role"] == "list-row")
    assert len(rows) == 1 and driver.find("load-game.review")["enabled"]
    driver.click("load-game.review")
    (route, options), = pushed
    assert route == "review" and options["save"].moves == done.moves


def test_the_results_lead_to_the_review_and_the_record(driver: UiDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    pushed = record_pushes(monkeypatch)
    from nile_desktop.scenes.table import TableScene

    save = finished_game()
    table = driver.app.stack.push(TableScene(save, autosave=False))
    driver.step(3)
    ids = {e.id for e in table.drawer.hits.items}
    assert {"result.review", "result.record"} <= ids
    table.input.button("result.review")
    table.input.button("result.record")
    assert [(r, o["save"]) for r, o in pushed] == [("review", save), ("record", save)]


def test_games_without_autosave_are_not_recorded() -> None:
    """The tutorial and the demo play without saving: they leave the record alone."""
    from nile_desktop.scenes.table.logic.session import GameSession

    save = bot_save(4)
    last = save.moves.pop()
    session = GameSession(save, autosave=False)
    session.play(last)
    assert session.over and RecordStore().names() == []


def test_from_the_results_the_record_shows_the_person_who_played(driver: UiDriver) -> None:
    save = finished_game()
    record_finished(save)
    record_finished(bot_save(4))  # P0 played that one
    scene = driver.app.stack.push(RecordScene(save))
    driver.step(2)
    assert scene.name == "P1" and driver.find("record.player")["data"]["value"] == "P1"
