"""A review as data: the game, its decisions, and one chart per point of view.

A chart answers one question: every seat's chance to win at the deal and
after each move, *as one point of view can judge it* — a seat's own view
(what that player could know at each move), or, once the game is over, the
open view (every hand known, the cards still to come dealt at random) —
so at every point the seats' chances add up to 100%.

Every figure of a view comes from that view: a person's decisions are
judged from the person's own view, and once the open view is asked for,
judged again from it (:attr:`Review.open_decisions`), so a view's chart, its
decisions, marks, accuracy and turning point answer one question together
(:meth:`Review.decisions_in`). Most points of a chart come free from the
decisions of its view: after a decision, the chance of the move played (the
figure the decision list shows as its win chance), and before one that does
not follow another of the same view, the chance of the best candidate (so
the chart drops by just what the mark says was lost). The other points are
:data:`~.analysis.POINT` jobs of their own; the last point of a finished
game is its result. :func:`plan` lists the jobs a review needs,
:func:`assemble` puts their results together into a :class:`Review`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nile_desktop.ai.chances import final_chances
from nile_desktop.ai.playouts import assumes_bots
from nile_desktop.engine.seat_kinds import as_kind

from .analysis import (
    DECISION,
    OPEN,
    POINT,
    Chart,
    Decision,
    Job,
    Step,
    decision_code,
    job_seed,
    percents,
    replay,
    seat_view,
    view_code,
    view_seat,
)
from .checks import items, percentages, text, whole
from .evaluate import EVALUATOR


def people_of(kinds: Sequence[str]) -> tuple[int, ...]:
    """The seats played by a person; every seat if none is (a game of bots)."""
    humans = tuple(s for s, kind in enumerate(kinds) if as_kind(kind).is_human)
    return humans or tuple(range(len(kinds)))


@dataclass(frozen=True)
class Game:
    """The part of a save a review needs (a :class:`~nile_desktop.saves.SaveGame` has it all)."""

    rules: dict[str, Any]
    seed: int
    moves: tuple[str, ...]
    names: tuple[str, ...]
    kinds: tuple[str, ...]

    @classmethod
    def from_save(cls, save: Any) -> Game:
        return cls(dict(save.rules), int(save.seed), tuple(save.moves),
                   tuple(seat.name for seat in save.seats), tuple(seat.kind for seat in save.seats))

    def people(self) -> tuple[int, ...]:
        """The seats played by a person; every seat if none is (a game of bots)."""
        return people_of(self.kinds)

    def default_view(self) -> str:
        """The first person's view (the first seat's, in a game of bots)."""
        return seat_view(self.people()[0])

    def movers(self) -> list[int]:
        """The seat to move before each move, and at the end (-1 once the game is over)."""
        state = replay(self.rules, self.seed, ())
        out = []
        for move in self.moves:
            out.append(state.active)
            state.apply(move)
        out.append(-1 if state.over else state.active)
        return out


@dataclass(frozen=True)
class Review:
    """A whole game's review: one :class:`Step` per move and a chart per point of view.

    ``views`` maps a view's key (``"seat:N"`` or ``"open"``) to its chart: every seat's
    chance in percent at the deal and after each move. ``open_decisions`` holds, once
    the open view is computed, the measured seats' decisions judged from it (one per
    step, None for the others' moves). ``final`` is False for the coarse first pass
    shown while the review is refined.
    """

    evaluator: str
    iterations: int
    seed: int
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    seats: tuple[int, ...]  # the seats whose decisions were measured
    steps: tuple[Step, ...]
    views: dict[str, tuple[Chart, ...]]
    final: bool = True
    open_decisions: tuple[Decision | None, ...] = ()

    def decision(self, index: int, view: str) -> Decision | None:
        """The decision of move ``index`` as ``view`` judges it, None if it judges none
        there: a seat's view judges that seat's own decisions (as it could see them),
        the open view every measured seat's (once computed)."""
        if view == OPEN:
            return self.open_decisions[index] if self.open_decisions else None
        step = self.steps[index]
        return step.decision if step.seat == view_seat(view) else None

    def decisions_in(self, view: str, seat: int | None = None) -> list[tuple[int, Decision]]:
        """The decisions ``view`` judges (of ``seat`` only, if given) with their move
        numbers (0-based)."""
        out = []
        for step in self.steps:
            decision = self.decision(step.index, view)
            if decision is not None and (seat is None or step.seat == seat):
                out.append((step.index, decision))
        return out

    def chart(self, view: str | None = None) -> list[Chart]:
        """Every seat's win chance (percent, from ``view``; default :attr:`view`) at the
        deal and after each move."""
        return list(self.views[self.view if view is None else view])

    @property
    def view(self) -> str:
        """The view shown first: the first person's (the first seat's in a game of bots),
        else the first one computed."""
        own = seat_view(people_of(self.kinds)[0])
        return own if own in self.views else next(iter(self.views))

    @property
    def start(self) -> Chart:
        return self.views[self.view][0]

    def assumes_bots(self) -> bool:
        """Whether the chances assume some seat plays as its bot level does."""
        return assumes_bots(self.kinds)

    def to_dict(self) -> dict[str, Any]:
        return {"evaluator": self.evaluator, "iterations": self.iterations, "seed": self.seed,
                "names": list(self.names), "kinds": list(self.kinds), "seats": list(self.seats),
                "steps": [step.to_dict() for step in self.steps],
                "views": {key: [list(point) for point in chart]
                          for key, chart in self.views.items()},
                "open_decisions": [None if d is None else d.to_dict()
                                   for d in self.open_decisions]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """A review from :meth:`to_dict`'s data; ValueError/KeyError/TypeError if damaged
        (types and ranges only: :func:`.cache.check_review` holds it against its game)."""
        steps = tuple(Step.from_dict(s) for s in items(data["steps"]))
        charts = data["views"]
        if not isinstance(charts, dict) or not charts:
            raise ValueError("no chart")
        views = {text(key): tuple(percentages(point) for point in items(chart))
                 for key, chart in charts.items()}
        for key in views:
            view_seat(key)  # ValueError for an unknown view
        judged = tuple(None if d is None else Decision.from_dict(d)
                       for d in items(data.get("open_decisions", ())))
        return cls(evaluator=text(data["evaluator"]), iterations=whole(data["iterations"]),
                   seed=whole(data["seed"]), names=tuple(text(n) for n in items(data["names"])),
                   kinds=tuple(text(k) for k in items(data["kinds"])),
                   seats=tuple(whole(s) for s in items(data["seats"])), steps=steps, views=views,
                   open_decisions=judged)


def _judges(view: str, seat: int, measured: set[int]) -> bool:
    """Whether ``view`` holds decisions of ``seat``: its own view, or the open view, of a
    measured seat."""
    own = view_seat(view)
    return seat in measured and (own is None or own == seat)


def _from_decision(view: str, j: int, movers: Sequence[int], measured: set[int]) -> str:
    """Where point ``j`` of ``view``'s chart comes from: "after" a decision the view judges
    (the chance of the move played: the decision list's figure), else "before" one (its
    best move's chance), or "" (a point job of its own)."""
    if j > 0 and _judges(view, movers[j - 1], measured):
        return "after"
    if j < len(movers) - 1 and _judges(view, movers[j], measured):  # the last has no decision
        return "before"
    return ""


def plan(game: Game, iterations: int, seed: int, seats: Sequence[int] | None,
         views: Sequence[str], have: Review | None = None) -> tuple[list[Job], tuple[int, ...]]:
    """The jobs of a review of ``game`` measuring ``seats`` (default: the people) and
    charting ``views``, less what ``have`` (an earlier review) already holds; and the
    seats measured. The open view judges the measured seats' decisions again."""
    chosen = tuple(sorted(set(game.people() if seats is None else seats)))
    movers = game.movers()
    kinds = tuple(game.kinds)
    measured = set(chosen)
    jobs: list[Job] = []
    # The decisions to judge: the movers' own views' with a new review, the open view's
    # when it is first charted.
    judging = ([] if have is not None else ["own"]) + [
        v for v in views if v == OPEN and (have is None or OPEN not in have.views)]
    for view in judging:
        for j, move in enumerate(game.moves):
            if movers[j] in measured:
                key = seat_view(movers[j]) if view == "own" else OPEN
                jobs.append(Job(DECISION, game.rules, game.seed, game.moves[:j], key, kinds,
                                job_seed(seed, j, decision_code(key, movers[j])), move))
    for view in views:
        if have is not None and view in have.views:
            continue
        for j in range(len(game.moves) + 1):
            if movers[j] < 0 or _from_decision(view, j, movers, measured):
                continue
            jobs.append(Job(POINT, game.rules, game.seed, game.moves[:j], view, kinds,
                            job_seed(seed, j, view_code(view)), until=game.people()[0]))
    return jobs, chosen


def assemble(game: Game, iterations: int, seed: int, chosen: tuple[int, ...],
             views: Sequence[str], results: dict[tuple[str, int, str], Any],
             have: Review | None = None, final: bool = True) -> Review:
    """The review from the jobs' results, keyed by (kind, position, view)."""
    movers = game.movers()
    measured = set(chosen)
    if have is not None:
        steps = have.steps
        charts = dict(have.views)
        judged = have.open_decisions
    else:
        steps = tuple(Step(j, movers[j], move, results.get((DECISION, j, seat_view(movers[j]))))
                      for j, move in enumerate(game.moves))
        charts = {}
        judged = ()
    if OPEN in views and not judged:
        judged = tuple(results.get((DECISION, j, OPEN)) for j in range(len(game.moves)))
    result = replay(game.rules, game.seed, game.moves).result if movers[-1] < 0 else None
    end = None if result is None else percents(final_chances(result).p)
    for view in views:
        if view in charts:
            continue
        decided = [(steps[j].decision if view != OPEN else judged[j])
                   for j in range(len(game.moves))]
        points: list[Chart] = []
        for j in range(len(game.moves) + 1):
            source = _from_decision(view, j, movers, measured)
            if j == len(game.moves) and end is not None:
                points.append(end)
            elif source == "after":
                points.append(_decided(decided, j - 1).seats_after)
            elif source == "before":
                points.append(_decided(decided, j).seats_before)
            else:
                points.append(results[(POINT, j, view)])
        charts[view] = tuple(points)
    return Review(EVALUATOR, iterations, seed, game.names, game.kinds, chosen, steps, charts,
                  final, judged)


def _decided(decisions: Sequence[Decision | None], j: int) -> Decision:
    decision = decisions[j]
    assert decision is not None, "a measured seat's move has its decision"
    return decision


def result_key(job: Job) -> tuple[str, int, str]:
    """The key of ``job``'s result for :func:`assemble`."""
    return (job.kind, job.index, job.view)


__all__ = ["OPEN", "Game", "Review", "assemble", "plan", "result_key"]
