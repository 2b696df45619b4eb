"""The replay's controls and "Take back my turn" speak both languages and fit, also in the
pseudo-language, with six long-named seats, from 1024×600 up."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_table_replay import played

from nile_desktop import i18n
from nile_desktop.app import App

from text_fit import drawing_text_problems, headless_app, scene_text_problems

KINDS = ("human", "easy", "medium", "hard", "random", "easy")
LONG = "Maximiliána Konstantinová-Přibyslavská"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    with headless_app(tmp_path) as app:
        yield app


def named(save: Any) -> Any:
    for i, seat in enumerate(save.seats):
        save.seats[i] = type(seat)(f"{LONG} {i + 1}", seat.kind, seat.colour)
    return save


def replay_factory(players: int, *, finished: bool, open_hands: bool) -> Callable[[], Any]:
    from nile_desktop.scenes.table.display.replay_scene import ReplayScene

    save = named(played(KINDS[:players], moves=None if finished else 25))

    def make() -> Any:
        scene = ReplayScene(save, at=max(0, len(save.moves) - 3))
        if open_hands:
            scene.replay.toggle_open_hands()
        return scene

    return make


def takeback_factory() -> Callable[[], Any]:
    """A kept game of one person against bots, after their first turn: Take back shows."""
    from nile_desktop.scenes.table import TableScene

    save = named(played(KINDS[:4], moves=12))
    return lambda: TableScene(save, save.replay())


@pytest.mark.parametrize("language", ["en", "cs", i18n.PSEUDO_LANGUAGE])
@pytest.mark.parametrize(("players", "finished", "open_hands"),
                         [(2, True, True), (6, True, True), (6, False, False)])
def test_replay_text_fits(app: App, players: int, finished: bool, open_hands: bool,
                          language: str) -> None:
    factory = replay_factory(players, finished=finished, open_hands=open_hands)
    problems = scene_text_problems(app, factory, language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["cs", i18n.PSEUDO_LANGUAGE])
def test_replay_fits_a_small_window(app: App, language: str) -> None:
    scene = app.stack.push(replay_factory(6, finished=True, open_hands=True)())
    app.frame(1 / 60, [])
    problems = drawing_text_problems(scene.draw, (1024, 600), language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "cs", i18n.PSEUDO_LANGUAGE])
def test_take_back_fits(app: App, language: str) -> None:
    table = app.stack.push(takeback_factory()())
    for _ in range(3):
        app.frame(1 / 60, [])
    assert table.game.can_take_back()
    assert table.drawer.hits.get("tool.takeback") is not None
    problems = drawing_text_problems(table.draw, (1024, 600), language)
    assert not problems, "\n".join(problems)
