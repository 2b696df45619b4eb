"""Win chances: every seat's chance to win, as one point of view can judge it, with its error.

    >>> from nile_desktop.ai import win_chances
    >>> chances = win_chances(observe(state, seat), budget=400,
    ...                       kinds=(SeatKind.HUMAN, SeatKind.EASY))
    >>> chances.p                 # every seat's chance, from seat's view; they sum to 1
    >>> open_chances(state, 400)  # the open view: every hand known, the future still dealt

One question, one answer: a chance is always asked from one point of view,
and gives every seat's chance from there, so the seats' chances add up to
1 (a shared win split as the rules rank it, R-END-3). The view is a seat's
(:class:`~nile_desktop.engine.View`: its own cards and the public table,
the other hands and the draw pile dealt afresh consistently with it), or,
once a game is over and being looked back on, the open view (every hand and
storage pile as it was; only the order of the draw pile, the future, is
dealt at random).

``budget`` times, a deal is made and played on until the seat whose view it
is has just had its turn (:func:`scored_after`), each seat playing as its kind would (:mod:`.playouts`: a bot by its level's
own choice, a personality by its own rules of thumb, a person as an even player). A sample that has ended is scored
by its real result, tie-breaks included (R-END-3); any other by
:func:`evaluate_with`: each seat's score (the search's evaluation), plus its
seat's strength for every flood still to come, turned into win shares at a
temperature that shrinks as the end nears. The
mean over the samples is finally calibrated (:func:`calibrated`: the
viewer's share leant on, then a power per table size), fitted on bot games
and checked on others
(``python -m nile_desktop.ai.calibrate``, docs/BOTS.md "Win chances"). ``error``
is the standard error, so more budget gives a steadier figure; the same
view and seed always give the same chances, whatever the hidden cards
really are (the fairness tests check).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nile_desktop.engine import Dealer, Outcome, State, View, apply_known_legal
from nile_desktop.engine.moves import MARKET, OFFER
from nile_desktop.engine.rng import EngineRandom

from .evaluation import PileForecast, win_shares
from .playouts import SeatModel, seat_models

#: Turn-ending moves each sample is played on at least, before it goes on until the
#: seat whose view it is has just had its turn (:func:`scored_after`): every sample of
#: a view is scored at the same point of the round, so the evaluation's leaning
#: towards whoever moved last does not make neighbouring positions' chances zigzag.
#: Longer play-outs, or playing the last season out to its end, made the samples of
#: different moves all but independent (docs/BOTS.md, "Win chances").
HORIZON = 1
#: The temperature turning a sample's scores into win shares: ``a + b`` × the floods
#: still expected per seat. A chance needs the ranking's real uncertainty, which
#: shrinks as the game nears its end. Fitted by log loss on the positions of arena
#: games with ``python -m nile_desktop.ai.fit_temperature`` (docs/BOTS.md, "Win chances").
TEMPERATURE = (0.1, 0.06)
#: Samples when no budget is given.
DEFAULT_BUDGET = 400
#: Per table size, how the mean win shares become calibrated chances (:func:`calibrated`):
#: a power (below 1 softens, above sharpens) and the *lean*, the factor on the viewer's
#: own share first (every sample is scored just after the viewer's turn, which the
#: evaluation favours). 2 and 4 players fitted together by least log loss with ``python
#: -m nile_desktop.ai.calibrate --fit`` on bot games and checked on others (docs/BOTS.md,
#: "Win chances"); 3, 5 and 6 players were not fitted and take the nearest fitted size's.
CALIBRATION: dict[int, tuple[float, float]] = {2: (0.9, 0.78), 3: (0.9, 0.78), 4: (1.3, 0.76),
                                               5: (1.3, 0.76), 6: (1.3, 0.76)}
#: Per table size, how much more the viewer's own share is leant on when an opponent is
#: stronger than the viewer (:func:`strength_gap`): the lean is multiplied by
#: ``exp(-GAP_LEAN × gap)``. The play-outs play a stronger bot by the Medium heuristic plus
#: its strength, which undersells it to the viewer it beats: a person against Hard was
#: given 5 to 20 points too much in every decile. Fitted by least log loss on a person's
#: predictions in training games against Hard (820 predictions of 35 two-player games,
#: ``python -m nile_desktop.ai.calibrate --fit``, docs/BOTS.md, "Win chances"); 0 where
#: not fitted (no training games of a person against Hard at other sizes were predicted).
GAP_LEAN: dict[int, float] = {2: 5.5}
#: A deal: one full state consistent with a point of view, drawn with ``rng``.
Deal = Callable[[random.Random], State]


def strength_gap(models: Sequence[SeatModel], viewer: int | None) -> float:
    """How much stronger than the viewer its strongest opponent plays (a strength,
    :data:`~nile_desktop.ai.playouts.STRENGTHS`; 0 if none is, or without a viewer)."""
    if viewer is None or not 0 <= viewer < len(models):
        return 0.0
    mine = models[viewer].strength
    return max([0.0, *(m.strength - mine for s, m in enumerate(models) if s != viewer)])


def calibrated(raw: Sequence[float], power: float | None = None, viewer: int | None = None,
               lean: float | None = None, gap: float = 0.0) -> tuple[float, ...]:
    """``raw`` chances, the share of seat ``viewer`` (if given) times ``lean``, raised to
    ``power`` and scaled to sum to 1 (sharper for power > 1); by default the power and
    lean fitted for ``len(raw)`` seats (:data:`CALIBRATION`), the lean lowered for an
    opponent ``gap`` stronger than the viewer (:data:`GAP_LEAN`)."""
    fitted = CALIBRATION.get(len(raw), (1.0, 1.0))
    power = fitted[0] if power is None else power
    lean = fitted[1] if lean is None else lean
    if gap > 0.0:
        lean *= math.exp(-GAP_LEAN.get(len(raw), 0.0) * gap)
    lifted = [(x * lean if s == viewer else x) ** power for s, x in enumerate(raw)]
    total = sum(lifted) or 1.0
    return tuple(x / total for x in lifted)


def view_deal(view: View) -> Deal:
    """Deals for a seat's view: the cards it cannot see dealt afresh each time."""
    dealer = Dealer(view).deal

    def deal(rng: random.Random) -> State:
        state = dealer(rng)
        state.quiet, state.watched = True, None  # nobody reads a sample's events
        return state

    return deal


