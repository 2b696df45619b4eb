"""A saved game replayed decision by decision, each decision measured by the win chance it lost.

For every move of the game the review records a :class:`Step`: every
seat's win chance after the move, each from that seat's own view (the
chart), and, for the seats under review, a :class:`Decision` — the mover's
chance before the move (its best candidate), the chance of the move played
and of the best move found, the loss between them and a mark. After a
measured decision the mover's own chart point is the chance of the move
played, so the chart and the mark tell the same story.

Marks follow lichess's idea (a move is judged by the win chance it gives
away) with thresholds tuned for Nile, in percentage points of win chance:

* **inaccuracy** — a loss of at least :data:`INACCURACY` (5) points,
* **mistake** — at least :data:`MISTAKE` (10) points,
* **blunder** — at least :data:`BLUNDER` (15) points.

These are lichess's values; they were checked for Nile on 156 positions of
six Medium-bot games (2, 3 and 4 players) at 300 samples,
measuring the loss of the move each bot would play there (the share of
moves losing at least each threshold):

=========================  ===========  =======  =======
moves of                   ≥ 5          ≥ 10     ≥ 15
=========================  ===========  =======  =======
Hard (1,000 iterations)    1.3 %        0 %      0 %
Medium                     3.8 %        1.3 %    0 %
Easy                       8.3 %        3.2 %    0.6 %
Random                     46 %         17 %     9.6 %
=========================  ===========  =======  =======

so a strong move is rarely marked and never called a mistake, Medium
never blunders, and a blunder is a clear error (offering away the cards
of a take-over loses about 40 points). The estimator's own noise stays
well below the first threshold: the best move of one review seed loses at
most 2.6 points (98 % of the time under 1.7) when measured with another
seed. Thresholds of 6 / 12 / 20, tried first, called only 5 % of random
moves blunders.

Each step is an independent job (a position, a move and a seed derived
from the review seed and the move number), so jobs can run in any order,
in any process, and the review is the same; :mod:`.runner` runs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nile_desktop.ai.heuristic import Scorer
from nile_desktop.ai.model import Table
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.ai.reasons import Reason
from nile_desktop.engine import Move, Rules, State, new_game, observe

from .evaluate import Chances, Stop, win_chances

#: Loss thresholds in percentage points of win chance (see the module docstring).
INACCURACY = 5.0
MISTAKE = 10.0
BLUNDER = 15.0
MARKS = ("inaccuracy", "mistake", "blunder")
#: Candidates kept per decision besides the played move (for the review screen).
KEPT_OPTIONS = 3
_MASK = (1 << 62) - 1


def mark_for(loss: float) -> str:
    """The mark of a decision that lost ``loss`` percentage points: "" if none."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return ""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of ``seat``; chances in percent, ``loss`` in points."""

    seat: int
    before: float
    played: float
    best: str
    best_chance: float
    loss: float
    mark: str
    reason: Reason | str | None
    options: tuple[tuple[str, float], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "before": self.before, "played": self.played,
                "best": self.best, "best_chance": self.best_chance, "loss": self.loss,
                "mark": self.mark, "reason": reason_to_data(self.reason),
                "options": [[text, chance] for text, chance in self.options]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        return cls(seat=int(data["seat"]), before=float(data["before"]),
                   played=float(data["played"]), best=str(data["best"]),
                   best_chance=float(data["best_chance"]), loss=float(data["loss"]),
                   mark=_checked_mark(data["mark"]), reason=reason_from_data(data["reason"]),
                   options=tuple((str(t), float(c)) for t, c in data["options"]))


@dataclass(frozen=True)
class Step:
    """Move ``index`` (0-based) of the game: who played what, the chart point after it."""

    index: int
    seat: int
    move: str
    chart: tuple[float, ...]
    decision: Decision | None

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "move": self.move,
                "chart": list(self.chart),
                "decision": None if self.decision is None else self.decision.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        decision = data["decision"]
        return cls(index=int(data["index"]), seat=int(data["seat"]), move=str(data["move"]),
                   chart=tuple(float(x) for x in data["chart"]),
                   decision=None if decision is None else Decision.from_dict(decision))


@dataclass(frozen=True)
class Job:
    """What one step needs, all plain data so a worker process can take it."""

    rules: dict[str, Any]
    game_seed: int
    moves: tuple[str, ...]  # the moves before this one, then this one (empty: the start)
    analyse: bool
    iterations: int
    seed: int


def percent(chance: float) -> float:
    """A chance in [0, 1] as percent, rounded to 0.1 so the text and JSON are stable."""
    return round(100.0 * chance, 1)


def job_seed(seed: int, index: int, seat: int) -> int:
    """The evaluation seed of one seat's view at one step, derived from the review seed."""
    return (seed * 1_000_003 + (index + 1) * 64 + seat) & _MASK


def replay(rules: dict[str, Any], game_seed: int, moves: Sequence[str]) -> State:
    """The position after ``moves`` (already checked by loading the save)."""
    state = new_game(Rules(**rules), game_seed)
    for move in moves:
        state.apply(move)
    return state


def start_point(job: Job, stop: Stop | None = None) -> tuple[float, ...]:
    """Every seat's win chance at the deal, each from its own view."""
    state = replay(job.rules, job.game_seed, ())
    return tuple(percent(win_chances(observe(state, s), job.iterations,
                                     job_seed(job.seed, -1, s), stop=stop).chances[s])
                 for s in range(state.rules.players))


def run_job(job: Job, stop: Stop | None = None) -> Step:
    """Replay to the move of ``job``, measure it if asked, and chart the position after it.

    ``stop`` (see :func:`~.evaluate.win_chances`) ends it early with :class:`~.evaluate.Cancelled`.
    """
    *before_moves, move = job.moves
    state = replay(job.rules, job.game_seed, before_moves)
    index, mover = len(before_moves), state.active
    decision = None
    if job.analyse:
        view = observe(state, mover)
        chances = win_chances(view, job.iterations, job_seed(job.seed, index, mover), [move], stop)
        decision = _decision(view.seat, chances, str(Move.parse(move)), Scorer(Table.from_view(view), mover))
    state.apply(move)
    chart = []
    for s in range(state.rules.players):
        if decision is not None and s == mover:
            chart.append(decision.played)
            continue
        seen = win_chances(observe(state, s), job.iterations, job_seed(job.seed, index, s),
                           stop=stop)
        chart.append(percent(seen.chances[s]))
    return Step(index, mover, move, tuple(chart), decision)


def _decision(seat: int, chances: Chances, played: str, scorer: Scorer) -> Decision:
    best = chances.best
    assert best is not None
    best_chance = percent(chances.chance_of(best))
    played_chance = percent(chances.chance_of(played))
    loss = round(max(0.0, best_chance - played_chance), 1)
    options = tuple((text, percent(chances.chance_of(text)))
                    for text in list(chances.moves)[:KEPT_OPTIONS])
    reason = scorer.explain(Move.parse(best)) if best != played else None
    return Decision(seat, best_chance, played_chance, best, best_chance, loss, mark_for(loss),
                    reason, options)


def _checked_mark(value: object) -> str:
    if value == "" or value in MARKS:
        return str(value)
    raise ValueError(f"unknown mark {value!r}")
