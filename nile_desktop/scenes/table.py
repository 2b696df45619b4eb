"""The game table: the engine's state on screen, bots playing, people choosing moves.

This is the first, plain table (the animated one is its own issue): it
starts or resumes the engine, shows a readable state (see
:mod:`nile_desktop.scenes.table_draw`), lets bots play at a pace a person
can follow, and lets a person play from a list of every legal move. Every
move is recorded in the save and, outside demo mode, written to the
autosave at once, so quitting or a crash never loses more than the move in
progress.

Other code may watch the game: ``listeners`` are called with the events of
each move (the demo takes its screenshots this way).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import pygame

from nile_desktop.anim import Animator
from nile_desktop.i18n import _
from nile_desktop.scenes import table_draw as draw
from nile_desktop.scenes.bots import BotRunner
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.stack import Scene
from nile_desktop.scenes.table_text import BANNER_KINDS, banner_text, describe_event, describe_move
from nile_desktop.ui import Button, ListView, WidgetGroup, theme

log = logging.getLogger(__name__)

#: Seconds a bot's move stays on screen before the next one, at speed 1.
BOT_PAUSE = 1.1
#: Extra seconds after a key moment (locust, season, monument), at speed 1.
KEY_MOMENT_PAUSE = 1.4
ACTION_ORDER = {"plant": 0, "speculate": 1, "pass": 2, "market": 3, "offer": 4}

Listener = Callable[["TableScene", list[Any]], None]


class TableScene(Scene):
    escape_pops = False

    def __init__(self, save: Any, state: Any, *, autosave: bool = True,
                 speed: float | None = None) -> None:
        super().__init__()
        self.save = save
        self.state = state
        self.autosave = autosave
        self.speed = speed
        self.names = [seat.name for seat in save.seats]
        self.kinds = [seat.kind for seat in save.seats]
        humans = [i for i, kind in enumerate(self.kinds) if kind == "human"]
        self.viewer: int | None = humans[0] if humans else state.active
        self.shown_to: int | None = None if len(humans) > 1 else self.viewer
        self.lines: list[str] = []
        self.listeners: list[Listener] = []
        self.runner = BotRunner()
        self.animator = Animator()
        #: Banners run at a readable pace even in a fast demo.
        self.banner_animator = Animator()
        self.wait = 0.0
        self.pulse = 0.0
        self.clock = 0.0
        self.flood_flip = 1.0
        self.banner = ""
        self.banner_alpha = 0.0
        self.group = WidgetGroup()
        self.legal: list[Any] = []
        self.move_list: ListView | None = None
        #: While anything is in here, bots wait (the demo holds the table for a screenshot).
        self.holds: set[str] = set()

    # -- lifecycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.lines.append(_("The game begins.") if not self.save.moves
                          else _("The game is resumed."))
        if not self.save.moves:
            self.save_now()  # "Continue" offers this game from its very start
        self.refresh_controls()

    def save_now(self) -> None:
        """Write the autosave (not in demo games); tell the player if the disk refused."""
        if not self.autosave:
            return
        from nile_desktop.saves import autosave

        if not autosave(self.save):
            self.lines.append(_("The game could not be saved automatically."))

    def exit(self) -> None:
        self.runner.close()

    def relayout(self) -> None:
        self.refresh_controls()

    def settings(self) -> Any:
        if self.app is not None:
            return self.app.settings
        from nile_desktop.settings import Settings

        return Settings()

    @property
    def pace(self) -> float:
        """How fast time passes for pacing and animation (demo speed or the setting)."""
        if self.speed is not None:
            return self.speed
        return float(self.settings().animation_speed)

    def dump_info(self) -> dict[str, Any]:
        """Whose turn it is, for the UI dump."""
        state = self.state
        return {"turn": None if state.over else state.active,
                "turn_name": None if state.over else self.names[state.active],
                "over": bool(state.over), "viewer": self.viewer}

    def human_turn(self) -> bool:
        return not self.state.over and self.kinds[self.state.active] == "human"

    # -- controls -----------------------------------------------------------------------
    def refresh_controls(self) -> None:
        """Rebuild the buttons and, on a person's turn, the list of legal moves."""
        self.group.clear()
        self.move_list = None
        if self.state.over:
            button = pygame.Rect(0, 0, 320, 54)
            button.midbottom = (640, self.result_rect().bottom - 24)
            self.group.add(Button(button, lambda: _("Back to the title screen"), self.to_title,
                                  primary=True, uid="title"))
            return
        self.group.add(Button((1150, 176, 104, 36), lambda: _("Menu"), self.menu,
                              size=theme.SIZE_SMALL, uid="menu"))
        if not self.human_turn() or self.shown_to != self.state.active:
            return
        legal = sorted(self.state.legal_moves(),
                       key=lambda m: (ACTION_ORDER.get(str(m).split()[0], 9), str(m)))
        self.legal = legal
        rect = pygame.Rect(draw.LOG_RECT.left + 14, 432, draw.LOG_RECT.w - 28, 222)
        self.move_list = ListView(rect, [describe_move(m) for m in legal], row_height=30,
                                  on_activate=self.play_selected, text_size=theme.SIZE_SMALL,
                                  uid="moves")
        self.group.add(self.move_list)
        self.group.add(Button((draw.LOG_RECT.left + 14, 664, 250, 40), lambda: _("Play this move"),
                              lambda: self.play_selected(self.move_list.selected),
                              primary=True, size=theme.SIZE_SMALL, uid="play"))
        self.group.focus(self.move_list)

    def play_selected(self, index: int) -> None:
        if self.human_turn() and 0 <= index < len(self.legal):
            self.play(self.legal[index])

    def menu(self) -> None:
        self.stack.push(DialogScene(
            lambda: _("Leave the table?"),
            lambda: _("The game is saved after every move; Continue on the title screen "
                      "picks it up again.") if self.autosave else _("This game is not saved."),
            [(lambda: _("Title screen"), self.to_title), (lambda: _("Keep playing"), None)],
        ))

    def to_title(self) -> None:
        from nile_desktop.scenes.title import TitleScene

        self.stack.reset(TitleScene())

    # -- playing -------------------------------------------------------------------------
    def play(self, move: Any, reason: str = "") -> list[Any]:
        """Apply one move of the active seat, record and autosave it, show what happened."""
        seat = self.state.active
        events = self.state.apply(move)
        self.save.record(move)
        self.save_now()
        if reason and self.kinds[seat] != "human":
            log.debug("%s: %s (%s)", self.names[seat], move, reason)
        self.show_events(events)
        self.wait = BOT_PAUSE + (KEY_MOMENT_PAUSE if any(e.kind in BANNER_KINDS for e in events)
                                 else 0.0)
        if self.kinds[self.state.active] == "human" and not self.state.over:
            self.viewer = self.state.active
        elif self.speed is not None and not self.state.over:
            self.viewer = self.state.active  # demo: follow the seat that plays
        self.refresh_controls()
        for listener in list(self.listeners):
            listener(self, events)
        return events

    def show_events(self, events: list[Any]) -> None:
        for event in events:
            text = describe_event(event, self.names)
            if text:
                self.lines.append(text)
            if event.kind == "flood":
                self.flood_flip = 0.0
                self.animator.animate(self, 0.35, "out_cubic", flood_flip=1.0)
                self.play_sound("flip")
            if event.kind in BANNER_KINDS:
                self.banner = banner_text(event, self.names)
                self.banner_alpha = 255.0
                self.banner_animator.animate(self, 0.8, "in_quad", delay=1.2, banner_alpha=0.0)
                self.play_sound({"locust": "locust", "monument-built": "monument_built",
                                 "monument-lost": "monument_crumbles", "takeover": "takeover",
                                 "game-over": "win"}.get(event.kind, "slide"))
        del self.lines[:-200]

    def play_sound(self, name: str) -> None:
        if self.app is not None:
            self.app.play(name)

    def drive_bots(self) -> None:
        """Ask the active bot for a move, and play its answer when the pause is over."""
        state = self.state
        if state.over or self.human_turn():
            return
        if not self.runner.busy:
            from nile_desktop.engine import observe

            seat = state.active
            rng = random.Random(self.save.seed * 7919 + len(self.save.moves))
            self.runner.ask(self.kinds[seat], observe(state, seat), state.legal_moves(), rng)
        if self.wait > 0 or self.holds:
            return
        answer = self.runner.result()
        if answer is not None:
            self.play(*answer)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.pulse = ((self.clock * 2) % 2) - 1 if self.clock else 0.0
        self.pulse = abs(self.pulse) * 2 - 1
        self.animator.speed = self.pace
        self.animator.update(dt)
        self.banner_animator.speed = min(self.pace, 2.0)
        self.banner_animator.update(dt)
        self.group.update(dt)
        self.wait -= dt * self.pace
        if self.human_turn() and self.shown_to != self.state.active:
            self.handoff()
            return
        self.drive_bots()

    def handoff(self) -> None:
        """Pass-and-play: hide the table until the next person says they are ready."""
        from nile_desktop.scenes.handoff import HandoffScene

        seat = self.state.active
        self.shown_to = None
        self.stack.push(HandoffScene(self.names[seat], lambda: self.reveal(seat)))

    def reveal(self, seat: int) -> None:
        self.shown_to = seat
        self.viewer = seat
        self.refresh_controls()

    # -- input and drawing ----------------------------------------------------------------
    def handle_event(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.state.over:
            self.menu()
            return True
        return self.group.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_background(surface)
        for seat in range(self.state.players):
            draw.draw_seat(surface, self, seat)
        draw.draw_river(surface, self)
        draw.draw_hand(surface, self)
        log_rect = draw.LOG_RECT
        if self.move_list is not None:
            log_rect = pygame.Rect(log_rect.left, log_rect.top, log_rect.w, 150)
            panel = pygame.Rect(log_rect.left, 394, log_rect.w, 720 - 12 - 394)
            theme.draw_panel(surface, panel, radius=12)
            theme.draw_text(surface, _("Your move"), (panel.left + 20, panel.top + 8), bold=True)
        draw.draw_log(surface, log_rect, self.lines)
        if self.state.over:
            self.draw_result(surface)
        self.group.draw(surface)
        if not self.state.over:
            draw.draw_banner(surface, self.banner, self.banner_alpha)

    def result_rect(self) -> pygame.Rect:
        panel = pygame.Rect(0, 0, 720, 130 + self.state.players * 40 + 100)
        panel.center = (640, 370)
        return panel

    def draw_result(self, surface: pygame.Surface) -> None:
        result = self.state.result or {}
        theme.dim(surface, 120)
        panel = self.result_rect()
        theme.draw_panel(surface, panel)
        bar = pygame.Rect(0, 0, 480, 50)
        bar.midtop = (panel.centerx, panel.top - 22)
        theme.draw_title_bar(surface, bar, _("The game is over"))
        theme.draw_text(surface, _("Storage piles, smallest first: the smallest pile decides."),
                        (panel.centerx, panel.top + 46), theme.SIZE_SMALL, theme.INK_SOFT,
                        anchor="midtop")
        y = panel.top + 90
        piles = result.get("piles", [])
        for place, group in enumerate(result.get("ranking", []), start=1):
            for seat in group:
                colour = theme.LAPIS if place == 1 else theme.INK
                theme.draw_text(surface, f"{place}.", (panel.left + 50, y), bold=True, colour=colour)
                theme.draw_text(surface, theme.fit_text(self.names[seat], theme.SIZE_BODY, 260),
                                (panel.left + 90, y), bold=place == 1, colour=colour)
                numbers = "  ".join(str(n) for n in piles[seat]) if seat < len(piles) else ""
                theme.draw_text(surface, numbers, (panel.left + 380, y), colour=colour)
                y += 40
