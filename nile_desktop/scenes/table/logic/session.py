"""One game in progress: the only code that changes the engine state.

The table's drawing, input and turn flow read the game through this object
and ask it to play moves; nothing else calls ``state.apply``. Playing a move
records it in the save, writes the autosave and appends the move's events to
the game log, so the log, the save and the state can never disagree.

Resuming a saved game replays its moves from the seed, which rebuilds the
whole log (the opening flood included, and the bots' reasons the save kept)
exactly as it was first played. :meth:`GameSession.take_back` rebuilds it
the same way from fewer moves: a person playing against bots returns to
the start of their last turn (the seed fixes the deck, so the position is
exactly the one they had), and the save is marked as a game with take-backs.
No pygame here: the session is tested without a display.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from nile_desktop.ai import Reason
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.engine import Move, MoveError, State
from nile_desktop.engine.events import Event
from nile_desktop.saves import SaveGame, autosave
from nile_desktop.saves.format import ShownNames
from nile_desktop.saves.record import RecordTask, record_later
from nile_desktop.scenes.table.logic.gamelog import GameLog
from nile_desktop.seats import SeatKind

log = logging.getLogger(__name__)

#: Writes the game's save; False if the disk refused it.
Saver = Callable[[SaveGame], bool]
#: Why a move was played: a bot's reason (told in the language shown), plain text, or none.
BotReason = Reason | str | None


class GameSession:
    """The state, the save and the log of one game, changed only by :meth:`play`."""

    def __init__(self, save: SaveGame, state: State | None = None, *, autosave: bool = True,
                 saver: Saver | None = None) -> None:
        self.save = save
        #: Read whenever shown: a default name follows a language switch, as in the Load list.
        self.names: Sequence[str] = ShownNames(lambda: self.save.seats)
        self.kinds: list[SeatKind] = [SeatKind(seat.kind) for seat in save.seats]
        self.colours: list[int] = [seat.colour for seat in save.seats]
        self.autosave_on = autosave
        self.saver = saver or self._autosave
        self.log = GameLog()
        #: The seat that played each move of the save, in order.
        self.movers: list[int] = []
        self.state = self._rebuild(state)
        self.save_failed = False
        #: The finished game going into the players' record, off the main thread.
        self.recording: RecordTask[list[str]] | None = None

    # -- building --------------------------------------------------------------------
    def _rebuild(self, given: State | None) -> State:
        """The state after the save's moves, with every event of the game in the log."""
        state: State = self.save.new_state()
        self.log.add_events(list(state.events), seat=None)
        self.movers = []
        for index, text in enumerate(self.save.moves):
            seat = state.active
            events = state.apply(text)
            self.movers.append(seat)
            self.log.add_turn(seat, str(text), events,
                              reason=reason_from_data(self.save.reason_at(index)))
        if given is not None and given.to_json() != state.to_json():
            log.warning("the given state differs from the save's replay; the replay is used")
        return state

    # -- reading ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state.players

    @property
    def over(self) -> bool:
        return bool(self.state.over)

    @property
    def active(self) -> int:
        return int(self.state.active)

    @property
    def moves_played(self) -> int:
        """How many moves the game has had (the deal is none)."""
        return len(self.save.moves)

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat].is_human

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.kinds) if kind.is_human]

    def human_turn(self) -> bool:
        return not self.over and self.is_human(self.active)

    def legal_moves(self) -> Sequence[Move]:
        """The engine's legal moves (a lazy sequence for a position with very many)."""
        return self.state.legal_moves()

    def refusal(self, move: str | Move) -> MoveError | None:
        """Why the engine would refuse ``move`` now, or None if it is legal."""
        try:
            self.state.check(move)
        except MoveError as exc:
            return exc
        return None

    # -- changing --------------------------------------------------------------------
    def play(self, move: str | Move, reason: BotReason = None) -> list[Event]:
        """Play ``move`` for the active seat; record, autosave and log it.

        Raises the engine's :class:`MoveError` (and changes nothing) if it is refused.
        """
        seat = self.active
        events = self.state.apply(move)
        self.movers.append(seat)
        self.save.record(move, reason_to_data(reason))
        self.log.add_turn(seat, str(move), events, reason=reason)
        self.write_autosave()
        if self.over and self.autosave_on:  # the players' record (record.json) learns the result
            self.recording = record_later(self.save)
        return events

    def take_record_notes(self) -> None:
        """Once the record has the finished game, what it says goes into the log (each frame)."""
        job = self.recording
        if job is not None and job.done:
            self.recording = None
            for note in job.result or []:
                self.log.add_note(note)

    def restart(self, save: SaveGame) -> None:
        """Go on as the game ``save`` describes (a replay seeking): the state and the whole
        log are rebuilt from its moves. Nothing is written."""
        self.save = save
        self.log = GameLog()
        self.state = self._rebuild(None)

    # -- taking a turn back ------------------------------------------------------------
    def takeback_point(self) -> int | None:
        """How many moves stay if the person takes back their turn, or None if they may not.

        Only a game of exactly one person against bots offers it (never
        pass-and-play, never bots alone), before the game is over, once the
        person has played a move: it goes back to the start of the person's
        last turn with a move in it (the current one, after a trade).
        """
        humans = self.humans
        if len(humans) != 1 or self.players < 2 or self.over:
            return None
        person = humans[0]
        played = [i for i, seat in enumerate(self.movers) if seat == person]
        if not played:
            return None
        start = played[-1]
        while start > 0 and self.movers[start - 1] == person:
            start -= 1
        return start

    def take_back(self) -> bool:
        """Return to the start of the person's last turn (:meth:`takeback_point`).

        The moves from there on are dropped from the save, the state and the
        whole log are rebuilt from the seed (the position is exactly the one
        the person had), the save is marked with take-backs and written.
        Returns False, changing nothing, when no take-back is offered.
        """
        start = self.takeback_point()
        if start is None:
            return False
        del self.save.moves[start:]
        del self.save.reasons[start:]
        self.save.takebacks = True
        self.restart(self.save)
        self.log.add_note("taken-back")
        self.write_autosave()
        return True

    def _autosave(self, save: SaveGame) -> bool:
        """The save file, written with the live state (a finished game's result goes in it)."""
        return bool(autosave(save, self.state))

    def write_autosave(self) -> bool:
        """Save the game now (not for demo games); remember and log a refusal by the disk."""
        if not self.autosave_on:
            return True
        ok = self.saver(self.save)
        if not ok and not self.save_failed:
            self.log.add_note("save-failed")
        self.save_failed = not ok
        return ok
