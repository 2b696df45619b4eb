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
again whenever the window changes size. Other code may watch the game:
``listeners`` are called with the events of each move.
"""

from __future__ import annotations

from typing import Any

import pygame

from nile_desktop.scenes import nav
from nile_desktop.scenes.bots import BotRunner
from nile_desktop.scenes.stack import Scene
from nile_desktop.scenes.table.display.backdrop import Backdrop
from nile_desktop.scenes.table.display.coach_view import CoachView, hints_for
from nile_desktop.scenes.table.display.frame import TableDrawer
from nile_desktop.scenes.table.display.logview import LogView
from nile_desktop.scenes.table.display.paint import Hits
from nile_desktop.scenes.table.display.picture import Picture
from nile_desktop.scenes.table.display.table_input import TableInput
from nile_desktop.scenes.table.logic.board import Board
from nile_desktop.scenes.table.logic.commands import Listener
from nile_desktop.scenes.table.logic.draft import MoveDraft
from nile_desktop.scenes.table.logic.effects import FIRST_SIZE, Stage
from nile_desktop.scenes.table.logic.flow import TurnFlow
from nile_desktop.scenes.table.logic.game import TableGame
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.session import GameSession, Saver
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.settings import Settings


class TableScene(Scene):
    escape_pops = False
    native = True

    def __init__(self, save: Any, state: Any = None, *, autosave: bool = True,
                 speed: float | None = None, saver: Saver | None = None,
                 coach: CoachView | None = None) -> None:
        super().__init__()
        self.logview = LogView()
        self.drawer = TableDrawer(self.logview, Backdrop())
        self.game = self._make_game(save, state, autosave=autosave, saver=saver, speed=speed)
        self.input = self._make_input()
        # the parts that stay the same for the whole game, for those who watch the table
        self.session: GameSession = self.game.session
        self.save = save
        self.flow: TurnFlow = self.game.flow
        self.board: Board = self.game.board
        self.stage: Stage = self.game.stage
        self.listeners: list[Listener] = self.game.listeners
        self.picture: Picture = self.drawer.picture
        self.runner: BotRunner = self.game.runner
        #: The tutorial's lessons or a normal game's hints, or None.
        self.coach: CoachView | None = None
        if coach is not None:
            self._attach(coach)

    def _make_game(self, save: Any, state: Any, *, autosave: bool, saver: Saver | None,
                   speed: float | None) -> TableGame:
        return TableGame(save, state, self, self.drawer, autosave=autosave, saver=saver,
                         speed=speed)

    def _make_input(self) -> TableInput:
        return TableInput(self.game, self.logview, lambda: self.drawer.hits, self._coach_press)

    def _attach(self, coach: CoachView) -> None:
        self.coach = self.game.coach = self.drawer.coach = coach
        coach.attach(self.game, self.game.listeners)

    def _coach_press(self, bid: str) -> None:
        if self.coach is not None:
            self.coach.press(bid)

    # -- the host of the game ------------------------------------------------------------------
    def prefs(self) -> Settings:
        return self.app.settings if self.app is not None else Settings()

    def play_sound(self, name: str) -> None:
        if self.app is not None:
            self.app.play(name)

    def navigate(self, route: str, *, push: bool = True, **options: Any) -> None:
        if push:
            nav.push(self.stack, route, table=self, **options)
        else:
            nav.go(self.stack, route, **options)

    def rematch(self) -> None:
        nav.rematch(self.stack, self.game.session.save)

    def _save_settings(self) -> None:
        if self.app is not None:
            self.app.save_settings()

    # -- the parts, for those who watch the table (tests, the demo, menus, the tutorial) ---------
    @property
    def draft(self) -> MoveDraft:
        return self.game.draft

    @property
    def hits(self) -> Hits:
        return self.drawer.hits

    @property
    def cards_drawn(self) -> int:
        return self.drawer.cards_drawn

    @property
    def private_faces(self) -> list[int]:
        return self.drawer.private_faces

    @property
    def guard(self) -> float:
        return self.game.guard

    @property
    def message(self) -> Any:
        return self.game.message

    @property
    def layout(self) -> TableLayout | None:
        return self.drawer.layout

    @property
    def reveal(self) -> float:
        """How far the final storage has been turned over (0 → 1, the end effect)."""
        return self.game.stage.reveal

    @reveal.setter
    def reveal(self, value: float) -> None:
        self.game.stage.reveal = value

    def composing(self) -> bool:
        return self.game.composing()

    def human_turn(self) -> bool:
        return self.game.session.human_turn()

    def hold(self, reason: str) -> None:
        self.game.hold(reason)

    def play(self, move: Any, reason: Any = None) -> list[Any]:
        return self.game.play(move, reason)

    def dump_info(self) -> dict[str, Any]:
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

    def handle_event(self, event: Any) -> bool:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.drawer.relayout()
        if self.coach is not None and self.coach.handle_event(event, self.drawer.hits):
            return True
        return self.input.handle(event)

    def frame_view(self, size: tuple[int, int] | None = None) -> TableView:
        """The view a frame of ``size`` (by default the last one's) draws now."""
        if size is None:
            size = self.drawer.layout.size if self.drawer.layout is not None else FIRST_SIZE
        layout = self.drawer.layout_for(size, self.game.session.players)
        # the lesson panel lies over the top of the log: the log draws below it
        self.logview.cover = self.coach.log_cover(layout) if self.coach is not None else 0
        return self.game.view(layout, self.input.pointer())

    def draw(self, surface: pygame.Surface) -> None:
        view = self.frame_view(surface.get_size())
        self.drawer.draw(view, surface, on_hits=self.input.after_draw)
