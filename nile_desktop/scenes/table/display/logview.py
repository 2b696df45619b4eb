"""The game log on screen: the whole game, scrollable by wheel, drag and keys.

The log model (:mod:`gamelog`) is told in words and wrapped only when it,
the language, the viewer or the width changes, so drawing it costs a few
blits per frame. The view follows the newest line unless the person has
scrolled back; new lines then wait below until they scroll down again.
"""

from __future__ import annotations

import pygame

from nile_desktop.engine.events import Drawn
from nile_desktop.i18n import current_language
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect
from nile_desktop.scenes.table.logic.gamelog import HEADER, KEY, NOTE, REASON, Entry, line
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import controls as words
from nile_desktop.ui import theme

STYLE = {
    HEADER: (theme.LAPIS, True),
    REASON: (theme.REEDS, False),
    KEY: (theme.ERROR, True),
    NOTE: (theme.INK_SOFT, False),
}


class LogView:
    """Scroll position and wrapped lines of the game log."""

    def __init__(self) -> None:
        #: Lines scrolled back from the newest (0: follow the game).
        self.back = 0
        self._key: tuple[object, ...] | None = None
        self._rows: list[tuple[str, str, bool]] = []  # (text, style, first row of an entry)
        #: The log entry index of each row (the UI dump names the entries shown).
        self._row_entries: list[int] = []
        self._wrapped: dict[tuple[int, int | None], list[tuple[str, str, bool]]] = {}
        self._view_key: tuple[object, ...] | None = None
        self.visible = 12
        self.dragging = False
        self._drag_from = (0, 0)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.line_h = 18
        #: Window y down to which a panel (the tutorial's lesson) lies over the log: the
        #: lines are drawn below it, the newest last, so the game stays readable. 0: none.
        self.cover = 0

    # -- content -------------------------------------------------------------------------
    def rows(self, v: TableView, width: int, size: int) -> list[tuple[str, str, bool]]:
        """The wrapped rows of the whole log. Each entry is told and wrapped once (per
        language and width); only a drawn-cards line depends on who looks, so a new
        viewer retells those lines alone."""
        log = v.log
        viewer = v.revealed
        key = (current_language(), width, size, log.serial)
        if key != self._key:
            self._wrapped = {}
            self._key, self._view_key = key, None
        view_key = (viewer, len(log.entries), log.version)
        if view_key == self._view_key:
            return self._rows
        rows: list[tuple[str, str, bool]] = []
        owners: list[int] = []
        for index, entry in log.shown():  # held entries wait for their effects
            private = isinstance(entry.event, Drawn)
            cache_key = (index, viewer if private else None)
            wrapped = self._wrapped.get(cache_key)
            if wrapped is None:
                wrapped = self._wrap(entry, v, viewer, width, size)
                self._wrapped[cache_key] = wrapped
            rows.extend(wrapped)
            owners.extend([index] * len(wrapped))
        self._rows, self._row_entries, self._view_key = rows, owners, view_key
        return rows

    def _wrap(self, entry: Entry, v: TableView, viewer: int | None, width: int, size: int
              ) -> list[tuple[str, str, bool]]:
        told = line(entry, v.names, v.kinds, viewer)
        if told is None:
            return []
        text, style = told
        bold = STYLE.get(style, (theme.INK, False))[1]
        indent = 0 if style == HEADER else 1
        return [(part, style, i == 0)
                for i, part in enumerate(theme.wrap_text(text, size, width - indent * 12, bold))]

    def scroll(self, lines_back: int) -> None:
        self.back = max(0, min(self.back + lines_back, max(0, len(self._rows) - self.visible)))

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()) or getattr(event, "over_log", False):
                self.scroll(event.y * 3)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and \
                self.rect.collidepoint(event.pos):
            self.scroll(3 if event.button == 4 else -3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.rect.collidepoint(event.pos):
            self.dragging = True
            self._drag_from = (event.pos[1], self.back)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            dy = event.pos[1] - self._drag_from[0]
            self.back = self._drag_from[1]
            self.scroll(round(dy / max(1, self.line_h)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN:
            page = max(1, self.visible - 2)
            if event.key == pygame.K_PAGEUP:
                self.scroll(page)
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.scroll(-page)
                return True
            if event.key == pygame.K_END and event.mod & pygame.KMOD_CTRL:
                self.back = 0
                return True
            if event.key == pygame.K_HOME and event.mod & pygame.KMOD_CTRL:
                self.scroll(len(self._rows))
                return True
        return False

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, p: Paint, v: TableView) -> None:
        box = pygame.Rect(p.lay.rect("log"))
        self.rect = box
        pad = p.px(14)
        p.text(words.game_log(), (box.left + pad, box.top + p.px(10)), 15, bold=True)
        size = p.fs(13)
        self.line_h = theme.font(size).get_linesize()
        top = box.top + p.px(36)
        if self.cover > top:  # under the lesson panel: the log's own strip, with a rule
            top = self.cover + p.px(10)
            pygame.draw.line(p.surface, theme.PAPYRUS_SHADOW, (box.left + pad, top - p.px(5)),
                             (box.right - pad, top - p.px(5)), max(1, p.px(1)))
        inner = pygame.Rect(box.left + pad, top, box.w - 2 * pad - p.px(10),
                            max(1, box.bottom - pad - top))
        rows = self.rows(v, inner.w, size)
        self.visible = max(1, inner.h // self.line_h)
        self.back = min(self.back, max(0, len(rows) - self.visible))
        end = len(rows) - self.back
        start = max(0, end - self.visible)
        y = inner.top
        for text, style, _first in rows[start:end]:
            colour, bold = STYLE.get(style, (theme.INK, False))
            x = inner.left if style == HEADER else inner.left + p.px(12)
            theme.draw_text(p.surface, text, (x, y), size, colour, bold=bold)
            y += self.line_h
        if len(rows) > self.visible:
            track = pygame.Rect(box.right - pad - p.px(4), inner.top, p.px(6), inner.h)
            pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, track, border_radius=p.px(3))
            frac = self.visible / len(rows)
            thumb_h = max(p.px(20), int(track.h * frac))
            pos = 1 - (self.back + self.visible) / len(rows)
            thumb = pygame.Rect(track.left, track.top + int((track.h - thumb_h) * pos / max(
                1e-9, 1 - frac)), track.w, thumb_h)
            pygame.draw.rect(p.surface, theme.LAPIS, thumb, border_radius=p.px(3))
        if self.back:  # the arrow is drawn: the game's font has no arrows
            said = p.text(words.newer_lines(), (box.centerx + p.px(7), box.bottom - p.px(4)),
                          11, theme.LAPIS, bold=True, anchor="midbottom")
            tip, half = (said.left - p.px(9), said.centery + p.px(4)), p.px(5)
            pygame.draw.polygon(p.surface, theme.LAPIS, [
                (tip[0] - half, tip[1] - 2 * half), (tip[0] + half, tip[1] - 2 * half), tip])
        shown = box.clip(pygame.Rect(box.left, inner.top, box.w, box.bottom - inner.top)) \
            if self.cover else box
        p.add(Element("log", "log", words.game_log(), as_rect(shown), focusable=False,
                      data={"lines": len(rows), "visible": min(self.visible, len(rows)),
                            "back": self.back,
                            "shown": [r[0] for r in rows[start:end]],
                            "entries": sorted(set(self._row_entries[start:end]))}))
