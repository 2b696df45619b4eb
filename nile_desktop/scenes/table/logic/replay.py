"""A saved game played again on the table: step, play, pause and seek, and nobody moves.

:class:`ReplayGame` is the table's game (:class:`~nile_desktop.scenes.table.logic.game.TableGame`)
driven by a save instead of by people and bots. It plays a copy of the save
(the save it was given is never changed, never written) from its first ``at``
moves: a step forward plays the next move of the save through the table, so
its effects, banners and log lines come as the game played them; a step back
or a seek rebuilds the position from the seed without effects. Playing steps
forward by itself, a move every :data:`STEP_PAUSE` seconds once the last
move's effects have landed, at one of the :data:`RATES` (the effects and the
pauses both run that many times faster than the animation speed set).

Whose private cards show (:class:`ReplayFlow`) is what the game's person
could see: with one person, always theirs; in pass-and-play, those of the
person whose turn the table shows; bots' hands never. Only a finished game
offers "Show all hands": then the tray shows the hand and storage of the
seat whose turn the table shows, and every other seat's panel names its
hand. No pygame here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from nile_desktop.ai.reason_data import reason_from_data
from nile_desktop.engine import EngineError
from nile_desktop.engine.events import Event
from nile_desktop.saves import SaveGame
from nile_desktop.scenes.table.logic.commands import Host
from nile_desktop.scenes.table.logic.effects import Placed
from nile_desktop.scenes.table.logic.flow import KEY_PAUSE, TurnFlow
from nile_desktop.scenes.table.logic.game import INSTANT_PACE, TableGame
from nile_desktop.scenes.table.logic.gamelog import is_key
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.view import Pointer, ReplayState, TableView

#: Seconds (at animation speed 1) a move stays on show before playing shows the next one.
STEP_PAUSE = 0.9
#: How many times faster than the animation speed a replay may run (the Speed button).
RATES = (1, 2, 4)


def playable(save: SaveGame) -> tuple[int, bool]:
    """How many of the save's moves the engine plays (all, for any save that loaded) and
    whether the game is over after them: a save with a refused move replays up to it."""
    state = save.new_state()
    for played, move in enumerate(save.moves):
        try:
            state.apply(move)
        except EngineError:
            return played, bool(state.over)
    return len(save.moves), bool(state.over)


class ReplayFlow(TurnFlow):
    """The turn flow of a replay: always playback, and a rule for whose cards show."""

    def __init__(self, kinds: Sequence[str], active: int, over: bool,
                 shown_seat: Callable[[], int]) -> None:
        self.open_hands = False
        self.over = over
        self._shown_seat = shown_seat
        super().__init__(kinds, active, over=False)

    @property
    def revealed(self) -> int | None:
        """Whose private cards may be drawn: what the game's person could see then, or with
        "Show all hands" the seat whose turn the table shows."""
        if self.open_hands:
            return self._shown_seat()
        if len(self.humans) == 1:
            return self.humans[0]
        seat = self._shown_seat()  # pass-and-play: the person whose turn the table shows
        return seat if not self.over and seat in self.humans else None

    @revealed.setter
    def revealed(self, value: int | None) -> None:
        """The turn flow's own choice is not used: :attr:`revealed` is worked out."""

    def _next(self) -> None:
        """Nobody acts in a replay: the table stays in playback."""

    def moved(self, seat: int, active: int, over: bool, pause: float) -> None:
        self.active, self.over = active, over

    def restart(self, active: int, over: bool = False) -> None:
        self.active, self.over = active, over

    def update(self, dt: float) -> None:
        """Playback never ends by itself: the replay steps."""


