"""The bot interface and the three quick levels: Random, Easy and Medium.

A bot is anything with ``choose(view, legal, rng) -> (move, reason)``: it
sees only a :class:`~nile_desktop.engine.View` of its own seat, must return
one of the ``legal`` moves, and draws any randomness from ``rng`` alone, so
a seeded game replays exactly and hidden cards can never sway it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol

from nile_desktop.engine import Move, View
from nile_desktop.engine.moves import MARKET, OFFER

from . import reasons as R
from .heuristic import Scorer
from .model import Table
from .reasons import Reason


class Bot(Protocol):
    """What the table and the arena call: one decision of the active seat."""

    level: str

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        """A move from ``legal`` for ``view.seat`` and a short reason for it."""
        ...


class RandomBot:
    """Uniform over the legal moves: a baseline for tests and benchmarks."""

    level = "random"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        return legal[rng.randrange(len(legal))], Reason(R.RANDOM)


class MediumBot:
    """A greedy card counter: the legal move whose resulting position looks best.

    It knows which cards are still unseen (so the odds of the next flood and
    of the locust before its next turn), values speculation by its odds,
    cares about its smallest storage pile first, and weighs take-overs and
    Monuments by what they win and what they cost the other seats.
    """

    level = "medium"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        if len(legal) == 1:
            return legal[0], Reason(R.ONLY_MOVE)
        scorer = Scorer(Table.from_view(view), view.seat)
        ranked = scorer.ranked(legal)
        best = max(v for v, _ in ranked)
        ties = [m for v, m in ranked if v >= best - 1e-12]
        move = ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
        return move, scorer.explain(move)


class EasyBot:
    """Medium's judgement with a poor memory, a shaky hand and no offerings.

    It forgets most of which cards have been played, never makes offerings,
    trades at the market only sometimes, and picks among its moves with
    noise (a softmax over values), now and then playing something at random:
    a fair first opponent.
    """

    level = "easy"
    memory = 0.3
    temperature = 0.02
    blunder = 0.08

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        if len(legal) == 1:
            return legal[0], Reason(R.ONLY_MOVE)
        quiet = [m for m in legal if m.action not in (MARKET, OFFER)]
        if rng.random() < self.blunder:
            move = quiet[rng.randrange(len(quiet))]
            return move, Reason(R.RANDOM)
        scorer = Scorer(Table.from_view(view, memory=self.memory), view.seat, offers=False)
        ranked = [(v, m) for v, m in scorer.ranked(legal) if m.action != OFFER]
        if rng.random() < 0.5:
            ranked = [(v, m) for v, m in ranked if m.action != MARKET]
        best = max(v for v, _ in ranked)
        weights = [math.exp((v - best) / self.temperature) for v, _ in ranked]
        pick = rng.random() * sum(weights)
        chosen = ranked[-1][1]
        for w, (_, move) in zip(weights, ranked, strict=True):
            pick -= w
            if pick <= 0:
                chosen = move
                break
        return chosen, scorer.explain(chosen)
