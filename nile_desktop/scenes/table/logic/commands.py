"""The table's interfaces: what input and the coach may ask the table to do, and what the
table asks of its host and of its coach.

Mouse and keyboard (:mod:`~nile_desktop.scenes.table.display.table_input`), the
lesson and hint panels (:mod:`~nile_desktop.scenes.table.display.coach_view`) and the
tutorial's scripted player never set the table's attributes: they call the
:class:`TableCommands`, and :class:`~nile_desktop.scenes.table.logic.game.TableGame`
carries them out. Reading is allowed through the few queries at the top.
The game asks the scene around it for settings, sound and other screens
(:class:`Host`), and the tutorial's lessons or a normal game's hints for what they
allow (:class:`Coaching`).

No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, Protocol

from nile_desktop.engine import CardRef, Move, Place, RefusalCode
from nile_desktop.engine.events import Event
from nile_desktop.i18n import Message
from nile_desktop.scenes.table.logic.draft import Action, MoveDraft, Refusal
from nile_desktop.scenes.table.logic.flow import Phase
from nile_desktop.scenes.table.logic.session import BotReason, GameSession
from nile_desktop.scenes.table.logic.view import Tone
from nile_desktop.settings import Settings
from nile_desktop.text.refusals import TableRefusalCode

if TYPE_CHECKING:  # the table's deciding half only names the routes, it opens none
    from nile_desktop.scenes.nav import Route

#: The screens the results open over the table (its Review and Record buttons).
AfterGame = Literal["review", "record"]
#: Told of every move: called with the table's game and the move's events.
Listener = Callable[["TableCommands", list[Event]], None]
__all__ = ["Action", "AfterGame", "BotReason", "Coaching", "Host", "Listener", "Message", "TableCommands"]


class Host(Protocol):
    """What the table needs from the app around it: settings, sound and other screens."""

    def prefs(self) -> Settings: ...

    def play_sound(self, name: str, pan: float | None = None, duck: bool = False) -> None:
        """``pan``: where across the table (0 left, 1 right); ``duck``: a banner's sound."""
        ...

    def navigate(self, route: Route, *, push: bool = True, **options: object) -> None: ...

    def rematch(self) -> None: ...


class Coaching(Protocol):
    """The tutorial's lessons or a normal game's hints, as the game asks them."""

    def refusal(self, move: str) -> str | None: ...

    def hold_bot(self) -> bool: ...

    def bot_move(self) -> str | None: ...

    def refused(self, code: RefusalCode | TableRefusalCode) -> None: ...

    def update(self, dt: float) -> None: ...


class TableCommands(Protocol):
    # -- reading ---------------------------------------------------------------------------
    @property
    def session(self) -> GameSession: ...

    @property
    def draft(self) -> MoveDraft: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def revealed(self) -> int | None:
        """The seat whose private cards the screen shows (the person at it), or None."""
        ...

    def composing(self) -> bool: ...

    def effects_busy(self) -> bool: ...

    def guarded(self) -> bool:
        """True in the moment after a move, when buttons ignore clicks."""
        ...

    # -- building a move -------------------------------------------------------------------
    def pick(self, card: CardRef | str) -> Refusal | None: ...

    def unpick(self, card: CardRef | str) -> None: ...

    def stage_cards(self, target: Place, kind: str | None = None) -> Refusal | None: ...

    def unstage(self, target: Place) -> None: ...

    def undo(self) -> None: ...

    def clear(self) -> None: ...

    def load_move(self, move: str | Move) -> None: ...

    def can_take_back(self) -> bool:
        """"Take back my turn" is offered (one person against bots, after their move)."""
        ...

    def take_back(self) -> None: ...

    # -- playing ---------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """A person pressed an action button: market, offer, plant, speculate or pass (End
        turn)."""
        ...

    def play(self, move: str | Move, reason: BotReason = None) -> list[Event]: ...

    def suggest(self) -> None: ...

    def ready(self) -> None: ...

    def done(self) -> None: ...

    def finish_effects(self) -> None: ...

    # -- the turn flow -----------------------------------------------------------------------
    def hold(self, reason: str) -> None:
        """Keep the table from moving on after playback (a lesson being read)."""
        ...

    def release(self, reason: str) -> None: ...

    # -- telling the person ------------------------------------------------------------------
    def say(self, text: Message, tone: Tone = Tone.ERROR) -> None: ...

    def refuse(self, refusal: Refusal) -> None: ...

    def sound(self, name: str) -> None: ...

    # -- other screens -------------------------------------------------------------------------
    def open_menu(self) -> None: ...

    def all_moves(self) -> None: ...

    def rematch(self) -> None: ...

    def after_game(self, screen: AfterGame) -> None:
        """Open the finished game's "review" or the players' "record" over the table."""
        ...

    def new_game(self) -> None: ...

    def to_title(self) -> None: ...
