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
* **easy** — Easy's own choice, a beginner's: its poor memory, no offerings,
  markets only once its hand is full, big plantings liked and now and then a
  lesser move (:func:`~nile_desktop.ai.bots.beginner_choice`, the same code);
* **medium**, **hard**, **expert** — the Medium heuristic's best (the
  search's own root ranking; what Hard adds by looking ahead is its strength);
* a **personality** (Steward, Raider, Calculator, Speculator) — its own rules
  of thumb in its own style (:func:`~nile_desktop.ai.thumb.choose`, as its
  flat search plays its own lines out), so a Raider's seat takes fields
  over in the play-outs as the Raider does at the table;
* a **person** — the search's rollout policy, with no strength: an even player.

The levels' strengths were fitted to the outcomes of bot games by
``python -m nile_desktop.ai.fit_temperature --strengths`` (docs/BOTS.md,
"Win chances"); Medium's is 0 by definition, as is a person's. A
personality's is read off its ladder strength in Elo points
(:attr:`~nile_desktop.ai.personalities.Personality.elo`), between the
fitted strengths of the levels on either side of it (:func:`elo_strength`).
Which model a kind gets is one exhaustive ``match`` over
:class:`~nile_desktop.engine.seat_kinds.SeatKind` (:func:`seat_model`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from nile_desktop.engine import Move, State, observe
from nile_desktop.engine.seat_kinds import LEVELS, SeatKind, as_kind, unmatched

from .bots import EasyBot, beginner_choice
from .evaluation import PileForecast
from .heuristic import Scorer
from .personalities import BY_KEY, LEVEL_ELO
from .policy import candidates, rollout_move
from .thumb import STYLES, choose

#: A play-out policy: the move of the active seat of a dealt state.
Policy = Callable[[State, random.Random], Move]

#: The kind of a seat played by a person (saves and tables say so).
PERSON = SeatKind.HUMAN

#: Per bot level, its edge over an even player in score units per flood still
#: expected per seat, fitted by ``fit_temperature --strengths`` (see the module doc).
#: Random never won a game of the fit, so its strength is the search's bound; the
#: Expert played no games there and is given Hard's.
STRENGTHS: dict[str, float] = {SeatKind.RANDOM: -0.5, SeatKind.EASY: -0.055,
                               SeatKind.MEDIUM: 0.0, SeatKind.HARD: 0.059, SeatKind.EXPERT: 0.059}
#: How often a personality's play-out plays its second-best move (its flat search's own).
EXPLORE = 0.1


def elo_strength(elo: float) -> float:
    """The strength of a player ``elo`` points from Medium: straight between the fitted
    strengths of the two levels around it on the Elo scale (the nearest end's beyond)."""
    points = sorted((float(LEVEL_ELO[level]), STRENGTHS[level]) for level in LEVELS)
    if elo <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in pairwise(points):
        if elo <= x1:
            return y0 + (y1 - y0) * (elo - x0) / (x1 - x0)
    return points[-1][1]


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
    scorer = Scorer(PileForecast.from_view(observe(state, seat)), seat)
    return max(moves, key=scorer.score)  # the first of equals: the candidates' own order


def easy_move(state: State, rng: random.Random) -> Move:
    """Easy's choice among the sensible moves: a beginner's memory, eagerness and slips."""
    moves = candidates(state)
    if len(moves) == 1:
        return moves[0]
    seat = state.active
    scorer = Scorer(PileForecast.from_view(observe(state, seat), memory=EasyBot.memory), seat,
                    offers=False)
    return beginner_choice(scorer, moves, rng)[0]


def style_policy(key: str) -> Policy:
    """A personality's play-out policy: its rules of thumb in its style (``key``)."""
    style = STYLES[key]

    def move(state: State, rng: random.Random) -> Move:
        return choose(state, style, rng, EXPLORE)

    move.__name__ = move.__qualname__ = f"{key}_move"
    return move


#: The personalities' policies, made once (a policy is asked thousands of times a second).
_STYLE_POLICIES: dict[str, Policy] = {key: style_policy(key) for key in STYLES}


@dataclass(frozen=True)
class SeatModel:
    """How one seat plays in the play-outs: ``kind``, its policy and its strength."""

    kind: SeatKind
    policy: Policy
    strength: float

    @property
    def is_person(self) -> bool:
        return self.kind.is_human


def seat_model(kind: str) -> SeatModel:
    """The model of a seat of ``kind`` (a seat kind; anything else plays as a person)."""
    known = as_kind(kind)
    match known:
        case SeatKind.HUMAN:
            return SeatModel(known, person_move, 0.0)
        case SeatKind.RANDOM:
            return SeatModel(known, random_move, STRENGTHS[known])
        case SeatKind.EASY:
            return SeatModel(known, easy_move, STRENGTHS[known])
        case SeatKind.MEDIUM | SeatKind.HARD | SeatKind.EXPERT:
            return SeatModel(known, medium_move, STRENGTHS[known])
        case SeatKind.BALANCER | SeatKind.AGGRESSOR | SeatKind.FLAT | SeatKind.SPECULATOR:
            return SeatModel(known, _STYLE_POLICIES[known],
                             elo_strength(BY_KEY[known].elo))
        case _:
            unmatched(known)


def seat_models(kinds: Sequence[str] | None, players: int) -> tuple[SeatModel, ...]:
    """Every seat's model; without ``kinds`` every seat plays as a person (even players)."""
    if kinds is None:
        return (seat_model(PERSON),) * players
    return tuple(seat_model(kinds[s] if s < len(kinds) else PERSON) for s in range(players))


def assumes_bots(kinds: Sequence[str] | None) -> bool:
    """Whether chances for these seats assume some seat plays as a bot level does."""
    return kinds is not None and any(not seat_model(k).is_person for k in kinds)
