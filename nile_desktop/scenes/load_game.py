"""Choosing a saved game: every save with its date, players and season.

A save that cannot be used stays in the list, marked as broken with the
reason in the player's language; it cannot be opened, and it is never
changed or deleted here.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from nile_desktop.i18n import _
from nile_desktop.scenes.base import MenuScene
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.ui import Button, ListView, Panel, RichRow, theme

log = logging.getLogger(__name__)


class SaveRow(RichRow):
    """Two lines about one save: when and whether it can be played; who plays."""

    def __init__(self, info: Any) -> None:
        self.info = info

    def label(self) -> str:
        info = self.info
        title = _("Autosave") if info.is_autosave else info.path.stem
        return f"{info.updated.astimezone().strftime('%Y-%m-%d %H:%M')}   {title}"

    def data(self) -> dict[str, Any]:
        return {"path": str(self.info.path), "broken": bool(self.info.broken)}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, selected: bool) -> None:
        info = self.info
        left = rect.left + 18
        when = info.updated.astimezone().strftime("%Y-%m-%d %H:%M")
        title = _("Autosave") if info.is_autosave else info.path.stem
        theme.draw_text(surface, f"{when}   {title}", (left, rect.top + 8), bold=True)
        if info.broken:
            message = info.error.message if info.error is not None else ""
            text = _("Broken: {reason}").format(reason=message)
            colour = theme.ERROR
        else:
            if info.over:
                status = _("Finished")
            else:
                status = _("Season {season} of {seasons}").format(season=info.season,
                                                                  seasons=info.seasons)
            text = f"{status}   ·   {', '.join(info.players)}"
            colour = theme.INK_SOFT
        text = theme.fit_text(text, theme.SIZE_SMALL, rect.w - 40)
        theme.draw_text(surface, text, (left, rect.top + 38), theme.SIZE_SMALL, colour)


class LoadGameScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.infos: list[Any] = []
        self.selected = 0

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        from nile_desktop.saves import list_saves

        try:
            self.infos = list_saves()
        except Exception:
            log.exception("listing the saves failed")
            self.infos = []

    def build(self) -> None:
        panel = pygame.Rect(100, 78, 1080, 612)
        self.group.add(Panel(panel, lambda: _("Load game")))
        self.panel = panel
        self.list = ListView((panel.left + 40, panel.top + 50, panel.w - 80, panel.h - 210),
                             [SaveRow(info) for info in self.infos], row_height=70,
                             on_select=self.select, on_activate=self.open,
                             empty_text=lambda: _("No saved games yet."), uid="saves")
        self.list.selected = min(self.selected, len(self.infos) - 1)
        self.group.add(self.list)
        bottom = panel.bottom - 80
        self.load_button = Button((panel.centerx - 250, bottom, 240, 54), lambda: _("Load"),
                                  lambda: self.open(self.list.selected), primary=True,
                                  uid="load")
        self.group.add(self.load_button)
        self.group.add(Button((panel.centerx + 10, bottom, 240, 54), lambda: _("Back"),
                              self.close, uid="back"))
        self.select(self.list.selected)
        self.group.focus(self.list if self.infos else self.group.widgets[-1])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        index = self.list.selected
        if 0 <= index < len(self.infos) and self.infos[index].broken:
            error = self.infos[index].error
            message = error.message if error is not None else ""
            y = self.list.rect.bottom + 10
            for line in theme.wrap_text(message, theme.SIZE_SMALL, self.list.rect.w)[:2]:
                theme.draw_text(surface, line, (self.list.rect.left, y), theme.SIZE_SMALL,
                                theme.ERROR)
                y += 24

    def select(self, index: int) -> None:
        self.selected = index
        usable = 0 <= index < len(self.infos) and not self.infos[index].broken
        self.load_button.enabled = usable

    def open(self, index: int) -> None:
        if not 0 <= index < len(self.infos):
            return
        info = self.infos[index]
        if info.broken:
            return
        from nile_desktop.saves import SaveError, load_save
        from nile_desktop.scenes.table import TableScene

        try:
            save, state = load_save(info.path)
        except SaveError as err:
            self.stack.push(DialogScene(lambda: _("This game cannot be loaded"),
                                        lambda error=err: error.message))
            return
        self.stack.replace(TableScene(save, state))
