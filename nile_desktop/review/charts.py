"""A review as data: the game, its decisions, and one chart per point of view.

A chart answers one question: every seat's chance to win at the deal and
after each move, *as one point of view can judge it* — a seat's own view
(what that player could know at each move), or, once the game is over, the
open view (every hand known, the cards still to come dealt at random) —
so at every point the seats' chances add up to 100%.

Most points of a person's chart come free from that person's decisions:
before the person's move, the chance of the best candidate; after it, the
chance of the move played (so the chart drops by just what the mark says
was lost). The other points are :data:`~.analysis.POINT` jobs of their
own. :func:`plan` lists the jobs a review needs, :func:`assemble` puts their
results together into a :class:`Review`.
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
    chance in percent at the deal and after each move. ``final`` is False for the
    coarse first pass shown while the review is refined.
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

    @property
    def view(self) -> str:
        """The view shown first: the first person's (the first seat's in a game of bots),
        else the first one computed."""
        own = seat_view(people_of(self.kinds)[0])
        return own if own in self.views else next(iter(self.views))

    def chart(self, view: str | None = None) -> list[Chart]:
        """Every seat's win chance (percent, from ``view``; default :attr:`view`) at the
        deal and after each move."""
        return list(self.views[self.view if view is None else view])

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
                          for key, chart in self.views.items()}}

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
        return cls(evaluator=text(data["evaluator"]), iterations=whole(data["iterations"]),
                   seed=whole(data["seed"]), names=tuple(text(n) for n in items(data["names"])),
                   kinds=tuple(text(k) for k in items(data["kinds"])),
                   seats=tuple(whole(s) for s in items(data["seats"])), steps=steps, views=views)


def _from_decision(view: str, j: int, movers: Sequence[int], measured: set[int]) -> str:
    """Where point ``j`` of ``view``'s chart comes from: "before" a decision of the view's
    seat, "after" one, or "" (a point job of its own)."""
    seat = view_seat(view)
    if seat is None or seat not in measured:
        return ""
    if movers[j] == seat and j < len(movers) - 1:  # the last point has no decision
        return "before"
    if j > 0 and movers[j - 1] == seat:
        return "after"
    return ""


def plan(game: Game, iterations: int, seed: int, seats: Sequence[int] | None,
         views: Sequence[str], have: Review | None = None) -> tuple[list[Job], tuple[int, ...]]:
    """The jobs of a review of ``game`` measuring ``seats`` (default: the people) and
    charting ``views``, less what ``have`` (an earlier review) already holds; and the
    seats measured."""
    chosen = tuple(sorted(set(game.people() if seats is None else seats)))
    movers = game.movers()
    kinds = tuple(game.kinds)
    measured = set(chosen)
    jobs: list[Job] = []
    if have is None:
        for j, move in enumerate(game.moves):
            if movers[j] in measured:
                jobs.append(Job(DECISION, game.rules, game.seed, game.moves[:j],
                                seat_view(movers[j]), kinds, job_seed(seed, j, movers[j]), move))
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
    else:
        steps = tuple(Step(j, movers[j], move, results.get((DECISION, j, seat_view(movers[j]))))
                      for j, move in enumerate(game.moves))
        charts = {}
    result = replay(game.rules, game.seed, game.moves).result if movers[-1] < 0 else None
    end = None if result is None else percents(final_chances(result).p)
    for view in views:
        if view in charts:
            continue
        points: list[Chart] = []
        for j in range(len(game.moves) + 1):
            source = _from_decision(view, j, movers, measured)
            if j == len(game.moves) and end is not None:
                points.append(end)
            elif source == "before":
                points.append(_decided(steps, j).seats_before)
            elif source == "after":
                points.append(_decided(steps, j - 1).seats_after)
            else:
                points.append(results[(POINT, j, view)])
        charts[view] = tuple(points)
    return Review(EVALUATOR, iterations, seed, game.names, game.kinds, chosen, steps, charts,
                  final)


def _decided(steps: Sequence[Step], j: int) -> Decision:
    decision = steps[j].decision
    assert decision is not None, "a measured seat's move has its decision"
    return decision


def result_key(job: Job) -> tuple[str, int, str]:
    """The key of ``job``'s result for :func:`assemble`."""
    return (job.kind, job.index, job.view)


__all__ = ["OPEN", "Game", "Review", "assemble", "plan", "result_key"]
