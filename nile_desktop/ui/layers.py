"""A cached layer: paint what does not change once, then blit it each frame.

Filling a 4K window costs about as much as blitting a dozen cards; painting
the background and then half a dozen large panels over it costs several
times that, every frame. A scene whose backdrop (background, panel frames,
fixed headings) only changes with the layout paints it into a
:class:`StaticLayer` keyed by what it depends on (window size, layout,
language), and each frame costs one opaque blit of the window's size.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class StaticLayer:
    """One window-sized opaque surface, repainted only when its key changes."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._key: Hashable = None
        self.paints = 0

    def invalidate(self) -> None:
        """Repaint on the next draw (call it from ``relayout``)."""
        self._key = None

    def draw(self, target: pygame.Surface, key: Hashable,
             paint: Callable[[pygame.Surface], None]) -> None:
        """Blit the layer onto ``target``; ``paint(surface)`` first if ``key`` (with the
        target's size) differs from the last paint."""
        size = target.get_size()
        full_key = (size, key)
        if self._surface is None or self._key != full_key:
            if self._surface is None or self._surface.get_size() != size:
                self._surface = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._surface = self._surface.convert()
            paint(self._surface)
            self._key = full_key
            self.paints += 1
        target.blit(self._surface, (0, 0))
