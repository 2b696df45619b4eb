"""The person's win chance on the table, as a tutor would show it ("Show win chances").

When the setting is on, each time a person's turn opens the table asks the
bots' win-chance estimate (:func:`nile_desktop.ai.win_chances`) for that
person's own view of the game — never the hidden cards — on a worker thread,
so the table stays smooth, and shows the figure in their seat panel until
the next turn of theirs. As in the game review, the question is asked from
that one view: every seat's chance as the person can judge it, adding up to
100%, with each bot seat played out as its level plays (the seat kinds are
passed in). Display-free: the table's drawing reads :meth:`ChanceWatch.shown`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nile_desktop.ai import win_chances
from nile_desktop.ai.playouts import assumes_bots
from nile_desktop.engine import View
from nile_desktop.scenes.bots import Worker

#: Samples per estimate: about a tenth of a second on one core, steady to a point or so.
BUDGET = 800


@dataclass(frozen=True)
class SeatChance:
    """One seat's chance to win (0–1) and the estimate's standard error, at ``moves``;
    ``everyone`` holds every seat's chance from the same view (they add up to 1), and
    ``assumes_bots`` whether it assumes the bots play as their levels do."""

    seat: int
    moves: int
    chance: float
    error: float
    everyone: tuple[float, ...] = ()
    assumes_bots: bool = False


class ChanceWatch:
    """Estimates the chance of the seat whose turn opens, one request at a time."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._worker = Worker("nile-chance")
        self._asked: tuple[int, int] | None = None
        self._latest: SeatChance | None = None

    def want(self, seat: int, moves: int, view_of: Callable[[], View], seed: int = 0,
             kinds: Sequence[str] | None = None) -> None:
        """Make sure the chance of ``seat`` after ``moves`` moves is on its way (once);
        ``view_of()`` gives the seat's view, asked only when an estimate starts; ``kinds``
        are the seats' kinds (a person, or a bot level)."""
        key = (seat, moves)
        if self._asked == key or self._worker.busy:
            return
        self._asked = key
        view = view_of()
        budget = self.budget
        kinds = tuple(kinds) if kinds is not None else None

        def estimate() -> SeatChance:
            c = win_chances(view, budget=budget, seed=seed + moves, kinds=kinds)
            return SeatChance(seat, moves, c.p[seat], c.error[seat], c.p, assumes_bots(kinds))

        self._worker.submit(estimate)

    def poll(self) -> None:
        """Take the answer if it has come (an error in the estimate is raised here)."""
        future = self._worker.take()
        if future is not None:
            self._latest = future.result()

    def shown(self, seat: int) -> SeatChance | None:
        """The latest chance of ``seat``, if there is one."""
        latest = self._latest
        return latest if latest is not None and latest.seat == seat else None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the pending estimate is done (tests only)."""
        self._worker.wait(timeout)
        self.poll()

    def close(self) -> None:
        self._worker.close()
