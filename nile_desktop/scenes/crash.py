"""The crash screen: shown instead of a vanished window when something breaks.

It says what happened in plain words, where the log file with the details
is, and that the game in progress is safe (it was saved after the last move,
before the error). From here the player can go back to the title screen,
where Continue resumes that game, or quit.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from nile_desktop.logs import format_crash
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene, centred
from nile_desktop.text import screens as words
from nile_desktop.ui import Button, Panel, theme


class CrashScene(MenuScene):
    escape_pops = False

    def __init__(self, error: BaseException | None = None, log_path: Path | None = None) -> None:
        super().__init__()
        self.error = error
        self.log_path = log_path
        self.summary = self._summary(error)

    @staticmethod
    def _summary(error: BaseException | None) -> str:
        if error is None:
            return ""
        try:
            text = format_crash(error)
        except Exception:
            text = f"{type(error).__name__}: {error}"
        lines = [line for line in str(text).strip().splitlines() if line.strip()]
        return lines[-1].strip() if lines else type(error).__name__

    def build(self) -> None:
        self.panel_rect = centred(860, 470)
        self.group.add(Panel(self.panel_rect, words.went_wrong))
        bottom = self.panel_rect.bottom - 80
        self.group.add(Button((self.panel_rect.centerx - 290, bottom, 280, 52),
                              words.back_to_title, self.back, primary=True,
                              uid="title"))
        self.group.add(Button((self.panel_rect.centerx + 10, bottom, 280, 52),
                              words.quit_game, self.quit, uid="quit"))
        self.group.move_focus(1)

    def back(self) -> None:
        if self.app is not None:
            self.app.recover(nav.make("title"))
        elif self.stack is not None:
            nav.go(self.stack, "title")

    def quit(self) -> None:
        if self.app is not None:
            self.app.quit(1)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.NIGHT)
        self.group.draw(surface)
        rect = self.panel_rect
        y = rect.top + 50
        for text in words.crash_explained():
            for line in theme.wrap_text(text, theme.SIZE_BODY, rect.w - 80):
                theme.draw_text(surface, line, (rect.left + 40, y))
                y += 30
            y += 10
        theme.draw_text(surface, words.bug_report_file(),
                        (rect.left + 40, y), bold=True)
        y += 32
        path = str(self.log_path) if self.log_path else words.no_log_file()
        for line in _wrap_path(path, rect.w - 80):
            theme.draw_text(surface, line, (rect.left + 40, y), theme.SIZE_SMALL, theme.LAPIS)
            y += 24
        if self.summary:
            y += 8
            room = pygame.Rect(rect.left + 40, y, rect.w - 80, rect.bottom - 90 - y)
            theme.draw_fitted(surface, self.summary, room, theme.SIZE_SMALL, theme.ERROR,
                              align="left", min_size=theme.SIZE_SMALL, top_aligned=True)


def _wrap_path(path: str, width: int) -> list[str]:
    """Break a long path anywhere (it has no spaces) so all of it is readable."""
    lines, line = [], ""
    for ch in path:
        if theme.text_width(line + ch, theme.SIZE_SMALL) > width and line:
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line]
