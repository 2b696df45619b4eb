"""The look shared by every screen: palette, fonts, text and the framed shapes.

docs/ART.md sets the style: papyrus panels with a thin ink outline and gold trim,
Nile blues for water and backgrounds, lapis for buttons. Everything that
draws a panel, a button or a line of text goes through here, so the whole
game keeps one style and one font (the shipped Noto Sans, never pygame's
default font). Rendered text is cached by (text, size, colour, bold).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from nile_desktop import seats
from nile_desktop.assets import AssetError, get_assets
from nile_desktop.card_art import table_background
from nile_desktop.surface_cache import surface_cache
from nile_desktop.ui import textlog, view

# -- palette (docs/ART.md) ----------------------------------------------------------
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
#: Lighter papers: strips and boxes laid on papyrus (the prompt line, the replay's bar, a
#: list's or a chart's ground, a card the art is missing for), and the notes that float
#: over the table (tooltips, the lesson and hint panels).
PAPYRUS_LIGHT = (0xF7, 0xEF, 0xD8)
PAPYRUS_PALE = (0xFB, 0xF4, 0xDE)
#: The sand of the river's strip across the table.
RIVER_SAND = (0xE9, 0xDC, 0xB6)
#: A disabled button's face.
DISABLED_FACE = (0xDD, 0xD6, 0xC6)
#: A text field's face (enabled, disabled) and a list's selected row.
FIELD = (0xFB, 0xF6, 0xE6)
FIELD_DISABLED = (0xE0, 0xD8, 0xC4)
SELECTION = (0xD9, 0xE6, 0xF2)
#: The specks of the locust swarm.
LOCUST = (0x2A, 0x3A, 0x12)
#: Every other row of a table of figures (the review's), a shade below its paper.
ROW_BAND = (0xF4, 0xEA, 0xCC)
#: A review's marks of a weaker move, mildest first: an inaccuracy is gold, a mistake
#: orange, a blunder the error red.
INACCURACY = GOLD
MISTAKE = (0xD9, 0x6A, 0x1E)
BLUNDER = ERROR
#: Behind a scene that leaves part of the window bare, and the coach's spotlight shade.
BLACK = (0, 0, 0)
#: A transparent pixel (the hole the spotlight cuts in its shade).
CLEAR = (0, 0, 0, 0)

#: Seat colours (docs/ART.md), the same values the seat art uses.
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
# Sizes and positions below are logical (the scene's units); the current view
# (nile_desktop.ui.view) turns them into window pixels, and text is rendered with
# the font at the pixel size, never scaled as an image.
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's own font at ``size`` *pixels* (cached by the asset loader)."""
    return get_assets().font(size, bold=bold)


def px_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font for ``size`` logical pixels at the current view's scale."""
    return font(view.current().px_size(size), bold)


