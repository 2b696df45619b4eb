"""The bot interface and the three quick levels: Random, Easy and Medium.

A bot is anything with ``choose(view, legal, rng) -> (move, reason)``: it
sees only a :class:`~nile_desktop.engine.View` of its own seat, must return
one of the ``legal`` moves, and draws any randomness from ``rng`` alone, so
a seeded game replays exactly and hidden cards can never sway it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from nile_desktop.engine import Move, View
from nile_desktop.engine.cards import KIND_NAMES
from nile_desktop.engine.moves import (
    MARKET,
    OFFER,
    PLANT,
    SPECULATE,
    token_from_storage,
    token_kind,
)

from . import reasons as R
from .evaluation import PileForecast
from .heuristic import Scorer
from .reasons import CardName, Reason


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
        scorer = Scorer(PileForecast.from_view(view), view.seat)
        ranked = scorer.ranked(legal)
        best = max(v for v, _ in ranked)
        ties = [m for v, m in ranked if v >= best - 1e-12]
        move = ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
        return move, scorer.explain(move)


class EasyBot:
    """A beginner: moves that look sensible, and a beginner's mistakes.

    It values its moves with Medium's judgement (:class:`~.heuristic.Scorer`) but
    plays them as a newcomer to the game would (:func:`beginner_choice`):

    * it **forgets**: it remembers only part of the cards played (``memory``), and
      now and then (``slip``) it loses the thread and plays one of its next few
      good-looking moves instead of the best;
    * it **over-plants**: a planting looks better to it the more cards it lays
      (``eagerness`` per card), so it empties its hand into big fields that the
      locusts and take-overs then find;
    * it **trades late**: it never makes an offering, and goes to the market only
      once its hand has grown to ``trade_hand`` cards, then trades the two cards it
      cares least for until the hand is smaller again.

    Its reasons say what it was after (a big field, a hand grown too large, or
    what Medium would say of the move).
    """

    level = "easy"
    #: How much of the played cards it remembers (0 none, 1 all).
    memory = 0.1
    #: How often it loses the thread and plays a lesser move of its top few.
    slip = 0.35
    #: Of how many top moves a slip picks one (the best excluded).
    slip_depth = 4
    #: What each card laid adds to a planting's value for it.
    eagerness = 0.01
    #: What each speculation card played adds to a speculation's value for it.
    gamble = 0.02
    #: The hand size from which it thinks of the market.
    trade_hand = 8

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        if len(legal) == 1:
            return legal[0], Reason(R.ONLY_MOVE)
        scorer = Scorer(PileForecast.from_view(view, memory=self.memory), view.seat, offers=False)
        return beginner_choice(scorer, legal, rng)


def laid(move: Move) -> int:
    """The cards a planting lays (0 for any other move)."""
    return len(move.tokens) if move.action == PLANT else 0


def liking(move: Move) -> float:
    """How much better ``move`` looks to a beginner than it is: big plantings and gambles."""
    if move.action == PLANT:
        return EasyBot.eagerness * len(move.tokens)
    if move.action == SPECULATE:
        return EasyBot.gamble * len(move.tokens)
    return 0.0


def beginner_choice(scorer: Scorer, moves: Sequence[Move],
                    rng: random.Random) -> tuple[Move, Reason]:
    """Easy's choice among ``moves`` and its reason (the table's Easy bot and the Easy seats
    of a win chance's play-outs): see :class:`EasyBot`."""
    if sum(scorer.hand) >= EasyBot.trade_hand:  # at last: the two cards it cares least for
        markets = [m for m in moves if m.action == MARKET  # from the hand: it is the hand
                   and not any(token_from_storage(t) for t in m.tokens)]  # that feels too full
        if markets:
            move = max(markets, key=scorer.score)
            return move, market_reason(move)
    pool = [m for m in moves if m.action not in (MARKET, OFFER)] or list(moves)
    ranked = sorted(((v + liking(m), v, m) for v, m in scorer.ranked(pool)),
                    key=lambda x: -x[0])
    if len(ranked) > 1 and rng.random() < EasyBot.slip:
        _eager, _value, move = ranked[1 + rng.randrange(min(EasyBot.slip_depth, len(ranked) - 1))]
        return move, scorer.explain(move)
    best = ranked[0][0]
    ties = [m for eager, _v, m in ranked if eager >= best - 1e-12]
    move = ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
    plain = max(ranked, key=lambda x: x[1])[2]  # what it would play without its eagerness
    if laid(move) > laid(plain) and laid(move) >= 3:
        return move, Reason(R.EASY_BIG, count=laid(move))
    return move, scorer.explain(move)


def market_reason(move: Move) -> Reason:
    """Why Easy trades: its hand has grown too big to hold."""
    first, second = (CardName(KIND_NAMES[token_kind(tok)]) for tok in move.tokens)
    if first == second:
        return Reason(R.EASY_MARKET_PAIR, card=first)
    return Reason(R.EASY_MARKET, card=first, card2=second)
