"""Caches of drawn images bounded by the memory they hold, not by how many they hold.

Text, panels, card faces and backgrounds are drawn once per size and kept.
A cache that keeps a fixed *number* of images grows with the window: the same
2,048 rendered lines or 1,024 card faces hold many times the memory at 4K
that they hold at 720p, and a long session with resizes filled such caches to
most of a gigabyte. These caches keep the most recently used images up to a
number of bytes instead, and drop the least recently used beyond it (the
newest image is always kept, however large), so the memory a session can use
for drawn images has a ceiling whatever the window does.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

import pygame

P = ParamSpec("P")
K = TypeVar("K", bound=Hashable)

MB = 1 << 20


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of the pixels of ``surface``."""
    return surface.get_height() * surface.get_pitch()


class SurfaceCache(Generic[K]):
    """Images by key, the least recently used dropped beyond ``max_bytes`` of pixels (or
    beyond ``max_items`` images, if given)."""

    def __init__(self, max_bytes: int, max_items: int | None = None) -> None:
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0
        self._items: OrderedDict[K, pygame.Surface] = OrderedDict()

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
        while len(self._items) > 1 and (self.bytes > self.max_bytes or (
                self.max_items is not None and len(self._items) > self.max_items)):
            _key, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


class CachedDrawing(Generic[P]):
    """A drawing function whose images are kept in a :class:`SurfaceCache` (by its arguments)."""

    def __init__(self, draw: Callable[P, pygame.Surface], max_bytes: int) -> None:
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


def surface_cache(megabytes: float) -> Callable[[Callable[P, pygame.Surface]],
                                                 CachedDrawing[P]]:
    """Keep what the decorated drawing function returns, up to ``megabytes`` of pixels."""
    def wrap(draw: Callable[P, pygame.Surface]) -> CachedDrawing[P]:
        return CachedDrawing(draw, int(megabytes * MB))
    return wrap
