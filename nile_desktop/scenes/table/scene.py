"""The game table: people play with the cards, bots play at a pace one can follow.

This scene wires the table's parts together and owns no rule: the session
changes the game, the turn flow says who may act and who may see, the draft
holds a person's picks and staged plantings, the layout says where things
go. Drawing records every interactive element (:mod:`paint`), and input
(:mod:`table_input`) acts on those same elements, by mouse or keyboard.

The table draws at the window's real size (``native``): it lays itself out
again whenever the window changes size.

Other code may watch the game: ``listeners`` are called with the events of
each move (the demo takes its screenshots this way).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import pygame

from nile_desktop.i18n import Deferred, _
from nile_desktop.scenes import nav
from nile_desktop.scenes.bots import BotRunner
from nile_desktop.scenes.stack import Scene
from nile_desktop.scenes.table import flow as F
from nile_desktop.scenes.table.backdrop import Backdrop
from nile_desktop.scenes.table.board import Board
from nile_desktop.scenes.table.controls import (
    refusal_words,
)
from nile_desktop.scenes.table.draft import MoveDraft, Refusal, Target
from nile_desktop.scenes.table.effects import Stage, fx_deal
from nile_desktop.scenes.table.frame import draw_table
from nile_desktop.scenes.table.gamelog import KEY_KINDS
from nile_desktop.scenes.table.layout import TableLayout
from nile_desktop.scenes.table.logview import LogView
from nile_desktop.scenes.table.paint import Hits
from nile_desktop.scenes.table.picture import Picture
from nile_desktop.scenes.table.session import GameSession
from nile_desktop.scenes.table.table_input import TableInput
from nile_desktop.ui import theme

log = logging.getLogger(__name__)

Listener = Callable[["TableScene", list[Any]], None]

#: Seconds a person's finished turn stays on show before the bots go on (speed 1).
OWN_MOVE_PAUSE = 0.5
#: Seconds after a move during which the buttons ignore clicks (no double-click accidents).
INPUT_GUARD = 0.35
MESSAGE_TIME = 5.0
#: How fast the pauses between bot moves pass when effects are instant.
INSTANT_PACE = 4.0


class TableScene(Scene):
    escape_pops = False
    native = True

    def __init__(self, save: Any, state: Any = None, *, autosave: bool = True,
                 speed: float | None = None, saver: Any = None, coach: Any = None) -> None:
        super().__init__()
        self.session = GameSession(save, state, autosave=autosave, saver=saver)
        self.save = save
        self.speed = speed
        self.flow = F.TurnFlow(self.session.kinds, self.session.active, self.session.over)
        self.draft = MoveDraft(self.session.state, self.session.active)
        #: What the table draws: the engine state, one landed effect at a time.
        self.board = Board.of(self.session.state)
        self.stage = Stage(self, self.board)
        #: How far the final storage has been turned over (0 → 1, the end effect).
        self.reveal = 0.0 if not self.session.over else 1.0
        self.logview = LogView()
        #: Events of the next turn held back until its person is at the screen (pass-and-play).
        self.deferred: list[Any] = []
        self.backdrop = Backdrop()
        self.runner = BotRunner()
        self.suggester = BotRunner()
        self.suggesting = False
        self.listeners: list[Listener] = []
        self.layout: TableLayout | None = None
        self.hits = Hits()
        self.input = TableInput(self)
        self.clock = 0.0
        self.pulse = 0.0
        self.guard = 0.0
        self.pass_armed = 0.0
        self.message = ""
        self.message_time = 0.0
        self.message_colour: tuple[int, ...] = theme.ERROR
        self._asked_at = -1
        self.cards_drawn = 0
        self.private_faces: list[int] = []
        self._targets: list[Target] | None = None
        self._targets_key: tuple[Any, ...] | None = None
        self.picture = Picture()
        self._last_revealed: int | None = None
        self._picture_hits: Hits | None = None
        self._warm_key: tuple[int, int] | None = None
        self._warm_queue: list[tuple[str, int, bool]] = []
        #: The tutorial's lessons or a normal game's hints (a ``CoachView``), or None.
        self.coach = coach
        if coach is not None:
            coach.attach(self)

    # -- compatibility views ------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def shown(self) -> Board:
        """What is drawn: the board, which catches up with the engine as effects land."""
        return self.board

    @property
    def holds(self) -> set[str]:
        return self.flow.holds

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def kinds(self) -> list[str]:
        return self.session.kinds

    # -- lifecycle ----------------------------------------------------------------------
    def enter(self) -> None:
        if self.coach is None:  # a normal game: one-time hints, while the player wants them
            from nile_desktop.scenes.table.coach_view import hints_for

            self.coach = hints_for(self)
            if self.coach is not None:
                self.coach.attach(self)
        if self.session.save.moves:
            self.session.log.add_note("resumed")
        else:
            self.session.write_autosave()  # "Continue" offers this game from its very start
            self._deal()
        self._fresh_draft()

    def _deal(self) -> None:
        """A new game opens with the deal and the first flood, played as effects."""
        state = self.session.state
        opening = list(state.events)
        if not opening:
            return
        board = self.board
        first = self.session.save.new_state()
        hands = [dict(first.hand(s)) for s in range(state.players)]
        board.sync(state)
        for seat, hand in enumerate(hands):
            for kind, n in hand.items():
                board.hands[seat][kind] -= n
            board.deck_size += sum(hand.values())
        board.deck_size += 1  # the first flood is still on the deck
        board.flood_card = None
        board.active = opening[0].seat if opening[0].kind == "turn" else board.active
        fx_deal(self.stage, hands)
        self.stage.play(opening)
        self.stage.timeline.call(lambda: board.sync(self.session.state))

    def exit(self) -> None:
        self.runner.close()
        self.suggester.close()

    def relayout(self) -> None:
        self.layout = None

    def settings(self) -> Any:
        if self.app is not None:
            return self.app.settings
        from nile_desktop.settings import Settings

        return Settings()

    @property
    def pace(self) -> float:
        """How fast effects play: the demo's speed or the setting (0: instant)."""
        if self.speed is not None:
            return self.speed
        return max(0.0, float(self.settings().animation_speed))

    def human_turn(self) -> bool:
        return self.session.human_turn()

    def composing(self) -> bool:
        return self.flow.phase == F.COMPOSE and self.flow.revealed == self.session.active

    def targets_shown(self) -> list[Target]:
        """Places that glow: where the picked (or dragged) cards may go, while composing.
        Worked out once per frame."""
        dragging = self.input.dragging
        key = (self.composing(), id(self.draft), self.draft.version,
               dragging.id if dragging else None)
        if self._targets is None or key != self._targets_key:
            self._targets = self._compute_targets()
            self._targets_key = key
        return self._targets

    def _compute_targets(self) -> list[Target]:
        if not self.composing():
            return []
        shown = {t.id: t for t in self.draft.glowing()}
        dragged = self.input.dragging
        if dragged is not None:
            kind = dragged.data.get("kind", "")
            for target in self.draft.targets(kind):
                if self.draft.why_not_target(kind, target) is None:
                    shown.setdefault(target.id, target)
        return list(shown.values())

    def dump_info(self) -> dict[str, Any]:
        s = self.session
        return {"turn": None if s.over else s.active,
                "turn_name": None if s.over else s.names[s.active],
                "phase": self.flow.phase, "revealed": self.flow.revealed,
                "season": s.state.season, "seasons": s.state.seasons, "over": s.over,
                "effects": self.stage.busy}

    # -- messages -------------------------------------------------------------------------
    def say(self, text: Any, colour: tuple[int, ...] = theme.ERROR) -> None:
        """A line in the prompt for a few seconds; ``text`` may be told when drawn
        (an ``i18n.Deferred``), so it follows a language switch."""
        self.message, self.message_colour, self.message_time = text, colour, MESSAGE_TIME

    def refuse(self, refusal: Refusal) -> None:
        self.say(Deferred(refusal_words, self, refusal))
        if self.coach is not None:
            self.coach.refused(self, refusal.code)
        self.play_sound("slide")

    def play_sound(self, name: str) -> None:
        if self.app is not None:
            self.app.play(name)

    # -- playing ---------------------------------------------------------------------------
    def _fresh_draft(self) -> None:
        self.draft = MoveDraft(self.session.state, self.session.active)
        self.pass_armed = 0.0

    def play(self, move: Any, reason: Any = None) -> list[Any]:
        """Play one move of the active seat and hand the result to the turn flow."""
        seat = self.session.active
        if self.coach is not None and self.session.is_human(seat):
            why = self.coach.refusal(self, str(move))
            if why is not None:  # the lesson asks for another move
                self.say(why, theme.LAPIS)
                self.play_sound("slide")
                return []
        self.stage.finish()  # anything still flying lands first
        self.board.sync(self.session.state)
        events = self.session.play(move, reason)
        self._after_move(seat, events)
        now, self.deferred = self._split_at_handoff(seat, events)
        self._show(now, sync=not self.deferred)
        return events

    def _show(self, events: list[Any], sync: bool = True) -> None:
        """Play ``events``' effects; with ``sync`` the board then matches the engine."""
        self.stage.play(events)
        if sync:
            self.stage.timeline.call(lambda: self.board.sync(self.session.state))
        if self.pace <= 0:  # instant: every effect lands at once (its banner still shows)
            self.stage.timeline.finish()
            self.stage.sprites.clear()

    def _split_at_handoff(self, seat: int, events: list[Any]) -> tuple[list[Any], list[Any]]:
        """In pass-and-play, the next person's turn opens (their flood, its harvest) only once
        they are at the screen: the events from the turn change on wait for the hand-off."""
        s = self.session
        if (not self.flow.pass_and_play or s.over or s.active == seat
                or not s.is_human(s.active)):
            return events, []
        for i, event in enumerate(events):
            if event.kind == "turn":
                return events[:i], events[i:]
        return events, []

    def _after_move(self, seat: int, events: list[Any]) -> None:
        s = self.session
        human = s.is_human(seat)
        if human and seat == s.active and not s.over:
            pause = 0.0  # a trade: the person goes on composing
        elif human:
            pause = OWN_MOVE_PAUSE
        else:
            pause = F.BOT_PAUSE + (F.KEY_PAUSE if any(e.kind in KEY_KINDS for e in events)
                                   else 0.0)
        self.flow.moved(seat, s.active, s.over, pause)
        self._fresh_draft()
        self.guard = INPUT_GUARD
        self.message_time = 0.0
        for listener in list(self.listeners):
            listener(self, events)

    def act(self, action: str) -> None:
        """A person pressed an action button (or its key)."""
        if not self.composing() or self.guard > 0:
            return
        refusal = self.draft.action_refusal(action)
        if refusal is not None:
            self.refuse(refusal)
            return
        if action == "pass" and self.pass_armed <= 0:
            self.pass_armed = 3.0
            self.say(_("Press End turn again to end your turn without planting."), theme.LAPIS)
            return
        self.play(self.draft.move_text(action))

    def suggest(self) -> None:
        if not self.composing() or self.suggesting:
            return
        from nile_desktop.engine import observe

        s = self.session
        rng = random.Random(s.save.seed * 31 + len(s.save.moves))
        self.suggesting = True
        self.suggester.ask("hard", observe(s.state, s.active), s.legal_moves(), rng)

    def _poll_suggestion(self) -> None:
        if not self.suggesting:
            return
        answer = self.suggester.result()
        if answer is None:
            return
        self.suggesting = False
        move, reason = answer
        if not self.composing():
            return
        self.draft.load_move(str(move))
        from nile_desktop.scenes.table.words import reason_line

        self.say(Deferred(lambda: _("Suggested: {reason}").format(reason=reason_line(reason))),
                 theme.REEDS)

    def _drive_bots(self) -> None:
        s = self.session
        if s.over or s.is_human(s.active):
            return
        if self.coach is not None:
            if self.coach.hold_bot(self):
                return
            scripted = self.coach.bot_move(self)
            if scripted is not None:
                if self.flow.wants_bot() and not self.stage.busy:
                    self.play(scripted)
                return
        if not self.runner.busy and self._asked_at != len(s.save.moves):
            from nile_desktop.engine import observe

            seat = s.active
            rng = random.Random(s.save.seed * 7919 + len(s.save.moves))
            self._asked_at = len(s.save.moves)
            self.runner.ask(s.kinds[seat], observe(s.state, seat), s.legal_moves(), rng)
        if not self.flow.wants_bot() or self.stage.busy:
            return
        answer = self.runner.result()
        if answer is not None:
            self.play(*answer)

    def update(self, dt: float) -> None:
        if self.coach is not None:
            self.coach.update(self, dt)
        self.clock += dt
        self.pulse = abs(((self.clock * 1.6) % 2) - 1)
        self.guard = max(0.0, self.guard - dt)
        self.message_time = max(0.0, self.message_time - dt)
        self.pass_armed = max(0.0, self.pass_armed - dt)
        before = self.flow.phase
        self.stage.timeline.speed = self.pace
        self.stage.timeline.update(dt)
        self.stage.banners.update(dt * max(1.0, min(self.pace, 2.0)))
        if self.stage.busy:
            self.flow.holds.add("effects")
        else:
            self.flow.holds.discard("effects")
        # with instant effects a bot's move still stays on show for a moment
        self.flow.update(dt * (self.pace if self.pace > 0 else INSTANT_PACE))
        if self.flow.phase == F.COMPOSE and before != F.COMPOSE:
            self._fresh_draft()
        self._drive_bots()
        self._poll_suggestion()

    # -- actions from the overlays ---------------------------------------------------------
    def ready(self) -> None:
        """The next person confirmed the hand-off screen: their turn opens before them."""
        self.flow.ready(self.session.active)
        self._fresh_draft()
        self.guard = INPUT_GUARD
        if self.deferred and self.flow.phase == F.COMPOSE:
            events, self.deferred = self.deferred, []
            self.stage.finish()
            self._show(events)

    def done(self) -> None:
        """The person pressed "Done: pass to …" after seeing their move."""
        self.stage.finish()
        self.flow.done_review()
        self.guard = INPUT_GUARD

    def menu(self) -> None:
        nav.push(self.stack, "table-menu", table=self)

    def all_moves(self) -> None:
        if self.composing():
            nav.push(self.stack, "move-list", table=self)

    def rematch(self) -> None:
        nav.rematch(self.stack, self.session.save)

    # -- input and drawing ------------------------------------------------------------------
    def handle_event(self, event: Any) -> bool:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.layout = None
        if self.coach is not None and self.coach.handle_event(self, event):
            return True
        return self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)
