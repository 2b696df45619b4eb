"""Drawing helpers of the table and the record of what was drawn where.

Every interactive thing the table draws (a card, a field, a plot, a
Monument, a button, a log) is recorded as an :class:`Element` in draw
order, so the last one drawn is the top one: the mouse hit-test walks the
list backwards, the keyboard cursor walks it forwards, tooltips come from
it, and the UI dump (``NILE_UI_DUMP``) publishes it as the screen's
accessibility tree. Drawing and hit-testing can therefore never disagree.

Cards are drawn at their real size from the per-size cache of
:mod:`nile_desktop.card_art`; nothing is scaled per frame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import pygame

from nile_desktop import card_art
from nile_desktop.assets import AssetError
from nile_desktop.i18n import card_name
from nile_desktop.scenes.table.logic.layout import Rect, TableLayout
from nile_desktop.surface_cache import SurfaceCache, budget
from nile_desktop.ui import textlog, theme

log = logging.getLogger(__name__)


@dataclass
class Element:
    """Something on screen a person can point at."""

    id: str
    role: str
    label: str
    rect: Rect
    enabled: bool = True
    selected: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    tooltip: str = ""
    #: Keyboard cursor stops here (cards, places, buttons), in draw order.
    focusable: bool = True

    def contains(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h


class Hits:
    """Elements of one frame, in draw order (the last is on top)."""

    def __init__(self) -> None:
        self.items: list[Element] = []
        self._by_id: dict[str, Element] = {}

    def add(self, element: Element) -> Element:
        if element.id in self._by_id:  # ids are unique; a repeat replaces
            self.items.remove(self._by_id[element.id])
        self.items.append(element)
        self._by_id[element.id] = element
        return element

    def copy(self) -> Hits:
        """The same elements in a new list (elements added to it leave this one alone)."""
        other = Hits()
        other.items = list(self.items)
        other._by_id = dict(self._by_id)
        return other

    def at(self, pos: tuple[int, int]) -> Element | None:
        for element in reversed(self.items):
            if element.contains(pos):
                return element
        return None

    def get(self, element_id: str | None) -> Element | None:
        return self._by_id.get(element_id or "")

    def focusable(self) -> list[Element]:
        return [e for e in self.items if e.focusable]


class Paint:
    """One frame's drawing context: the surface, the layout and the elements."""

    def __init__(self, surface: pygame.Surface, layout: TableLayout, *,
                 hover: str | None = None, cursor: str | None = None,
                 revealed: int | None = None) -> None:
        self.surface = surface
        self.lay = layout
        self.hits = Hits()
        self.hover = hover
        self.cursor = cursor
        #: Card images blitted this frame (the frame benchmark compares against as many).
        self.cards_drawn = 0
        #: The seat whose private cards may be drawn face up this frame.
        self.revealed = revealed
        #: Owners of private cards drawn face up this frame (tests check them).
        self.private_faces: list[int] = []

    # -- sizes ----------------------------------------------------------------------------
    def px(self, n: float) -> int:
        return self.lay.px(n)

    def fs(self, n: int) -> int:
        return self.lay.font(n)

    # -- text -----------------------------------------------------------------------------
    def text(self, text: str, pos: tuple[int, int], size: int, colour: tuple[int, ...] = theme.INK,
             *, bold: bool = False, anchor: str = "topleft", width: int | None = None
             ) -> pygame.Rect:
        """Text at ``size`` design units, cut with "…" to ``width`` pixels if given."""
        px = self.fs(size)
        if width is not None:
            text = theme.fit_text(text, px, max(8, width), bold)
        return theme.draw_text(self.surface, text, pos, px, colour, bold=bold, anchor=anchor)

    def panel(self, rect: Rect, *, fill: tuple[int, ...] = theme.PAPYRUS, radius: int = 12) -> None:
        theme.draw_panel(self.surface, pygame.Rect(rect), fill=fill, radius=self.px(radius))

    # -- cards ----------------------------------------------------------------------------
    def card(self, name: str, rect: Rect, *, label: bool = False, alpha: int = 255
             ) -> pygame.Rect:
        """A card face (or ``back``) filling the width of ``rect`` at 5:7."""
        r = pygame.Rect(rect)
        face = _face(name, r.w, label)
        self.cards_drawn += 1
        if face is None:
            pygame.draw.rect(self.surface, theme.PAPYRUS, r, border_radius=6)
            pygame.draw.rect(self.surface, theme.INK, r, width=1, border_radius=6)
            return r
        if alpha < 255:
            face = face.copy()
            face.set_alpha(alpha)
        self.surface.blit(face, r.topleft)
        return pygame.Rect(r.topleft, face.get_size())

    def badge(self, text: str, centre: tuple[int, int], *, fill: tuple[int, ...] = theme.LAPIS,
              size: int = 14) -> pygame.Rect:
        """A round count that sits on a card."""
        image = theme.render_text(text, self.fs(size), theme.PAPYRUS, True)
        radius = max(self.px(10), image.get_width() // 2 + self.px(5))
        c = (int(centre[0]), int(centre[1]))
        pygame.draw.circle(self.surface, fill, c, radius)
        pygame.draw.circle(self.surface, theme.GOLD, c, radius, width=max(1, self.px(2)))
        self.surface.blit(image, image.get_rect(center=c))
        return pygame.Rect(c[0] - radius, c[1] - radius, 2 * radius, 2 * radius)

    def corner_badge(self, text: str, rect: Rect, *, fill: tuple[int, ...] = theme.LAPIS,
                     size: int = 14, top: bool = False) -> pygame.Rect:
        """A count in the bottom (or top) right corner of ``rect``, inside it (nothing
        beside the card, such as its label, is covered)."""
        image = theme.render_text(text, self.fs(size), theme.PAPYRUS, True)
        radius = max(self.px(10), image.get_width() // 2 + self.px(5))
        x, y, w, h = rect
        inset = radius + self.px(3)
        return self.badge(text, (x + w - inset, y + inset if top else y + h - inset),
                          fill=fill, size=size)

    def ring(self, rect: Rect, colour: tuple[int, ...], width: int = 3, grow: int = 4) -> None:
        r = pygame.Rect(rect).inflate(self.px(grow) * 2, self.px(grow) * 2)
        pygame.draw.rect(self.surface, colour, r, width=max(1, self.px(width)),
                         border_radius=self.px(8))

    def glow(self, rect: Rect, phase: float = 0.0) -> None:
        """The pulsing gold rim of a place a picked card may go (drawn over the table)."""
        r = pygame.Rect(rect)
        for grow, width, colour in ((9, 2, theme.GOLD), (5, 3, theme.GOLD_LIGHT)):
            g = self.px(grow + 2 * phase)
            pygame.draw.rect(self.surface, colour, r.inflate(2 * g, 2 * g),
                             width=max(1, self.px(width)), border_radius=self.px(10))

    def add(self, element: Element) -> Element:
        if element.id == self.cursor:
            self.ring(element.rect, theme.GOLD_LIGHT, 3, 6)
        if element.tooltip and textlog.active():
            textlog.offer_full_text(element.tooltip)  # shown whole on hover
        return self.hits.add(element)


#: Faces in the display's format by (card, width, caption), bounded by the memory they hold.
_converted: SurfaceCache[tuple[str, int, str | None]] = SurfaceCache(lambda: budget(6))
#: The largest face drawn so far of each (card, caption): smaller sizes are scaled from it,
#: which is far quicker than drawing the art again at every size a card is shown at.
_masters: dict[tuple[str, str | None], pygame.Surface] = {}


def _face(name: str, width: int, label: bool) -> pygame.Surface | None:
    """A card face at ``width`` pixels, in the display's pixel format (fast to blit)."""
    caption = card_name(name) if label and name != "back" else None
    key = (name, max(4, int(width)), caption)
    face = _converted.get(key)
    if face is not None:
        return face
    master = _masters.get((name, caption))
    if master is not None and key[1] <= master.get_width() <= key[1] * 3:
        face = pygame.transform.smoothscale(master, (key[1], card_art.card_height(key[1])))
    else:
        try:
            face = card_art.card_surface(name, key[1], caption)
        except (AssetError, FileNotFoundError, ValueError, pygame.error) as exc:
            if name not in _missing:
                _missing.add(name)
                log.warning("no card art for %s: %s", name, exc)
            return None
        if pygame.display.get_surface() is not None:
            face = face.convert_alpha()
        if master is None or master.get_width() < key[1]:
            _masters[(name, caption)] = face
    _converted.put(key, face)
    return face


def warm(name: str, width: int, label: bool) -> bool:
    """Draw a face ahead of need (idle frames); True if it had to be drawn."""
    caption = card_name(name) if label and name != "back" else None
    if (name, caption) in _masters and _masters[(name, caption)].get_width() >= width:
        return False
    _face(name, width, label)
    return True


_missing: set[str] = set()


def as_rect(r: pygame.Rect) -> Rect:
    """A pygame rect as the table's plain ``(x, y, w, h)``."""
    return (r.x, r.y, r.w, r.h)


def card_size(width: float) -> tuple[int, int]:
    return int(width), round(int(width) * 7 / 5)


def card_label(name: str) -> str:
    """A card's name for a tooltip or a label (``back`` has none)."""
    if name == "back":
        return ""
    return card_name(name)
