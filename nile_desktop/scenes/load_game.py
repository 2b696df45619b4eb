"""Choosing a saved game: every save with its date, players, bots and season.

Each game has its own save, listed newest first with when it was last
played (in the player's language and date format), who plays (and which
seats are bots), the season or, for a finished game, the result. A game
can be deleted (after a confirmation), exported to a file anywhere, and a
shared file imported through the in-game file chooser. A finished game can
be reviewed (the review screen, decision by decision).

A save that cannot be used stays in the list, marked as broken with the
reason in the player's language, naming the file; it cannot be opened and
it is never changed here. "Delete" on a broken file only renames it
``<name>.bad`` so it leaves the list; nothing is deleted.

A game another running copy of the game is playing is marked so, and
opening it asks first (both copies would write it after every move). An
export never replaces a file without asking, and never one of the game's
own files.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from nile_desktop.engine import State
from nile_desktop.engine.seat_kinds import SeatKind
from nile_desktop.formats import format_datetime
from nile_desktop.saves import (
    SaveError,
    SaveGame,
    load_save,
    log_opened,
    sharing,
    without_surrogates,
)
from nile_desktop.saves import in_play as save_locks
from nile_desktop.saves import library as save_library
from nile_desktop.saves.errors import os_reason
from nile_desktop.saves.library import SaveInfo
from nile_desktop.scenes import nav, net_resume
from nile_desktop.scenes.base import MenuScene
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.stack import Scene, SceneStack
from nile_desktop.text import load_game as words
from nile_desktop.text import panels, screens
from nile_desktop.text.table import seat_kind_label
from nile_desktop.ui import Button, ListView, Panel, RichRow, theme
from nile_desktop.ui.theme import TextSource

log = logging.getLogger(__name__)


def kind_label(kind: str) -> str:
    """"Hard bot", "Person"… in the current language."""
    return seat_kind_label(kind)


def players_text(info: SaveInfo) -> str:
    """"Ana, Imhotep (Hard bot), Tiye (Easy bot)": every seat, bots marked with their level."""
    parts = []
    for index, name in enumerate(info.names):
        kind = info.kinds[index] if index < len(info.kinds) else SeatKind.HUMAN
        parts.append(name if kind == SeatKind.HUMAN else f"{name} ({kind_label(kind)})")
    return ", ".join(parts)


def status_text(info: SaveInfo) -> str:
    """"Season 2 of 3", or the result of a finished game; "with take-backs" if it had any."""
    text = _result_text(info)
    if info.takebacks:
        text = words.with_takebacks(text)
    return text


def _result_text(info: SaveInfo) -> str:
    if not info.over:
        return panels.season_of(info.season, info.seasons)
    if not info.ranking:
        return words.finished()
    return words.won_by([info.names[s] for s in info.ranking[0] if 0 <= s < len(info.players)])


def ask_if_in_use(stack: SceneStack, path: Path, go: Callable[[Path], None]) -> None:
    """Call ``go(path)``, first asking the player if another copy of the game plays it."""
    if save_locks.owner(path) is None:
        go(path)
        return
    stack.push(DialogScene(
        words.in_use_title, lambda: words.in_use(without_surrogates(path.name)),
        [(words.continue_here, lambda: go(path)), (screens.not_now, None)]))


class SaveRow(RichRow):
    """Two lines about one save: when, and the season or result; who plays."""

    def __init__(self, info: SaveInfo) -> None:
        self.info = info

    def label(self) -> str:
        info = self.info
        title = words.autosave() if info.is_autosave else info.path.stem
        return f"{info.updated.astimezone().strftime('%Y-%m-%d %H:%M')}   {title}"

    def data(self) -> dict[str, Any]:
        return {"path": str(self.info.path), "broken": bool(self.info.broken)}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, selected: bool) -> None:
        info = self.info
        left = rect.left + 18
        when = format_datetime(info.updated)
        if info.broken:
            first = f"{when}   ·   {without_surrogates(info.path.name)}"
            message = info.error.message if info.error is not None else ""
            second, colour = words.broken(message), theme.ERROR
        else:
            first = f"{when}   ·   {status_text(info)}"
            if info.in_use is not None:
                first = f"{first}   ·   {words.open_elsewhere()}"
            second, colour = players_text(info), theme.INK_SOFT
        width = rect.w - 40
        theme.draw_text(surface, theme.fit_text(first, theme.SIZE_BODY, width),
                        (left, rect.top + 8), bold=True)
        theme.draw_text(surface, theme.fit_text(second, theme.SIZE_SMALL, width),
                        (left, rect.top + 38), theme.SIZE_SMALL, colour)


class LoadGameScene(MenuScene):
    """The list of saves. A folder larger than :data:`FIRST_PAGE` shows its newest files at
    once and the whole list when the background listing is done."""

    FIRST_PAGE = 40

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[SaveInfo] = []
        self.selected = 0
        self.notice = ""
        self.listing: save_library.Listing | None = None

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        try:
            self.infos, whole = save_library.first_page(self.FIRST_PAGE)
            if whole:
                self.infos = save_library.list_saves()
            else:
                self.listing = save_library.Listing()
        except Exception:
            log.exception("listing the saves failed")
            self.infos = []

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.listing is not None and self.listing.done:
            self.take_listing()

    def take_listing(self, timeout: float | None = None) -> None:
        """Show the whole list (waiting up to ``timeout`` for it), keeping the selected save."""
        if self.listing is None:
            return
        infos = self.listing.wait(timeout)
        if infos is None:
            return
        self.listing = None
        chosen = self.current()
        self.infos = infos
        paths = [info.path for info in infos]
        self.selected = paths.index(chosen.path) if chosen and chosen.path in paths else 0
        self.relayout()

    def build(self) -> None:
        panel = pygame.Rect(100, 78, 1080, 612)
        self.group.add(Panel(panel, screens.load_game))
        self.panel = panel
        self.list = ListView((panel.left + 40, panel.top + 50, panel.w - 80, panel.h - 210),
                             [SaveRow(info) for info in self.infos], row_height=70,
                             on_select=self.select, on_activate=self.open,
                             empty_text=words.no_saves, uid="saves")
        self.list.selected = min(self.selected, len(self.infos) - 1)
        self.group.add(self.list)
        bottom, width, gap = panel.bottom - 80, 160, 12
        left = panel.centerx - (6 * width + 5 * gap) // 2
        actions = [
            ("load", words.load, lambda: self.open(self.list.selected), True),
            ("review", screens.review, self.review, False),
            ("delete", screens.delete, self.ask_delete, False),
            ("export", words.export, self.ask_export, False),
            ("import", words.import_game, self.ask_import, False),
            ("back", screens.back, self.close, False),
        ]
        self.buttons = []
        for i, (uid, label, action, primary) in enumerate(actions):
            button = Button((left + i * (width + gap), bottom, width, 54), label, action,
                            primary=primary, uid=uid)
            self.buttons.append(self.group.add(button))
        self.load_button, self.review_button, self.delete_button, self.export_button = \
            self.buttons[:4]
        self.select(self.list.selected)
        self.group.focus(self.list if self.infos else self.buttons[4])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        index = self.list.selected
        message, colour = self.notice, theme.INK_SOFT
        if 0 <= index < len(self.infos) and self.infos[index].broken:
            error = self.infos[index].error
            message, colour = (error.message if error is not None else ""), theme.ERROR
        y = self.list.rect.bottom + 10
        for line in theme.wrap_text(message, theme.SIZE_SMALL, self.list.rect.w)[:2]:
            theme.draw_text(surface, line, (self.list.rect.left, y), theme.SIZE_SMALL, colour)
            y += 24

    def current(self) -> SaveInfo | None:
        index = self.list.selected
        return self.infos[index] if 0 <= index < len(self.infos) else None

    def select(self, index: int) -> None:
        self.selected = index
        info = self.infos[index] if 0 <= index < len(self.infos) else None
        self.load_button.enabled = info is not None and not info.broken
        self.export_button.enabled = info is not None and not info.broken
        self.delete_button.enabled = info is not None
        self.review_button.enabled = info is not None and not info.broken and bool(info.over)

    # -- opening -----------------------------------------------------------------------
    def open(self, index: int) -> None:
        if not 0 <= index < len(self.infos):
            return
        info = self.infos[index]
        if not info.broken:
            ask_if_in_use(self.on_stack, info.path, self._open_path)

    def _open_path(self, path: Path) -> None:
        try:
            save, state = load_save(path)
        except SaveError as err:
            self.show_error(words.cannot_load, err)
            return
        log_opened(save, "load")
        self.start(save, state)

    def start(self, save: SaveGame, state: State) -> None:
        if save.path is not None:
            save_locks.claim(save.path)  # another copy of the game now sees it is played
        record = net_resume.network_record(save, state)
        if record is not None:  # a game over the network: hosted again, the others rejoin
            net_resume.reopen(self, save, state, record, push=False)
            return
        nav.replace(self.on_stack, "table", save=save, state=state)

    def show_error(self, title: TextSource, err: SaveError) -> None:
        self.show(DialogScene(title, lambda: err.message))

    def show(self, scene: Scene) -> None:
        """Put ``scene`` over this one (a dialog, a question)."""
        if self.stack is not None:
            self.stack.push(scene)

    def review(self) -> None:
        """The review of the selected finished game (it is read, not played: no claim)."""
        info = self.current()
        if info is None or info.broken or not info.over:
            return
        try:
            save, _state = load_save(info.path)
        except SaveError as err:
            self.show_error(words.cannot_load, err)
            return
        nav.push(self.on_stack, "review", save=save)

    # -- deleting ----------------------------------------------------------------------
    def ask_delete(self) -> None:
        info = self.current()
        if info is None:
            return
        name = without_surrogates(info.path.name)
        if info.broken:
            message = lambda: words.delete_broken(name)  # noqa: E731
        else:
            message = lambda: words.delete_game(name, players_text(info))  # noqa: E731
        self.show(DialogScene(words.delete_title, message,
                                    [(screens.delete, lambda: self.delete(info.path)),
                                     (screens.keep_it, None)]))

    def delete(self, path: Path) -> None:
        try:
            save_library.delete_save(path)
        except OSError as exc:
            log.warning("could not delete %s: %s", path, exc)
            failure = exc  # kept past the except clause, for the message told when shown
            self.show(DialogScene(words.not_deleted,
                                  lambda: words.not_removed(path.name, os_reason(failure))))
            return
        self.refresh()
        self.relayout()

    # -- sharing -----------------------------------------------------------------------
    def ask_export(self) -> None:
        info = self.current()
        if info is None or info.broken:
            return
        nav.push(self.on_stack, "file-chooser", title=words.export_to,
                 folder=Path.home(), on_chosen=lambda target: self.export(info.path, target),
                 saving=True, file_name=f"nile-{info.path.stem}.json")

    def export(self, source: Path, target: Path, replace: bool = False) -> None:
        """Export to ``target``; a file already there is replaced only if the player says so
        (or the game is written beside it under a free name)."""
        try:
            sharing.export_save(source, target, replace=replace)
        except SaveError as err:
            if err.code == "exists" and not replace:
                self.ask_replace(source, target)
                return
            self.show_error(words.not_exported, err)
            return
        self.notice = words.exported(without_surrogates(str(target)))

    def ask_replace(self, source: Path, target: Path) -> None:
        free = sharing.free_name(target)
        name, other = without_surrogates(target.name), without_surrogates(free.name)
        self.show(DialogScene(
            screens.replace_file_title, lambda: words.replace_with_game(name, other),
            [(screens.replace, lambda: self.export(source, target, replace=True)),
             (words.save_beside, lambda: self.export(source, free)),
             (screens.cancel, None)]))

    def ask_import(self) -> None:
        nav.push(self.on_stack, "file-chooser", title=words.import_title,
                 folder=Path.home(), on_chosen=self.import_file)

    def import_file(self, source: Path) -> None:
        try:
            save, state = sharing.import_save(source)
        except SaveError as err:
            self.show_error(words.cannot_import, err)
            return
        log_opened(save, f"import {source}")
        self.start(save, state)
