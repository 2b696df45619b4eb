""""Take back my turn": when the table offers it, and the second press it asks for.

Only a kept game of one person against bots offers it, once the person has
played a move (the session decides how far back: :meth:`GameSession.takeback_point`),
and not while the turn's own undo still has something to undo.

One rule, here and nowhere else: **one confirmed press takes back exactly one
turn of the person's**, in a game already marked "with take-backs" or not. The
first press (the button or Ctrl+Z) arms it and the prompt line asks for a
second; the second, within :data:`~.prompt.TAKEBACK_WINDOW` seconds, takes the
turn back and disarms it, so a third press only arms again. A person may have
seen cards to come, so the first take-back of a game marks it, and the prompt
of an unmarked game says so. A bot's move leaves it armed; anything else said on
the prompt line, a move of the person's, or the take-back ceasing to be offered
ends it. The session then rebuilds the game from the seed and the shorter list
of moves; the table starts again around it (:meth:`TableGame.rebuilt`).
No pygame here.
"""

from __future__ import annotations

from nile_desktop.scenes.table.logic.prompt import Prompt
from nile_desktop.scenes.table.logic.session import GameSession
from nile_desktop.text import controls as words


class TakeBack:
    """The take-back of one table: offered or not, armed or not."""

    def __init__(self, session: GameSession, prompt: Prompt) -> None:
        self.session = session
        self.prompt = prompt

    def offered(self, *, undo_first: bool) -> bool:
        """Whether "Take back my turn" is offered now: a kept game of one person against bots,
        after a move of theirs, unless the in-turn undo has something to undo
        (``undo_first``)."""
        s = self.session
        if not s.autosave_on or undo_first:
            return False
        return s.takeback_point() is not None

    def press(self) -> bool:
        """A press of the button (or Ctrl+Z) while it is offered: True when the turn is to be
        taken back now (the second press of an armed take-back); a first press arms it."""
        if self.prompt.takeback_armed:
            return True
        self.prompt.arm_takeback(words.press_again_to_take_back(marked=self.session.save.takebacks))
        return False

    def take(self) -> None:
        """Back to the start of the person's last turn (the save is marked and written)."""
        self.prompt.disarm_takeback()
        self.session.take_back()
