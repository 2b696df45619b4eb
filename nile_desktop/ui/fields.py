"""Widgets that hold more than one value: a text input and a scrolling list.

Both draw through the current view and register in the UI dump like every
widget; a list also lists each row in sight (role ``list-row``).

Kept apart from :mod:`nile_desktop.ui.widgets` to keep both files short.
The text input takes pygame's TEXTINPUT events, so accented Czech letters
typed on any keyboard layout arrive whole.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from nile_desktop.ui import dump, textlog, theme, view
from nile_desktop.ui.theme import TextSource, text_of
from nile_desktop.ui.widgets import CLICK_KEYS, Widget


class TextInput(Widget):
    """One line of editable text (player names, a seed)."""

    uses_keys = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)

    def __init__(
        self,
        rect: Any,
        text: str = "",
        on_change: Callable[[str], None] | None = None,
        *,
        max_len: int = 20,
        placeholder: TextSource = "",
        allowed: Callable[[str], bool] | None = None,
        size: int = theme.SIZE_BODY,
        uid: str | None = None,
    ) -> None:
        super().__init__(rect, uid=uid)
        self.text = text
        self.on_change = on_change
        self.max_len = max_len
        self.placeholder = placeholder
        self.allowed = allowed
        self.size = size
        self.caret = len(text)
        self.blink = 0.0

    role = "text-input"

    def dump_label(self) -> str:
        return self.text or text_of(self.placeholder)

    def dump_data(self) -> dict[str, Any]:
        return {"text": self.text, "placeholder": text_of(self.placeholder),
                "max_len": self.max_len}

    def _changed(self) -> None:
        self.blink = 0.0
        if self.on_change is not None:
            self.on_change(self.text)

    def insert(self, chars: str) -> None:
        chars = "".join(c for c in chars if c.isprintable())
        if self.allowed is not None:
            chars = "".join(c for c in chars if self.allowed(c))
        room = self.max_len - len(self.text)
        chars = chars[: max(0, room)]
        if chars:
            self.text = self.text[: self.caret] + chars + self.text[self.caret :]
            self.caret += len(chars)
            self._changed()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event):
            self.caret = len(self.text)
            return True  # the group gives it the focus
        elif event.type == pygame.TEXTINPUT and self.focused:
            self.insert(event.text)
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            key = event.key
            if key == pygame.K_BACKSPACE and self.caret > 0:
                self.text = self.text[: self.caret - 1] + self.text[self.caret :]
                self.caret -= 1
                self._changed()
            elif key == pygame.K_DELETE and self.caret < len(self.text):
                self.text = self.text[: self.caret] + self.text[self.caret + 1 :]
                self._changed()
            elif key == pygame.K_LEFT:
                self.caret = max(0, self.caret - 1)
            elif key == pygame.K_RIGHT:
                self.caret = min(len(self.text), self.caret + 1)
            elif key == pygame.K_HOME:
                self.caret = 0
            elif key == pygame.K_END:
                self.caret = len(self.text)
            else:
                return key in (pygame.K_BACKSPACE, pygame.K_DELETE)
            self.blink = 0.0
            return True
        return False

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        fill = theme.FIELD if self.enabled else theme.FIELD_DISABLED
        view.rect(surface, fill, self.rect, border_radius=8)
        edge = theme.LAPIS if self.focused else theme.INK_SOFT
        view.rect(surface, edge, self.rect, width=2, border_radius=8)
        inner = self.rect.inflate(-16, 0)
        self.shown = None
        if self.text:
            shown = theme.fit_text(self.text, self.size, inner.w)
            theme.draw_text(surface, shown, inner.midleft, self.size, anchor="midleft")
            self.shown = shown
        elif self.placeholder:
            shown = theme.fit_text(text_of(self.placeholder), self.size, inner.w)
            theme.draw_text(surface, shown, inner.midleft, self.size, theme.DISABLED,
                            anchor="midleft")
            self.shown = shown
        if self.focused and self.blink < 0.6:
            width = round(theme.text_width(self.text[: self.caret], self.size))
            x = min(inner.right, inner.left + width + 1)
            view.line(surface, theme.INK, (x, self.rect.top + 8), (x, self.rect.bottom - 8), 2)


class RichRow(ABC):
    """A list row that draws itself (e.g. a save with its date and players)."""

    @abstractmethod
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, selected: bool) -> None:
        """Draw the row inside ``rect`` (in the scene's coordinates, through the view)."""

    def label(self) -> str:
        """The row's text for the UI dump (what a screen reader would say)."""
        return ""

    def data(self) -> dict[str, Any]:
        """Extra facts about the row for the UI dump."""
        return {}


Row = TextSource | RichRow


class ListView(Widget):
    """A scrolling list of rows; click or Up/Down selects, double click or Enter activates.

    A row is a text, or a :class:`RichRow` that draws itself.
    """

    uses_keys = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)

    def __init__(
        self,
        rect: Any,
        rows: Sequence[Row] = (),
        *,
        row_height: int = 44,
        on_select: Callable[[int], None] | None = None,
        on_activate: Callable[[int], None] | None = None,
        empty_text: TextSource = "",
        text_size: int = theme.SIZE_BODY,
        uid: str | None = None,
    ) -> None:
        super().__init__(rect, uid=uid)
        self.text_size = text_size
        self.rows: list[Row] = list(rows)
        self.row_height = row_height
        self.on_select = on_select
        self.on_activate = on_activate
        self.empty_text = empty_text
        self.selected = 0 if self.rows else -1
        self.scroll = 0
        self._last_click: tuple[int, float] = (-1, -10.0)
        self._time = 0.0
        #: The pointer over the list (logical coordinates), for the hovered row's tooltip.
        self.mouse: tuple[int, int] | None = None

    role = "list"

    def dump_label(self) -> str:
        return text_of(self.empty_text) if not self.rows else ""

    def dump_data(self) -> dict[str, Any]:
        return {"rows": len(self.rows), "selected": self.selected, "scroll": self.scroll,
                "visible_rows": self.visible_rows}

    def register(self, key: str) -> None:
        """The list itself, then one ``list-row`` element per row in sight."""
        super().register(key)
        if not dump.active():
            return
        base = self.uid or key
        v = view.current()
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows)):
            row_rect = self.row_rect(i).clip(self.rect)
            row = self.rows[i]
            if isinstance(row, RichRow):
                label, data = row.label(), {"index": i, **row.data()}
            else:
                label, data = text_of(row), {"index": i}
            dump.add(f"{base}.row-{i}", "list-row", label, v.px(row_rect),
                     enabled=self.enabled, selected=i == self.selected, data=data)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top + (index - self.scroll) * self.row_height,
                           self.rect.w, self.row_height)

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.h // self.row_height)

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.visible_rows))

    def select(self, index: int) -> None:
        if not self.rows:
            return
        index = max(0, min(len(self.rows) - 1, index))
        if index != self.selected:
            self.selected = index
            if self.on_select is not None:
                self.on_select(index)
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        self._clamp_scroll()

    def activate(self) -> None:
        if self.on_activate is not None and 0 <= self.selected < len(self.rows):
            self.on_activate(self.selected)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
            self.mouse = event.pos if self.hovered else None
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll -= event.y * 2
            self._clamp_scroll()
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event):
            index = self.scroll + (event.pos[1] - self.rect.top) // self.row_height
            if 0 <= index < len(self.rows):
                again = self._last_click[0] == index and self._time - self._last_click[1] < 0.4
                self.select(index)
                self._last_click = (index, self._time)
                if again:
                    self.activate()
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1,
                    pygame.K_PAGEUP: -self.visible_rows, pygame.K_PAGEDOWN: self.visible_rows}
            if event.key in step:
                self.select(self.selected + step[event.key])
                return True
            if event.key in CLICK_KEYS:
                self.activate()
                return True
        return False

    def update(self, dt: float) -> None:
        self._time += dt

    def draw(self, surface: pygame.Surface) -> None:
        view.rect(surface, theme.PAPYRUS_LIGHT, self.rect, border_radius=8)
        if not self.rows and self.empty_text:
            theme.draw_text(surface, text_of(self.empty_text), self.rect.center,
                            colour=theme.INK_SOFT, anchor="center")
        clip = surface.get_clip()
        view.set_clip(surface, self.rect)
        tip = ""
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows + 1)):
            row_rect = self.row_rect(i)
            selected = i == self.selected
            if selected:
                view.rect(surface, theme.SELECTION, row_rect.inflate(-6, -4),
                                 border_radius=6)
                view.rect(surface, theme.LAPIS, row_rect.inflate(-6, -4), width=2,
                                 border_radius=6)
            with textlog.catch_cuts() as cut:
                self._draw_row(surface, self.rows[i], row_rect, selected)
            for full in cut:
                textlog.offer_full_text(full)  # shown whole as the row's tooltip
            if cut and self.mouse is not None and row_rect.collidepoint(self.mouse):
                tip = "\n".join(cut)
        surface.set_clip(clip)
        view.rect(surface, theme.LAPIS if self.focused else theme.INK_SOFT, self.rect,
                         width=2, border_radius=8)
        if len(self.rows) > self.visible_rows:
            frac = self.visible_rows / len(self.rows)
            bar_h = max(24, int(self.rect.h * frac))
            span = self.rect.h - bar_h - 8
            top = self.rect.top + 4 + int(span * self.scroll / max(1, len(self.rows) - self.visible_rows))
            view.rect(surface, theme.GOLD, (self.rect.right - 10, top, 6, bar_h), border_radius=3)
        #: The hovered row's full text, shown by the group over everything drawn.
        self.hover_tip = tip if self.mouse is not None else ""

    def _draw_row(self, surface: pygame.Surface, row: Row, rect: pygame.Rect, selected: bool) -> None:
        if isinstance(row, RichRow):
            row.draw(surface, rect, selected)
            return
        text = theme.fit_text(text_of(row), self.text_size, rect.w - 34)
        theme.draw_text(surface, text, (rect.left + 14, rect.centery), self.text_size,
                        anchor="midleft")
