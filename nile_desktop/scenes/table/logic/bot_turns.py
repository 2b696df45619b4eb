"""The bots' turns at the table: asking the seat's bot, and pacing its move so a person can
follow it.

A bot is asked once per position, off the UI thread (:class:`~nile_desktop.scenes.bots.BotRunner`),
from its seat's view only, with a generator seeded by the game's seed and the move
number, so a game against bots plays the same way every time. Its answer is played
only once the turn flow wants a bot move, no effect is still flying, and the bot's
turn has been on show for :data:`BOT_LOOK` seconds (its flood and harvest stay a
moment before it moves); between the steps of a bot's turn effects wait a beat
(:data:`BOT_BEAT`), and each step is told on the prompt line as it starts. The "Bot
pace" setting stretches or shortens both. In the tutorial the coach scripts the
bot's moves. "Skip to my turn" lets every effect and pause land at once until a
person must act. No pygame here.
"""

from __future__ import annotations

import random
from typing import Protocol

from nile_desktop.engine import Move, observe
from nile_desktop.engine.events import Event, FloodRevealed, TurnStarted
from nile_desktop.i18n import Deferred
from nile_desktop.scenes.bots import BotRunner
from nile_desktop.scenes.table.logic.commands import BotReason, Coaching, Host
from nile_desktop.scenes.table.logic.effects import Stage
from nile_desktop.scenes.table.logic.flow import Phase, TurnFlow
from nile_desktop.scenes.table.logic.session import GameSession
from nile_desktop.text.words import event_line

#: How long a bot's turn lasts at each bot pace (settings.BOT_PACES), as a factor.
BOT_PACE_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
#: Seconds (speed 1, normal pace) between the steps of a bot's turn, to read each one.
BOT_BEAT = 0.35
#: Seconds (speed 1, normal pace) a bot's turn shows from its flood before the bot moves.
BOT_LOOK = 0.9
#: Table seconds that pass in one update while skipping: every pause ends at once.
SKIP_TIME = 60.0


class BotTable(Protocol):
    """What the bots' turns read and do at the table (the table's game)."""

    @property
    def session(self) -> GameSession: ...

    @property
    def flow(self) -> TurnFlow: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def host(self) -> Host: ...

    @property
    def coach(self) -> Coaching | None: ...

    def play(self, move: str | Move, reason: BotReason = None) -> list[Event]: ...


class BotTurns:
    """The bot asked for the position on the table, and how long its turn has shown."""

    def __init__(self, table: BotTable) -> None:
        self.table = table
        self.runner = BotRunner()
        #: Until a person must act, every effect lands at once ("Skip to my turn").
        self.skipping = False
        #: The seat whose turn the table shows and for how long (table seconds) it has.
        self.turn_shown: tuple[int | None, float] = (None, 0.0)
        self._asked_at = -1

    @property
    def pace(self) -> float:
        """The bot pace setting as a factor of a bot turn's length (1: normal)."""
        return BOT_PACE_FACTORS.get(str(self.table.host.prefs().bot_pace), 1.0)

    def beat(self, seat: int | None) -> float:
        """The pause before an effect of ``seat``'s turn: a beat for a bot's, none for a
        person's."""
        s = self.table.session
        if seat is None or not 0 <= seat < s.players or s.is_human(seat):
            return 0.0
        return BOT_BEAT * self.pace

    def show_turn(self, seat: int | None) -> None:
        """The table shows ``seat``'s turn from now."""
        self.turn_shown = (seat, 0.0)

    def effect_started(self, first: Event) -> None:
        """An effect starts with ``first``: a new turn shows from now, and a bot's step is
        told on the prompt line. The line keeps pace with the log: a new turn, or a
        person's, ends the last bot's step (it never says "Imhotep draws 2 cards" while the
        log shows the next player's flood)."""
        s, banners = self.table.session, self.table.stage.banners
        if isinstance(first, (TurnStarted, FloodRevealed)):
            self.show_turn(first.seat)
        owner = self.turn_shown[0]
        if owner is not None and 0 <= owner < s.players and not s.is_human(owner) \
                and not isinstance(first, TurnStarted):
            banners.step = Deferred(event_line, first, s.names, None)
            banners.step_seat = owner
        else:
            banners.step = banners.step_seat = None

    def skip(self) -> None:
        """"Skip to my turn": every effect and pause lands at once until a person must act."""
        s = self.table.session
        if s.over or not s.humans:
            return
        self.skipping = True
        self.table.stage.finish()

    def pass_time(self, dt: float) -> float:
        """``dt`` table seconds pass (many more while skipping); how many did."""
        if self.skipping:
            self.table.stage.finish()
            dt = max(dt, SKIP_TIME)
        seat, shown = self.turn_shown
        self.turn_shown = (seat, shown + dt)
        return dt

    def flow_moved_on(self, phase: Phase) -> None:
        """The turn flow is in ``phase`` now: a bot's step is told only while its effects
        play, and skipping ends where a person must act or the game is over."""
        banners = self.table.stage.banners
        if phase != Phase.PLAYBACK:
            banners.step = banners.step_seat = None
        if phase in (Phase.COMPOSE, Phase.HANDOFF, Phase.REVIEW, Phase.OVER):
            self.skipping = False

    def drive(self) -> None:
        """A bot's turn: the coach's scripted move in the tutorial, else the bot's answer
        once its turn has been on show long enough."""
        t = self.table
        s = t.session
        if s.over or s.is_human(s.active):
            return
        if t.coach is not None:
            if t.coach.hold_bot():
                return
            scripted = t.coach.bot_move()
            if scripted is not None:
                if t.flow.wants_bot() and not t.stage.busy:
                    t.play(scripted)
                return
        self._ask(s)
        if not t.flow.wants_bot() or t.stage.busy:
            return
        if not self.skipping and self.turn_shown[0] == s.active \
                and self.turn_shown[1] < BOT_LOOK * self.pace:
            return  # the bot's flood and harvest stay a moment before it moves
        answer = self.runner.result()
        if answer is not None:
            t.play(*answer)

    def _ask(self, s: GameSession) -> None:
        """Start the active seat's bot thinking, once for each position."""
        moves = s.moves_played
        if self.runner.busy or self._asked_at == moves:
            return
        seat = s.active
        self._asked_at = moves
        self.runner.ask(s.kinds[seat], observe(s.state, seat), list(s.legal_moves()),
                        random.Random(s.save.seed * 7919 + moves))

    def restart(self) -> None:
        """The game was rebuilt from fewer moves: forget the question, show the active
        seat's turn."""
        self.runner.cancel()
        self.skipping = False
        self._asked_at = -1
        self.show_turn(self.table.session.active)

    def close(self) -> None:
        self.runner.close()
