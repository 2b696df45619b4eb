"""Widgets drawn in the game's style, usable with the mouse and the keyboard.

Each widget owns a rectangle in its scene's coordinates (the logical 1280x720
layout of a menu, or window pixels in a native scene), reacts to pygame
events already mapped to those coordinates, and draws itself through the
current view (:mod:`nile_desktop.ui.view`), so it is sharp at any window
size. Drawn widgets register in the UI dump (:mod:`nile_desktop.ui.dump`). Labels
are :data:`~nile_desktop.ui.theme.TextSource` values, read at every draw, so
switching the language changes every label at once. Keyboard use: Tab and
the arrow keys move the focus (see :class:`~nile_desktop.ui.group.WidgetGroup`),
Enter or Space presses, Left/Right change toggles, choices and sliders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from nile_desktop.ui import dump, theme, view
from nile_desktop.ui.theme import TextSource, text_of

CLICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Widget:
    """Base: a rectangle that may be hovered, focused, disabled or hidden.

    ``uid`` is the widget's stable key in the UI dump (``"new-game"`` becomes
    ``title.new-game`` on the title screen); without one the group makes a key
    from the role and the widget's place in the group. ``role`` None keeps a
    widget (a label, a panel) out of the dump.
    """

    focusable = True
    #: Whether all the text the widget draws lies inside its rectangle (checked by tests).
    holds_text = True
    #: Arrow keys this widget uses itself (the group then does not move focus with them).
    uses_keys: tuple[int, ...] = ()
    #: What the UI dump calls this kind of element; None: not interactive, not listed.
    role: str | None = None

    def __init__(self, rect: Any, *, enabled: bool = True, tooltip: TextSource = "",
                 uid: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.focused = False
        self.tooltip = tooltip
        self.uid = uid
        #: The text last drawn, when it had to be cut to fit (the dump reports it).
        self.shown: str | None = None

    # -- UI dump -----------------------------------------------------------------------
    def dump_label(self) -> str:
        """The full text the widget shows (before any ellipsis)."""
        return ""

    def dump_data(self) -> dict[str, Any]:
        return {}

    def dump_selected(self) -> bool:
        return False

    def register(self, key: str) -> None:
        """Put this widget (as drawn this frame) into the UI dump under ``uid`` or ``key``."""
        if self.role is None or not dump.active():
            return
        label = self.dump_label()
        shown = self.shown if self.shown is not None and self.shown != label else None
        dump.add(self.uid or key, self.role, label, view.current().px(self.rect),
                 enabled=self.enabled, selected=self.dump_selected(), data=self.dump_data(),
                 shown=shown, focused=self.focused or None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def activate(self) -> None:
        """Keyboard Enter/Space on the focused widget."""

    def hit(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        return pos is not None and self.rect.collidepoint(pos)

    def handle_click(self, event: pygame.event.Event) -> bool:
        """Hover on mouse motion; a left click, or Enter/Space while focused, activates."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event)) or (
            event.type == pygame.KEYDOWN and self.focused and event.key in CLICK_KEYS
        ):
            self.activate()
            return True
        return False


class Label(Widget):
    focusable = False

    def __init__(
        self,
        rect: Any,
        text: TextSource,
        *,
        size: int = theme.SIZE_BODY,
        colour: tuple[int, ...] = theme.INK,
        bold: bool = False,
        align: str = "left",
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.size, self.colour, self.bold, self.align = size, colour, bold, align

    def draw(self, surface: pygame.Surface) -> None:
        self.shown = theme.draw_fitted(surface, text_of(self.text), self.rect, self.size,
                                       self.colour, bold=self.bold, align=self.align)


class Panel(Widget):
    """A papyrus panel with an optional title ribbon; purely decorative."""

    focusable = False
    holds_text = False  # the title ribbon straddles the top edge

    def __init__(self, rect: Any, title: TextSource = "") -> None:
        super().__init__(rect)
        self.title = title

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, self.rect)
        if self.title:
            title = text_of(self.title)
            bar = pygame.Rect(0, 0, theme.title_bar_width(title, min(self.rect.w - 80, 520),
                                                          self.rect.w - 40), 50)
            bar.midtop = (self.rect.centerx, self.rect.top - 22)
            theme.draw_title_bar(surface, bar, title)


