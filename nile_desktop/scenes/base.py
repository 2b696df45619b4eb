"""Shared ground for menu-like scenes: a background, a widget group, relayout.

A :class:`MenuScene` builds its widgets in :meth:`build`, which runs when the
scene enters and again whenever it must be laid out anew (the language
changed, so labels may need other widths). The keyboard focus survives a
rebuild, so switching the language in the settings keeps the player's place.
"""

from __future__ import annotations

import pygame

from nile_desktop.scenes.stack import Scene
from nile_desktop.settings import Settings
from nile_desktop.ui import WidgetGroup, theme

LOGICAL_W, LOGICAL_H = 1280, 720


class MenuScene(Scene):
    """A scene made of widgets over the game's background."""

    def __init__(self) -> None:
        super().__init__()
        self.group = WidgetGroup()

    def build(self) -> None:
        """Create the widgets into ``self.group``."""

    def enter(self) -> None:
        self.group.clear()
        self.build()

    def resume(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        index = self.group.focus_index
        self.group.clear()
        self.build()
        if 0 <= index < len(self.group.widgets):
            self.group.focus(self.group.widgets[index])

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.group.draw(surface)

    def settings(self) -> Settings:
        """The app's settings (defaults when the scene runs without an app)."""
        if self.app is not None:
            return self.app.settings
        return Settings()


def centred(w: int, h: int, cy: int | None = None) -> pygame.Rect:
    """A rectangle of the given size centred on the logical screen."""
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (LOGICAL_W // 2, LOGICAL_H // 2 if cy is None else cy)
    return rect
