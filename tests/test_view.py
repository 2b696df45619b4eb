"""Real-resolution drawing: the view transform, native and logical scenes, overlays.

Logical scenes keep their 1280x720 layout and are drawn through a view (scale
and offset); native scenes work in window pixels. These tests check the
transform's arithmetic, that text is rendered at the pixel size (not scaled),
that each kind of scene gets its own events and view, and that a resize lays
every scene out again. Headless (SDL's dummy driver), frames stepped by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.stack import Scene
from nile_desktop.settings import Settings
from nile_desktop.ui import theme, view
from nile_desktop.ui.view import IDENTITY, Viewport

STEP = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    i18n.set_language("en")
    app = App(Settings(language="en", window_size=(1920, 1080)))
    app.open_window()
    yield app
    app.shutdown()


def test_letterbox_view_maps_both_ways() -> None:
    v = Viewport.letterbox((1920, 1200))  # taller than 16:9: bars above and below
    assert v.scale == pytest.approx(1.5)
    assert v.offset == (0, 60)
    assert v.px((100, 100, 200, 50)) == pygame.Rect(150, 210, 300, 75)
    assert v.to_logical((150, 210)) == (100, 100)
    assert v.px_size(22) == 33 and v.px_line(2) == 3 and v.px_line(0) == 0
    assert Viewport(0.8).px_line(1) == 1  # never thinner than a pixel
    assert not v.contains((5, 5)) and v.contains((960, 600))
    assert IDENTITY.px((3, 4, 5, 6)) == pygame.Rect(3, 4, 5, 6)
    # Neighbouring rectangles still touch after rounding.
    odd = Viewport.letterbox((1000, 700))
    assert odd.px((0, 0, 333, 10)).right == odd.px((333, 0, 10, 10)).left


def test_text_is_rendered_at_the_pixel_size_not_scaled() -> None:
    pygame.font.init()
    with view.using(Viewport(1.0)):
        small = theme.render_text("Nile", 22)
    with view.using(Viewport(3.0)):
        big = theme.render_text("Nile", 22)
    assert big.get_height() == pytest.approx(small.get_height() * 3, abs=4)
    assert big.get_height() == theme.font(66).get_linesize() or big.get_height() == theme.font(
        66).size("Nile")[1]


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5, 3.0])
def test_fit_and_wrap_measure_in_the_units_they_draw(scale: float) -> None:
    text = "Seed (the same seed deals the same cards) and a long tail of words"
    with view.using(Viewport(scale)):
        fitted = theme.fit_text(text, theme.SIZE_BODY, 300)
        assert theme.px_font(theme.SIZE_BODY).size(fitted)[0] <= 300 * scale
        lines = theme.wrap_text(text, theme.SIZE_BODY, 300)
        assert all(theme.px_font(theme.SIZE_BODY).size(line)[0] <= 300 * scale
                   for line in lines if " " in line)
        drawn = theme.draw_text(pygame.Surface((4000, 200)), fitted, (0, 0))
        assert drawn.w <= 302  # the rectangle returned is logical again
    with view.using(Viewport(1.0)):
        reference = theme.fit_text(text, theme.SIZE_BODY, 300)
    assert abs(len(fitted) - len(reference)) <= 2  # a logical width means about the same text


class Recorder(Scene):
    """Remembers the events, views and surface sizes it saw."""

    def __init__(self, native: bool, opaque: bool = True) -> None:
        super().__init__()
        self.native = native
        self.opaque = opaque
        self.events: list[Any] = []
        self.views: list[Viewport] = []
        self.sizes: list[tuple[int, int]] = []
        self.relayouts = 0

    def handle_event(self, event: Any) -> bool:
        self.events.append(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.views.append(view.current())
        self.sizes.append(surface.get_size())
        theme.draw_text(surface, "x", (10, 10))

    def relayout(self) -> None:
        self.relayouts += 1


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def test_native_scene_gets_window_pixels_and_logical_overlay_its_view(app: App) -> None:
    table = app.stack.push(Recorder(native=True))
    app.frame(STEP, [click((1800, 1000))])
    assert table.events[-1].pos == (1800, 1000)
    assert table.views[-1] is IDENTITY and table.sizes[-1] == (1920, 1080)
    dialog = app.stack.push(Recorder(native=False, opaque=False))
    app.frame(STEP, [click((1800, 1000))])
    assert dialog.events[-1].pos == (1200, 666)
    # Both are drawn, each with its own view: the table under the dialog.
    assert table.views[-1] is IDENTITY
    assert dialog.views[-1].scale == pytest.approx(1.5)


def test_resize_lays_every_scene_out_again(app: App) -> None:
    under = app.stack.push(Recorder(native=True))
    top = app.stack.push(Recorder(native=False, opaque=False))
    app.set_window_size((1024, 600))
    app.frame(STEP, [])
    assert under.relayouts == 1 and top.relayouts == 1
    assert under.sizes[-1] == (1024, 600)
    assert top.views[-1] == Viewport.letterbox((1024, 600))


def test_screenshot_is_the_window_at_its_real_size(app: App, tmp_path: Path) -> None:
    from nile_desktop.scenes.title import TitleScene

    app.stack.push(TitleScene())
    app.frame(STEP, [])
    shot = pygame.image.load(str(app.screenshot(tmp_path / "title.png")))
    assert shot.get_size() == (1920, 1080)


def test_static_layer_paints_once_per_key_and_size() -> None:
    from nile_desktop.ui.layers import StaticLayer

    layer = StaticLayer()
    painted: list[tuple[int, int]] = []

    def paint(surface: pygame.Surface) -> None:
        painted.append(surface.get_size())
        surface.fill((10, 20, 30))

    target = pygame.Surface((64, 36))
    for _ in range(3):
        layer.draw(target, ("layout", 1), paint)
    assert painted == [(64, 36)] and target.get_at((5, 5))[:3] == (10, 20, 30)
    layer.draw(target, ("layout", 2), paint)
    layer.draw(pygame.Surface((128, 72)), ("layout", 2), paint)
    layer.invalidate()
    layer.draw(pygame.Surface((128, 72)), ("layout", 2), paint)
    assert painted == [(64, 36), (64, 36), (128, 72), (128, 72)]


def test_an_open_window_lets_the_drawing_thread_take_the_gil_often(app: App) -> None:
    import sys

    from nile_desktop.app import UI_SWITCH_INTERVAL

    assert sys.getswitchinterval() == pytest.approx(UI_SWITCH_INTERVAL)
