"""Small dialogs over the current scene: a message, or a question with choices.

They are transparent scenes: the screen below stays visible, dimmed, so the
player keeps their bearings. Escape picks the last choice (the safe one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from nile_desktop.scenes.base import MenuScene, centred
from nile_desktop.text import screens as words
from nile_desktop.ui import Button, Panel, theme
from nile_desktop.ui.theme import TextSource, text_of

Choice = tuple[TextSource, Callable[[], None] | None]


class DialogScene(MenuScene):
    """A panel with a title, a wrapped message and one button per choice."""

    opaque = False

    def __init__(self, title: TextSource, message: TextSource,
                 choices: Sequence[Choice] = ()) -> None:
        super().__init__()
        self.title = title
        self.message = message
        self.choices: list[Choice] = list(choices) or [(words.ok, None)]

    def _lines(self) -> list[str]:
        return theme.wrap_text(text_of(self.message), theme.SIZE_BODY, 600)

    def build(self) -> None:
        lines = self._lines()
        height = 170 + len(lines) * 30
        self.panel_rect = centred(680, height)
        self.group.add(Panel(self.panel_rect, self.title))
        n = len(self.choices)
        width = min(260, (620 - (n - 1) * 16) // n)
        left = self.panel_rect.centerx - (n * width + (n - 1) * 16) // 2
        for i, (label, _action) in enumerate(self.choices):
            rect = pygame.Rect(left + i * (width + 16), self.panel_rect.bottom - 76, width, 50)
            self.group.add(Button(rect, label, partial(self.choose, i), primary=i == 0,
                                  uid=f"choice-{i + 1}"))
        self.group.move_focus(1)

    def choose(self, index: int) -> None:
        action = self.choices[index][1]
        self.close()
        if action is not None:
            action()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose(len(self.choices) - 1)
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        self.group.draw(surface)
        y = self.panel_rect.top + 48
        for line in self._lines():
            theme.draw_text(surface, line, (self.panel_rect.centerx, y), anchor="midtop")
            y += 30
