""""Take back my turn": when the table offers it, and the second press it asks for.

Only a kept game of one person against bots offers it, once the person has
played a move (the session decides how far back: :meth:`GameSession.takeback_point`),
and not while the turn's own undo still has something to undo. A person may
have seen cards to come, so the first take-back of a game marks it "with
take-backs": the first press says so and asks for a second, which counts while
its timer (:data:`~nile_desktop.scenes.table.logic.prompt.TAKEBACK_ARMED`) runs.
The session then rebuilds the game from the seed and the shorter list of
moves; the table starts again around it (:meth:`TableGame.rebuilt`).
No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import _
from nile_desktop.scenes.table.logic.prompt import TAKEBACK_ARMED, Prompt
from nile_desktop.scenes.table.logic.session import GameSession
from nile_desktop.scenes.table.logic.view import Tone


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
        taken back now. In a game not yet marked, the first press asks for a second."""
        if not self.session.save.takebacks and self.prompt.takeback_armed <= 0:
            self.prompt.takeback_armed = TAKEBACK_ARMED
            self.prompt.say(_("Press again to take back your turn. The game will be marked "
                              "“with take-backs”."), Tone.NOTE)
            return False
        return True

    def take(self) -> None:
        """Back to the start of the person's last turn (the save is marked and written)."""
        self.session.take_back()
        self.prompt.takeback_armed = 0.0
