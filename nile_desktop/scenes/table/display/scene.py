"""The game table scene: the composition root of the table's parts.

It builds the parts and wires them, and owns no rule and no game logic:

- :class:`~nile_desktop.scenes.table.logic.game.TableGame` plays the game (the
  session, the turn flow, the draft, the board and its effects, the bots);
- :class:`~nile_desktop.scenes.table.display.table_input.TableInput` turns mouse and
  keyboard into the game's commands;
- :class:`~nile_desktop.scenes.table.display.frame.TableDrawer` draws each frame from
  the game's :class:`~nile_desktop.scenes.table.logic.view.TableView`;
- the coach (lessons or hints) acts through the same commands.

The scene is the game's host: settings, sound and the other screens.
The table draws at the window's real size (``native``): it lays itself out
again whenever the window changes size. Whoever watches the table (tests,
the demo, menus, the tutorial) reads its parts: ``game`` (and through it the
session, the flow, the board, the effects; ``game.listeners`` are called with
the events of each move), ``drawer`` (the last frame's elements and picture)
and ``input``.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from nile_desktop.engine import State
from nile_desktop.saves import SaveGame
from nile_desktop.scenes import nav
from nile_desktop.scenes.stack import Scene
from nile_desktop.scenes.table.display.backdrop import Backdrop
from nile_desktop.scenes.table.display.coach_view import CoachView, hints_for
from nile_desktop.scenes.table.display.frame import TableDrawer
from nile_desktop.scenes.table.display.logview import LogView
from nile_desktop.scenes.table.display.table_input import TableInput
from nile_desktop.scenes.table.logic.effects import FIRST_SIZE
from nile_desktop.scenes.table.logic.game import TableGame
from nile_desktop.scenes.table.logic.session import Saver
from nile_desktop.scenes.table.logic.view import Pointer, TableView
from nile_desktop.settings import Settings


class TableScene(Scene):
    escape_pops = False
    native = True
    music = "table"

    def __init__(self, save: SaveGame, state: State | None = None, *, autosave: bool = True,
                 speed: float | None = None, saver: Saver | None = None,
                 coach: CoachView | None = None) -> None:
        super().__init__()
        self.logview = LogView()
        self.drawer = TableDrawer(self.logview, Backdrop())
        self.game = self._make_game(save, state, autosave=autosave, saver=saver, speed=speed)
        self.input = self._make_input()
        #: The tutorial's lessons or a normal game's hints, or None.
        self.coach: CoachView | None = None
        if coach is not None:
            self._attach(coach)

    def _make_game(self, save: SaveGame, state: State | None, *, autosave: bool,
                   saver: Saver | None, speed: float | None) -> TableGame:
        return TableGame(save, state, self, self.drawer, autosave=autosave, saver=saver,
                         speed=speed)

    def _make_input(self) -> TableInput:
        return TableInput(self.game, self.logview, lambda: self.drawer.hits, self._coach_press,
                          mute=self.toggle_mute)

    def _attach(self, coach: CoachView) -> None:
        self.coach = self.game.coach = self.drawer.coach = coach
        coach.attach(self.game, self.game.listeners, self.game.stage.landed)

    def _coach_press(self, bid: str) -> None:
        if self.coach is not None:
            self.coach.press(bid)

    # -- the host of the game ------------------------------------------------------------------
    def prefs(self) -> Settings:
        return self.app.settings if self.app is not None else Settings()

    def play_sound(self, name: str, pan: float | None = None, duck: bool = False) -> None:
        if self.app is not None:
            self.app.play(name, pan, duck)

    def toggle_mute(self) -> None:
        if self.app is not None:
            self.app.toggle_mute()

    def navigate(self, route: nav.Route, *, push: bool = True, **options: object) -> None:
        if push:
            nav.push(self.on_stack, route, table=self, **options)
        else:
            nav.go(self.on_stack, route, **options)

    def rematch(self) -> None:
        nav.rematch(self.on_stack, self.game.session.save)

    def _save_settings(self) -> None:
        if self.app is not None:
            self.app.save_settings()

    # -- the UI dump ------------------------------------------------------------------------------
    def dump_info(self) -> dict[str, object]:
        s, flow = self.game.session, self.game.flow
        return {"turn": None if s.over else s.active,
                "turn_name": None if s.over else s.names[s.active],
                "phase": flow.phase, "revealed": flow.revealed,
                "season": s.state.season, "seasons": s.state.seasons, "over": s.over,
                "effects": self.game.stage.busy}

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.coach is None:  # a normal game: one-time hints, while the player wants them
            hints = hints_for(self.game.session, self.prefs(), self._save_settings)
            if hints is not None:
                self._attach(hints)
        self.game.start()

    def exit(self) -> None:
        self.game.close()

    def relayout(self) -> None:
        self.drawer.relayout()

    def update(self, dt: float) -> None:
        self.game.update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.drawer.relayout()
        if self.coach is not None and self.coach.handle_event(event, self.drawer.hits):
            return True
        return self.input.handle(event)

    def frame_view(self, size: tuple[int, int] | None = None,
                   pointer: Pointer | None = None) -> TableView:
        """The view a frame of ``size`` (by default the last one's) draws now, with the
        input's pointer (or ``pointer``)."""
        if size is None:
            size = self.drawer.layout.size if self.drawer.layout is not None else FIRST_SIZE
        session = self.game.session
        layout = self.drawer.layout_for(size, session.players, session.state.monuments_on)
        # the lesson panel lies over the top of the log: the log draws below it
        self.logview.cover = self.coach.log_cover(layout) if self.coach is not None else 0
        return self.game.view(layout, self.input.pointer() if pointer is None else pointer)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.frame_view(surface.get_size())
        self.drawer.draw(view, surface, on_hits=self.input.after_draw)

    def draw_unpointed(self, surface: pygame.Surface) -> None:
        """The frame as a person sees it with the mouse off the table (nothing hovered, no
        tooltip): for screenshots taken while a scripted player points."""
        pointer = replace(self.input.pointer(), hover=None, mouse=(-1000, -1000))
        view = self.frame_view(surface.get_size(), pointer)
        self.drawer.draw(view, surface, on_hits=self.input.after_draw)
