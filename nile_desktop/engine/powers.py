"""Rule queries that the engine, the bots and the app all need: one place each.

What is flooded (R-FLOOD-2), how many cards a take-over needs (R-PLANT-4)
and what the Monuments give (R-MON-5: the Obelisk's draws and pay-outs).
The move generator, the validator, the bots and the table ask these
functions; nobody else repeats the numbers.
"""

from __future__ import annotations

from .board import Board
from .cards import MON_KEY, OBELISK, SPHINX, WALL, crops_shown

#: Cards drawn at the end of a turn, without and with the Obelisk (R-DRAW-1, R-MON-5).
TURN_DRAW, TURN_DRAW_OBELISK = 2, 3
#: Cards paid per matching speculation card, without and with the Obelisk (R-SPEC-3, R-MON-5).
PAYOUT, PAYOUT_OBELISK = 3, 4


def flooded_crops(board: Board) -> tuple[int, ...]:
    """Crops shown by the current flood card (R-FLOOD-2); a stone floods none (R-FLOOD-4)."""
    return crops_shown(board.flood) if board.flood >= 0 else ()


#: Why a take-over needs more (or fewer) cards than the defender's field, as
#: (reason, cards): always one more, the planter's Sphinx one fewer, the
#: defender's Wall one more again (R-PLANT-4, R-MON-5).
MARGIN, SPHINX_TERM, WALL_TERM = ("margin", 1), ("sphinx", -1), ("wall", 1)


def takeover_terms(planter_sphinx: bool, defender_wall: bool) -> tuple[tuple[str, int], ...]:
    """The parts of the take-over margin, each with its reason (R-PLANT-4, R-MON-5)."""
    return ((MARGIN,) + ((SPHINX_TERM,) if planter_sphinx else ())
            + ((WALL_TERM,) if defender_wall else ()))


def takeover_margin(planter_sphinx: bool, defender_wall: bool) -> int:
    """Cards beyond the defender's field a take-over needs (R-PLANT-4, R-MON-5).

    One more than the field; the planter's Sphinx makes an equal field enough,
    the defender's Wall asks for one more again.
    """
    return TAKEOVER_MARGINS[planter_sphinx][defender_wall]


#: :func:`takeover_margin` worked out once from the terms, by [sphinx][wall]: the move
#: generator, the validator and the search ask it hundreds of thousands of times a second.
TAKEOVER_MARGINS: tuple[tuple[int, int], tuple[int, int]] = tuple(  # type: ignore[assignment]
    tuple(sum(n for _reason, n in takeover_terms(sphinx, wall)) for wall in (False, True))
    for sphinx in (False, True))


def takeover_need(board: Board, seat: int, key: int) -> tuple[int, int]:
    """(cards a new field ``key`` of ``seat`` needs, current holder or -1) (R-PLANT-3, R-PLANT-4).

    ``key`` is a planting key: a crop, or ``MON_KEY + monument`` (R-MON-3).
    Ownership is read as it is now, before the move (R-PLANT-4). With no
    holder the need is 0: any new field of two cards will do.
    """
    if key < MON_KEY:
        rows, index = board.fields, key
    else:
        rows, index = board.mons, key - MON_KEY
    for other, row in enumerate(rows):
        size = row[index]
        if size and other != seat:
            mons = board.mons
            return size + TAKEOVER_MARGINS[mons[seat][SPHINX] > 0][mons[other][WALL] > 0], other
    return 0, -1


def draws_for(obelisk: bool) -> int:
    """Cards drawn at the end of a turn by a seat with or without the Obelisk (R-DRAW-1)."""
    return TURN_DRAW_OBELISK if obelisk else TURN_DRAW


def payout_for(obelisk: bool) -> int:
    """Cards one matching speculation card pays a seat with or without the Obelisk (R-SPEC-3)."""
    return PAYOUT_OBELISK if obelisk else PAYOUT


def turn_draw(board: Board, seat: int) -> int:
    """Cards ``seat`` draws at the end of its turn, Obelisk read now (R-DRAW-1, R-MON-5)."""
    return draws_for(board.mons[seat][OBELISK] > 0)
