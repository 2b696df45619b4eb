"""Questions about a half-built move: where a card may be planted and how many it takes.

The table builds a move card by card before it asks the engine to check
it. While it does, it shows which places a card may go to, what a
take-over needs, and whether a place is closed this turn. Those answers
are rules (R-PLANT-1, R-PLANT-3, R-PLANT-4, R-MON-1, R-MON-3), so they are
worked out here, next to the rules, and the table only draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .board import Board
from .cards import CROPS, MON_KEY, MONUMENTS, SPHINX, WALL
from .places import STONE, Place, PlaceKind
from .powers import flooded_crops, takeover_need, takeover_terms

#: Cards a new field of one crop starts with at least (R-PLANT-1).
NEW_FIELD_MIN = 2


class Role(Enum):
    """What planting on a place does for the planter."""

    FIELD = "field"          # grows one's own field
    PLOT = "plot"            # starts a new field
    TAKEOVER = "takeover"    # takes over a rival's field (R-PLANT-4)
    BUILD = "build"          # starts building a Monument from the centre (R-MON-1)
    MONUMENT = "monument"    # grows one's own Monument
    TAKE = "take"            # takes a rival's Monument (R-MON-3)


@dataclass(frozen=True)
class Placement:
    """A place where ``seat``'s cards of one kind may be planted this turn.

    ``holder`` is whose field or Monument it is now (the planter for their own,
    a rival for a take-over); ``need`` is the cards a take-over needs, ``size``
    the cards there now, and ``terms`` why the need differs from ``size``:
    (reason, cards) pairs from :func:`~.powers.takeover_terms`, so that
    ``need == size + sum of the cards of terms`` for a take-over (R-PLANT-4).
    """

    place: Place
    role: Role
    holder: int
    need: int = 0
    size: int = 0
    terms: tuple[tuple[str, int], ...] = ()

    @property
    def rival(self) -> bool:
        return self.role in (Role.TAKEOVER, Role.TAKE)

    @property
    def least(self) -> int:
        """The fewest cards a planting here takes: one on one's own field or Monument, two
        for a new one (R-PLANT-1), the take-over need for a rival's (R-PLANT-4)."""
        if self.role in (Role.FIELD, Role.MONUMENT):
            return 1
        return max(NEW_FIELD_MIN, self.need)


def placements(board: Board, seat: int, kind: str) -> list[Placement]:
    """Every place a hand card of ``kind`` of ``seat`` could be planted, as things stand."""
    if kind in CROPS:
        key = CROPS.index(kind)
        need, holder = takeover_need(board, seat, key)
        if holder >= 0:
            size = board.fields_of(holder).get(kind, 0)
            return [Placement(Place.field(kind), Role.TAKEOVER, holder, need, size,
                              _terms(board, seat, holder))]
        own = board.fields_of(seat).get(kind, 0)
        return [Placement(Place.field(kind), Role.FIELD if own else Role.PLOT, seat, 0, own)]
    if kind != STONE or not board.monuments_on:
        return []
    out = []
    for m, name in enumerate(MONUMENTS):
        place = Place(PlaceKind.MONUMENT, name)
        owner = board.monument_owner(m)
        if owner == seat:
            size = board.monuments_of(seat).get(name, 0)
            out.append(Placement(place, Role.MONUMENT, seat, 0, size))
        elif owner is None:
            out.append(Placement(place, Role.BUILD, seat))
        else:
            need, _holder = takeover_need(board, seat, MON_KEY + m)
            size = board.monuments_of(owner).get(name, 0)
            out.append(Placement(place, Role.TAKE, owner, need, size,
                                 _terms(board, seat, owner)))
    return out


def _terms(board: Board, seat: int, holder: int) -> tuple[tuple[str, int], ...]:
    """Why a take-over of ``holder``'s field by ``seat`` needs what it needs (R-PLANT-4)."""
    return takeover_terms(board.mons[seat][SPHINX] > 0, board.mons[holder][WALL] > 0)


def flooded_crop_names(board: Board) -> tuple[str, ...]:
    """The crops the current flood card shows (R-FLOOD-2): they cannot be planted now."""
    return tuple(CROPS[c] for c in flooded_crops(board))