def open_deal(state: State) -> Deal:
    """Deals for the open view: every hand as it is, only the draw pile's order (and the
    shuffles still to come) dealt afresh."""
    base = state.clone()
    base.quiet, base.watched = True, None

    def deal(rng: random.Random) -> State:
        dealt = base.clone()
        rng.shuffle(dealt.deck)
        dealt.seed, dealt.shuffles = rng.getrandbits(62), 0
        return dealt

    return deal


def dice_for(dice: int, players: int) -> list[random.Random]:
    """One random stream per seat for a play-out: each seat's chance choices are then
    the same whatever the others did, so lines that begin with different moves
    differ by those moves, not by the luck of their play-outs."""
    return [EngineRandom(dice, s + 1) for s in range(players)]


def scored_after(seat: int, players: int) -> int:
    """The seat whose turn a play-out stops at, for a view of ``seat``: the next one, so
    that ``seat`` has just played."""
    return (seat + 1) % players


def play_out(state: State, rngs: Sequence[random.Random], models: Sequence[SeatModel],
             until: int, horizon: int = HORIZON) -> None:
    """Play on for ``horizon`` turn-ending moves and then on to the turn of seat ``until``
    (or to the end), each seat by its model drawing from its own stream of ``rngs``."""
    left = horizon
    while not state.over and (left > 0 or state.active != until):
        seat = state.active
        move = models[seat].policy(state, rngs[seat])
        if move.action not in (MARKET, OFFER):
            left -= 1
        apply_known_legal(state, move)


def evaluate_with(state: State, models: Sequence[SeatModel]) -> list[float]:
    """Each seat's win share of a sample: the real result if the game ended; else the
    scores, each plus its seat's strength per flood still expected per seat, at the
    temperature of :data:`TEMPERATURE`."""
    if state.result is not None:
        return state.result.shares()
    table = PileForecast.from_state(state)
    floods = table.reveals / table.players
    scores = table.scores()
    if any(m.strength for m in models):
        scores = [x + m.strength * floods for x, m in zip(scores, models, strict=True)]
    a, b = TEMPERATURE
    return win_shares(scores, max(0.02, a + b * floods))


