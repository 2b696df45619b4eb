"""The table of a game played over the network: the same table, following the host.

At a network game the engine state is the host's. This screen's table is the
ordinary :class:`~.game.TableGame` (the same turn flow, draft, board, effects, log,
hints and sounds), with two parts changed:

- :class:`MirrorSession` stands where the session stands: instead of applying moves
  it takes the host's updates (:class:`~nile_desktop.net.messages.Update`) in order,
  each with its events as this screen may see them and the table after it, and
  builds the same log from them. Its state is the host's real one at the host's own
  screen, and elsewhere one dealt to agree with the seat's view (its own cards and the
  public table real, the hidden ones made up and only ever drawn face down). It
  writes no save: the host keeps the game.
- :class:`RemoteTableGame` sends a move of a seat played here to the host instead of
  playing it, and plays each update once the turn flow would play a bot's move: the
  other seats (people elsewhere and the host's bots alike) are paced as bots are, so a
  person can follow them. The seats played here are the flow's people (several at the
  host's screen take turns as in pass-and-play).

It also keeps who sits where and who is away (:attr:`RemoteTableGame.seat_infos`),
which the seat panels show. No pygame here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace

from nile_desktop.engine import Move, State
from nile_desktop.engine.events import Event
from nile_desktop.i18n import Deferred
from nile_desktop.net.client import LinkState
from nile_desktop.net.link import Link
from nile_desktop.net.messages import Ended, Refused, SeatInfo, Seats, Update, Welcome
from nile_desktop.saves import SaveGame, Seat
from nile_desktop.scenes.table.logic.bot_turns import BOT_LOOK
from nile_desktop.scenes.table.logic.commands import AfterGame, BotReason, Host
from nile_desktop.scenes.table.logic.effects import Placed
from nile_desktop.scenes.table.logic.flow import Phase, TurnFlow
from nile_desktop.scenes.table.logic.game import TableGame
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.session import GameSession, Saver
from nile_desktop.scenes.table.logic.view import Pointer, TableView, Tone
from nile_desktop.seats import SeatKind
from nile_desktop.text import network as words


class MirrorSave(SaveGame):
    """The save-shaped record of a game followed over the network: its seats and the
    moves played (public), no seed. Its "new game" is the table as the deal left it."""

    first: State | None = None

    def new_state(self) -> State:
        assert self.first is not None
        return self.first.clone()


def mirror_save(rules: dict[str, object], seats: Sequence[SeatInfo], first: State) -> MirrorSave:
    save = MirrorSave(rules=dict(rules), seed=0,
                      seats=[Seat(s.name, s.kind, s.colour, s.default_name) for s in seats])
    save.first = first
    return save


class MirrorSession(GameSession):
    """The game as the host tells it: moves come as updates, in order."""

    def __init__(self, save: MirrorSave, history: Sequence[Update], local: frozenset[int]) -> None:
        self.local = local
        self.history: list[Update] = list(history)
        #: Updates received and not yet played on the table.
        self.pending: deque[Update] = deque()
        save.moves = [u.move for u in self.history[1:]]
        super().__init__(save, None, autosave=False)

    def _rebuild(self, given: State | None) -> State:
        first = self.history[0]
        self.log.add_events(list(first.events), seat=None)
        self.movers = []
        for update in self.history[1:]:
            self.movers.append(update.seat)
            self.log.add_turn(update.seat, update.move, list(update.events), reason=None)
        return self.history[-1].state

    def is_human(self, seat: int) -> bool:
        return seat in self.local

    @property
    def humans(self) -> list[int]:
        return sorted(self.local)

    def play(self, move: str | Move, reason: BotReason = None) -> list[Event]:
        """Take the next update from the host (its move is ``move``)."""
        update = self.pending.popleft()
        self.history.append(update)
        self.state = update.state
        self.movers.append(update.seat)
        self.save.record(update.move, None)
        self.log.add_turn(update.seat, update.move, list(update.events), reason=None)
        return list(update.events)

    def takeback_point(self) -> int | None:
        return None


class RemoteTableGame(TableGame):
    """A table whose moves go to the host and whose updates come from it."""

    def __init__(self, link: Link, history: Sequence[Update], seats: Sequence[SeatInfo],
                 save: MirrorSave, host: Host, placed: Placed, *,
                 speed: float | None = None,
                 real_save: Callable[[], SaveGame | None] | None = None) -> None:
        self.link = link
        self.seat_infos: tuple[SeatInfo, ...] = tuple(seats)
        self.link_state = "joined"
        self.ended: Ended | None = None
        #: The move sent for the position of this number, waiting for the host.
        self.sent: int | None = None
        self.real_save = real_save
        self._playing = False
        self.mirror = MirrorSession(save, history, link.seats)
        super().__init__(save, None, host, placed, autosave=False, saver=None, speed=speed)

    def _make_session(self, save: SaveGame, state: State | None, *, autosave: bool,
                      saver: Saver | None) -> GameSession:
        return self.mirror

    def _make_flow(self) -> TurnFlow:
        s = self.mirror
        kinds = [SeatKind.HUMAN if seat in s.local else SeatKind.EASY
                 for seat in range(s.players)]
        return TurnFlow(kinds, s.active, s.over)

    # -- reading -------------------------------------------------------------------------------
    def composing(self) -> bool:
        return self.sent is None and super().composing()

    def view(self, layout: TableLayout, pointer: Pointer) -> TableView:
        return replace(super().view(layout, pointer),
                       statuses=tuple(s.status for s in self.seat_infos),
                       reviewable=self.real_save is not None)

    # -- playing -------------------------------------------------------------------------------
    def play(self, move: str | Move, reason: BotReason = None) -> list[Event]:
        """A move of a seat played here goes to the host; the host's updates are played
        by :meth:`_drive_bots` (through the base class)."""
        if self._playing:
            return super().play(move, reason)
        s = self.mirror
        seat = s.active
        if s.over or seat not in s.local or self.sent is not None:
            return []
        self.sent = s.moves_played
        self.link.move(seat, s.moves_played, str(move))
        return []

    def _drive_bots(self) -> None:
        self._take_messages()
        s = self.mirror
        if not s.pending or self.stage.busy:
            return
        update = s.pending[0]
        if update.n != s.moves_played + 1:  # not the next move: nothing to do with it
            s.pending.popleft()
            return
        if update.seat in s.local:  # our move (or a stand-in's for our seat): at once
            if self.flow.phase not in (Phase.COMPOSE, Phase.PLAYBACK, Phase.BOT,
                                       Phase.HANDOFF):
                return
        else:
            if not self.flow.wants_bot():
                return
            shown_seat, shown = self.bots.turn_shown
            if not self.bots.skipping and shown_seat == s.active \
                    and shown < BOT_LOOK * self.bots.pace:
                return
        self.sent = None
        self._playing = True
        try:
            TableGame.play(self, update.move)
        finally:
            self._playing = False

    def _take_messages(self) -> None:
        for message in self.link.poll():
            if isinstance(message, Update):
                if message.n > self.mirror.moves_played:
                    self.mirror.pending.append(message)
            elif isinstance(message, Seats):
                self._seats_now(message.seats)
            elif isinstance(message, Welcome):
                self._seats_now(message.seats)
            elif isinstance(message, Refused):
                self.sent = None
                self.say(Deferred(words.refused_by_host, message.code))
                self.sound("slide")
            elif isinstance(message, Ended):
                self.ended = message
            elif isinstance(message, LinkState):
                self.link_state = message.state

    def _seats_now(self, seats: Sequence[SeatInfo]) -> None:
        names = self.session.names
        for seat, (old, new) in enumerate(zip(self.seat_infos, seats, strict=False)):
            if old.status != new.status and seat not in self.mirror.local:
                line = words.status_change(names[seat], new.status)
                if line:
                    self.say(line, Tone.NOTE)
        self.seat_infos = tuple(seats)

    def away(self) -> list[int]:
        """Seats whose person is away (a bot may be playing for them)."""
        return [i for i, s in enumerate(self.seat_infos) if s.status in ("away", "stand-in")]

    # -- after the game ----------------------------------------------------------------------
    def after_game(self, screen: AfterGame) -> None:
        save = self.real_save() if self.real_save is not None else None
        if save is None:
            self.say(words.review_at_host(), Tone.NOTE)
            return
        self.host.navigate(screen, save=save)

    def rematch(self) -> None:
        self.say(words.rematch_at_host(), Tone.NOTE)

    def close(self) -> None:
        super().close()
        self.link.close()
