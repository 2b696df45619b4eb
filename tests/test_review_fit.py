"""The review and record screens' text fits in English, Czech and the pseudo-language, on a
small (1024×600) and a large (1920×1080) window, with long names and a busy record."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from review_screens import K, finished_game, reviewed_game

from nile_desktop import i18n
from nile_desktop.ai.levels import LEVELS
from nile_desktop.app import LOGICAL_SIZE, App
from nile_desktop.engine import Outcome
from nile_desktop.saves import SaveGame
from nile_desktop.saves.record import RecordStore, game_entry, record_finished
from nile_desktop.scenes.record_screen import RecordScene
from nile_desktop.scenes.review_screen import ReviewScene
from nile_desktop.scenes.stack import Scene
from nile_desktop.scenes.title import TitleScene
from nile_desktop.settings import Settings
from nile_desktop.ui import textlog

from text_fit import STEP, record_frame, untranslated

LONG_NAME = "Maximiliána Konstantinová-Přibyslavská"
SIZES = [(1024, 600), (1920, 1080)]
LANGUAGES = ["en", "cs", i18n.PSEUDO_LANGUAGE]


def long_named(save: SaveGame, kinds: tuple[str, ...] = ()) -> SaveGame:
    """``save`` with long names (and the seat kinds ``kinds``, if given)."""
    save.seats = [replace(seat, name=f"{LONG_NAME} {seat.colour + 1}",
                          kind=kinds[i] if i < len(kinds) else seat.kind)
                  for i, seat in enumerate(save.seats)]
    return save


def _review() -> Scene:
    save = long_named(reviewed_game())
    save.takebacks = True  # type: ignore[attr-defined]
    scene = ReviewScene(save, iterations=K, workers=1)
    scene.every = True  # every decision listed, the longest rows
    return scene


def _progress() -> Scene:
    return ReviewScene(finished_game(), iterations=5000, workers=1)


def _record() -> Scene:
    """A long name's record against every level and at every table size, and another name."""
    store = RecordStore()
    name = f"{LONG_NAME} 2"
    levels = ("human", *LEVELS)
    for n in range(24):
        seats = 2 + n % 5
        kinds = ("human", *[levels[(n + i) % len(levels)] for i in range(seats - 1)])
        result = Outcome.from_dict({"ranking": [[0], [1]], "piles": [[10 + n % 7] * 5, [3] * 5]})
        store.add_game(name, game_entry(f"game-{n}", f"2026-11-{n + 1:02d}T10:00:00+00:00",
                                        kinds, 0, result, n % 6 == 5,
                                        None if n % 4 == 3 else 12.25 - n / 3))
    record_finished(long_named(finished_game()), {1: 3.25}, store)
    store.add_game(LONG_NAME, game_entry("other", "2026-11-30", ("human", "expert"), 0,
                                         Outcome.from_dict({"ranking": [[1], [0]],
                                                            "piles": [[1], [2]]})))
    return RecordScene(name=name, store=store)


SCENES: dict[str, Callable[[], Scene]] = {"review": _review, "progress": _progress,
                                          "record": _record}


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    apps: list[App] = []

    def make(size: tuple[int, int]) -> App:
        app = App(Settings(language="en", window_size=size))
        app.open_window()
        apps.append(app)
        return app

    yield make
    for app in apps:
        for scene in list(app.stack):
            if isinstance(scene, ReviewScene) and scene.task is not None:
                scene.task.cancel()
        app.shutdown()
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SCENES))
def test_the_screens_text_fits(make_app: Callable[..., App], name: str, language: str,
                               size: tuple[int, int]) -> None:
    app = make_app(size)
    assert app.surface.get_size() == size
    app.stack.push(TitleScene())
    i18n.set_language(language)
    app.stack.push(SCENES[name]())
    for _ in range(4):
        app.frame(STEP, [])
    assert not app.crashed
    log = record_frame(app)
    assert log.drawn
    # the screens keep the logical 1280×720 layout, scaled to the window: text is measured there
    problems = textlog.problems(log, pygame.Rect((0, 0), LOGICAL_SIZE)) + untranslated(
        log.texts(), language)
    assert not problems, "\n".join(problems)
