"""The result of a finished game as a value: ranking, piles, the deciding pile, why.

A finished game's result is an :class:`Outcome`, as a chess library's game result
is: the ranking and every seat's scoring piles, and from them the pile that decided
and how the win was decided (R-END-3), so no reader digs through a dict for them.
Its :meth:`~Outcome.to_dict` is the ``result`` of the position JSON (NOTATION.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .text_enum import TextEnum


class Decided(TextEnum):
    """How the winner of a finished game was found (R-END-3)."""

    #: The winner's smallest pile is larger than the runner-up's.
    SMALLEST_PILE = "smallest-pile"
    #: Equal on the smallest piles; a later pile, smallest first, decides.
    LATER_PILE = "later-pile"
    #: Equal on every pile: a shared win.
    SHARED_WIN = "shared-win"


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: its ranking and every seat's scoring piles (R-END-3).

    ``ranking`` holds groups of seats, best first; a group of several is a tie, its
    seats in ascending order. ``piles[seat]`` are the seat's storage counts of every crop
    in play, smallest first.
    """

    ranking: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]

    @classmethod
    def of_piles(cls, piles: Sequence[Sequence[int]]) -> Outcome:
        """The outcome of these scoring piles (each sorted smallest first): the seat whose
        smallest pile is largest wins, ties compare the next pile, and so on (R-END-3)."""
        rows = tuple(map(tuple, piles))
        order = sorted(range(len(rows)), key=rows.__getitem__, reverse=True)
        ranking: list[list[int]] = []
        for seat in order:
            if ranking and rows[ranking[-1][0]] == rows[seat]:
                ranking[-1].append(seat)
            else:
                ranking.append([seat])
        return cls(tuple(tuple(sorted(group)) for group in ranking), rows)

    @classmethod
    def from_dict(cls, data: object) -> Outcome:
        """Read a stored ``result`` as :meth:`to_dict` writes it. The ranking is worked out
        again from the piles and must agree with the one given; ``ValueError`` says what
        is wrong."""
        if not isinstance(data, dict) or set(data) != {"ranking", "piles"}:
            raise ValueError("a result is an object with exactly 'ranking' and 'piles'")
        piles = data["piles"]
        if not isinstance(piles, list) or not all(
                isinstance(row, list) and all(_is_count(n) for n in row) for row in piles):
            raise ValueError("'piles' is a list of lists of counts")
        if any(row != sorted(row) for row in piles):
            raise ValueError("each seat's piles are sorted smallest first")
        outcome = cls.of_piles(piles)
        if outcome.to_dict()["ranking"] != data["ranking"]:
            raise ValueError("'ranking' does not follow from 'piles'")
        return outcome

    def to_dict(self) -> dict[str, list[list[int]]]:
        """``{"ranking": [[0], [1, 2]], "piles": [[3, 4, 4, 5, 6], …]}`` (NOTATION.md)."""
        return {"ranking": [list(group) for group in self.ranking],
                "piles": [list(row) for row in self.piles]}

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the first place (several in a shared win)."""
        return self.ranking[0] if self.ranking else ()

    @property
    def deciding_pile(self) -> int | None:
        """The pile, smallest first, that decided between the winner and the runner-up;
        None in a shared win."""
        return self.deciding_pile_of(self.winners[0]) if len(self.winners) == 1 else None

    @property
    def reason(self) -> Decided:
        """How the win was decided."""
        if len(self.winners) > 1:
            return Decided.SHARED_WIN
        return Decided.SMALLEST_PILE if self.deciding_pile == 0 else Decided.LATER_PILE

    def shares(self) -> list[float]:
        """Each seat's share of the win, in seat order: 1 for a sole winner, split evenly in
        a shared win, 0 for the rest (R-END-3)."""
        top = self.winners
        return [1.0 / len(top) if s in top else 0.0 for s in range(sum(map(len, self.ranking)))]

    def places(self) -> list[tuple[int, int]]:
        """(place, seat) best first; tied seats share a place (R-END-3)."""
        out = []
        place = 1
        for group in self.ranking:
            for seat in group:
                out.append((place, seat))
            place += len(group)
        return out

    def deciding_pile_of(self, seat: int) -> int | None:
        """The pile that decided ``seat``'s place against the seat ranked next to it (the
        one after it, or before it for the last); None when the two are equal."""
        order = [s for group in self.ranking for s in group]
        if seat not in order or len(order) < 2:
            return None
        at = order.index(seat)
        other = order[at + 1] if at + 1 < len(order) else order[at - 1]
        if max(seat, other) >= len(self.piles):
            return None
        return deciding_pile(self.piles[seat], self.piles[other])


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def deciding_pile(a: Sequence[int], b: Sequence[int]) -> int | None:
    """The first pile, smallest first, where two seats' piles differ: the pile that
    decides between them (R-END-3); None when they are equal on every pile."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return None
