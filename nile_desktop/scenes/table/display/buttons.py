"""Buttons drawn by the table itself, in window pixels, in the game's style.

They are elements like the cards (same hit-test, keyboard cursor and UI
dump), so the table needs no second input system for its buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect
from nile_desktop.ui import theme

#: Draws a sign in a square (surface, square, colour) where a button's label would be.
Glyph = Callable[[pygame.Surface, pygame.Rect, tuple[int, ...]], None]


def glyph_size(p: Paint) -> int:
    """The side of a button's drawn sign: about the height of its label's capitals."""
    return p.px(17)


def draw_button(p: Paint, bid: str, label: str, rect: tuple[int, int, int, int], *,
                enabled: bool = True, primary: bool = False, hotkey: str = "",
                tooltip: str = "", pressed: bool = False, data: dict[str, Any] | None = None,
                size: int = 15, glyph: Glyph | None = None) -> Element:
    """A button; with ``glyph`` a drawn sign takes the place of the label's text, and
    ``label`` is its name in the tooltip and the UI dump."""
    r = pygame.Rect(rect)
    hovered = p.hover == bid and enabled
    if not enabled:
        fill = theme.DISABLED
    elif pressed:
        fill = theme.LAPIS_DOWN
    elif hovered:
        fill = theme.LAPIS_HOVER
    elif primary:
        fill = theme.REEDS
    else:
        fill = theme.LAPIS
    radius = p.px(10)
    pygame.draw.rect(p.surface, theme.INK, r.move(0, p.px(3)), border_radius=radius)
    pygame.draw.rect(p.surface, fill, r, border_radius=radius)
    trim = theme.GOLD_LIGHT if hovered else theme.GOLD
    pygame.draw.rect(p.surface, trim, r, width=max(1, p.px(3 if primary else 2)),
                     border_radius=radius)
    colour = theme.PAPYRUS if enabled else theme.DISABLED_FACE
    text_w = r.w - p.px(12)
    label_px = p.fs(size)
    want = (glyph_size(p) if glyph is not None
            else theme.render_text(label, label_px, colour, True).get_width())
    key_img = theme.render_text(hotkey, p.fs(11), colour, False) if hotkey else None
    key_rect = None
    centre = r.center
    if key_img is not None:
        # the key hint sits in the top right corner; the label keeps clear of it: centred
        # when there is room beside the hint, else moved left of it, else the hint goes
        # (the tooltip names the key then): the label is never cut for a hint
        key_rect = key_img.get_rect(topright=(r.right - p.px(6), r.top + p.px(2)))
        room = key_rect.left - p.px(4) - (r.left + p.px(6))
        if want <= 2 * (key_rect.left - p.px(4) - r.centerx):
            pass
        elif want <= room:
            text_w = room
            centre = (r.left + p.px(6) + room // 2, r.centery)
        else:
            key_img, key_rect = None, None
    if key_img is not None and key_rect is not None:
        key_img.set_alpha(170)
        p.surface.blit(key_img, key_rect)
    if glyph is not None:
        shown_rect = pygame.Rect(0, 0, want, want)
        shown_rect.center = centre
        glyph(p.surface, shown_rect, colour)
        shown = label
        tooltip = tooltip or label
    else:
        shown_rect = p.text(label, centre, size, colour, bold=True, anchor="center",
                            width=text_w)
        shown = theme.fit_text(label, label_px, max(8, text_w), True)
    extra = dict(data or {})
    if shown != label:
        extra["full"] = label
    extra["label_rect"] = list(as_rect(shown_rect))
    if key_rect is not None:
        extra["key_rect"] = list(as_rect(key_rect))
    if hotkey:
        extra["hotkey"] = hotkey
    if not tooltip and hotkey and key_rect is None:
        tooltip = f"{label} ({hotkey})"
    return p.add(Element(bid, "button", label, as_rect(r), enabled=enabled,
                         tooltip=tooltip or (label if shown != label else ""), data=extra))


def draw_tooltip(p: Paint, text: str, anchor: tuple[int, int]) -> None:
    """A small papyrus note near the pointer, kept inside the window."""
    if not text:
        return
    size = p.fs(13)
    lines = theme.wrap_text(text, size, p.px(360))
    images = [theme.render_text(line, size, theme.INK) for line in lines]
    w = max(i.get_width() for i in images) + p.px(16)
    h = sum(i.get_height() for i in images) + p.px(10)
    sw, sh = p.surface.get_size()
    x = min(max(0, anchor[0] + p.px(14)), sw - w - 2)
    y = anchor[1] + p.px(18)
    if y + h > sh:
        y = anchor[1] - h - p.px(8)
    box = pygame.Rect(x, max(0, y), w, h)
    pygame.draw.rect(p.surface, theme.PAPYRUS_PALE, box, border_radius=p.px(6))
    pygame.draw.rect(p.surface, theme.INK, box, width=1, border_radius=p.px(6))
    yy = box.top + p.px(5)
    for image in images:
        p.surface.blit(image, (box.left + p.px(8), yy))
        yy += image.get_height()
