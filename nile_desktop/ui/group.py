"""A set of widgets on one screen, with mouse hover and keyboard focus.

The group hands each event to its widgets; a click focuses the widget under
the mouse. Tab / Shift+Tab always move the focus; Up and Down move it too,
unless the focused widget uses them itself (a list). That way every screen is
fully usable without a mouse. Drawing the group also puts every visible
widget into the UI dump (see :meth:`Widget.register`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from nile_desktop.ui import textlog, theme
from nile_desktop.ui.theme import text_of
from nile_desktop.ui.widgets import Widget


class WidgetGroup:
    def __init__(self, widgets: Iterable[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index = -1
        #: Where the mouse last moved, in logical coordinates (for tooltips).
        self.mouse: tuple[int, int] | None = None

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.focus_index = -1

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus_index < len(self.widgets):
            return self.widgets[self.focus_index]
        return None

    def _focusable(self, widget: Widget) -> bool:
        return widget.focusable and widget.enabled and widget.visible

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = False
        if widget is None or widget not in self.widgets:
            self.focus_index = -1
            return
        self.focus_index = self.widgets.index(widget)
        widget.focused = True

    def move_focus(self, step: int) -> None:
        candidates = [i for i, w in enumerate(self.widgets) if self._focusable(w)]
        if not candidates:
            return
        if self.focus_index not in candidates:
            index = candidates[0] if step > 0 else candidates[-1]
        else:
            pos = candidates.index(self.focus_index)
            index = candidates[(pos + step) % len(candidates)]
        self.focus(self.widgets[index])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for w in self.widgets:
                if w.visible and self._focusable(w) and w.rect.collidepoint(event.pos):
                    self.focus(w)
                    break
        if event.type == pygame.KEYDOWN:
            current = self.focused
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and (
                current is None or event.key not in current.uses_keys
            ):
                self.move_focus(-1 if event.key == pygame.K_UP else 1)
                return True
            if current is not None and current.visible:
                return current.handle_event(event)
            return False
        if event.type == pygame.TEXTINPUT:
            current = self.focused
            return current.handle_event(event) if current is not None else False
        used = False
        for w in list(self.widgets):
            if w.visible and w.handle_event(event):
                used = True
                if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    break
        return used

    def update(self, dt: float) -> None:
        for w in self.widgets:
            if w.visible:
                w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible widgets; each registers in the UI dump as it is drawn. The one
        under the mouse shows its tooltip, or the full text of any label it had to cut short."""
        tip = ""
        for index, w in enumerate(self.widgets):
            if not w.visible:
                continue
            with textlog.box(w.rect if w.holds_text else None), textlog.catch_cuts() as cut:
                w.draw(surface)
            w.register(f"{w.role}-{index}")
            for full in cut:
                textlog.offer_full_text(full)
            if self.mouse is not None and w.rect.collidepoint(self.mouse):
                own = getattr(w, "hover_tip", "")  # a list shows only the hovered row's text
                tip = own or "\n".join([t for t in (text_of(w.tooltip), *cut) if t]) or tip
        if tip and self.mouse is not None:
            theme.draw_tooltip(surface, tip, self.mouse)
