"""A saved game's decisions, each measured by the win chance it lost, and the jobs that do it.

For every move of a seat under review the review records a :class:`Decision`
(on its :class:`Step`): the mover's chance before the move (its best
candidate's), the chance of the move played and of the best move found, the
loss between them and a mark, all from the mover's own view at that moment
— what the player could know. Looking back with every hand open, the same
decisions are judged again from the open view (every hand known, only the
cards still to come dealt at random: :data:`OPEN`), so that every figure the
review shows for that view answers the view's own question.

Marks follow lichess (a move is judged by the win chance it gives away),
with lichess's thresholds, in percentage points of win chance:

* **inaccuracy** — a loss of at least :data:`INACCURACY` (5) points,
* **mistake** — at least :data:`MISTAKE` (10) points,
* **blunder** — at least :data:`BLUNDER` (15) points.

Three rules keep the advice trustworthy. A loss counts only when it is
*real* (:attr:`Decision.real`): at least :data:`MIN_GAIN` (a point) and more
than :data:`SURE_Z` standard errors of the paired difference between the
best move and the move played over the samples they shared — otherwise the
move played is "as good" as the best found, is not marked and loses nothing
in the accuracy. A move the Hard search itself plays in that position
(asked with :data:`SEARCH_ITERATIONS` iterations, only when a loss would be
marked) is never marked, whatever the estimate says. And a decision that
hardly mattered is not judged: one with a single legal move is *forced*,
and one where every candidate lies within :data:`ANY_MOVE` point of the
best is *any move*; neither is marked or counted in the accuracy.

The better move's reason (:func:`~nile_desktop.ai.gains.why_better`) says
what it gains that the move played did not, from the parts of the
evaluation, on the table as that view sees it.

The work is split into :class:`Job` s, each a position and what to measure
there — a decision (its candidates raced from the mover's view or the open
view, :func:`~.evaluate.measure_decision`) or a chart point from one point
of view (:func:`~.evaluate.measure_point`) — all plain data with its own
seed, so jobs run in any order, in any process, and the review is the same;
:func:`run_job` runs one up to a number of samples and can go on with the
state it returned (:mod:`.runner` makes a coarse pass, then refines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nile_desktop.ai.chances import (
    Moments,
    final_chances,
    open_deal,
    scored_after,
    strength_gap,
    view_deal,
)
from nile_desktop.ai.evaluation import PileForecast
from nile_desktop.ai.gains import why_better
from nile_desktop.ai.playouts import seat_models
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.ai.reasons import Reason
from nile_desktop.ai.search import HardBot
from nile_desktop.engine import Move, Rules, State, new_game, observe
from nile_desktop.engine.rng import EngineRandom

from .checks import items, percentage, percentages, text, whole
from .evaluate import Race, Stop, measure_decision, measure_point, start_race

#: Loss thresholds in percentage points of win chance (see the module docstring).
INACCURACY = 5.0
MISTAKE = 10.0
BLUNDER = 15.0
MARKS = ("inaccuracy", "mistake", "blunder")
#: A decision whose candidates all lie within this many points is "any move".
ANY_MOVE = 1.0
#: A loss is real (a better move named, a mark) only from this many points, and only when
#: it is more than SURE_Z standard errors of the paired difference: two errors, so that
#: two equally good moves seem that far apart about once in forty decisions.
MIN_GAIN = 1.0
SURE_Z = 2.0
#: The kinds of decision that are not judged (see the module docstring).
FORCED, ANY = "forced", "any"
KINDS = ("", FORCED, ANY)
#: Iterations of the Hard search asked whether it would play a move about to be marked.
SEARCH_ITERATIONS = 1000
#: Candidates kept per decision besides the played move (for the review screen).
KEPT_OPTIONS = 3
#: The kinds of job.
DECISION, POINT = "decision", "point"
#: The open view's key: every hand known, the draw pile's order dealt at random.
OPEN = "open"
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


def is_real(loss: float, error: float) -> bool:
    """Whether a loss of ``loss`` points with standard error ``error`` is real (see
    :data:`MIN_GAIN` and :data:`SURE_Z`)."""
    return loss >= MIN_GAIN and loss > SURE_Z * error


def seat_view(seat: int) -> str:
    """The key of ``seat``'s own point of view."""
    return f"seat:{seat}"


