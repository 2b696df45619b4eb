"""The view transform: from a scene's own coordinates to window pixels.

Every scene draws straight onto the window surface, at its real resolution.
A *native* scene lays itself out in window pixels and draws with the
identity view. A *logical* scene (the menus) keeps its 1280x720 layout: the
app gives it a :class:`Viewport` that scales and centres that layout inside the
window (letterboxed, the bars filled by the scene's own background), and
everything in :mod:`nile_desktop.ui.theme`, the widgets and the helpers below
applies that view when it draws: text is rendered with the font at
``size × scale`` pixels, shapes are drawn at scaled rectangles, card and SVG
images are asked for at the size they are blitted at. Nothing is scaled as
an image, so text and lines stay sharp at every window size.

The view in use is module state (:func:`current`), set by the app around
every call into a scene (:func:`using`), so the theme and widget functions
keep their logical-units signatures.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pygame

LOGICAL_SIZE = (1280, 720)

Point = tuple[float, float]


class Viewport:
    """A scale and an offset: logical position ``p`` lands at ``offset + p * scale``."""

    __slots__ = ("scale", "offset", "logical")

    def __init__(self, scale: float = 1.0, offset: tuple[int, int] = (0, 0),
                 logical: tuple[int, int] | None = None) -> None:
        self.scale = float(scale)
        self.offset = (int(offset[0]), int(offset[1]))
        self.logical = logical

    @classmethod
    def letterbox(cls, window_size: tuple[int, int],
                  logical: tuple[int, int] = LOGICAL_SIZE) -> Viewport:
        """``logical`` scaled as large as fits in ``window_size``, centred."""
        ww, wh = max(1, window_size[0]), max(1, window_size[1])
        lw, lh = logical
        scale = min(ww / lw, wh / lh)
        w, h = max(1, round(lw * scale)), max(1, round(lh * scale))
        return cls(scale, ((ww - w) // 2, (wh - h) // 2), logical)

    @property
    def identity(self) -> bool:
        return self.scale == 1.0 and self.offset == (0, 0)

    @property
    def rect(self) -> pygame.Rect:
        """The logical area in window pixels (the whole window for a native view)."""
        if self.logical is None:
            return pygame.Rect(self.offset, (0, 0))
        lw, lh = self.logical
        return pygame.Rect(self.offset, (max(1, round(lw * self.scale)),
                                         max(1, round(lh * self.scale))))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Viewport) and self.scale == other.scale
                and self.offset == other.offset and self.logical == other.logical)

    def __hash__(self) -> int:
        return hash((self.scale, self.offset, self.logical))

    def __repr__(self) -> str:
        return f"Viewport(scale={self.scale:.4g}, offset={self.offset})"

    # -- logical -> pixels ----------------------------------------------------------
    def px_point(self, pos: Point) -> tuple[int, int]:
        return (round(self.offset[0] + pos[0] * self.scale),
                round(self.offset[1] + pos[1] * self.scale))

    def px(self, rect: Any) -> pygame.Rect:
        """A logical rectangle in window pixels; edges are rounded, so neighbours still touch."""
        r = pygame.Rect(rect)
        if self.identity:
            return r
        left, top = self.px_point(r.topleft)
        right, bottom = self.px_point(r.bottomright)
        return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))

    def px_size(self, n: float) -> int:
        """A logical length (a width, a font size) in whole pixels, at least 1."""
        return max(1, round(n * self.scale))

    def px_line(self, n: int) -> int:
        """A line width: scaled, but never thinner than one pixel; 0 (filled) stays 0."""
        return 0 if n <= 0 else max(1, round(n * self.scale))

    # -- pixels -> logical ----------------------------------------------------------
    def to_logical(self, pos: Point) -> tuple[int, int]:
        """A window position in logical coordinates, clamped to the logical area."""
        x = (pos[0] - self.offset[0]) / self.scale
        y = (pos[1] - self.offset[1]) / self.scale
        if self.logical is None:
            return (int(x), int(y))
        lw, lh = self.logical
        return (int(min(max(x, 0), lw - 1)), int(min(max(y, 0), lh - 1)))

    def logical_rect(self, rect: Any) -> pygame.Rect:
        """A window-pixel rectangle in logical coordinates (approximately)."""
        r = pygame.Rect(rect)
        if self.identity:
            return r
        x = (r.left - self.offset[0]) / self.scale
        y = (r.top - self.offset[1]) / self.scale
        return pygame.Rect(round(x), round(y), round(r.w / self.scale), round(r.h / self.scale))

    def contains(self, pos: Point) -> bool:
        return self.logical is None or self.rect.collidepoint(pos)


IDENTITY = Viewport()
_current: Viewport = IDENTITY


def current() -> Viewport:
    """The view the scene being drawn (or handling input) uses."""
    return _current


@contextmanager
def using(view: Viewport) -> Iterator[Viewport]:
    """Make ``view`` current for the ``with`` block, then restore the one before."""
    global _current
    before = _current
    _current = view
    try:
        yield view
    finally:
        _current = before


# -- drawing through the current view (pygame.draw with logical units) -----------------
def rect(surface: pygame.Surface, colour: Any, r: Any, width: int = 0,
         border_radius: int = 0) -> pygame.Rect:
    v = _current
    return pygame.draw.rect(surface, colour, v.px(r), v.px_line(width),
                            border_radius=v.px_line(border_radius))


def circle(surface: pygame.Surface, colour: Any, centre: Point, radius: float,
           width: int = 0) -> pygame.Rect:
    v = _current
    return pygame.draw.circle(surface, colour, v.px_point(centre), v.px_size(radius),
                              v.px_line(width))


def line(surface: pygame.Surface, colour: Any, start: Point, end: Point,
         width: int = 1) -> pygame.Rect:
    v = _current
    return pygame.draw.line(surface, colour, v.px_point(start), v.px_point(end),
                            v.px_line(width))


def polygon(surface: pygame.Surface, colour: Any, points: Sequence[Point],
            width: int = 0) -> pygame.Rect:
    v = _current
    return pygame.draw.polygon(surface, colour, [v.px_point(p) for p in points],
                               v.px_line(width))


def blit(surface: pygame.Surface, image: pygame.Surface, pos: Any,
         **anchor: Point) -> pygame.Rect:
    """Blit an image already rendered at pixel size, its top left (or an ``anchor``
    such as ``center=(x, y)``) at a logical position."""
    v = _current
    if anchor:
        (name, point), = anchor.items()
        target = image.get_rect(**{name: v.px_point(point)})
    else:
        corner = pos.topleft if isinstance(pos, pygame.Rect) else (pos[0], pos[1])
        target = image.get_rect(topleft=v.px_point(corner))
    return surface.blit(image, target)


def set_clip(surface: pygame.Surface, r: Any | None) -> None:
    """Clip to a logical rectangle (None clears the clip)."""
    surface.set_clip(None if r is None else _current.px(r))
