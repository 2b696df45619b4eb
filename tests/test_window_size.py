"""A new window fits the desktop it opens on; a size of the player's own is kept.

The sizing rule is a pure function (``settings.default_window_size``): the
largest 16:9 window within 90% of the desktop's width and 85% of its height,
so large on a large screen and never larger than the screen less a taskbar and
a title bar. Settings keep ``window_size`` None until the player chooses a size
or resizes the window; files of version 1, which wrote 1280x720 for everyone,
read that size as none of the player's own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from nile_desktop import settings
from nile_desktop.settings import (
    DESKTOP_SHARE,
    FALLBACK_WINDOW,
    MIN_WINDOW,
    Settings,
    default_window_size,
    load_settings,
    save_settings,
    settings_path,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))


@pytest.mark.parametrize(("desktop", "window"), [
    ((1920, 1080), (1632, 918)),
    ((2560, 1440), (2176, 1224)),
    ((3840, 2160), (3264, 1836)),
    ((1366, 768), (1152, 648)),
    ((1280, 800), (1152, 648)),
    ((1280, 720), (1088, 612)),
    ((2560, 1080), (1632, 918)),  # a wide screen: its height decides
])
def test_the_default_window_for_a_desktop(desktop: tuple[int, int],
                                          window: tuple[int, int]) -> None:
    assert default_window_size(desktop) == window


def test_never_larger_than_the_usable_screen_always_the_tables_shape() -> None:
    for w in range(800, 8000, 97):
        for h in range(600, 4400, 89):
            width, height = default_window_size((w, h))
            assert width <= w * DESKTOP_SHARE[0] and height <= h * DESKTOP_SHARE[1]
            assert width % 16 == 0 and width * 9 == height * 16
            assert (width, height) >= MIN_WINDOW


def test_no_screen_to_ask_gives_the_old_size() -> None:
    assert default_window_size(None) == FALLBACK_WINDOW == (1280, 720)
    assert default_window_size((0, 0)) == FALLBACK_WINDOW


def test_settings_round_trip_with_and_without_a_size_of_ones_own() -> None:
    save_settings(Settings(language="en"))
    assert json.loads(settings_path().read_text(encoding="utf-8"))["window_size"] is None
    assert load_settings().window_size is None
    save_settings(Settings(language="en", window_size=(1600, 900)))
    assert load_settings().window_size == (1600, 900)
    save_settings(Settings(language="en", window_size=(1280, 720)))  # chosen in version 2
    assert load_settings().window_size == (1280, 720)


@pytest.mark.parametrize(("stored", "read"), [([1280, 720], None), ([1600, 900], (1600, 900))])
def test_version_one_files(stored: list[int], read: tuple[int, int] | None) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "language": "en", "window_size": stored}),
                    encoding="utf-8")
    assert load_settings().window_size == read


def test_the_window_opens_fitted_and_remembers_the_players_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from nile_desktop import app as app_module

    monkeypatch.setattr(app_module, "desktop_sizes", lambda: [(1920, 1080), (1280, 1024)])
    app = app_module.App(Settings(language="en"))
    app.open_window()
    try:
        assert app.surface.get_size() == (1632, 918)  # the first display's default
        app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1632, y=918))
        assert app.settings.window_size is None  # the game's own size: nothing to remember
        pygame.display.set_mode((1500, 844), pygame.RESIZABLE)  # the player drags a corner
        app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1500, y=844))
        assert app.settings.window_size == (1500, 844)
    finally:
        app.shutdown()
    assert settings.load_settings().window_size == (1500, 844)
    again = app_module.App(settings.load_settings())
    again.open_window()
    try:
        assert again.surface.get_size() == (1500, 844)
    finally:
        again.shutdown()
