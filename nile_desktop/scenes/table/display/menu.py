"""The table's menus: the in-game menu (Escape) and the full list of legal moves.

Both are shown over the table and leave it as it was when they close. The
move list is the keyboard's and the cautious player's way to any legal
move; it sorts moves by their text in the player's language, and plays a
move only from its button (never from a double-click).
"""

from __future__ import annotations

import functools
import locale
from typing import TYPE_CHECKING

import pygame

from nile_desktop.engine import Move
from nile_desktop.saves import save_and_leave
from nile_desktop.saves.library import delete_save
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene, centred
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.text import screens
from nile_desktop.text import table_screens as words
from nile_desktop.text.table import describe_move
from nile_desktop.ui import Button, ListView, Panel, theme

if TYPE_CHECKING:  # for the type only: the scene imports the routes that open these menus
    from nile_desktop.scenes.table.display.scene import TableScene

#: At most this many moves are listed (a freak position can have millions).
MAX_LISTED = 5000
ACTION_ORDER = {"plant": 0, "speculate": 1, "market": 2, "offer": 3, "pass": 4}


class TableMenuScene(MenuScene):
    """Resume, Rules, Settings, Save and leave, Leave; and Replay once the game is over."""

    opaque = False

    def __init__(self, table: TableScene) -> None:
        super().__init__()
        self.table = table

    def build(self) -> None:
        entries = [
            ("resume", words.resume, self.close, True),
            ("rules", screens.rules, lambda: self.show("rules"), False),
            ("settings", screens.settings, lambda: self.show("settings"), False),
            ("save-leave", words.save_and_leave, self.save_and_leave, False),
            ("leave", words.leave_without_keeping, self.leave, False),
        ]
        if not self.table.game.session.autosave_on:
            entries[3] = ("leave", words.leave, self.to_title, False)
            entries.pop()
        if self.table.game.session.over:  # a finished game can be watched again, move by move
            entries.insert(1, ("replay", words.replay, self.replay, False))
        panel = centred(460, 90 + 74 * len(entries))
        self.group.add(Panel(panel, screens.menu))
        for i, (uid, label, action, primary) in enumerate(entries):
            rect = pygame.Rect(0, 0, 340, 54)
            rect.midtop = (panel.centerx, panel.top + 56 + i * 74)
            self.group.add(Button(rect, label, action, primary=primary, uid=uid))
        self.group.move_focus(1)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        self.group.draw(surface)

    def show(self, route: nav.Route) -> None:
        """Open ``route`` over the menu (the rules, the settings); Back returns to it."""
        nav.push(self.on_stack, route)

    def replay(self) -> None:
        """The finished game on the table again; Back returns to its results."""
        stack = self.on_stack
        self.close()
        nav.push(stack, "replay", save=self.table.game.session.save, at=None)

    def save_and_leave(self) -> None:
        if save_and_leave(self.table.game.session.save, self.table.game.session.state):
            self.to_title()
            return
        assert self.stack is not None  # a button of this scene was pressed: it is on a stack
        self.stack.push(DialogScene(
            words.not_saved, words.not_saved_kept,
            [(words.leave, self.to_title), (words.keep_playing, None)]))

    def leave(self) -> None:
        assert self.stack is not None  # a button of this scene was pressed: it is on a stack
        self.stack.push(DialogScene(
            words.leave_without_keeping_title, words.will_be_deleted,
            [(words.delete_and_leave, self._discard), (words.keep_playing, None)]))

    def _discard(self) -> None:
        path = self.table.game.session.save.path
        if path:
            try:
                delete_save(path)
            except OSError:
                pass  # the file stays; the title screen lists it as before
        self.to_title()

    def to_title(self) -> None:
        nav.go(self.on_stack, "title")


def _sort_key(text: str) -> str:
    try:
        return locale.strxfrm(text.casefold())
    except (OSError, ValueError):
        return text.casefold()


class MoveListScene(MenuScene):
    """Every legal move as a sentence; pick one and press Play."""

    opaque = False

    def __init__(self, table: TableScene) -> None:
        super().__init__()
        self.table = table
        self.moves: list[Move] = []

    def build(self) -> None:
        panel = centred(900, 620)
        self.group.add(Panel(panel, words.all_legal_moves))
        legal = self.table.game.session.legal_moves()
        # a position with very many plantings is listed in part (the buttons reach all)
        texts = [(describe_move(legal[i]), legal[i]) for i in range(min(len(legal), MAX_LISTED))]
        texts.sort(key=functools.cmp_to_key(_compare))
        self.moves = [m for _t, m in texts]
        rect = pygame.Rect(panel.left + 30, panel.top + 50, panel.w - 60, panel.h - 150)
        self.list = ListView(rect, [t for t, _m in texts], row_height=34,
                             text_size=theme.SIZE_SMALL, uid="moves")
        self.group.add(self.list)
        play = pygame.Rect(0, 0, 260, 50)
        play.bottomright = (panel.centerx - 10, panel.bottom - 26)
        self.group.add(Button(play, words.play_this_move, self.play, primary=True,
                              uid="play"))
        back = pygame.Rect(0, 0, 260, 50)
        back.bottomleft = (panel.centerx + 10, panel.bottom - 26)
        self.group.add(Button(back, screens.back, self.close, uid="back"))
        self.group.focus(self.list)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        self.group.draw(surface)

    def play(self) -> None:
        index = self.list.selected
        if 0 <= index < len(self.moves) and self.table.game.composing():
            move = self.moves[index]
            self.close()
            self.table.game.play(move)


def _compare(a: tuple[str, Move], b: tuple[str, Move]) -> int:
    oa = ACTION_ORDER.get(str(a[1]).split()[0], 9)
    ob = ACTION_ORDER.get(str(b[1]).split()[0], 9)
    if oa != ob:
        return oa - ob
    ka, kb = _sort_key(a[0]), _sort_key(b[0])
    return (ka > kb) - (ka < kb)
