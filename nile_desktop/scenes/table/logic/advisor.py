"""What the table offers a person beside the game itself: Suggest and their chance to win.

Both answer from the person's own view only, on worker threads so the table
stays smooth: Suggest asks the Hard bot for a move (:class:`BotRunner`), and
"Show win chances" asks the bots' win-chance estimate when the person's turn
opens (:class:`ChanceWatch`). Kept apart from :mod:`.game`, which plays the
game; display-free.
"""

from __future__ import annotations

import random

from nile_desktop.engine import Move, observe
from nile_desktop.scenes.bots import BotRunner
from nile_desktop.scenes.table.logic.chances import ChanceWatch, SeatChance
from nile_desktop.scenes.table.logic.session import BotReason, GameSession

#: The bot level whose move Suggest proposes.
SUGGEST_LEVEL = "hard"


class Advisor:
    """Suggest and the win chance of one table."""

    def __init__(self) -> None:
        self.suggester = BotRunner()
        self.chances = ChanceWatch()
        #: A suggestion is being worked out.
        self.suggesting = False

    def suggest(self, s: GameSession) -> None:
        """Start working out a move for the seat to play (once at a time)."""
        if self.suggesting:
            return
        rng = random.Random(s.save.seed * 31 + len(s.save.moves))
        self.suggesting = True
        self.suggester.ask(SUGGEST_LEVEL, observe(s.state, s.active), list(s.legal_moves()),
                           rng)

    def suggestion(self) -> tuple[Move, BotReason] | None:
        """The suggested ``(move, reason)`` once it has come, else None."""
        if not self.suggesting:
            return None
        answer = self.suggester.result()
        if answer is not None:
            self.suggesting = False
        return answer

    def watch_chance(self, s: GameSession, composing: bool) -> None:
        """A person's turn is open (``composing``): make sure their chance is on its way."""
        if composing and not s.over:
            seat = s.active
            self.chances.want(seat, len(s.save.moves), lambda: observe(s.state, seat),
                              seed=s.save.seed, kinds=[k.kind for k in s.save.seats])
        self.chances.poll()

    def chance_of(self, seat: int | None) -> SeatChance | None:
        """The latest win chance of ``seat``, if there is one."""
        return self.chances.shown(seat) if seat is not None else None

    def cancel(self) -> None:
        """Forget a suggestion on its way (the position changed under it)."""
        self.suggester.cancel()
        self.suggesting = False

    def close(self) -> None:
        self.suggester.close()
        self.chances.close()
