"""The table's still parts, painted once per layout: the river background and
every panel (seats, river, hand, storage, log).

Each frame blits this one opaque picture and draws only what moves or
changes on top of it, which keeps a frame cheap at any window size.
"""

from __future__ import annotations

import pygame

from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.ui import theme


class Backdrop:
    """The cached still picture for one (size, seats); the shown person's seat is told
    apart by its label and ring, not by the backdrop, so a new turn does not repaint it."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.surface: pygame.Surface | None = None

    def get(self, layout: TableLayout) -> pygame.Surface:
        key = (layout.size, layout.players)
        if key != self.key or self.surface is None:
            self.surface = paint_backdrop(layout)
            self.key = key
        return self.surface


def paint_backdrop(layout: TableLayout) -> pygame.Surface:
    surface = pygame.Surface(layout.size)
    theme.draw_background(surface)
    radius = layout.px(12)

    def panel(name: str, fill: tuple[int, ...] = theme.PAPYRUS) -> None:
        theme.draw_panel(surface, pygame.Rect(layout.rect(name)), fill=fill, radius=radius)

    for seat in range(layout.players):
        panel(f"seat.{seat}")
    panel("river", theme.RIVER_SAND)
    panel("hand")
    panel("storage")
    panel("log")
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    return surface
