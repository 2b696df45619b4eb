"""Win chances of a position and of each candidate move, from one seat's own view.

This is the one place the review asks "how likely is each seat to win?", so
a better estimator (the bots' calibrated win chances) can replace it by
changing only :func:`win_chances` and :data:`EVALUATOR`: the review needs
every seat's chance of a view and, for the mover, the chance after each
candidate move, all in [0, 1], deterministic for a seed.

How it is computed, with the Hard search's own pieces
(:mod:`nile_desktop.ai.search`): each sample deals a fresh determinisation
with :func:`~nile_desktop.engine.resample` — the hidden cards (other hands
and storage, the draw pile) at random, consistent with the seat's
:class:`~nile_desktop.engine.View`, never the true ones — and draws one set
of rollout dice. On that very deal and with those very dice every candidate
move of the mover is played (the Hard search's root moves,
:func:`~nile_desktop.ai.search.root_moves`, plus any move the caller asks
about) — a market or offering followed by the rest of the mover's turn
(:func:`finish_turn`) — then the Hard search's rollout of two turns and its
evaluation (:func:`~nile_desktop.ai.search.evaluate`: each seat's share of
the win, or the real result once the game ended).

The Hard search subtracts a control variate, so its root values are
advantages over a default move, not chances. Here no variate is taken off:
the plain evaluations are averaged, so each number is an absolute chance,
and since all candidates share the same deals and dice (common random
numbers, the same idea the control variate rests on) the *difference*
between two moves — what the review marks — carries little luck. Every
candidate gets the same number of samples, so the move that was played is
measured as precisely as the best one.

The mover's chance of the position is that of its best candidate; a seat
not to move gets the average of plain rollouts from its view. Everything is
deterministic for a given seed and sample count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nile_desktop.ai.heuristic import Scorer
from nile_desktop.ai.model import Table
from nile_desktop.ai.policy import candidates
from nile_desktop.ai.search import evaluate, result_shares, rollout, root_moves
from nile_desktop.engine import Move, Outcome, State, View, observe, resample
from nile_desktop.engine.moves import MARKET, OFFER
from nile_desktop.engine.rng import EngineRandom

#: Name and version of the numbers this module gives; a cached review made
#: with another evaluator is computed again. Bump it whenever the numbers change.
EVALUATOR = "rollout-2t/2"
#: Samples (determinisations) per evaluation: the default and the "deeper" review.
DEFAULT_ITERATIONS = 800
DEEPER_ITERATIONS = 3200
#: Moves after which the mover plays on in the same turn.
TRADES = (MARKET, OFFER)


@dataclass(frozen=True)
class Chances:
    """What one seat's view says about a position.

    ``chances`` holds every seat's win chance in [0, 1] as seen by ``seat``
    (the mover assumed to play its best candidate). ``moves`` maps each
    candidate move's text to every seat's chance after it, best move for
    the mover first; it is empty when ``seat`` is not the one to move.
    """

    seat: int
    active: int
    chances: tuple[float, ...]
    moves: dict[str, tuple[float, ...]]
    samples: int

    @property
    def best(self) -> str | None:
        """The mover's best candidate move (text), or None if the seat is not to move."""
        return next(iter(self.moves), None)

    def chance_of(self, move: str) -> float:
        """The mover's win chance after ``move`` (one of the candidates)."""
        return self.moves[move][self.active]


class Cancelled(Exception):
    """The review was cancelled before it finished."""


#: Asked before every sample: True stops the evaluation with :class:`Cancelled`.
Stop = Callable[[], bool]


def _check(stop: Stop | None) -> None:
    if stop is not None and stop():
        raise Cancelled


def final_chances(result: Outcome, players: int) -> tuple[float, ...]:
    """Win chances of a finished game: shared equally by the seats ranked first."""
    return tuple(result_shares(result, players))


def win_chances(view: View, iterations: int = DEFAULT_ITERATIONS, seed: int = 0,
                extra: Sequence[Move | str] = (), stop: Stop | None = None) -> Chances:
    """Every seat's win chance from ``view``, and, for the mover, each candidate's.

    ``iterations`` is the number of determinisations; ``extra`` names moves
    to measure besides the search's candidates (the move actually played).
    Uses nothing but ``view``: the hidden cards never enter. ``stop`` is asked
    before each determinisation, so a review being cancelled ends within one
    (a deep evaluation can otherwise run for minutes).
    """
    players = view.rules.players
    if view.over:
        assert view.result is not None
        final = final_chances(view.result, players)
        return Chances(view.seat, view.active, final, {}, 0)
    samples = max(1, iterations)
    rng = EngineRandom(seed)
    if view.seat != view.active:
        totals = [0.0] * players
        for _ in range(samples):
            _check(stop)
            state = resample(view, rng)
            rollout(state, EngineRandom(rng.getrandbits(32)))
            _add(totals, evaluate(state))
        return Chances(view.seat, view.active, _mean(totals, samples), {}, samples)
    moves = candidate_moves(view, resample(view, EngineRandom(seed, 1)), extra)
    sums = [[0.0] * players for _ in moves]
    for _ in range(samples):
        _check(stop)
        state = resample(view, rng)
        dice = rng.getrandbits(32)
        for move, total in zip(moves, sums, strict=True):
            line = state.clone()
            line.apply(move)
            if move.action in TRADES:
                finish_turn(line, view.seat)
            rollout(line, EngineRandom(dice))
            _add(total, evaluate(line))
    means = [_mean(total, samples) for total in sums]
    order = sorted(range(len(moves)), key=lambda i: (-means[i][view.seat], i))
    ranked = {str(moves[i]): means[i] for i in order}
    return Chances(view.seat, view.active, means[order[0]], ranked, samples)


def candidate_moves(view: View, deal: State, extra: Sequence[Move | str] = ()) -> list[Move]:
    """The Hard search's root moves for the mover of ``view``, then ``extra`` ones not among them.

    ``deal`` is any determinisation of ``view``: the mover's legal moves
    depend only on what the mover sees, never on the hidden cards.
    """
    moves, _scorer = root_moves(view, deal.legal_moves())
    for item in extra:
        move = item if isinstance(item, Move) else Move.parse(item)
        if move not in moves:
            moves.append(move)
    return moves


def finish_turn(line: State, mover: int) -> None:
    """After a trade, end the mover's turn with its best-looking turn-ending move.

    The mover chooses as the Medium bot values moves, on its own view of
    the line (it knows the card a market drew, never the hidden ones), among
    the search policy's turn-ending candidates. Without this, a trade would
    be judged by the rollout policy's follow-up, and a line with a trade
    would also end one turn earlier than one without.
    """
    if line.over or line.active != mover:
        return
    moves = [m for m in candidates(line) if m.action not in TRADES]
    if len(moves) > 1:
        scorer = Scorer(Table.from_view(observe(line, mover)), mover)
        moves.sort(key=lambda m: -scorer.score(m))
    line.apply(moves[0])


def _add(total: list[float], values: Sequence[float]) -> None:
    for i, value in enumerate(values):
        total[i] += value


def _mean(total: Sequence[float], samples: int) -> tuple[float, ...]:
    return tuple(value / samples for value in total)
