"""The rules of Nile DeLuxor as a pure, seeded Python package.

No pygame, no I/O, no clock: one game is its rules, its seed and the moves
played, and replaying them rebuilds the exact same state on any machine.

    >>> from nile_desktop.engine import Rules, new_game
    >>> state = new_game(Rules(players=3), seed=7)
    >>> moves = state.legal_moves()
    >>> events = state.apply(moves[-1])      # "pass"
"""

from .cards import ALL_CARD_NAMES, CROPS, KIND_NAMES, MONUMENTS
from .errors import REFUSAL_CODES, BadPositionError, EngineError, IllegalMoveError
from .events import Event, redact
from .moves import Move
from .position import FORMAT, position_dict, position_from_dict
from .rules import Rules
from .scoring import final_result, piles
from .state import State, new_game
from .view import View, observe, resample

__all__ = [
    "ALL_CARD_NAMES", "CROPS", "KIND_NAMES", "MONUMENTS", "REFUSAL_CODES", "FORMAT",
    "BadPositionError", "EngineError", "IllegalMoveError", "Event", "redact", "Move",
    "Rules", "State", "new_game", "View", "observe", "resample", "final_result", "piles",
    "position_dict", "position_from_dict",
]
