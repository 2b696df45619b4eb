"""The Hard bot: information-set Monte Carlo tree search over resampled states.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): the search deals
determinisations (:func:`~nile_desktop.engine.resample`) — the hidden cards
dealt at random, consistent with the bot's view, never the true state (for a
bot that remembers, :attr:`HardBot.remembers`, the storage piles it watched
fill are dealt as they are) — and each iteration walks one shared tree, whose
edges are moves, on its own copy of the current deal. A move that some
determinisations allow and others do not is chosen by UCB with *availability*
counts (the subset-armed bandit of the paper). Each seat's moves in the tree
are limited to a few sensible candidates
(:mod:`~nile_desktop.ai.policy`); at the root they are the best legal moves
by the Medium heuristic. Below the tree a short heuristic rollout plays two
more turns, then the position is scored by the evaluation
(:mod:`~nile_desktop.ai.evaluation`): each seat gets its estimated share of the
win, or the real result if the game ended. The same determinisation is also
played with the heuristic's favourite move and that score is subtracted (a
control variate), so an iteration measures how much better or worse a move
does than the default with the very same hidden cards and coming floods;
this removes most of the luck from each sample and lets a second of search
tell apart moves whose values differ by a few per cent. Dealing and the
default's play-out cost about as much as the rest of an iteration, so a deal
and its control variate serve several iterations in a row, each through a
different root move (which are then compared on the very same cards); the
search deals again as soon as it would take a root move a second time. Two
descents through the same root move on one deal would be near copies of one
sample (same cards, same dice): a search that let a deal serve eight
iterations whatever their moves won 59% of 165 two-player games against
Medium where one deal per iteration won 75%.

The budget is wall-clock time per decision (default 1 s) and an iteration
cap; with ``budget=None`` and a cap the search is deterministic for a given
``rng``. On a multi-core machine the root is parallelised: independent
searches in worker processes whose root statistics are added up.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from nile_desktop.engine import Dealer, Move, State, View, apply_known_legal
from nile_desktop.engine.rng import EngineRandom

from . import reasons as R
from .evaluation import PileForecast, win_shares
from .heuristic import Scorer
from .parallel import GRACE, Stats, run_parallel, worker_count
from .policy import candidates, rollout_move
from .reasons import Reason

#: UCB exploration constant (rewards are in [0, 1]).
EXPLORATION = 0.3
#: Root moves considered, best first by the heuristic (plus one of each kind).
ROOT_WIDTH = 10
#: Rollout length below the tree, in turn-ending moves (then evaluate).
ROLLOUT_TURNS = 2
#: Control variate subtracted from every reward, computed on the same
#: determinisation: "default" plays the heuristic's favourite root move on it
#: (same deck order, same rollout dice), "static" just evaluates it, "" none.
#: The luck of the hidden cards and the coming floods then cancels out and
#: each iteration measures a move's *advantage* over the default.
CONTROL_VARIATE = "default"
#: Softmax temperature turning evaluation scores into win shares.
EVAL_TEMPERATURE = 0.8
#: The search's clock (seconds): wall-clock time, the same in every worker process.
#: Tests replace this module attribute with a fake clock.
clock: Callable[[], float] = time.time
#: Seconds per decision when neither a budget nor an iteration cap is given.
DEFAULT_BUDGET = 1.0
#: Seconds a decision keeps, after its searches stop, to add up and explain the result.
CLOSING = 0.02
#: The Expert bot's search budget, in Hard budgets (seconds or iterations).
EXPERT_FACTOR = 3
#: Independent searches a capped, clock-free decision is split into: fixed, so
#: the result is the same on one core or several.
SHARES = 2
_UNSET = object()


class Node:
    """One edge of the tree: the move into it, who made it, and its statistics."""

    __slots__ = ("move", "player", "children", "visits", "avail", "reward", "raw")

    def __init__(self, move: Move | None, player: int) -> None:
        self.move = move
        self.player = player
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0  # sum of rewards, the control variate taken off
        self.raw = 0.0  # sum of the plain rewards (estimated win shares)


def root_moves(view: View, legal: Sequence[Move], width: int | None = None,
               recall: bool = False) -> tuple[list[Move], Scorer]:
    """The root candidates: the heuristic's best moves, and the best of every kind.

    Always a subset of ``legal``, so whatever the search picks is legal. With
    ``recall`` the heuristic remembers the storage piles the view watched fill.
    """
    width = ROOT_WIDTH if width is None else width
    scorer = Scorer(PileForecast.from_view(view, recall=recall), view.seat)
    ranked = sorted(scorer.ranked(legal), key=lambda x: -x[0])
    return pick_roots(ranked, width), scorer


def pick_roots(ranked: Sequence[tuple[float, Move]], width: int, floor: float = -math.inf
               ) -> list[Move]:
    """The best move of every kind, then the best others up to ``width`` (none valued below
    ``floor``), in the order of ``ranked`` (moves with their values, best first)."""
    chosen: list[Move] = []
    kinds: set[str] = set()
    for _, move in ranked:
        if move.action not in kinds:
            kinds.add(move.action)
            chosen.append(move)
    for value, move in ranked:
        if len(chosen) >= width or value < floor:
            break
        if move not in chosen:
            chosen.append(move)
    order = {m: i for i, (_, m) in enumerate(ranked)}
    chosen.sort(key=order.__getitem__)
    return chosen


def evaluate(state: State, temperature: tuple[float, float] = (EVAL_TEMPERATURE, 0.0)
             ) -> list[float]:
    """Each seat's reward in [0, 1]: its win share, or the real result at the end.

    The scores become win shares at ``a + b`` × the floods still expected per
    seat for ``temperature = (a, b)``: the search's fixed one by default.
    """
    if state.result is not None:
        return state.result.shares()
    table = PileForecast.from_state(state)
    a, b = temperature
    return win_shares(table.scores(), a + b * table.reveals / table.players if b else a)


def rollout(state: State, rng: random.Random, turns: int | None = None,
            endgame: int = 0) -> None:
    """Play on with the rollout policy for ``turns`` turn-ending moves (or to the end).

    In the last season, once the draw pile holds at most ``endgame`` cards, the
    game is played on to its end instead, so it is scored by its real result.
    """
    left = ROLLOUT_TURNS if turns is None else turns
    if endgame and state.season == state.seasons and len(state.deck) <= endgame:
        left = 1 << 30
    while left > 0 and not state.over:
        move = rollout_move(state, rng)
        if move.action not in ("market", "offer"):
            left -= 1
        apply_known_legal(state, move)


def remote_search(view: View, roots: list[str], seed: int, iterations: int | None,
                  deadline: float | None) -> tuple[Stats, int]:
    """:func:`search` with the root moves as text: what a worker process runs."""
    return search(view, [Move.parse(t) for t in roots], seed, iterations, deadline)


def search(view: View, roots: list[Move], seed: int, iterations: int | None,
           deadline: float | None) -> tuple[Stats, int]:
    """Run ISMCTS from ``view``: per root move text (visits, reward, plain reward), iterations.

    Stops after ``iterations`` or at ``deadline`` (read from :data:`clock`),
    whichever comes first; at least one iteration is always made. Storage piles
    the view remembers (``view.storages``) are dealt as they are.
    """
    rng = EngineRandom(seed)
    deal = Dealer(view).deal
    root = Node(None, -1)
    me = view.seat
    done = 0
    played: set[Node] = set()  # the root moves already searched on the current deal
    dealt: State | None = None
    kids: list[Node] = []  # the root's children, in the order of roots
    while True:
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and done and clock() >= deadline:
            break
        # The root's moves are the same on every deal, so its move is chosen first;
        # a move already searched on this deal gets a new one.
        node, expanded = _select_root(root, roots, me, kids)
        if dealt is None or node in played:
            dealt = deal(rng)
            # Nobody reads a determinisation's events or watches its storage fill.
            dealt.quiet, dealt.watched = True, None
            dice = rng.getrandbits(32)
            baseline = _baseline(dealt, roots[0], dice)
            played.clear()
        played.add(node)
        state = dealt.clone()
        path = [root, node]
        apply_known_legal(state, node.move)  # type: ignore[arg-type]  # not the root
        while not expanded and not state.over:
            node, expanded = _select(node, candidates(state), state.active)
            apply_known_legal(state, node.move)  # type: ignore[arg-type]
            path.append(node)
        rollout(state, EngineRandom(dice))
        rewards = raw = evaluate(state)
        path[1].raw += raw[me]
        if baseline is not None:
            share = 1.0 / len(rewards)
            rewards = [r - b + share for r, b in zip(rewards, baseline, strict=True)]
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.reward += rewards[n.player]
        done += 1
    return {str(m): (c.visits, c.reward, c.raw) for m, c in root.children.items()}, done


def _select(node: Node, moves: Sequence[Move], mover: int) -> tuple[Node, bool]:
    """The child of ``node`` to descend into, and whether it was just added.

    A move not tried yet is added first (in the order given); otherwise UCB
    with availability counts picks among ``moves``, the moves this
    determinisation allows, each of which becomes available once more.
    """
    children = node.children
    get = children.get
    found = [get(m) for m in moves]
    if None in found:
        fresh = moves[found.index(None)]
        child = children[fresh] = Node(fresh, mover)
        return child, True
    return _ucb(found), False  # type: ignore[arg-type]  # no None left


def _select_root(root: Node, roots: Sequence[Move], me: int, kids: list[Node]
                 ) -> tuple[Node, bool]:
    """:func:`_select` at the root, whose moves are the same on every deal: ``kids``
    collects its children in the order of ``roots`` as they are added, and once
    each move has one, UCB picks among them without looking the moves up."""
    if len(kids) < len(roots):
        node, expanded = _select(root, roots, me)
        if expanded:
            kids.append(node)
        return node, expanded
    return _ucb(kids), False


def _ucb(kids: Sequence[Node]) -> Node:
    """The child with the highest UCB among ``kids`` (the first of equals), each
    of which becomes available once more."""
    best_ucb, best = -math.inf, kids[0]
    sqrt, log, k = math.sqrt, math.log, EXPLORATION
    for c in kids:
        c.avail += 1
        visits = c.visits
        ucb = c.reward / visits + k * sqrt(log(c.avail) / visits)
        if ucb > best_ucb:
            best_ucb, best = ucb, c
    return best


def _baseline(state: State, default: Move, dice: int) -> list[float] | None:
    """The control variate of one determinisation (see :data:`CONTROL_VARIATE`)."""
    if CONTROL_VARIATE == "static":
        return evaluate(state)
    if CONTROL_VARIATE == "default":
        line = state.clone()
        apply_known_legal(line, default)
        rollout(line, EngineRandom(dice))
        return evaluate(line)
    return None


class Budgeted:
    """A bot that thinks for a budget: seconds per decision, an iteration cap, or both.

    ``budget`` is seconds per decision (default :attr:`default_budget`;
    ``None``: no clock), ``iterations`` a cap on iterations (all processes
    together); given a cap and no budget the bot plays without a clock and is
    deterministic for a given ``rng``, whatever the number of cores.
    ``workers`` is the number of processes (default: the cores, at most two;
    one inside frozen apps). After each decision :attr:`last_iterations`
    holds the iterations made.
    """

    #: Seconds per decision when no budget is given.
    default_budget = DEFAULT_BUDGET

    def __init__(self, budget: float | None | object = _UNSET, iterations: int | None = None,
                 workers: int | None = None) -> None:
        if budget is _UNSET:
            budget = None if iterations is not None else self.default_budget
        if budget is None and iterations is None:
            raise ValueError("the search needs a time budget or an iteration cap")
        self.budget: float | None = budget  # type: ignore[assignment]
        self.iterations = iterations
        self.workers = workers
        self.last_iterations = 0

    def deadline(self, start: float) -> float | None:
        """When the searches of a decision started at ``start`` must stop: early enough that
        collecting the workers' answers (at most GRACE late) still ends it within the budget."""
        if self.budget is None:
            return None
        return start + max(0.5 * self.budget, self.budget - GRACE - CLOSING)


