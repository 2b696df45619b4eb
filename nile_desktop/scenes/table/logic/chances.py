"""The person's win chance on the table, as a tutor would show it ("Show win chances").

When the setting is on, each time a person's turn opens the table asks the
bots' win-chance estimate (:func:`nile_desktop.ai.win_chances`) for that
person's own view of the game — never the hidden cards — on a worker thread,
so the table stays smooth, and shows the figure in their seat panel until
the next turn of theirs. Display-free: the table's drawing reads
:meth:`ChanceWatch.shown`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nile_desktop.ai import win_chances
from nile_desktop.engine import View
from nile_desktop.scenes.bots import Worker

#: Samples per estimate: about a tenth of a second on one core, steady to a point or so.
BUDGET = 800


@dataclass(frozen=True)
class SeatChance:
    """One seat's chance to win (0–1) and the estimate's standard error, at ``moves``."""

    seat: int
    moves: int
    chance: float
    error: float


class ChanceWatch:
    """Estimates the chance of the seat whose turn opens, one request at a time."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._worker = Worker("nile-chance")
        self._asked: tuple[int, int] | None = None
        self._latest: SeatChance | None = None

    def want(self, seat: int, moves: int, view_of: Callable[[], View], seed: int = 0) -> None:
        """Make sure the chance of ``seat`` after ``moves`` moves is on its way (once);
        ``view_of()`` gives the seat's view, asked only when an estimate starts."""
        key = (seat, moves)
        if self._asked == key or self._worker.busy:
            return
        self._asked = key
        view = view_of()
        budget = self.budget

        def estimate() -> SeatChance:
            c = win_chances(view, budget=budget, seed=seed + moves)
            return SeatChance(seat, moves, c.p[seat], c.error[seat])

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
