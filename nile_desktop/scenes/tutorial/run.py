"""Opening the tutorial: from the title screen, and ``--tutorial`` on the command line.

:func:`make_table` builds the table for the guided game (resumed from the
progress file, or from the start) with its coach. :class:`TutorialDriver`
serves the command line: ``--autoplay`` lets a scripted person play through
the table's elements with real mouse events, ``--screenshots DIR`` saves
``NN-LESSON.png`` when each lesson appears, and ``--quit-at-end`` exits with
code 0 when the last lesson is done.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from nile_desktop.saves import SaveGame
from nile_desktop.scenes import nav
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.stack import SceneStack
from nile_desktop.scenes.table import TableScene
from nile_desktop.scenes.table.display.coach_view import CoachView
from nile_desktop.scenes.tutorial.autoplay import Planner
from nile_desktop.seats import SeatKind
from nile_desktop.text import screens as words
from nile_desktop.tutorial.coach import Coach
from nile_desktop.tutorial.progress import (
    Progress,
    clear_progress,
    load_progress,
    take_notice,
    tutorial_save,
    write_progress,
)

log = logging.getLogger(__name__)

BOT_NAME = "Imhotep"
#: The person's seat: a name, so the table's sentences ("Ana: …") read well in both languages.
PERSON_NAME = "Ana"


class DrivenApp(Protocol):
    """What the command line's driver needs of the app: its stack and window, a hook after
    each frame is drawn, the frame rate cap and quitting."""

    stack: SceneStack
    window: pygame.Surface | None
    surface: pygame.Surface
    max_fps: int
    #: Called with the app after each frame is drawn.
    after_draw: list[Callable[[Any], None]]

    def quit(self, code: int = 0) -> None: ...


def make_table(resume: bool = True, speed: float | None = None,
               keep: bool = True) -> TableScene:
    """The guided game's table. ``resume`` continues saved progress (if any and
    unfinished); ``keep`` writes progress to the user data folder."""
    progress = load_progress() if resume else None
    if progress is None or progress.finished:
        progress = Progress()
        if keep:
            clear_progress()
    save = tutorial_save([(PERSON_NAME, SeatKind.HUMAN), (BOT_NAME, SeatKind.EASY)],
                         progress.moves)

    def saver(_save: SaveGame) -> bool:
        return write_progress(progress) if keep else True

    def keep_progress(*_table: object) -> None:
        saver(save)

    coach = Coach(progress)
    view = CoachView(coach, on_change=keep_progress, on_leave=keep_progress)
    # Not an autosaved game: the coach writes the progress after every move and lesson, and
    # the table's menu offers a plain "Leave" (the progress stays for "Learn to play").
    return TableScene(save, autosave=False, speed=speed, saver=saver, coach=view)


def open_tutorial(stack: SceneStack, resume: bool = True) -> None:
    """Put the tutorial on ``stack`` in place of the title screen."""
    stack.reset(make_table(resume))
    tell_if_set_aside(stack)


def tell_if_set_aside(stack: SceneStack) -> None:
    """Tell the player, over the table, that an unusable progress file was set aside."""
    notice = take_notice()
    if notice is not None:
        stack.push(DialogScene(words.needs_attention, notice))


class TutorialDriver:
    """Plays (``autoplay``), photographs each lesson and quits at the end, for the CLI."""

    def __init__(self, app: DrivenApp, table: TableScene, *, autoplay: bool,
                 screenshots: Path | None, quit_at_end: bool) -> None:
        self.app = app
        self.table = table
        coach = table.coach.coach if table.coach is not None else None
        assert coach is not None  # the tutorial's table has its lessons from the start
        self.coach: Coach = coach
        self.autoplay = autoplay
        self.folder = screenshots
        self.quit_at_end = quit_at_end
        self.planner = Planner()
        self.pending: list[pygame.event.Event] = []
        self.photographed: set[int] = set()
        self.taken: list[Path] = []
        app.after_draw.append(self.after_draw)

    def after_draw(self, app: DrivenApp) -> None:
        table = self.table
        if table.stack is None:  # the tutorial was left (or finished)
            if self.quit_at_end:
                app.quit(0 if self.coach.finished else 1)
            return
        self._photograph()
        if self.autoplay:
            self._act()

    def _photograph(self) -> None:
        lesson = self.coach.shown
        game = self.table.game
        if (self.folder is None or lesson is None or self.coach.index in self.photographed
                or game.effects_busy() or self.table.drawer.hits.get("coach.panel") is None
                or (lesson.move is not None and not game.composing())):
            return  # a lesson asking for a move is pictured once the person may make it
        self.photographed.add(self.coach.index)
        surface = self.app.window if self.app.window is not None else self.app.surface
        frame = surface.copy()
        self.table.draw_unpointed(frame)  # as a person sees it: no autoplayer's pointer tooltip
        path = self.folder / f"{self.coach.index + 1:02d}-{lesson.id}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(frame, str(path))
        self.taken.append(path)
        log.info("screenshot %s", path)

    def _act(self) -> None:
        if self.pending:
            pygame.event.post(self.pending.pop(0))
            return
        element = self.planner.next_click(self.table)
        if element is None:
            return
        x, y, w, h = element.rect
        pos = (x + w // 2, y + h // 2)
        self.pending = [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
        pygame.event.post(self.pending.pop(0))


def start_tutorial(app: DrivenApp, args: argparse.Namespace) -> TutorialDriver:
    """``--tutorial``: the guided game, resumed unless ``--autoplay`` (which starts afresh
    and keeps no progress)."""
    autoplay = bool(getattr(args, "autoplay", False))
    speed = getattr(args, "speed", None)
    table = make_table(resume=not autoplay, speed=speed if autoplay else None,
                       keep=not autoplay)
    app.stack.push(nav.make("title"))
    app.stack.push(table)
    tell_if_set_aside(app.stack)
    if autoplay and (speed or 1.0) >= 8:
        app.max_fps = 0
    folder = Path(args.screenshots) if getattr(args, "screenshots", None) else None
    return TutorialDriver(app, table, autoplay=autoplay, screenshots=folder,
                          quit_at_end=bool(getattr(args, "quit_at_end", False)))
