"""The game state the app and the bots hold: a :class:`~.board.Board` with the
rules attached as methods, and the start of a new game.

``State`` is where the public contract lives (``apply``, ``legal_moves``,
``check``, ``to_json``/``from_json``); the methods delegate to the rule
modules, which know only the board, so the imports run one way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .board import Board
from .cards import LOCUST, N_CROPS, N_MONUMENTS, STONE, full_deck_counts, kinds_in_play
from .errors import MoveError
from .events import Event
from .legal import can_act, legal_moves, stone_spreads
from .moves import Move, token_text
from .play import apply_move, start_turn
from .position import dump_position, load_position, position_dict, read_position
from .rng import Rng
from .rules import HAND_SIZE, Rules, check_seed, choose_crops
from .validate import validate


class State(Board):
    """One game of Nile DeLuxor, waiting for the active player's move or over.

    Mutate it only through :meth:`apply`; read it through the accessors.
    """

    __slots__ = ()

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move of the active player, canonical, each once.

        A plain list, except for positions with more than
        :data:`~nile_desktop.engine.legal.EAGER_LIMIT` plantings into own
        fields, which give a lazy :class:`~nile_desktop.engine.legal.LegalMoves`.
        """
        return legal_moves(self)

    def apply(self, move: Move | str) -> list[Event]:
        """Play ``move`` (a :class:`Move` or its text) and return the events.

        Raises :class:`InvalidMoveError` or :class:`IllegalMoveError` and
        changes nothing if it is refused.
        """
        return apply_move(self, move)

    def check(self, move: Move | str) -> Move:
        """Validate ``move`` without playing it; return it parsed.

        Raises :class:`InvalidMoveError` (text that does not parse) or
        :class:`IllegalMoveError` (with ``code``, ``rule``, ``needed``,
        ``have``, ``card``) exactly as :meth:`apply` would; changes nothing.
        """
        return validate(self, move)[0]

    def is_legal(self, move: Move | str) -> bool:
        """Whether :meth:`apply` would accept ``move``."""
        try:
            validate(self, move)
        except MoveError:
            return False
        return True

    def plant_options(self, cards: Sequence[str]) -> list[Move]:
        """The legal ``plant`` moves that lay exactly these hand cards (names, e.g.
        ``["wheat", "stone", "stone"]``): one per way to put the stones on Monuments.

        A crop card can only go to its crop's field, so this is the table's
        "where can these picked cards go" without listing every legal move.
        Unknown names give no option.
        """
        options: list[Move] = []
        crops = [c for c in cards if c != "stone"]
        stones = len(cards) - len(crops)
        for spread in stone_spreads(list(range(N_MONUMENTS)), stones):
            if len(spread) != stones:
                continue
            try:
                move = Move.parse(" ".join(["plant", *crops, *(token_text(t) for t in spread)]))
                validate(self, move)
            except MoveError:
                continue
            options.append(move)
        return sorted(options, key=lambda m: m.tokens)

    def can_act(self) -> bool:
        """Whether the active seat has a legal planting or speculation (R-PLANT-5)."""
        return not self.over and can_act(self, self.active)

    def to_json(self) -> str:
        """The position as canonical JSON text (NOTATION.md)."""
        return dump_position(self)

    def to_dict(self) -> dict[str, Any]:
        """The position as a JSON-ready dict (NOTATION.md)."""
        return position_dict(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """Read and check a position; raises :class:`BadPositionError` naming the key at fault."""
        return load_position(text, cls)

    @classmethod
    def from_dict(cls, data: object) -> State:
        """:meth:`from_json` for already parsed JSON."""
        return read_position(data, cls)


def new_game(rules: Rules, seed: int) -> State:
    """Deal a new game (R-SETUP-2) and reveal the first player's flood (R-FLOOD-1).

    ``seed`` is an integer from 0 to 2**64-1 (``ValueError`` otherwise).
    """
    check_seed(seed)
    rng = Rng(seed, 0)
    crops = choose_crops(rules, rng)
    state = State(rules, crops, seed)
    state.watched = [[0] * N_CROPS for _ in range(rules.players)]  # storage starts empty
    counts = full_deck_counts(crops, rules.monuments)
    first = [k for k in kinds_in_play(crops, rules.monuments) if k not in (STONE, LOCUST)]
    pile = [k for k in first for _ in range(counts[k])]
    rng.shuffle(pile)
    for _ in range(HAND_SIZE):
        for seat in range(rules.players):
            state.hands[seat][pile.pop()] += 1
    pile += [STONE] * counts[STONE] + [LOCUST]
    rng.shuffle(pile)
    state.deck = pile
    state.active = rng.below(rules.players)  # R-SETUP-3
    start_turn(state)  # state.events now holds the opening flood's events
    return state
