"""The new-game screen says in one line, under each seat, what that seat's bot does.

A player choosing opponents sees each one's style where the choice is made,
not only in the choice's tooltip: the line follows the choice as it changes,
is whole (never cut) for every bot kind in English and in Czech, and is empty
for a person. The choice's tooltip adds only a personality's ladder figure.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from nile_desktop import i18n
from nile_desktop.ai.levels import LEVEL_DESCRIPTIONS
from nile_desktop.ai.personalities import BY_KEY
from nile_desktop.app import App
from nile_desktop.scenes.new_game import KIND_CHOICES, NewGameScene
from nile_desktop.settings import Settings
from nile_desktop.ui.widgets import Label

STEP = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    app = App(Settings(language="en"))
    app.open_window()
    yield app
    app.shutdown()
    i18n.set_language("en")


def seat_line(scene: NewGameScene, index: int) -> Label:
    """The line under seat ``index``: the label just below its kind choice."""
    choice = next(w for w in scene.group.widgets if getattr(w, "uid", "") == f"seat-{index + 1}.kind")
    return next(w for w in scene.group.widgets if isinstance(w, Label)
                and w.rect.top == choice.rect.bottom)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_bot_says_what_it_does_in_one_whole_line(app: App, lang: str) -> None:
    i18n.set_language(lang)
    scene = app.stack.push(NewGameScene())
    scene.count = 2
    scene.relayout()
    for kind, _label in KIND_CHOICES:
        scene.set_kind(1, kind)
        app.frame(STEP, [])
        line = seat_line(scene, 1)
        expected = i18n._(str(LEVEL_DESCRIPTIONS[kind])) if kind != "human" else ""
        assert line.shown == expected, kind  # drawn whole: not cut, not wrapped
        if expected:
            assert "\n" not in line.shown and scene.kind_help(1).startswith(expected)
        # the tooltip adds only what the line does not say: a personality's ladder figure
        assert scene.kind_measured(1) == scene.kind_help(1).partition("\n")[2]
        assert bool(scene.kind_measured(1)) == (kind in BY_KEY)
    assert seat_line(scene, 0).shown == ""  # a person's seat says nothing


def test_choosing_with_the_mouse_changes_the_line(app: App) -> None:
    scene = app.stack.push(NewGameScene())
    app.frame(STEP, [])
    before = seat_line(scene, 1).shown
    choice = next(w for w in scene.group.widgets if getattr(w, "uid", "") == "seat-2.kind")
    pos = (choice.rect.right - 10, choice.rect.centery)  # the choice's "next" arrow
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        app.frame(STEP, [event])
    app.frame(STEP, [])
    assert scene.seats[1].kind != "easy" and seat_line(scene, 1).shown != before
    assert seat_line(scene, 1).shown == i18n._(str(LEVEL_DESCRIPTIONS[scene.seats[1].kind]))
