"""Win chances of a position and of each candidate move, from one point of view.

The review asks two questions, both answered by the bots' win chances
(:mod:`nile_desktop.ai.chances`: deals consistent with the point of view,
each seat played out as its kind plays, scored with every seat's strength,
calibrated), so every number on the review screen is the same kind of
number the table shows and ``python -m nile_desktop.ai.calibrate`` checks:

* **A position** (:func:`measure_point`): every seat's chance, from one
  seat's view or from the open view, the seat to move playing as its kind.
* **A decision** (:func:`measure_decision`): from the mover's own view (or,
  looking back with every hand open, from the open view), every seat's
  chance after each candidate move — the Hard search's root
  moves (:func:`~nile_desktop.ai.search.root_moves`) and the move played —
  a market or offering followed by the rest of the mover's turn
  (:func:`finish_turn`), then the play-out.

All candidates of a sample share its deal and its play-out dice (common
random numbers), so the *difference* between two moves — what the review
marks — carries little luck. A candidate that trails the best by surely
more than a point (:data:`DROP_Z` standard errors of the paired difference
beyond :data:`DROP_MARGIN`, checked every :data:`CHECK_EVERY` samples from
:data:`FIRST_CHECK` on) stops being played: the samples go to the moves
that can still matter, and the best and the played move always get them all.

Sample ``k`` of an evaluation draws from its own stream of the seed, so an
evaluation can stop at any number of samples and go on later (the review's
coarse first pass, then its refinement: :mod:`.runner`) and end exactly
where one long evaluation would have. Everything is deterministic for a
given seed and sample count; a :data:`Stop` is asked before every sample.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nile_desktop.ai.chances import (
    HORIZON,
    Deal,
    Moments,
    calibrated,
    dice_for,
    evaluate_with,
    play_out,
    scored_after,
    strength_gap,
    view_deal,
)
from nile_desktop.ai.evaluation import PileForecast
from nile_desktop.ai.heuristic import Scorer
from nile_desktop.ai.playouts import SeatModel
from nile_desktop.ai.policy import candidates
from nile_desktop.ai.search import root_moves
from nile_desktop.engine import Move, State, View, apply_known_legal, observe
from nile_desktop.engine.moves import MARKET, OFFER
from nile_desktop.engine.rng import EngineRandom

#: Name and version of the numbers this module gives; a cached review made
#: with another evaluator is computed again. Bump it whenever the numbers change.
EVALUATOR = "playout-2t/4"
#: Samples per evaluation: the default and the "deeper" review.
DEFAULT_ITERATIONS = 800
DEEPER_ITERATIONS = 3200
#: Moves after which the mover plays on in the same turn.
TRADES = (MARKET, OFFER)
#: Samples every candidate gets before any is dropped, and how often the race is looked at.
FIRST_CHECK = 50
CHECK_EVERY = 25
#: A candidate is dropped once it trails the leader by more than DROP_MARGIN (a win
#: share: 0.01 is a point) beyond DROP_Z standard errors of the paired difference, or
#: lies within SAME_MARGIN of it within SAME_Z of them: either way more samples would
#: hardly change the review.
DROP_Z = 3.0
DROP_MARGIN = 0.005
SAME_Z = 3.0
SAME_MARGIN = 0.01
#: A decision whose leader is still within CLOSE_MARGIN of another candidate known to
#: worse than SE_TARGET (a standard error) after its samples gets up to EXTEND times as
#: many, CHECK_EVERY at a time, until it is known that well.
CLOSE_MARGIN = 0.03
SE_TARGET = 0.005
EXTEND = 2


class Cancelled(Exception):
    """The review was cancelled before it finished."""


#: Asked before every sample: True stops the evaluation with :class:`Cancelled`.
Stop = Callable[[], bool]


def _check(stop: Stop | None) -> None:
    if stop is not None and stop():
        raise Cancelled


def sample_rng(seed: int, k: int) -> EngineRandom:
    """The random stream of sample ``k`` of an evaluation seeded ``seed``."""
    return EngineRandom(seed, k + 1)


def measure_point(deal: Deal, players: int, models: Sequence[SeatModel], until: int,
                  samples: int, seed: int, moments: Moments | None = None,
                  stop: Stop | None = None) -> Moments:
    """Every seat's sampled win shares of a position, each sample played out to the turn
    of seat ``until``, up to ``samples`` samples, going on from ``moments`` (the same
    evaluation's earlier samples) if given."""
    moments = moments if moments is not None else Moments(players)
    for k in range(moments.n, samples):
        _check(stop)
        rng = sample_rng(seed, k)
        state = deal(rng)
        play_out(state, dice_for(rng.getrandbits(32), players), models, until, HORIZON)
        moments.add(evaluate_with(state, models))
    return moments


@dataclass
class Race:
    """The candidates of one decision and what their samples said so far (plain data, so a
    worker process can hand it back and another go on with it).

    ``sums[i]`` adds up every seat's win share after move ``i`` over its ``counts[i]``
    samples (a dropped move has fewer than the others), and ``ref[i]`` the played
    move's over those same samples; ``diff[i][j]`` and ``diff2[i][j]`` add up the
    mover's share after ``i`` minus after ``j`` (and its square) over the samples both
    were played on.
    """

    moves: list[str]
    mover: int
    played: int  # the index of the move played
    alive: list[bool]
    n: int = 0
    counts: list[int] = field(default_factory=list)
    sums: list[list[float]] = field(default_factory=list)
    ref: list[list[float]] = field(default_factory=list)
    diff: list[list[float]] = field(default_factory=list)
    diff2: list[list[float]] = field(default_factory=list)
    #: The move the Hard search itself chooses here, once asked (see analysis).
    search_move: str | None = None
    #: How much stronger than the mover its strongest opponent plays (the calibration's
    #: :func:`~nile_desktop.ai.chances.strength_gap`).
    edge: float = 0.0

    @classmethod
    def start(cls, moves: Sequence[Move], played: int, mover: int, players: int) -> Race:
        m = len(moves)
        return cls([str(x) for x in moves], mover, played, [True] * m, 0, [0] * m,
                   [[0.0] * players for _ in range(m)], [[0.0] * players for _ in range(m)],
                   [[0.0] * m for _ in range(m)], [[0.0] * m for _ in range(m)])

    def raw(self, i: int) -> tuple[float, ...]:
        """Every seat's mean win share after move ``i``: the played move's mean over all
        the samples, plus how move ``i`` differed from it on the samples it was played on
        (so a move dropped early is still compared on the same cards)."""
        n, k = max(1, self.n), max(1, self.counts[i])
        played = self.sums[self.played]
        if i == self.played:
            return tuple(x / n for x in played)
        return tuple(max(0.0, p / n + (x - r) / k)
                     for p, x, r in zip(played, self.sums[i], self.ref[i], strict=True))

    def chances(self, i: int) -> tuple[float, ...]:
        """Every seat's calibrated chance after move ``i``."""
        return calibrated(self.raw(i), viewer=self.mover, gap=self.edge)

    def value(self, i: int) -> float:
        return self.raw(i)[self.mover]

    def order(self) -> list[int]:
        """The moves best first for the mover (by calibrated chance; the first of equals)."""
        return sorted(range(len(self.moves)), key=lambda i: (-self.chances(i)[self.mover], i))

    def leader(self) -> int:
        alive = [i for i, a in enumerate(self.alive) if a]
        return max(alive, key=lambda i: (self.value(i), -i))

    def loss_error(self, best: int, played: int) -> float:
        """The standard error, in percentage points of the mover's calibrated chance, of
        how much better ``best`` did than ``played``: the paired standard error of their
        raw difference over the samples both were played on, times the calibration's slope
        there (:func:`calibration_slope`)."""
        if best == played:
            return 0.0
        _mean, error = self.gap(played, best)
        return 100.0 * error * calibration_slope(self.raw(played), self.mover, gap=self.edge)

    def gap(self, i: int, j: int) -> tuple[float, float]:
        """The mean of the mover's share after ``j`` minus after ``i``, and its standard
        error, over the samples both were played on."""
        n = self.n
        mean = self.diff[j][i] / n
        var = max(0.0, self.diff2[j][i] / n - mean * mean)
        return mean, math.sqrt(var / max(1, n - 1))

    def doubtful(self) -> bool:
        """Whether the leader is still close to another move known less well than
        :data:`SE_TARGET`."""
        lead = self.leader()
        for i, a in enumerate(self.alive):
            if a and i != lead:
                mean, error = self.gap(i, lead)
                if error > SE_TARGET and abs(mean) < CLOSE_MARGIN:
                    return True
        return False

    def settled(self, i: int, j: int) -> bool:
        """Whether move ``i`` surely trails move ``j`` by more than :data:`DROP_MARGIN` or
        surely lies within :data:`SAME_MARGIN` of it."""
        mean, error = self.gap(i, j)
        return mean - DROP_Z * error > DROP_MARGIN or abs(mean) + SAME_Z * error < SAME_MARGIN

    def prune(self) -> None:
        """Drop every candidate whose place beside the leader is settled, but the played move."""
        lead = self.leader()
        for i, a in enumerate(self.alive):
            if a and i not in (lead, self.played) and self.settled(i, lead):
                self.alive[i] = False


def calibration_slope(raw: Sequence[float], seat: int, step: float = 1e-3,
                      gap: float = 0.0) -> float:
    """How much ``seat``'s calibrated chance moves per unit of its raw share at ``raw`` (the
    other seats' shares giving way in proportion): the factor that turns an error of the
    raw shares into one of the chances shown."""
    others = sum(raw) - raw[seat]
    if others <= step:
        return 1.0
    moved = [x * (others - step) / others for x in raw]
    moved[seat] = raw[seat] + step
    before = calibrated(raw, viewer=seat, gap=gap)[seat]
    return abs(calibrated(moved, viewer=seat, gap=gap)[seat] - before) / step


def candidate_moves(view: View, deal: State, played: Move) -> tuple[list[Move], int]:
    """The Hard search's root moves for the mover of ``view``, then ``played`` if it is not
    among them; and the index of ``played``.

    ``deal`` is any determinisation of ``view``: the mover's legal moves
    depend only on what the mover sees, never on the hidden cards.
    """
    legal = deal.legal_moves()
    moves = root_moves(view, legal)[0] if len(legal) > 1 else list(legal)
    if played not in moves:
        moves.append(played)
    return moves, moves.index(played)


def start_race(view: View, played: Move | str, seed: int) -> Race:
    """The race of a decision: its candidates, the played move among them, no sample yet."""
    deal = view_deal(view)(EngineRandom(seed, 0))
    move = played if isinstance(played, Move) else Move.parse(played)
    moves, index = candidate_moves(view, deal, move)
    return Race.start(moves, index, view.seat, view.rules.players)


def measure_decision(view: View, race: Race, models: Sequence[SeatModel], samples: int,
                     seed: int, stop: Stop | None = None, extend: bool = False,
                     deal: Deal | None = None) -> Race:
    """Go on with ``race`` (from :func:`start_race`) up to ``samples`` samples; with
    ``extend``, then on while it is :meth:`~Race.doubtful`, up to :data:`EXTEND` times
    as many. The samples are dealt by ``deal``: by default from ``view``, the mover's own
    view (:func:`~nile_desktop.ai.chances.open_deal` judges the decision with every hand
    known)."""
    deal = view_deal(view) if deal is None else deal
    race.edge = strength_gap(models, race.mover)
    _race(view, race, models, samples, seed, stop, deal)
    while extend and race.n < EXTEND * samples and race.doubtful():
        _race(view, race, models, min(EXTEND * samples, race.n + CHECK_EVERY), seed, stop, deal)
    return race


def _race(view: View, race: Race, models: Sequence[SeatModel], samples: int, seed: int,
          stop: Stop | None, deal: Deal) -> None:
    """The samples of ``race`` up to ``samples``."""
    moves = [Move.parse(t) for t in race.moves]
    mover = race.mover
    count = len(moves)
    players = view.rules.players
    after = scored_after(mover, players)
    for k in range(race.n, samples):
        _check(stop)
        rng = sample_rng(seed, k)
        state = deal(rng)
        dice = rng.getrandbits(32)
        values: list[float | None] = [None] * count
        row_of: list[Sequence[float]] = [()] * count
        for i, move in enumerate(moves):
            if not race.alive[i]:
                continue
            line = state.clone()
            if i == race.played:
                line.apply(move)  # read from a save: checked
            else:
                apply_known_legal(line, move)  # a root move: legal by construction
            if move.action in TRADES:
                finish_turn(line, mover)
            play_out(line, dice_for(dice, players), models, after, HORIZON)
            shares = evaluate_with(line, models)
            total = race.sums[i]
            for s, x in enumerate(shares):
                total[s] += x
            race.counts[i] += 1
            values[i] = shares[mover]
            row_of[i] = shares
        base = row_of[race.played]
        for i, line_shares in enumerate(row_of):
            if line_shares and i != race.played:
                ref = race.ref[i]
                for s, x in enumerate(base):
                    ref[s] += x
        for i, vi in enumerate(values):
            if vi is None:
                continue
            row, row2 = race.diff[i], race.diff2[i]
            for j, vj in enumerate(values):
                if vj is not None and j != i:
                    d = vi - vj
                    row[j] += d
                    row2[j] += d * d
        race.n = k + 1
        if race.n >= FIRST_CHECK and race.n % CHECK_EVERY == 0 and sum(race.alive) > 1:
            race.prune()


def finish_turn(line: State, mover: int) -> None:
    """After a trade, end the mover's turn with its best-looking turn-ending move.

    The mover chooses as the Medium bot values moves, on its own view of
    the line (it knows the card a market drew, never the hidden ones), among
    the search policy's turn-ending candidates. Without this, a trade would
    be judged by the play-out's follow-up, and a line with a trade would
    also end one turn earlier than one without.
    """
    if line.over or line.active != mover:
        return
    moves = [m for m in candidates(line) if m.action not in TRADES]
    if len(moves) > 1:
        scorer = Scorer(PileForecast.from_view(observe(line, mover)), mover)
        moves.sort(key=lambda m: -scorer.score(m))
    apply_known_legal(line, moves[0])
