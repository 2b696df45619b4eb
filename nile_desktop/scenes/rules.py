"""The rules, to read before or during a game: scrollable text with card pictures.

The text is our own short telling of RULES.md, kept in translatable blocks
(:mod:`nile_desktop.text.rules_book`) so it reads in English or Czech and follows a
language switch at once. Scroll with the mouse wheel, the scroll bar, the arrow keys, Page Up /
Page Down, Home and End.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from nile_desktop import card_art
from nile_desktop.assets import AssetError
from nile_desktop.card_art import card_height
from nile_desktop.i18n import card_name
from nile_desktop.scenes.base import MenuScene
from nile_desktop.text import screens as words
from nile_desktop.text.rules_book import OPTION, RULES_TEXT, H, P, paragraph
from nile_desktop.ui import Button, Panel, theme, view

log = logging.getLogger(__name__)

CARD_W = 86
TEXT_W = 940
#: Room under a card for its name: two short lines (Czech names run long).
CAPTION_H = 44


class RulesScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.scroll = 0.0
        self.lines: list[tuple[str, Any]] = []
        self.content_h = 0
        self.dragging = False

    def build(self) -> None:
        self.panel = pygame.Rect(60, 78, 1160, 568)
        self.view = self.panel.inflate(-80, -60)
        self.group.add(Panel(self.panel, words.rules))
        self.group.add(Button((1280 // 2 - 120, 658, 240, 50), words.back, self.close,
                              primary=True, uid="back"))
        self.layout()

    def layout(self) -> None:
        """Break the text into lines for the current language."""
        self.lines = []
        y = 0
        for kind, content in RULES_TEXT:
            if kind == H:
                y += 14 if self.lines else 0
                self.lines.append(("h", (y, str(content))))
                y += 44
            elif kind in (P, OPTION):
                for line in theme.wrap_text(paragraph(kind, content), theme.SIZE_BODY, TEXT_W):
                    self.lines.append(("p", (y, line)))
                    y += 30
                y += 10
            else:
                self.lines.append(("cards", (y, content)))
                y += card_height(CARD_W) + CAPTION_H + 10
        self.content_h = y
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.view.h)

    def scroll_by(self, amount: float) -> None:
        self.scroll = min(self.max_scroll, max(0.0, self.scroll + amount))

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect]:
        track = pygame.Rect(self.panel.right - 36, self.view.top, 12, self.view.h)
        frac = min(1.0, self.view.h / max(1, self.content_h))
        thumb_h = max(30, int(track.h * frac))
        top = track.top + int((track.h - thumb_h) * self.scroll / max(1.0, self.max_scroll))
        return track, pygame.Rect(track.left, top, track.w, thumb_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        page = self.view.h - 60
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return True
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -page,
                    pygame.K_PAGEDOWN: page, pygame.K_SPACE: page,
                    pygame.K_HOME: -1e9, pygame.K_END: 1e9}.get(event.key)
            if step is not None:
                self.scroll_by(step)
                return True
        track, _thumb = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if track.inflate(16, 0).collidepoint(event.pos):
                self.dragging = True
                self._drag_to(event.pos[1])
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag_to(event.pos[1])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def _drag_to(self, y: int) -> None:
        track, thumb = self._bar()
        t = (y - track.top - thumb.h / 2) / max(1, track.h - thumb.h)
        self.scroll = min(self.max_scroll, max(0.0, t * self.max_scroll))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        clip = surface.get_clip()
        view.set_clip(surface, self.view)
        left = self.view.left + 10
        for kind, (y, content) in self.lines:
            top = self.view.top + y - int(self.scroll)
            if top > self.view.bottom or top + 200 < self.view.top:
                continue
            if kind == "h":
                theme.draw_text(surface, content, (left, top), theme.SIZE_HEADING - 4,
                                theme.LAPIS, bold=True)
                view.line(surface, theme.GOLD, (left, top + 40), (left + TEXT_W, top + 40), 2)
            elif kind == "p":
                theme.draw_text(surface, content, (left, top))
            else:
                self._draw_cards(surface, content, left, top)
        surface.set_clip(clip)
        if self.max_scroll > 0:
            track, thumb = self._bar()
            view.rect(surface, theme.PAPYRUS_SHADOW, track, border_radius=6)
            view.rect(surface, theme.GOLD, thumb, border_radius=6)
            view.rect(surface, theme.INK, thumb, width=1, border_radius=6)

    def _draw_cards(self, surface: pygame.Surface, names: tuple[str, ...], left: int,
                    top: int) -> None:
        x = left + 20
        for name in names:
            label = card_name(name)
            try:
                face = card_art.card_surface(name, view.current().px_size(CARD_W), label)
                view.blit(surface, face, (x, top))
            except AssetError:
                log.debug("no card art for %s", name, exc_info=True)
                view.rect(surface, theme.PAPYRUS_SHADOW,
                          (x, top, CARD_W, card_height(CARD_W)), border_radius=8)
            caption = pygame.Rect(x - 20, top + card_height(CARD_W) + 4, CARD_W + 40, CAPTION_H)
            theme.draw_fitted(surface, label, caption, theme.SIZE_SMALL - 2, theme.INK_SOFT,
                              min_size=theme.SIZE_SMALL - 4, top_aligned=True)
            x += CARD_W + 48