class Button(Widget):
    """A lapis button with gold trim; ``on_click`` runs on release over it or on Enter."""

    role = "button"

    def dump_label(self) -> str:
        return text_of(self.label)

    def __init__(
        self,
        rect: Any,
        label: TextSource,
        on_click: Callable[[], None] | None = None,
        *,
        enabled: bool = True,
        size: int = theme.SIZE_BODY,
        primary: bool = False,
        uid: str | None = None,
    ) -> None:
        super().__init__(rect, enabled=enabled, uid=uid)
        self.label = label
        self.on_click = on_click
        self.size = size
        self.primary = primary
        self.pressed = False

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.hit(event):
                self.activate()
                return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key in CLICK_KEYS:
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill = theme.DISABLED
        elif self.pressed:
            fill = theme.LAPIS_DOWN
        elif self.hovered or self.focused:
            fill = theme.LAPIS_HOVER
        else:
            fill = theme.LAPIS
        rect = self.rect.move(0, 2) if self.pressed else self.rect
        shade = rect.move(0, 4)
        view.rect(surface, theme.INK, shade, border_radius=12)
        view.rect(surface, fill, rect, border_radius=12)
        trim = theme.GOLD_LIGHT if (self.hovered or self.focused) and self.enabled else theme.GOLD
        view.rect(surface, trim, rect, width=3 if self.primary else 2, border_radius=12)
        view.rect(surface, theme.INK, rect, width=1, border_radius=12)
        colour = theme.PAPYRUS if self.enabled else theme.DISABLED_FACE
        self.shown = theme.draw_fitted(surface, text_of(self.label), rect.inflate(-16, -4),
                                       self.size, colour, bold=True)
        if self.focused:
            theme.draw_focus_ring(surface, rect)


class Toggle(Widget):
    """A labelled on/off switch."""

    uses_keys = (pygame.K_LEFT, pygame.K_RIGHT)
    role = "toggle"

    def __init__(
        self,
        rect: Any,
        label: TextSource,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        *,
        uid: str | None = None,
    ) -> None:
        super().__init__(rect, uid=uid)
        self.label = label
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def activate(self) -> None:
        self.set(not self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if self.handle_click(event):
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT,
                                                                            pygame.K_RIGHT):
            self.set(event.key == pygame.K_RIGHT)
            return True
        return False

    def dump_label(self) -> str:
        return text_of(self.label)

    def dump_selected(self) -> bool:
        return bool(self.value)

    def dump_data(self) -> dict[str, Any]:
        return {"value": bool(self.value)}

    def switch_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 64, 32)
        r.midright = (self.rect.right - 6, self.rect.centery)
        return r

    def draw(self, surface: pygame.Surface) -> None:
        colour = theme.INK if self.enabled else theme.DISABLED
        label_box = pygame.Rect(self.rect.left + 6, self.rect.top, self.rect.w - 90, self.rect.h)
        self.shown = theme.draw_fitted(surface, text_of(self.label), label_box, colour=colour,
                                       align="left")
        sw = self.switch_rect()
        track = theme.REEDS if self.value else theme.PAPYRUS_SHADOW
        view.rect(surface, track, sw, border_radius=16)
        view.rect(surface, theme.INK, sw, width=2, border_radius=16)
        knob_x = sw.right - 16 if self.value else sw.left + 16
        view.circle(surface, theme.GOLD, (knob_x, sw.centery), 12)
        view.circle(surface, theme.INK, (knob_x, sw.centery), 12, width=2)
        if self.focused or self.hovered:
            theme.draw_focus_ring(surface, self.rect if self.focused else sw, radius=8)


class Slider(Widget):
    """A labelled slider between ``low`` and ``high`` in ``step`` increments."""

    uses_keys = (pygame.K_LEFT, pygame.K_RIGHT)

    def __init__(
        self,
        rect: Any,
        label: TextSource,
        value: float,
        low: float = 0.0,
        high: float = 1.0,
        step: float = 0.1,
        on_change: Callable[[float], None] | None = None,
        fmt: Callable[[float], str] = lambda v: f"{round(v * 100)} %",
        *,
        uid: str | None = None,
    ) -> None:
        super().__init__(rect, uid=uid)
        self.label = label
        self.low, self.high, self.step = low, high, step
        self.value = value
        self.on_change = on_change
        self.fmt = fmt
        self.dragging = False

    role = "slider"

    def dump_label(self) -> str:
        return text_of(self.label)

    def dump_data(self) -> dict[str, Any]:
        return {"value": self.value, "text": self.fmt(self.value), "low": self.low,
                "high": self.high, "step": self.step}

    def track_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.centerx - 20, self.rect.centery - 4, self.rect.w // 2 - 70, 8)

    def set(self, value: float) -> None:
        steps = round((value - self.low) / self.step)
        value = min(self.high, max(self.low, self.low + steps * self.step))
        value = round(value, 6)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def _set_from_x(self, x: int) -> None:
        track = self.track_rect()
        t = (x - track.left) / max(1, track.w)
        self.set(self.low + t * (self.high - self.low))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
            if self.dragging:
                self._set_from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.track_rect().inflate(24, 30).collidepoint(event.pos):
                self.dragging = True
                self._set_from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                sign = 1 if event.key == pygame.K_RIGHT else -1
                self.set(self.value + sign * self.step)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        label_box = pygame.Rect(self.rect.left + 6, self.rect.top, self.rect.w // 2 - 40,
                                self.rect.h)
        self.shown = theme.draw_fitted(surface, text_of(self.label), label_box, align="left")
        track = self.track_rect()
        view.rect(surface, theme.PAPYRUS_SHADOW, track, border_radius=4)
        t = (self.value - self.low) / max(1e-9, self.high - self.low)
        filled = pygame.Rect(track.left, track.top, int(track.w * t), track.h)
        view.rect(surface, theme.NILE_LIGHT, filled, border_radius=4)
        view.rect(surface, theme.INK, track, width=1, border_radius=4)
        knob = (track.left + int(track.w * t), track.centery)
        view.circle(surface, theme.GOLD, knob, 13)
        view.circle(surface, theme.INK, knob, 13, width=2)
        theme.draw_text(surface, self.fmt(self.value), (self.rect.right - 6, self.rect.centery),
                        anchor="midright")
        if self.focused:
            theme.draw_focus_ring(surface, self.rect, radius=8)


