"""The look shared by every screen: palette, fonts, text and the framed shapes.

ART.md sets the style: papyrus panels with a thin ink outline and gold trim,
Nile blues for water and backgrounds, lapis for buttons. Everything that
draws a panel, a button or a line of text goes through here, so the whole
game keeps one style and one font (the shipped Noto Sans, never pygame's
default font). Rendered text is cached by (text, size, colour, bold).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from nile_desktop import seats
from nile_desktop.assets import AssetError

# -- palette (ART.md) ---------------------------------------------------------------
PAPYRUS = (0xEF, 0xE3, 0xC2)
PAPYRUS_SHADOW = (0xC9, 0xB6, 0x8A)
NILE_DEEP = (0x14, 0x50, 0x7A)
NILE_LIGHT = (0x3C, 0x8D, 0xBC)
REEDS = (0x4E, 0x7A, 0x3A)
GOLD = (0xC9, 0xA2, 0x27)
GOLD_LIGHT = (0xE8, 0xC8, 0x5A)
INK = (0x2A, 0x21, 0x18)
INK_SOFT = (0x5A, 0x4A, 0x36)
LAPIS = (0x1F, 0x3C, 0x88)
LAPIS_HOVER = (0x2C, 0x52, 0xA8)
LAPIS_DOWN = (0x16, 0x2C, 0x66)
DISABLED = (0x8C, 0x86, 0x78)
ERROR = (0x9E, 0x2A, 0x1E)
NIGHT = (0x0B, 0x22, 0x38)

#: Seat colours (ART.md), the same values the seat art uses.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = seats.SEAT_COLOURS

#: Text sizes of the logical 1280x720 layout.
SIZE_TITLE = 64
SIZE_HEADING = 32
SIZE_BODY = 22
SIZE_SMALL = 17

TextSource = str | Callable[[], str]


def text_of(source: TextSource) -> str:
    """A label's current text: a callable (e.g. ``lambda: _("Quit")``) is asked each time,
    so a language switch shows at once; anything else is shown as it is."""
    return source() if callable(source) else str(source)


# -- fonts and text ------------------------------------------------------------------
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's own font at ``size`` logical pixels (cached by the asset loader)."""
    from nile_desktop.assets import get_assets

    return get_assets().font(size, bold=bold)


@lru_cache(maxsize=1024)
def _render(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


def render_text(
    text: str, size: int = SIZE_BODY, colour: tuple[int, ...] = INK, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered anti-aliased on a transparent surface (cached)."""
    return _render(text, size, tuple(colour), bold)


def clear_text_cache() -> None:
    _render.cache_clear()


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = SIZE_BODY,
    colour: tuple[int, ...] = INK,
    *,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: tuple[int, ...] | None = None,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` (a pygame.Rect attribute) at ``pos``."""
    image = render_text(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    if shadow is not None:
        surface.blit(render_text(text, size, shadow, bold), rect.move(2, 2))
    surface.blit(image, rect)
    return rect


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels; blank lines are kept."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so it fits ``width`` pixels."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


# -- shapes ----------------------------------------------------------------------------
def vertical_gradient(
    size: tuple[int, int], top: tuple[int, ...], bottom: tuple[int, ...]
) -> pygame.Surface:
    """A surface shading from ``top`` to ``bottom`` colour."""
    w, h = size
    surf = pygame.Surface((max(1, w), max(1, h)))
    for y in range(h):
        t = y / max(1, h - 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=False))
        pygame.draw.line(surf, colour, (0, y), (w, y))
    return surf


@lru_cache(maxsize=64)
def _panel_image(w: int, h: int, radius: int, fill: tuple[int, ...]) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow = tuple(max(0, int(c * 0.86)) for c in fill[:3])
    grad = vertical_gradient((w, h), fill, shadow)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grad = grad.convert_alpha() if pygame.display.get_surface() else grad
    surf.blit(grad, (0, 0))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, INK, surf.get_rect(), width=2, border_radius=radius)
    inner = surf.get_rect().inflate(-10, -10)
    pygame.draw.rect(surf, GOLD, inner, width=2, border_radius=max(0, radius - 4))
    return surf


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    fill: tuple[int, ...] = PAPYRUS,
    radius: int = 14,
    shadow: bool = True,
) -> None:
    """A papyrus panel: soft drop shadow, ink outline, gold inner trim."""
    rect = pygame.Rect(rect)
    if rect.w <= 12 or rect.h <= 12:
        pygame.draw.rect(surface, fill, rect)
        return
    if shadow:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
        surface.blit(shade, rect.move(5, 6))
    surface.blit(_panel_image(rect.w, rect.h, radius, tuple(fill)), rect)


def draw_title_bar(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """A heading on a lapis ribbon with gold edges, at the top of a panel."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, LAPIS, rect, border_radius=10)
    pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=10)
    draw_text(surface, text, rect.center, SIZE_HEADING, PAPYRUS, bold=True, anchor="center")


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10) -> None:
    """Where the keyboard focus is: a bright gold ring just outside ``rect``."""
    pygame.draw.rect(surface, GOLD_LIGHT, pygame.Rect(rect).inflate(8, 8), width=3,
                     border_radius=radius + 4)


@lru_cache(maxsize=4)
def _background(w: int, h: int) -> pygame.Surface:
    """The Nile at dusk: deep water shading to light, a reed bank and a papyrus shore."""
    try:
        from nile_desktop.card_art import table_background

        return table_background((w, h))
    except AssetError:  # no background art: the drawn fallback below is always fine
        pass
    surf = vertical_gradient((w, h), NILE_DEEP, NILE_LIGHT)
    band = pygame.Rect(0, int(h * 0.86), w, h - int(h * 0.86))
    surf.blit(vertical_gradient(band.size, PAPYRUS_SHADOW, (0xA8, 0x93, 0x64)), band)
    for i in range(0, w, 18):
        top = int(h * 0.80) + (i * 37) % 23
        pygame.draw.line(surf, REEDS, (i, band.top + 4), (i + 4, top), 3)
    return surf


def draw_background(surface: pygame.Surface) -> None:
    surface.blit(_background(*surface.get_size()), (0, 0))


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything already drawn, behind a dialog."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*NIGHT, alpha))
    surface.blit(veil, (0, 0))