class HardBot(Budgeted):
    """ISMCTS with a time budget (default 1 s) or an iteration cap; see the module
    docstring, and :class:`Budgeted` for the options."""

    level = "hard"
    #: Whether the bot remembers the storage piles it watched fill (the view's
    #: ``storages``), in its root ranking and in every determinisation; without,
    #: other storage piles are dealt at random from their sizes. Off for Hard:
    #: remembering won 60.8% [51.9, 69.1] of 120 two-player games against the same
    #: search without it (300 iterations), but showed no gain against Medium on
    #: fresh deals (docs/BOTS.md). On for Expert.
    remembers = False

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        start = clock()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0], Reason(R.ONLY_MOVE)
        if view.storages is not None and not self.remembers:
            view = replace(view, storages=None)  # forgets: the search deals the piles
        roots, scorer = root_moves(view, legal, recall=self.remembers)
        if len(roots) == 1:
            self.last_iterations = 0
            return roots[0], scorer.explain(roots[0])
        workers = worker_count(self.workers)
        deadline = self.deadline(start)
        seeds = [rng.getrandbits(62) for _ in range(workers if deadline else SHARES)]
        stats, self.last_iterations = run_parallel(search, remote_search, view, roots, seeds,
                                                   self.iterations, deadline, workers)
        by_text = {str(m): m for m in roots}
        best_text = max(stats, key=lambda t: (stats[t][0], stats[t][1]))
        visits, _, raw = stats[best_text]
        move = by_text[best_text]
        why = scorer.explain(move)
        percent = round(100 * raw / visits) if visits else 0
        return move, Reason(R.SEARCH, why=why, percent=percent, playouts=self.last_iterations)


class ExpertBot(HardBot):
    """The Hard bot's search given three times the time (about 3 s a decision)
    and a memory of every storage pile it watched fill.

    The same fairness (it sees only its view: the piles are public record, see
    :class:`~nile_desktop.engine.View`) and the same determinism with an
    iteration cap; ``budget`` defaults to ``EXPERT_FACTOR`` × Hard's.
    """

    level = "expert"
    default_budget = DEFAULT_BUDGET * EXPERT_FACTOR
    remembers = True
