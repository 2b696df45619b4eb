"""The gauntlet's players: flat determinised Monte Carlo with rules of thumb, in four styles.

A flat player ranks its legal moves by its rules of thumb (:mod:`.thumb`) and
keeps the best few as root candidates. Then, over and over, it deals the
hidden cards at random (:class:`~nile_desktop.engine.Dealer`, never the true
state) and plays every candidate on that very deal with the same dice: the
candidate, then about a round of play by the rules of thumb (its own style for
itself, the neutral one for the others), and scores where that leaves it by
its projected storage (:mod:`.projection`). Comparing candidates on the same
cards takes most of the luck out of each comparison. Every few deals it drops
the candidates that trail the leader by more than twice the standard error of
their paired differences, so the deals left go to the moves still in doubt.
It plays the candidate with the best mean.

There is no tree: the player looks one decision deep and trusts its play-out
for the rest. It is the gauntlet's model of a strong player that does not
think like the Hard search, and each style is the same player with one rule
of thumb turned up (:data:`~.thumb.STYLES`). Its ``iterations`` count
play-outs (one candidate played out on one deal). Like the search bots it
runs on a wall-clock budget or, without one, on a cap alone, and then it is
deterministic for a given ``rng`` on any number of processes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from nile_desktop.engine import Dealer, Move, State, View, apply_known_legal
from nile_desktop.engine.moves import MARKET, OFFER, PLANT, token_key
from nile_desktop.engine.rng import EngineRandom

from . import reasons as R
from . import search as _search
from .parallel import Stats, run_parallel, worker_count
from .projection import expected_floods, flood_odds, worth
from .reasons import Reason
from .style_reasons import explain
from .thumb import NEUTRAL, STYLES, Style, choose, ranked_legal, smallest_crop

#: Deals played before the first candidates are dropped, and between two looks.
FIRST_LOOK = 16
LOOK_EVERY = 8
#: A candidate is dropped when its mean paired difference from the leader's is
#: more than this many standard errors below zero.
DROP_Z = 2.0
#: Candidates always kept.
KEEP = 2
#: How often a play-out plays the second best move instead of the best.
EXPLORE = 0.1
#: How long a play-out is, in rounds (every seat ends a turn once a round).
ROUNDS = 1.0
#: Independent shares a capped, clock-free decision is split into (as the search bots).
SHARES = 2
#: Play-outs that cost the processor time of one Hard search iteration, by table size:
#: the arena and the gauntlet give a flat player this many play-outs per iteration of
#: Hard's, so both think equally long. Measured in whole games, Hard at 1,500 iterations
#: against flat players at 1,000 play-outs, processor time per decision on one core: a
#: play-out covers a round, so it costs more the more seats there are.
PLAYOUTS_PER_ITERATION: dict[int, float] = {2: 1.6, 3: 1.2, 4: 0.95, 5: 0.75, 6: 0.6}
_TRADES = (MARKET, OFFER)


def root_candidates(view: View, legal: Sequence[Move], style: Style) -> list[Move]:
    """The style's best legal moves by its rules of thumb, and its best of every kind.

    The rules read only the seat's own cards and the public table, so one deal
    of the hidden cards ranks them as any other would.
    """
    state = Dealer(view).deal(EngineRandom(0))
    ranking = ranked_legal(state, legal, style)
    if style.feeds:
        fed = set(feeding(view, [m for _, m in ranking]))
        if fed:
            ranking = [(w, m) for w, m in ranking if m in fed]
    # A trade that gains nothing is tried only as the best of its kind.
    return _search.pick_roots(ranking, style.width, floor=-0.5) or [legal[0]]


def feeding(view: View, moves: list[Move]) -> list[Move]:
    """The plantings among ``moves`` that feed the seat's smallest projected pile."""
    seat = view.seat
    one, _ = flood_odds(view.crops, view.rules.monuments)
    floods = expected_floods(view.deck_size, sum(view.discard) + sum(view.flood_stack),
                             view.seasons - view.season)
    crop = smallest_crop(view.storage, view.fields[seat], view.crops, floods, one)
    return [m for m in moves if m.action == PLANT and any(token_key(t) == crop for t in m.tokens)]


def play_out(state: State, me: int, style: Style, rng: random.Random) -> float:
    """Play on for :data:`ROUNDS` rounds (each seat ends one turn a round, the current
    one first) and score it."""
    left = max(1, round(ROUNDS * state.rules.players))
    while left > 0 and not state.over:
        move = choose(state, style if state.active == me else NEUTRAL, rng, EXPLORE)
        if move.action not in _TRADES:
            left -= 1
        apply_known_legal(state, move)
    return worth(state, me)


