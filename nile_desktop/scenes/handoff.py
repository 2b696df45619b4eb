"""Pass-and-play: the table is hidden until the next person is at the screen.

With several people at one computer, each hand is secret. Between their
turns this screen covers everything; the hand appears only when the named
player presses the button (or Enter).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from nile_desktop.i18n import _
from nile_desktop.scenes.base import MenuScene, centred
from nile_desktop.ui import Button, Panel, theme


class HandoffScene(MenuScene):
    escape_pops = False

    def __init__(self, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__()
        self.name = name
        self.on_ready = on_ready

    def build(self) -> None:
        self.panel_rect = centred(640, 300)
        self.group.add(Panel(self.panel_rect, lambda: _("Pass the computer")))
        button = pygame.Rect(0, 0, 360, 56)
        button.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - 36)
        self.group.add(Button(button, lambda: _("It is me: show my cards"), self.ready,
                              primary=True, uid="ready"))
        self.group.move_focus(1)

    def ready(self) -> None:
        self.close()
        self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.group.draw(surface)
        panel = self.panel_rect
        theme.draw_fitted(surface, _("It is the turn of {name}.").format(name=self.name),
                          pygame.Rect(panel.left + 30, panel.top + 40, panel.w - 60, 80),
                          theme.SIZE_HEADING, bold=True, min_size=theme.SIZE_BODY)
        theme.draw_fitted(surface, _("Everyone else, please look away."),
                          pygame.Rect(panel.left + 30, panel.top + 124, panel.w - 60, 60))
