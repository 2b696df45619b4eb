"""How each seat plays in a win chance's play-outs: by its kind, as its level would.

A win chance that plays every seat alike says 50% for a Medium bot facing
an Easy one that it beats seven times in ten. So each seat of a play-out
gets a :class:`SeatModel` from its kind (a bot level, or a person): a
*policy* that picks its moves on the dealt state, and a *strength*, the
edge it gains over an even player per flood still to come, that the
evaluation adds to its score (:func:`~nile_desktop.ai.chances.evaluate_with`).

The policies are each level's own choice, made over the few sensible
moves of :func:`~nile_desktop.ai.policy.candidates` instead of every legal
move (a level weighs hundreds of moves in milliseconds; a play-out makes
thousands of moves a second):

* **random** — any legal move, uniformly;
* **easy** — Easy's judgement: its poor memory, no offerings, half its
  markets left out, a noisy choice among the rest and now and then any
  quiet move (:class:`~nile_desktop.ai.bots.EasyBot`'s own settings);
* **medium**, **hard**, **expert** — the Medium heuristic's best (the
  search's own root ranking; what Hard adds by looking ahead is its strength);
* a **person** — the search's rollout policy, the play-out every seat had
  before, with no strength: an even player.

The strengths were fitted to the outcomes of bot games by
``python -m nile_desktop.ai.fit_temperature --strengths`` (docs/BOTS.md,
"Win chances"); Medium's is 0 by definition, as is a person's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nile_desktop.engine import Move, State, observe
from nile_desktop.engine.moves import MARKET, OFFER

from .bots import EasyBot
from .heuristic import Scorer
from .model import Table
from .policy import candidates, rollout_move

#: A play-out policy: the move of the active seat of a dealt state.
Policy = Callable[[State, random.Random], Move]

#: The kind of a seat played by a person (saves and tables say so).
PERSON = "human"

#: Per bot level, its edge over an even player in score units per flood still
#: expected per seat, fitted by ``fit_temperature --strengths`` (see the module doc).
#: Random never won a game of the fit, so its strength is the search's bound; the
#: Expert played no games there and is given Hard's.
STRENGTHS: dict[str, float] = {"random": -0.5, "easy": -0.055, "medium": 0.0, "hard": 0.059,
                               "expert": 0.059}


def person_move(state: State, rng: random.Random) -> Move:
    """A person's move in a play-out: the search's rollout policy."""
    return rollout_move(state, rng)


def random_move(state: State, rng: random.Random) -> Move:
    """Any legal move, uniformly (the Random bot)."""
    legal = state.legal_moves()
    return legal[rng.randrange(len(legal))]


def medium_move(state: State, rng: random.Random) -> Move:
    """The Medium heuristic's best sensible move, judged on what the seat can see."""
    moves = candidates(state)
    if len(moves) == 1:
        return moves[0]
    seat = state.active
    scorer = Scorer(Table.from_view(observe(state, seat)), seat)
    return max(moves, key=scorer.score)  # the first of equals: the candidates' own order


def easy_move(state: State, rng: random.Random) -> Move:
    """Easy's choice among the sensible moves, with its memory, noise and slips."""
    moves = candidates(state)
    if len(moves) == 1:
        return moves[0]
    if rng.random() < EasyBot.blunder:
        quiet = [m for m in state.legal_moves() if m.action not in (MARKET, OFFER)]
        if quiet:
            return quiet[rng.randrange(len(quiet))]
    moves = [m for m in moves if m.action != OFFER]
    if rng.random() < 0.5:
        moves = [m for m in moves if m.action != MARKET]
    if not moves:
        return candidates(state)[0]
    seat = state.active
    scorer = Scorer(Table.from_view(observe(state, seat), memory=EasyBot.memory), seat,
                    offers=False)
    values = [scorer.score(m) for m in moves]
    best = max(values)
    weights = [math.exp((v - best) / EasyBot.temperature) for v in values]
    pick = rng.random() * sum(weights)
    for weight, move in zip(weights, moves, strict=True):
        pick -= weight
        if pick <= 0:
            return move
    return moves[-1]


_POLICIES: dict[str, Policy] = {"random": random_move, "easy": easy_move,
                                "medium": medium_move, "hard": medium_move,
                                "expert": medium_move}


@dataclass(frozen=True)
class SeatModel:
    """How one seat plays in the play-outs: ``kind``, its policy and its strength."""

    kind: str
    policy: Policy
    strength: float

    @property
    def is_person(self) -> bool:
        return self.kind not in _POLICIES


def seat_model(kind: str) -> SeatModel:
    """The model of a seat of ``kind`` (a bot level; anything else plays as a person)."""
    if kind in _POLICIES:
        return SeatModel(kind, _POLICIES[kind], STRENGTHS.get(kind, 0.0))
    return SeatModel(PERSON, person_move, 0.0)


def seat_models(kinds: Sequence[str] | None, players: int) -> tuple[SeatModel, ...]:
    """Every seat's model; without ``kinds`` every seat plays as a person (even players)."""
    if kinds is None:
        return (seat_model(PERSON),) * players
    return tuple(seat_model(kinds[s] if s < len(kinds) else PERSON) for s in range(players))


def assumes_bots(kinds: Sequence[str] | None) -> bool:
    """Whether chances for these seats assume some seat plays as a bot level does."""
    return kinds is not None and any(seat_model(k).kind != PERSON for k in kinds)