@dataclass(frozen=True)
class Chances:
    """Per seat: the chance to win (``p``, summing to 1) and its standard error.

    ``raw`` is the mean of the samples before calibration.
    """

    p: tuple[float, ...]
    error: tuple[float, ...]
    samples: int
    raw: tuple[float, ...] = ()


class Moments:
    """Running sums of every seat's sampled win share: the mean and its standard error."""

    __slots__ = ("n", "sums", "squares")

    def __init__(self, players: int) -> None:
        self.n = 0
        self.sums = [0.0] * players
        self.squares = [0.0] * players

    def add(self, shares: Sequence[float]) -> None:
        self.n += 1
        sums, squares = self.sums, self.squares
        for s, x in enumerate(shares):
            sums[s] += x
            squares[s] += x * x

    def mean(self) -> tuple[float, ...]:
        n = max(1, self.n)
        return tuple(x / n for x in self.sums)

    def chances(self, viewer: int | None, gap: float = 0.0) -> Chances:
        """The calibrated chances (``viewer``: the seat whose view it is; ``gap``: how much
        stronger than it its strongest opponent is) with their errors (the delta method:
        d(p)/d(raw) is about power × p / raw for each seat)."""
        n, raw = self.n, self.mean()
        power = CALIBRATION.get(len(raw), (1.0, 1.0))[0]
        p = calibrated(raw, viewer=viewer, gap=gap)
        error = tuple((math.sqrt(max(0.0, q / n - m * m) / (n - 1)) if n > 1 else 1.0)
                      * (power * c / m if m > 0 else 1.0)
                      for q, m, c in zip(self.squares, raw, p, strict=True))
        return Chances(p, error, n, raw)


def final_chances(result: Outcome) -> Chances:
    """The chances of a finished game: its result (a shared win shared), with no error."""
    shares = tuple(result.shares())
    return Chances(shares, (0.0,) * len(shares), 0, shares)


def estimate(deal: Deal, players: int, budget: int, rng: random.Random,
             models: Sequence[SeatModel], until: int, horizon: int = HORIZON,
             stop: Callable[[], bool] | None = None) -> Moments:
    """``budget`` samples: each a deal played out by ``models`` to the turn of seat
    ``until`` and scored. ``stop`` is asked before each; when it says so, the samples
    made so far are returned."""
    moments = Moments(players)
    for _ in range(max(1, budget)):
        if stop is not None and stop():
            break
        state = deal(rng)
        play_out(state, dice_for(rng.getrandbits(32), players), models, until, horizon)
        moments.add(evaluate_with(state, models))
    return moments


def win_chances(view: View, budget: int = DEFAULT_BUDGET, seed: int = 0,
                horizon: int = HORIZON, kinds: Sequence[str] | None = None) -> Chances:
    """Every seat's chance to win from ``view`` (see the module docstring).

    ``kinds`` gives each seat's kind (a :class:`~nile_desktop.engine.seat_kinds.SeatKind`; default: every seat
    an even player). ``budget`` is the number of samples; ``seed`` fixes them. A
    finished game gives its result.
    """
    return _answer(view.rules.players, view.result, lambda: view_deal(view), budget,
                   EngineRandom(seed, 7), kinds, view.seat, horizon)


def open_chances(state: State, budget: int = DEFAULT_BUDGET, seed: int = 0,
                 horizon: int = HORIZON, kinds: Sequence[str] | None = None,
                 seat: int = 0) -> Chances:
    """Every seat's chance to win with every hand known (the open view, for looking back
    on a game): only the future, the draw pile's order, is dealt at random. Every
    sample is scored just after a turn of ``seat``."""
    return _answer(state.rules.players, state.result, lambda: open_deal(state), budget,
                   EngineRandom(seed, 8), kinds, seat, horizon)


def _answer(players: int, result: Outcome | None, deals: Callable[[], Deal], budget: int,
            rng: random.Random, kinds: Sequence[str] | None, viewer: int,
            horizon: int) -> Chances:
    if result is not None:
        return final_chances(result)
    models = seat_models(kinds, players)
    return estimate(deals(), players, budget, rng, models, scored_after(viewer, players),
                    horizon).chances(viewer, strength_gap(models, viewer))
