"""Caches of drawn images bounded by the memory they hold, not by how many they hold.

Text, panels, card faces and backgrounds are drawn once per size and kept.
A cache that keeps a fixed *number* of images grows with the window: the same
2,048 rendered lines or 1,024 card faces hold many times the memory at 4K
that they hold at 720p, and a long session with resizes filled such caches to
most of a gigabyte. These caches keep the most recently used images up to a
number of bytes instead, and drop the least recently used beyond it (the
newest image is always kept, however large). The number follows the window
as it is now: so many windows' worth of pixels (a few megabytes at least),
so a 4K window keeps what it draws and, back at 720p, the cache shrinks
again; what a session once drew at other sizes is never kept for good.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

import pygame

P = ParamSpec("P")
K = TypeVar("K", bound=Hashable)

MB = 1 << 20
#: The window assumed before there is one (bytes of a 1280×720 window of 32-bit pixels).
DEFAULT_WINDOW_BYTES = 1280 * 720 * 4


def window_bytes() -> int:
    """The bytes of the window's pixels now (a 1280×720 window's before there is one)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    if surface is None:
        return DEFAULT_WINDOW_BYTES
    width, height = surface.get_size()
    return max(1, width * height * 4)


def budget(screens: float, megabytes: float = 4) -> int:
    """Bytes for ``screens`` windows' worth of pixels at the window's size now, and at least
    ``megabytes``."""
    return max(int(megabytes * MB), int(screens * window_bytes()))


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of the pixels of ``surface``."""
    return surface.get_height() * surface.get_pitch()


class SurfaceCache(Generic[K]):
    """Images by key, the least recently used dropped beyond ``max_bytes`` of pixels (or
    beyond ``max_items`` images, if given)."""

    def __init__(self, max_bytes: int | Callable[[], int], max_items: int | None = None) -> None:
        self._max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0
        self._items: OrderedDict[K, pygame.Surface] = OrderedDict()

    @property
    def max_bytes(self) -> int:
        """The bytes kept at most (worked out from the window now, for a budget in screens)."""
        limit = self._max_bytes
        return limit() if callable(limit) else limit

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: K) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
        return surface

    def put(self, key: K, surface: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surface
        self.bytes += surface_bytes(surface)
        limit = self.max_bytes
        while len(self._items) > 1 and (self.bytes > limit or (
                self.max_items is not None and len(self._items) > self.max_items)):
            _key, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


class CachedDrawing(Generic[P]):
    """A drawing function whose images are kept in a :class:`SurfaceCache` (by its arguments)."""

    def __init__(self, draw: Callable[P, pygame.Surface],
                 max_bytes: int | Callable[[], int]) -> None:
        self.draw = draw
        self.cache: SurfaceCache[Hashable] = SurfaceCache(max_bytes)
        self.__doc__ = draw.__doc__
        self.__name__ = getattr(draw, "__name__", "drawing")

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        surface = self.cache.get(key)
        if surface is None:
            surface = self.draw(*args, **kwargs)
            self.cache.put(key, surface)
        return surface

    def cache_clear(self) -> None:
        self.cache.clear()


def surface_cache(screens: float, megabytes: float = 4
                  ) -> Callable[[Callable[P, pygame.Surface]], CachedDrawing[P]]:
    """Keep what the decorated drawing function returns, up to ``screens`` windows' worth of
    pixels at the window's size now (and at least ``megabytes``)."""
    def wrap(draw: Callable[P, pygame.Surface]) -> CachedDrawing[P]:
        return CachedDrawing(draw, lambda: budget(screens, megabytes))
    return wrap