def flat_search(key: str, view: View, roots: list[Move], seed: int, iterations: int | None,
                deadline: float | None) -> tuple[Stats, int]:
    """Play the root candidates out on shared deals: per move text (play-outs, sum of
    worths, the same sum), and the play-outs made.

    Stops after ``iterations`` play-outs (after a whole deal) or at ``deadline``
    (the search bots' clock, read after every play-out), whichever comes first;
    at least one whole deal is played.
    """
    style = STYLES[key]
    rng = EngineRandom(seed)
    deal = Dealer(view).deal
    me = view.seat
    n = len(roots)
    alive = list(range(n))
    results: list[list[float]] = [[] for _ in range(n)]
    done = deals = 0
    clock = _search.clock
    late = False
    while not late:
        state = deal(rng)
        state.quiet, state.watched = True, None
        dice = rng.getrandbits(32)
        for i in alive:
            line = state.clone()
            apply_known_legal(line, roots[i])
            results[i].append(play_out(line, me, style, EngineRandom(dice)))
            done += 1
            # A deal's play-outs take a while on a busy machine: the clock is read after each.
            if deadline is not None and done > len(alive) and clock() >= deadline:
                late = True
                break
        if late:  # a deal cut short is not compared: its candidates were not all played
            break
        deals += 1
        if iterations is not None and done + len(alive) > iterations:
            break
        if len(alive) > KEEP and deals >= FIRST_LOOK and (deals - FIRST_LOOK) % LOOK_EVERY == 0:
            alive = _survivors(alive, results)
    stats: Stats = {}
    for i, move in enumerate(roots):
        got = results[i]
        if got:
            total = sum(got)
            stats[str(move)] = (len(got), total, total)
    return stats, done


def _survivors(alive: list[int], results: list[list[float]]) -> list[int]:
    """The candidates not clearly behind the leader, compared on the deals they share."""
    means = {i: sum(results[i]) / len(results[i]) for i in alive}
    lead = max(alive, key=means.__getitem__)
    base = results[lead]
    kept = []
    for i in alive:
        if i == lead:
            kept.append(i)
            continue
        # Every candidate still alive was played on every deal so far: pair them.
        diffs = [a - b for a, b in zip(results[i], base, strict=True)]
        m = len(diffs)
        mean = sum(diffs) / m
        var = sum((d - mean) ** 2 for d in diffs) / max(1, m - 1)
        if mean + DROP_Z * math.sqrt(var / m) >= 0:
            kept.append(i)
    if len(kept) < KEEP:
        kept = sorted(alive, key=lambda i: -means[i])[:KEEP]
    return sorted(kept)


def remote_flat_search(key: str, view: View, roots: list[str], seed: int, iterations: int | None,
                       deadline: float | None) -> tuple[Stats, int]:
    """:func:`flat_search` with the root moves as text: what a worker process runs."""
    return flat_search(key, view, [Move.parse(t) for t in roots], seed, iterations, deadline)


class FlatBot(_search.Budgeted):
    """The flat determinised Monte Carlo player in the neutral style (see the module doc).

    ``budget`` (seconds, default 1), ``iterations`` (play-outs; given alone,
    no clock) and ``workers`` as for :class:`~nile_desktop.ai.search.HardBot`.
    """

    level = "flat"
    style: Style = NEUTRAL
    #: Whether it deals the other storage piles as it watched them fill (as the Expert
    #: does, :attr:`~nile_desktop.ai.search.HardBot.remembers`) rather than from their sizes.
    remembers = False

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> tuple[Move, Reason]:
        start = _search.clock()
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0], Reason(R.ONLY_MOVE)
        if view.storages is not None and not self.remembers:
            view = replace(view, storages=None)  # it deals the other piles from their sizes
        roots = root_candidates(view, legal, self.style)
        if len(roots) == 1:
            return roots[0], explain(view, roots[0], self.style)
        workers = worker_count(self.workers)
        deadline = self.deadline(start)
        seeds = [rng.getrandbits(62) for _ in range(workers if deadline else SHARES)]
        key = self.style.key
        stats, self.last_iterations = run_parallel(
            partial(flat_search, key), partial(remote_flat_search, key), view, roots, seeds,
            self.iterations, deadline, workers)
        most = max(v for v, _, _ in stats.values())
        best = max((t for t in stats if 2 * stats[t][0] >= most),
                   key=lambda t: stats[t][1] / stats[t][0])
        move = next(m for m in roots if str(m) == best)
        visits, total, _ = stats[best]
        return move, Reason(R.SEARCH, why=explain(view, move, self.style),
                            percent=round(100 * total / visits), playouts=self.last_iterations)


class AggressorBot(FlatBot):
    """The flat player that lives by take-overs (:data:`~.thumb.AGGRESSOR`)."""

    level = "aggressor"
    style = STYLES["aggressor"]


class SpeculatorBot(FlatBot):
    """The flat player that speculates and trades (:data:`~.thumb.SPECULATOR`)."""

    level = "speculator"
    style = STYLES["speculator"]


class BalancerBot(FlatBot):
    """The flat player that always feeds its smallest pile (:data:`~.thumb.BALANCER`)."""

    level = "balancer"
    style = STYLES["balancer"]


FLAT_BOTS: dict[str, type[FlatBot]] = {
    cls.level: cls for cls in (FlatBot, AggressorBot, SpeculatorBot, BalancerBot)}
