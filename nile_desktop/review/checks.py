"""Strict readers for the values of a review read back from a file.

A review kept inside a save (:mod:`.cache`) is input like any other: its
game digest only says which game it claims to review, and anyone can compute
it. These readers take a value only if it has the type the review wrote
(no text read as a number, no ``true`` as 1) and, for a chance, a finite
percentage; a text has its lone surrogates (which no terminal, disk or font
takes) replaced; anything else raises ValueError, so a damaged or forged
review reads as missing and is computed afresh. :func:`check_moves` holds
the moves a review names (a decision's better move, its options, the
search's choice) against the game: each must be a move, legal where it was
weighed, or the review reads as missing too. Each field has a check of its
own, so a field added later is one more line.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from nile_desktop.engine import Move, MoveError, Rules, new_game
from nile_desktop.saves.errors import without_surrogates


def whole(value: object) -> int:
    """An int written as one (never a bool, a float or a text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def number(value: object) -> float:
    """A finite number written as one (never a bool or a text)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"not a finite number: {value!r}")
    return float(value)


def percentage(value: object) -> float:
    """A chance in percent: a finite number from 0 to 100."""
    x = number(value)
    if not 0.0 <= x <= 100.0:
        raise ValueError(f"not a percentage: {value!r}")
    return x


def text(value: object) -> str:
    """A text written as one, its lone surrogates replaced."""
    if not isinstance(value, str):
        raise ValueError(f"not a text: {value!r}")
    return without_surrogates(value)


def move_text(value: object) -> str:
    """A move in notation as the review wrote it: a text that reads as a move (``""`` is
    no move: a search that was not asked). Whether it was legal is :func:`check_moves`'s."""
    if not isinstance(value, str):
        raise ValueError(f"not a move: {value!r}")
    if value:
        try:
            Move.parse(value)
        except MoveError:
            raise ValueError(f"not a move: {value!r}") from None
    return value


def items(value: object) -> Sequence[Any]:
    """A JSON list (a tuple too, as a review made in this process holds)."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"not a list: {value!r}")
    return value


def percentages(value: object) -> tuple[float, ...]:
    """A list of chances in percent."""
    return tuple(percentage(x) for x in items(value))


def weighed_moves(decision: Any) -> Iterator[str]:
    """The moves a decision names besides the one played: the better move, each option
    and the search's choice (if it was asked)."""
    yield decision.best
    for move, _chance in decision.options:
        yield move
    if decision.search:
        yield decision.search


def check_moves(steps: Sequence[Any], rules: dict[str, Any], seed: int,
                moves: Sequence[str]) -> None:
    """ValueError unless every move each decision of ``steps`` names is a legal move of
    the position it was weighed in (the game of ``rules``, ``seed`` and ``moves``)."""
    state = new_game(Rules(**rules), seed)
    if len(steps) != len(moves):
        raise ValueError("the steps do not match the moves")
    for step, played in zip(steps, moves, strict=True):
        if step.decision is not None:
            for move in weighed_moves(step.decision):
                if not state.is_legal(move):
                    raise ValueError(f"move {step.index}: {move!r} is no legal move there")
        state.apply(played)