@surface_cache(screens=2)
def _render(text: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    face = font(size, bold)
    try:
        return face.render(text, True, colour)
    except pygame.error:  # e.g. only zero-width characters (a name typed as one joiner)
        shown = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
        if shown and shown != text:
            try:
                return face.render(shown, True, colour)
            except pygame.error:
                pass
        return pygame.Surface((0, face.get_linesize()), pygame.SRCALPHA)


def render_text(
    text: str, size: int = SIZE_BODY, colour: tuple[int, ...] = INK, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered anti-aliased on a transparent surface (cached), at the pixel
    size that ``size`` logical pixels have in the current view."""
    return _render(text, view.current().px_size(size), tuple(colour), bold)


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
    """Draw one line of text with its ``anchor`` (a pygame.Rect attribute) at ``pos``.

    Returns the rectangle covered, in logical units like ``pos``.
    """
    v = view.current()
    image = render_text(text, size, colour, bold)
    rect = image.get_rect(**{anchor: v.px_point(pos)})
    if shadow is not None:
        step = v.px_size(2)
        surface.blit(render_text(text, size, shadow, bold), rect.move(step, step))
    surface.blit(image, rect)
    if textlog.active():
        clip = surface.get_clip()
        shown = rect if clip == surface.get_rect() else rect.clip(clip)
        textlog.note_drawn(text, v.logical_rect(shown))
    return v.logical_rect(rect)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """The width of ``text`` in logical pixels, measured with the font it is drawn with."""
    v = view.current()
    return px_font(size, bold).size(text)[0] / v.scale


def _wrap_quietly(text: str, size: int, width: int, bold: bool) -> list[str]:
    f = px_font(size, bold)
    limit = width * view.current().scale
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= limit or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` logical pixels; blank lines are kept."""
    lines = _wrap_quietly(text, size, width, bold)
    if textlog.active():
        f = px_font(size, bold)
        limit = width * view.current().scale
        for word in (w for line in lines for w in line.split(" ")):
            if f.size(word)[0] > limit:
                textlog.note_too_wide(word, width)
    return lines


def _shorten(text: str, size: int, width: int, bold: bool) -> str:
    f = px_font(size, bold)
    limit = width * view.current().scale
    if f.size(text)[0] <= limit:
        return text
    while text and f.size(text + "…")[0] > limit:
        text = text[:-1]
    return text + "…"


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so it fits ``width`` pixels."""
    shown = _shorten(text, size, width, bold)
    if shown != text and textlog.wants_cuts():
        textlog.note_cut(text, shown, width)
    return shown


#: The smallest text size a label may shrink to before it is wrapped or cut.
SIZE_MIN = 15


def fit_lines(text: str, size: int, width: int, height: int, bold: bool = False,
              min_size: int = SIZE_MIN) -> tuple[list[str], int]:
    """``text`` laid out to fit a ``width`` × ``height`` box (logical): the lines and their size.

    One line at ``size`` if it fits; else wrapped onto as many lines as the
    height allows, shrinking the size step by step down to ``min_size``; only
    if even that fails is the last line cut with an ellipsis (and recorded as cut).
    """
    scale = view.current().scale
    for trial in range(size, min(size, min_size) - 1, -1):
        f = px_font(trial, bold)
        lines = _wrap_quietly(text, trial, width, bold)
        if (len(lines) * f.get_linesize() <= height * scale
                and all(f.size(x)[0] <= width * scale for x in lines)):
            return lines, trial
    trial = min(size, min_size)
    f = px_font(trial, bold)
    keep = max(1, int(height * scale) // f.get_linesize())
    lines = _wrap_quietly(text, trial, width, bold)
    if len(lines) > keep or any(f.size(x)[0] > width * scale for x in lines):
        lines = [*lines[:keep - 1], _shorten(" ".join(lines[keep - 1:]), trial, width, bold)]
        if textlog.wants_cuts():
            textlog.note_cut(text, " ".join(lines), width)
    return lines, trial


def line_height(size: int, bold: bool = False) -> float:
    """The height of one line of ``size`` text, in logical pixels."""
    return px_font(size, bold).get_linesize() / view.current().scale


def draw_fitted(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int = SIZE_BODY,
                colour: tuple[int, ...] = INK, *, bold: bool = False, align: str = "center",
                min_size: int = SIZE_MIN, top_aligned: bool = False) -> str:
    """Draw ``text`` inside ``rect``, wrapped or shrunk to fit (see fit_lines), vertically
    centred (or from the top); returns what was shown (the lines joined by spaces)."""
    rect = pygame.Rect(rect)
    lines, used = fit_lines(text, size, rect.w, rect.h, bold, min_size)
    step = line_height(used, bold)
    top = rect.top if top_aligned else rect.centery - step * len(lines) / 2
    anchor = {"left": "midleft", "center": "center", "right": "midright"}[align]
    for i, line in enumerate(lines):
        y = round(top + step * i + step / 2)
        x = {"left": rect.left, "center": rect.centerx, "right": rect.right}[align]
        draw_text(surface, line, (x, y), used, colour, bold=bold, anchor=anchor)
    return " ".join(lines)


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


@surface_cache(screens=3)
def _panel_image(w: int, h: int, radius: int, fill: tuple[int, ...],
                 scale: float = 1.0) -> pygame.Surface:
    """A panel of ``w`` x ``h`` pixels; outline, trim and inset follow ``scale``."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow = tuple(max(0, int(c * 0.86)) for c in fill[:3])
    grad = vertical_gradient((w, h), fill, shadow)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grad = grad.convert_alpha() if pygame.display.get_surface() else grad
    surf.blit(grad, (0, 0))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    line = max(1, round(2 * scale))
    pygame.draw.rect(surf, INK, surf.get_rect(), width=line, border_radius=radius)
    inset = round(10 * scale)
    inner = surf.get_rect().inflate(-inset, -inset)
    pygame.draw.rect(surf, GOLD, inner, width=line,
                     border_radius=max(0, radius - round(4 * scale)))
    return surf


@surface_cache(screens=1)
def _shade_image(w: int, h: int, radius: int) -> pygame.Surface:
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
    return shade


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
    v = view.current()
    if rect.w <= 12 or rect.h <= 12:
        view.rect(surface, fill, rect)
        return
    r = v.px(rect)
    radius_px = v.px_size(radius)
    if shadow:
        _draw_shadow(surface, r, radius_px, v.px_size(5), v.px_size(6))
    surface.blit(_panel_image(r.w, r.h, radius_px, tuple(fill), round(v.scale, 3)), r)


def _draw_shadow(surface: pygame.Surface, r: pygame.Rect, radius: int, dx: int, dy: int) -> None:
    """The drop shadow of a panel at ``r`` (pixels), offset by ``dx``, ``dy``.

    Only the parts the panel will not cover are blended (a strip on the right and
    one along the bottom, wide enough for the rounded corners): blending the whole
    shadow under an opaque panel cost several milliseconds a frame at 4K.
    """
    shade = _shade_image(r.w, r.h, radius)
    right = min(r.w, dx + radius)
    bottom = min(r.h, dy + radius)
    surface.blit(shade, (r.right + dx - right, r.top + dy), (r.w - right, 0, right, r.h))
    surface.blit(shade, (r.left + dx, r.bottom + dy - bottom), (0, r.h - bottom, r.w - right,
                                                                bottom))


def title_bar_width(text: str, least: int, most: int) -> int:
    """How wide a title ribbon must be for ``text``, between ``least`` and ``most`` pixels."""
    return max(least, min(most, round(text_width(text, SIZE_HEADING, True)) + 48))


def draw_title_bar(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """A heading on a lapis ribbon with gold edges, at the top of a panel."""
    rect = pygame.Rect(rect)
    view.rect(surface, LAPIS, rect, border_radius=10)
    view.rect(surface, GOLD, rect, width=2, border_radius=10)
    with textlog.box(rect):
        draw_fitted(surface, text, rect.inflate(-24, -4), SIZE_HEADING, PAPYRUS, bold=True,
                    min_size=SIZE_SMALL)


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int],
                 width: int = 560) -> pygame.Rect:
    """``text`` in a small panel near the pointer at ``pos`` (logical), wrapped and kept on
    the surface."""
    v = view.current()
    lines = [line for part in text.split("\n") for line in wrap_text(part, SIZE_SMALL, width)]
    step = round(line_height(SIZE_SMALL))
    w = round(max(text_width(line, SIZE_SMALL) for line in lines)) + 20
    area = v.logical_rect(surface.get_rect())
    box = pygame.Rect(pos[0] + 16, pos[1] + 20, w, step * len(lines) + 12)
    box.clamp_ip(area)
    if box.collidepoint(pos):
        box.bottom = min(box.bottom, pos[1] - 8)
        box.clamp_ip(area)
    if textlog.active():
        textlog.note_layer()  # the tooltip covers what is under it
    view.rect(surface, (0xFF, 0xF8, 0xE4), box, border_radius=6)
    view.rect(surface, INK, box, width=1, border_radius=6)
    for i, line in enumerate(lines):
        draw_text(surface, line, (box.left + 10, box.top + 6 + i * step), SIZE_SMALL)
    return box


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10) -> None:
    """Where the keyboard focus is: a bright gold ring just outside ``rect``."""
    view.rect(surface, GOLD_LIGHT, pygame.Rect(rect).inflate(8, 8), width=3,
              border_radius=radius + 4)


@surface_cache(screens=1.2, megabytes=0)
def _background(w: int, h: int) -> pygame.Surface:
    """The Nile at dusk: deep water shading to light, a reed bank and a papyrus shore."""
    try:
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
    """The background over the whole surface (also the letterbox bars of a logical scene)."""
    surface.blit(_background(*surface.get_size()), (0, 0))


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything already drawn, behind a dialog."""
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))
    if textlog.active():
        textlog.note_layer()


@surface_cache(screens=1.2, megabytes=0)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((*NIGHT, alpha))
    return veil