def view_seat(view: str) -> int | None:
    """The seat of a seat's view key, None for the open view (ValueError if neither)."""
    if view == OPEN:
        return None
    kind, _, number = view.partition(":")
    if kind != "seat" or not number.isdigit():
        raise ValueError(f"unknown point of view {view!r}")
    return int(number)


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of ``seat``; chances in percent, ``loss`` in points.

    ``kind`` is "" for a judged decision, :data:`FORCED` or :data:`ANY`; ``search``
    the move the Hard search chose here when it was asked (a loss big enough to be
    marked), else ""; ``samples`` how many deals measured it; ``seats_before`` and
    ``seats_after`` every seat's chance from the mover's view, if it plays its best
    move and after the move it played (its chart's points).
    """

    seat: int
    before: float
    played: float
    best: str
    best_chance: float
    loss: float
    mark: str
    reason: Reason | str | None
    options: tuple[tuple[str, float], ...]
    kind: str = ""
    search: str = ""
    samples: int = 0
    seats_before: tuple[float, ...] = ()
    seats_after: tuple[float, ...] = ()
    error: float = 0.0

    @property
    def judged(self) -> bool:
        """Whether the decision counts (in the accuracy, and for a mark)."""
        return not self.kind

    @property
    def real(self) -> bool:
        """Whether the best move found is surely better than the move played: by at least
        :data:`MIN_GAIN` points and by more than :data:`SURE_Z` standard errors."""
        return is_real(self.loss, self.error)

    @property
    def margin(self) -> float:
        """How far ahead the best move must be for its lead to count: :data:`SURE_Z`
        standard errors, in points."""
        return SURE_Z * self.error

    @property
    def better(self) -> bool:
        """Whether a better move is named: a judged decision whose loss is real."""
        return self.judged and self.best != "" and self.real

    @property
    def lost(self) -> float:
        """The points the decision counts as lost in the accuracy: its loss if real, else 0."""
        return self.loss if self.judged and self.real else 0.0

    @property
    def spared(self) -> bool:
        """Whether the loss would be marked but the search itself plays this move."""
        return self.judged and not self.mark and self.real and bool(mark_for(self.loss))

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "before": self.before, "played": self.played,
                "best": self.best, "best_chance": self.best_chance, "loss": self.loss,
                "mark": self.mark, "reason": reason_to_data(self.reason),
                "options": [[text, chance] for text, chance in self.options],
                "kind": self.kind, "search": self.search, "samples": self.samples,
                "seats_before": list(self.seats_before), "seats_after": list(self.seats_after),
                "error": self.error}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """A decision from :meth:`to_dict`'s data; ValueError (or KeyError, TypeError) if it
        is damaged: every value of the type written, every chance a percentage."""
        kind = text(data.get("kind", ""))
        if kind not in KINDS:
            raise ValueError(f"unknown kind of decision {kind!r}")
        options = []
        for option in items(data["options"]):
            move, chance = items(option)  # ValueError unless a pair
            options.append((text(move), percentage(chance)))
        return cls(seat=whole(data["seat"]), before=percentage(data["before"]),
                   played=percentage(data["played"]), best=text(data["best"]),
                   best_chance=percentage(data["best_chance"]), loss=percentage(data["loss"]),
                   mark=_checked_mark(data["mark"]), reason=reason_from_data(data["reason"]),
                   options=tuple(options), kind=kind, search=text(data.get("search", "")),
                   samples=whole(data.get("samples", 0)),
                   seats_before=percentages(data.get("seats_before", ())),
                   seats_after=percentages(data.get("seats_after", ())),
                   error=percentage(data.get("error", 0.0)))


@dataclass(frozen=True)
class Step:
    """Move ``index`` (0-based) of the game: who played what, and its decision if measured."""

    index: int
    seat: int
    move: str
    decision: Decision | None

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "move": self.move,
                "decision": None if self.decision is None else self.decision.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        decision = data["decision"]
        return cls(index=whole(data["index"]), seat=whole(data["seat"]), move=text(data["move"]),
                   decision=None if decision is None else Decision.from_dict(decision))


@dataclass(frozen=True)
class Job:
    """One position and what to measure there, all plain data so a worker process can take it.

    A :data:`DECISION` job measures the move ``played`` from ``view``: the mover's own
    (a seat's view) or :data:`OPEN`; a :data:`POINT` job every seat's chance from ``view``
    (a seat's, or :data:`OPEN`).
    """

    kind: str
    rules: dict[str, Any]
    game_seed: int
    moves: tuple[str, ...]  # the moves before the position
    view: str
    kinds: tuple[str, ...]  # every seat's kind (a SeatKind's text)
    seed: int
    played: str = ""
    #: The open view's samples are scored just after this seat's turn (a seat's view: its
    #: own, see :func:`~nile_desktop.ai.chances.scored_after`).
    until: int = 0

    @property
    def index(self) -> int:
        """The position's number: the moves made before it."""
        return len(self.moves)


#: Every seat's chance in percent at one point of a chart.
Chart = tuple[float, ...]
#: What a job gives: a decision, or a chart point.
Measured = Decision | Chart


def percent(chance: float) -> float:
    """A chance in [0, 1] as percent, rounded to 0.1 so the text and JSON are stable."""
    return round(100.0 * chance, 1)


def percents(chances: Sequence[float]) -> Chart:
    """Every seat's chance in percent, to 0.1, adding up to exactly 100 (the largest
    remainders get the last tenths)."""
    tenths = [1000.0 * c for c in chances]
    whole = [int(t) for t in tenths]
    short = 1000 - sum(whole)
    order = sorted(range(len(tenths)), key=lambda i: (whole[i] - tenths[i], i))
    for i in order[:max(0, short)]:
        whole[i] += 1
    return tuple(w / 10 for w in whole)


def job_seed(seed: int, index: int, code: int) -> int:
    """The evaluation seed of one job, derived from the review seed: ``code`` tells the
    jobs of one position apart (a decision: the mover; a point: 16 + its view)."""
    return (seed * 1_000_003 + (index + 1) * 64 + code) & _MASK


def view_code(view: str) -> int:
    seat = view_seat(view)
    return 16 + (15 if seat is None else seat)


def decision_code(view: str, mover: int) -> int:
    """The ``code`` of a decision job: the mover, and 32 more in the open view."""
    return mover + (32 if view == OPEN else 0)


def replay(rules: dict[str, Any], game_seed: int, moves: Sequence[str]) -> State:
    """The position after ``moves`` (already checked by loading the save)."""
    state = new_game(Rules(**rules), game_seed)
    for move in moves:
        state.apply(move)
    return state


def run_job(job: Job, samples: int, state: Any = None, stop: Stop | None = None,
            final: bool = True) -> tuple[Any, Measured]:
    """Measure ``job`` up to ``samples`` samples, going on from ``state`` (what an earlier
    call returned) if given; return the new state and what it measured. ``final`` lets a
    close decision take more samples (:func:`~.evaluate.measure_decision`).

    ``stop`` (see :mod:`.evaluate`) ends it early with :class:`~.evaluate.Cancelled`.
    """
    position = replay(job.rules, job.game_seed, job.moves)
    players = position.rules.players
    models = seat_models(job.kinds, players)
    seat = view_seat(job.view)
    if job.kind == POINT:
        deal = open_deal(position) if seat is None else view_deal(observe(position, seat))
        viewer = job.until if seat is None else seat
        moments = measure_point(deal, players, models, scored_after(viewer, players), samples,
                                job.seed, state if isinstance(state, Moments) else None, stop)
        return moments, percents(moments.chances(viewer, strength_gap(models, viewer)).p)
    view = observe(position, position.active)
    race = state if isinstance(state, Race) else start_race(view, job.played, job.seed)
    race = measure_decision(view, race, models, samples, job.seed, stop, extend=final,
                            deal=open_deal(position) if seat is None else None)
    table = PileForecast.from_view(view) if seat is not None else PileForecast.from_state(position)
    return race, _decision(view, race, job.seed, table, _ended(position, job.played))


def _ended(position: State, played: str) -> Chart | None:
    """Every seat's chance once ``played`` is made in ``position``, if that ends the game:
    its result, which everyone then knows."""
    after = position.clone()
    after.quiet, after.watched = True, None
    after.apply(played)
    return percents(final_chances(after.result).p) if after.result is not None else None


def _decision(view: Any, race: Race, seed: int, table: PileForecast | None = None,
              ended: Chart | None = None) -> Decision:
    """The decision a race measured; ``table`` is the position as the decision's view
    sees it (for the better move's reason), ``ended`` the game's result if the move
    played ended it (then the chance after it)."""
    order = race.order()
    best, played = order[0], race.played
    mover = race.mover
    before, after = percents(race.chances(best)), percents(race.chances(played))
    chances = [percents(race.chances(i))[mover] for i in range(len(race.moves))]
    if ended is not None:
        after = ended
        chances[played] = ended[mover]
        if best == played or chances[best] < ended[mover]:
            best, before = played, ended
    best_chance, played_chance = before[mover], after[mover]
    loss = round(max(0.0, best_chance - played_chance), 1)
    error = round(race.loss_error(best, played), 2)
    kind = FORCED if len(race.moves) == 1 else (
        ANY if max(chances) - min(chances) <= ANY_MOVE else "")
    mark = mark_for(loss) if not kind and is_real(loss, error) else ""
    if mark and race.search_move is None:
        race.search_move = search_choice(view, seed)
    if mark and race.search_move == race.moves[played]:
        mark = ""
    options = tuple((race.moves[i], chances[i]) for i in order[:KEPT_OPTIONS])
    reason = None
    if best != played:
        table = PileForecast.from_view(view) if table is None else table
        legal = view_deal(view)(EngineRandom(seed, 0)).legal_moves()  # as the view sees them
        reason = why_better(table, mover, Move.parse(race.moves[best]),
                            Move.parse(race.moves[played]), legal)
    return Decision(mover, best_chance, played_chance, race.moves[best], best_chance, loss,
                    mark, reason, options, kind, race.search_move or "", race.n, before, after,
                    error)


def search_choice(view: Any, seed: int) -> str:
    """The move the Hard search chooses from ``view`` (:data:`SEARCH_ITERATIONS`, one
    process, no clock: the same every time)."""
    state = view_deal(view)(EngineRandom(seed, 2))
    bot = HardBot(budget=None, iterations=SEARCH_ITERATIONS, workers=1)
    move, _reason = bot.choose(view, state.legal_moves(), EngineRandom(seed, 3))
    return str(move)


def _checked_mark(value: object) -> str:
    if value == "" or value in MARKS:
        return str(value)
    raise ValueError(f"unknown mark {value!r}")