class Choice(Widget):
    """A value picked from a few options with ◀ ▶ arrows (click, Left/Right, Enter)."""

    uses_keys = (pygame.K_LEFT, pygame.K_RIGHT)

    def __init__(
        self,
        rect: Any,
        options: Sequence[tuple[Any, TextSource]],
        value: Any,
        on_change: Callable[[Any], None] | None = None,
        *,
        label: TextSource = "",
        size: int = theme.SIZE_BODY,
        uid: str | None = None,
    ) -> None:
        super().__init__(rect, uid=uid)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.label = label
        self.size = size

    role = "choice"

    def value_text(self) -> str:
        return text_of(self.options[self.index][1]) if self.options else ""

    def dump_label(self) -> str:
        """The caption, or the option shown when the choice has no caption."""
        return text_of(self.label) if self.label else self.value_text()

    def dump_data(self) -> dict[str, Any]:
        value = self.value
        if not isinstance(value, (str, int, float, bool)) and value is not None:
            value = list(value) if isinstance(value, tuple) else str(value)
        return {"value": value, "text": self.value_text(),
                "options": [text_of(text) for _value, text in self.options]}

    @property
    def index(self) -> int:
        for i, (value, _text) in enumerate(self.options):
            if value == self.value:
                return i
        return 0

    def shift(self, step: int) -> None:
        value = self.options[(self.index + step) % len(self.options)][0]
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def activate(self) -> None:
        self.shift(1)

    def _box(self) -> pygame.Rect:
        if not self.label:
            return pygame.Rect(self.rect)
        half = self.rect.w // 2
        return pygame.Rect(self.rect.left + half, self.rect.top, self.rect.w - half, self.rect.h)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self._box()
        size = box.h
        return (pygame.Rect(box.left, box.top, size, size),
                pygame.Rect(box.right - size, box.top, size, size))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event):
            left, _right = self._arrows()
            self.shift(-1 if left.collidepoint(event.pos) else 1)
            return True
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self.shift(-1 if event.y > 0 else 1)
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.shift(1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key in CLICK_KEYS:
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.label:
            label_box = pygame.Rect(self.rect.left + 6, self.rect.top, self.rect.w // 2 - 12,
                                    self.rect.h)
            self.shown = theme.draw_fitted(surface, text_of(self.label), label_box, self.size,
                                           align="left")
        box = self._box()
        view.rect(surface, theme.PAPYRUS_LIGHT, box, border_radius=8)
        view.rect(surface, theme.INK_SOFT, box, width=2, border_radius=8)
        left, right = self._arrows()
        for rect, points in ((left, ((0.62, 0.25), (0.32, 0.5), (0.62, 0.75))),
                             (right, ((0.38, 0.25), (0.68, 0.5), (0.38, 0.75)))):
            pts = [(rect.left + px * rect.w, rect.top + py * rect.h) for px, py in points]
            view.polygon(surface, theme.LAPIS if self.enabled else theme.DISABLED, pts)
        text = self.value_text()
        colour = theme.INK if self.enabled else theme.DISABLED
        shown = theme.draw_fitted(surface, text, box.inflate(-2 * box.h, -2), self.size, colour)
        if not self.label:
            self.shown = shown
        if self.focused:
            theme.draw_focus_ring(surface, box, radius=8)
