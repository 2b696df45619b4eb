"""The turn flow: an explicit state machine for what the table is doing now.

One of six phases at a time:

- ``playback``: the events of the last move are on show; nobody may act.
- ``bot``: a bot is thinking; the table waits for its answer.
- ``handoff``: pass-and-play, the next person must come to the screen;
  nothing private is drawn until they confirm.
- ``compose``: a person builds their move.
- ``review``: pass-and-play, a person sees what their own move did (their
  new cards too) before pressing "Done".
- ``over``: the game has ended.

The flow also decides ``revealed``: the one seat whose private cards (hand,
storage) may be drawn. With one person at the table that is always the
person; with several it is the person in ``compose`` or ``review`` and
nobody otherwise, so no frame can show a hand to the wrong person. With no
person (a demo) it follows the seat that plays.

Time only passes through :meth:`update`, so tests drive the flow without a
clock or a display.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile_desktop.engine.text_enum import TextEnum
from nile_desktop.seats import SeatKind


class Phase(TextEnum):
    """What the table is doing now (the value is the name the UI dump shows)."""

    PLAYBACK = "playback"
    BOT = "bot"
    HANDOFF = "handoff"
    COMPOSE = "compose"
    REVIEW = "review"
    OVER = "over"


PLAYBACK, BOT, HANDOFF, COMPOSE, REVIEW, OVER = tuple(Phase)

#: Seconds a bot's move stays on screen, at animation speed 1.
BOT_PAUSE = 1.1
#: Extra seconds after a key moment (locust, season, monument, take-over).
KEY_PAUSE = 1.2


class TurnFlow:
    """Who may act and who may see, from the seats' kinds and the moves played."""

    def __init__(self, kinds: Sequence[str], active: int, over: bool = False) -> None:
        self.kinds = [SeatKind(k) for k in kinds]
        self.humans = [i for i, k in enumerate(self.kinds) if k.is_human]
        self.active = active
        self.phase = OVER if over else PLAYBACK
        self.timer = 0.0
        self.revealed: int | None = None
        #: While non-empty, playback does not end (the demo holds the table for a picture).
        self.holds: set[str] = set()
        self.history: list[Phase] = [self.phase]
        #: The game is over and its last effects play before the results (:meth:`end_shown`).
        self.ending = False
        self._set_revealed()
        if not over:
            self._next()

    # -- reading ------------------------------------------------------------------------
    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def wants_bot(self) -> bool:
        return self.phase == BOT

    # -- transitions -------------------------------------------------------------------
    def _go(self, phase: Phase) -> None:
        self.phase = phase
        self.history.append(phase)
        del self.history[:-50]
        self._set_revealed()

    def _set_revealed(self) -> None:
        if not self.humans:
            self.revealed = self.active if self.phase != OVER else None
        elif not self.pass_and_play:
            self.revealed = self.humans[0]
        elif self.phase in (COMPOSE, REVIEW):
            pass  # set by whoever entered the phase
        else:
            self.revealed = None

    def _next(self) -> None:
        """Leave playback: on to the bot, the hand-off or the person whose turn it is."""
        if not self.kinds[self.active].is_human:
            self._go(BOT)
        elif self.pass_and_play:
            self._go(HANDOFF)
        else:
            self._go(COMPOSE)

    def moved(self, seat: int, active: int, over: bool, pause: float) -> None:
        """A move of ``seat`` was played; ``active`` plays next (or the game is ``over``).

        ``pause`` is how long its events stay on show before anything else
        happens (0 for a person's own trade, which keeps their turn going).
        """
        self.active = active
        if over:  # the last move's effects play first; :meth:`end_shown` then opens the results
            self.ending = True
            self.timer = 0.0
            self._go(PLAYBACK)
            return
        if self.kinds[seat].is_human and seat == active:
            self.timer = pause
            if pause <= 0:
                self.revealed = seat
                self._go(COMPOSE)
                self.revealed = seat
            else:
                self._go(PLAYBACK)
            return
        if self.kinds[seat].is_human and self.pass_and_play:
            self._go(REVIEW)
            self.revealed = seat
            return
        self.timer = pause
        self._go(PLAYBACK)

    def end_shown(self) -> None:
        """The game's end has begun on the table (the final storage turns): the results."""
        if self.ending and self.phase == PLAYBACK:
            self._go(OVER)

    def restart(self, active: int, over: bool = False) -> None:
        """Go on from a rebuilt position (a turn taken back) as a new flow would."""
        self.active = active
        self.timer = 0.0
        self.ending = False
        self._go(OVER if over else PLAYBACK)
        if not over:
            self._next()

    def done_review(self) -> None:
        """The person pressed "Done: pass to …"."""
        if self.phase == REVIEW:
            self.timer = 0.0
            self._go(PLAYBACK)

    def ready(self, seat: int) -> None:
        """The person of ``seat`` confirmed the hand-off screen."""
        if self.phase == HANDOFF and seat == self.active:
            self._go(COMPOSE)
            self.revealed = seat

    def update(self, dt: float) -> None:
        """Let ``dt`` seconds (already scaled by the animation speed) pass."""
        if self.phase != PLAYBACK or self.ending:
            return
        self.timer -= dt
        if self.timer <= 0 and not self.holds:
            if self.kinds[self.active].is_human and self.revealed == self.active:
                self._go(COMPOSE)
                self.revealed = self.active
            else:
                self._next()
