"""What one frame of the table draws: a typed, read-only view, built once a frame.

Every drawing module (the ``*_view`` modules, :mod:`frame`, :mod:`controls`,
:mod:`results_view`, the coach) takes a :class:`TableView` instead of the
scene, so what a picture depends on is written down in one place and checked
by mypy. Drawing reads the view and writes pixels and elements, nothing else.

To show something new on the table: add the value it needs as a field here,
fill it in :func:`build_view`, draw it in a view module, and test it through
the element it adds to the UI dump.

No pygame here: the view is built and tested without a display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from nile_desktop.engine import State
from nile_desktop.i18n import Message
from nile_desktop.scenes.table.logic.board import TableBoard
from nile_desktop.scenes.table.logic.chances import SeatChance
from nile_desktop.scenes.table.logic.draft import MoveDraft, Target
from nile_desktop.scenes.table.logic.flow import Phase, TurnFlow
from nile_desktop.scenes.table.logic.gamelog import GameLog
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.session import GameSession
from nile_desktop.scenes.table.logic.sprites import BannerQueue, Sprite
from nile_desktop.seats import SeatKind

Colour = tuple[int, ...]


class Tone(Enum):
    """How a message on the prompt line reads: a refusal, a note, the advisor's suggestion."""

    ERROR = "error"
    NOTE = "note"
    SUGGESTION = "suggestion"


class Prefs(Protocol):
    """The settings the table's drawing reads."""

    show_hand_sizes: bool
    colourblind_symbols: bool
    show_win_chances: bool
    muted: bool


@dataclass(frozen=True)
class Pointer:
    """Where the mouse and the keyboard cursor are, and what is being dragged."""

    hover: str | None = None
    cursor: str | None = None
    pressed: str | None = None
    mouse: tuple[int, int] = (0, 0)
    #: The kind of the hand card being dragged, if any.
    dragging: str | None = None


@dataclass(frozen=True)
class ReplayState:
    """What the replay's controls show: where it is, whether it plays, whose cards show."""

    #: Moves played so far (0: the deal) and moves in the save.
    cursor: int
    total: int
    playing: bool
    #: "Show all hands" is on, and whether it is offered (a finished game only).
    open_hands: bool
    finished: bool
    #: The seat whose cards show without "Show all hands" (None: nobody's), for the note.
    seen_by: int | None
    #: How many times faster than the animation speed it plays.
    rate: int = 1


@dataclass(frozen=True)
class TableView:
    """Everything a frame of the table shows, as it is at the start of the frame."""

    layout: TableLayout
    #: What is drawn: the board, which catches up with the engine as effects land.
    board: TableBoard
    #: The engine state (for the end result and the storage-top rule).
    state: State
    names: tuple[str, ...]
    kinds: tuple[SeatKind, ...]
    colours: tuple[int, ...]
    humans: tuple[int, ...]
    #: The seat to play in the engine (the board's ``active`` may still be catching up).
    active: int
    over: bool
    phase: Phase
    #: The one seat whose private cards may be drawn (None: nobody's).
    revealed: int | None
    #: A person is building a move now.
    composing: bool
    draft: MoveDraft
    #: Places that glow: where the picked (or dragged) cards may go.
    targets: tuple[Target, ...]
    prefs: Prefs
    #: How far the final storage has been turned over (0 → 1).
    reveal: float
    #: 0 → 1 → 0, for pulsing rings.
    pulse: float
    suggesting: bool
    pass_armed: bool
    #: A message on the prompt line ("" for none) and its colour.
    message: str
    message_tone: Tone
    log: GameLog
    pointer: Pointer
    sprites: tuple[Sprite, ...]
    banners: BannerQueue
    #: The shown seat's win chance ("Show win chances"), if the table has one.
    chance: SeatChance | None = None
    #: "Take back my turn" is offered now, and whether its first press asks for a second.
    takeback: bool = False
    takeback_armed: bool = False
    #: In a replay, where it is and what its controls show.
    replay: ReplayState | None = None
    #: In a game over the network, each seat's status ("online", "away", …; see
    #: ``nile_desktop.net.messages.Status``); empty otherwise.
    statuses: tuple[str, ...] = ()
    #: The finished game can be reviewed here (not at a joining screen of a network game).
    reviewable: bool = True

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def to_play(self) -> int | None:
        """The seat marked "to play": the one whose turn the table shows, and while the
        hand-off waits, the person it names (their turn opens once they confirm)."""
        if self.board.over:
            return None
        seat = self.active if self.phase == Phase.HANDOFF else self.board.active
        return seat if 0 <= seat < self.players else None

    def chance_for(self, seat: int) -> SeatChance | None:
        """The win chance shown in ``seat``'s panel, if any."""
        return self.chance if self.chance is not None and self.chance.seat == seat else None


def build_view(*, layout: TableLayout, board: TableBoard, session: GameSession, flow: TurnFlow,
               draft: MoveDraft, targets: Sequence[Target], prefs: Prefs, reveal: float,
               pulse: float, suggesting: bool, pass_armed: bool, message: Message,
               message_tone: Tone, pointer: Pointer, sprites: Sequence[Sprite],
               banners: BannerQueue, takeback: bool = False,
               takeback_armed: bool = False, chance: SeatChance | None = None) -> TableView:
    """The view of one frame from the table's parts (``message`` is told in words now)."""
    active = session.active
    return TableView(
        layout=layout, board=board, state=session.state, names=tuple(session.names),
        kinds=tuple(session.kinds), colours=tuple(session.colours),
        humans=tuple(session.humans), active=active, over=session.over, phase=flow.phase,
        revealed=flow.revealed, composing=flow.phase == Phase.COMPOSE
        and flow.revealed == active, draft=draft, targets=tuple(targets), prefs=prefs,
        reveal=reveal, pulse=pulse, suggesting=suggesting, pass_armed=pass_armed,
        message=str(message) if message else "", message_tone=message_tone,
        log=session.log, pointer=pointer, sprites=tuple(sprites), banners=banners,
        takeback=takeback, takeback_armed=takeback_armed, chance=chance)