class ReplayGame(TableGame):
    """A saved game on the table, moved only by the replay's controls."""

    def __init__(self, save: SaveGame, at: int | None, host: Host, placed: Placed, *,
                 leave: Callable[[], None], speed: float | None = None) -> None:
        self.source = save
        self.total, self.finished = playable(save)
        self.leave = leave
        start = self.total if at is None else max(0, min(int(at), self.total))
        super().__init__(self._copy(start), None, host, placed, autosave=False, saver=None,
                         speed=speed)
        self.stage.reveal = 1.0
        self.playing = False
        self.wait = 0.0
        self.rate = RATES[0]

    def _make_flow(self) -> TurnFlow:
        s = self.session
        return ReplayFlow(s.kinds, s.active, s.over, lambda: self.board.active)

    def _copy(self, moves: int) -> SaveGame:
        """The save's first ``moves`` moves, as a save of its own with no file."""
        return dataclasses.replace(self.source, moves=list(self.source.moves[:moves]),
                                   reasons=list(self.source.reasons[:moves]), path=None,
                                   review=None)

    # -- reading ---------------------------------------------------------------------------
    @property
    def cursor(self) -> int:
        """How many of the save's moves the table shows as played."""
        return len(self.session.save.moves)

    def replay_state(self) -> ReplayState:
        flow = self.flow
        assert isinstance(flow, ReplayFlow)
        seen = None
        if not flow.open_hands:
            seen = flow.revealed
        return ReplayState(self.cursor, self.total, self.playing, flow.open_hands,
                           self.finished, seen, self.rate)

    def view(self, layout: TableLayout, pointer: Pointer) -> TableView:
        return dataclasses.replace(super().view(layout, pointer), replay=self.replay_state())

    @property
    def pace(self) -> float:
        """The animation speed set, times the replay's rate (instant effects stay instant)."""
        return super().pace * self.rate

    def composing(self) -> bool:
        return False

    def can_take_back(self) -> bool:
        return False

    # -- the controls ------------------------------------------------------------------------
    def step_forward(self) -> list[Event]:
        """Play the save's next move with its effects; its events (none at the end)."""
        if self.cursor >= self.total:
            return []
        index = self.cursor
        return self.play(self.source.moves[index], reason_from_data(self.source.reason_at(index)))

    def step_back(self) -> None:
        self.playing = False
        self.seek(self.cursor - 1)

    def seek(self, moves: int) -> None:
        """Show the position after the save's first ``moves`` moves, without effects."""
        moves = max(0, min(int(moves), self.total))
        if moves == self.cursor and not self.stage.busy:
            return
        self.stage.finish()
        self.session.restart(self._copy(moves))
        self.rebuilt()

    def toggle_play(self) -> None:
        """Play from here (from the deal, when at the end), or pause."""
        if self.playing:
            self.playing = False
            return
        if self.cursor >= self.total:
            self.seek(0)
        self.playing, self.wait = True, 0.0

    def faster(self) -> None:
        """The next of the :data:`RATES`, round to the first."""
        self.rate = RATES[(RATES.index(self.rate) + 1) % len(RATES)]

    def toggle_open_hands(self) -> None:
        """"Show all hands", in a finished game's replay only."""
        flow = self.flow
        if self.finished and isinstance(flow, ReplayFlow):
            flow.open_hands = not flow.open_hands
            self.board.version += 1  # the picture shows other cards now

    # -- what the table's commands do in a replay ----------------------------------------------
    def start(self) -> None:
        """The deal is shown as it was dealt; any later position as it stands."""
        if not self.session.save.moves:
            self._deal()

    def open_menu(self) -> None:
        self.leave()

    def take_back(self) -> None:
        """Nothing is taken back in a replay."""

    def _drive_bots(self) -> None:
        """The bots do not play: their moves are the save's."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing or self.stage.busy:
            return
        pace = self.pace
        self.wait -= dt * (pace if pace > 0 else INSTANT_PACE)
        if self.wait > 0:
            return
        events = self.step_forward()
        if not events or self.cursor >= self.total:
            self.playing = False
        self.wait = STEP_PAUSE + (KEY_PAUSE if any(is_key(e) for e in events) else 0.0)
