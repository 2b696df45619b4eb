"""The rules of Nile DeLuxor as a pure, seeded Python package.

No pygame, no I/O, no clock: one game is its rules, its seed and the moves
played, and replaying them rebuilds the exact same state on any machine.

    >>> from nile_desktop.engine import Rules, new_game
    >>> state = new_game(Rules(players=3), seed=7)
    >>> moves = state.legal_moves()
    >>> events = state.apply(moves[-1])      # "pass"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import ALL_CARD_NAMES, CROPS, KIND_BY_NAME, KIND_NAMES, MONUMENTS
from .lazy import lazy_names

if TYPE_CHECKING:
    from .errors import (
        BadPositionError,
        EngineError,
        IllegalMoveError,
        InvalidMoveError,
        MoveError,
        RefusalCode,
    )
    from .events import BaseEvent, Event, redact
    from .exhaustive import assert_never
    from .legal import LegalMoves
    from .moves import Move
    from .outcome import Decided, Outcome, deciding_pile
    from .places import CardRef, Place, PlaceKind
    from .play import apply_known_legal
    from .position import FORMAT, FORMATS, position_dict
    from .powers import takeover_need
    from .queries import NEW_FIELD_MIN, Placement, Role, flooded_crop_names, placements
    from .rules import MAX_PLAYERS, MIN_PLAYERS, PLAYER_COUNTS, Rules, crop_count
    from .scoring import final_result, pile_order, piles, smallest_pile
    from .state import State, new_game
    from .view import Dealer, View, observe, resample

#: Where each name of the package lives. The constants of the cards are there at once;
#: every other name is imported on first use, so that naming a card or a refusal code (the
#: window's first frame does) does not build the whole engine.
_MODULES: dict[str, str] = {
    "errors": "BadPositionError EngineError IllegalMoveError InvalidMoveError MoveError RefusalCode",
    "events": "BaseEvent Event redact",
    "exhaustive": "assert_never",
    "legal": "LegalMoves",
    "moves": "Move",
    "outcome": "Decided Outcome deciding_pile",
    "places": "CardRef Place PlaceKind",
    "play": "apply_known_legal",
    "position": "FORMAT FORMATS position_dict",
    "powers": "takeover_need",
    "queries": "NEW_FIELD_MIN Placement Role flooded_crop_names placements",
    "rules": "MAX_PLAYERS MIN_PLAYERS PLAYER_COUNTS Rules crop_count",
    "scoring": "final_result pile_order piles smallest_pile",
    "state": "State new_game",
    "view": "Dealer View observe resample",
}
__getattr__ = lazy_names(__name__, _MODULES, globals())


def position_from_dict(data: Any) -> State:
    """A :class:`State` from parsed position JSON (NOTATION.md); see :meth:`State.from_dict`."""
    from .state import State  # loaded on first use, like the package's other names

    return State.from_dict(data)


__all__ = [
    "ALL_CARD_NAMES", "CROPS", "KIND_NAMES", "MONUMENTS", "RefusalCode", "FORMAT", "FORMATS",
    "BadPositionError", "EngineError", "IllegalMoveError", "InvalidMoveError", "MoveError",
    "BaseEvent", "Event", "assert_never", "redact", "Move", "LegalMoves", "Rules", "State",
    "new_game", "View", "observe",
    "resample", "final_result", "piles", "position_dict", "position_from_dict", "takeover_need",
    "MIN_PLAYERS", "MAX_PLAYERS", "PLAYER_COUNTS", "crop_count", "KIND_BY_NAME",
    "CardRef", "Place", "PlaceKind", "Placement", "Role", "placements", "flooded_crop_names",
    "NEW_FIELD_MIN", "pile_order", "smallest_pile", "deciding_pile",
    "Outcome", "Decided",
    "Dealer", "apply_known_legal",
]
