"""Bots against bots: strength and speed benchmarks with confidence intervals.

    python -m nile_desktop.ai.arena --games 200 --players 4 \\
        --bots hard,medium,medium,medium --seed 1 --budget 1 --csv /tmp/games.csv

Game ``i`` is ``new_game(Rules(P), seed + i)`` with the bots rotated one seat
further each game, so every bot sits in every seat equally often. A win is
a place in the top group of the ranking (a shared win counts as a win for
every seat in it); rank is 1 + the number of seats strictly ahead. The CSV
has one row per game with everything needed to replay it: the seed, the
level of every seat, the result and the full list of moves. The bot in seat
``s`` draws its randomness from the engine's own generator,
``EngineRandom(seed, s)``, the same on every Python version, as in
``python -m nile_desktop.engine play``, so a game played with ``--iterations``
(no clock) is also replayed move for move by
``python -m nile_desktop.engine play --players P --seed S --bots LEVELS --iterations K``.

With ``--csv`` the file is rewritten (to a temporary name, then renamed)
after every game, so a long run that is stopped loses at most the games in
progress; started again with the same settings it reads the file and plays
only the games still missing. A file that is not an arena CSV (another
CSV, an older format, a folder, a pipe, a damaged row) is refused in one
line with exit status 2 and never written over (:mod:`.arena_files`).
``--sprt P0,P1`` ends the run as soon as Wald's sequential test decides
whether bot #0 scores ``P0`` or ``P1`` (:mod:`~nile_desktop.ai.stats`).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec

from nile_desktop.engine import Rules, new_game, observe
from nile_desktop.engine.rng import EngineRandom

from . import BOT_KINDS, make_bot
from .arena_files import (
    GameRecord,
    read_csv,
    refusing_bad_csv,
    setup_text,
    write_csv,
)
from .command_line import Parser, positive, seat_count, seconds, seed_value
from .flat import FLAT_BOTS, PLAYOUTS_PER_ITERATION
from .search import EXPERT_FACTOR
from .stats import Sprt, wilson

P = ParamSpec("P")

#: Bots that search: their options (iterations, budget, workers) come from the arena's options.
SEARCH_LEVELS = ("hard", "expert", *FLAT_BOTS)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random stream of the bot in ``seat`` of game ``seed`` (as the engine CLI has it)."""
    return EngineRandom(seed, seat)


def play_game(index: int, seed: int, seats: list[str], options: dict[str, Any],
              max_moves: int = 5000) -> GameRecord:
    """Play one whole game between bots and record it; every move is checked legal.

    ``options["rules"]`` holds setup options for :class:`Rules` (``monuments``,
    ``must_act``, ``storage_top``); the other keys are bot options per level.
    """
    state = new_game(Rules(players=len(seats), **options.get("rules", {})), seed=seed)
    bots = [make_bot(level, **options.get(level, {})) for level in seats]
    rngs = [bot_rng(seed, s) for s in range(len(seats))]
    record = GameRecord(index, seed, list(seats), [], [], [])
    while state.result is None:
        if len(record.moves) >= max_moves:
            raise RuntimeError(f"game {index} (seed {seed}) did not end in {max_moves} moves")
        seat = state.active
        legal = state.legal_moves()
        view = observe(state, seat)
        start, cpu = time.perf_counter(), time.process_time()
        move, _reason = bots[seat].choose(view, legal, rngs[seat])
        spent = time.perf_counter() - start
        record.times.setdefault(seats[seat], []).append(spent)
        if len(legal) > 1:
            record.cpu.setdefault(seats[seat], []).append(time.process_time() - cpu)
        iterations = getattr(bots[seat], "last_iterations", None)
        if iterations is not None:
            record.iterations.setdefault(seats[seat], []).append(iterations)
        if move not in legal:
            record.illegal += 1
            raise RuntimeError(f"{seats[seat]} chose an illegal move {move} in game {index}")
        state.apply(move)
        record.moves.append(str(move))
    result = state.result.to_dict()  # as the CSV keeps it
    record.ranking, record.piles = result["ranking"], result["piles"]
    return record


def _play(args: tuple[Any, ...]) -> GameRecord:
    return play_game(*args)


def sprt_bounds(text: str) -> tuple[float, float]:
    """``--sprt P0,P1`` (arena and ladder): two scores with 0 < P0 < P1 < 1."""
    try:
        p0, p1 = (float(x) for x in text.split(","))
    except ValueError:
        p0 = p1 = -1.0
    if not 0 < p0 < p1 < 1:
        raise argparse.ArgumentTypeError(
            "takes two scores P0 < P1 between 0 and 1, e.g. 0.5,0.65")
    return p0, p1


def score_of(ranking: list[list[int]], seat: int) -> float:
    """A seat's score in a game: 1 for a win, a share of it for a shared win, else 0."""
    top = ranking[0]
    return 1.0 / len(top) if seat in top else 0.0


def rank_of(ranking: list[list[int]], seat: int) -> int:
    """1 + how many seats finished strictly ahead of ``seat``."""
    ahead = 0
    for group in ranking:
        if seat in group:
            return ahead + 1
        ahead += len(group)
    raise ValueError(seat)


def won(record: GameRecord, bot: int) -> bool:
    """Whether bot #``bot`` won the game, alone or shared (R-END-3)."""
    return rank_of(record.ranking, record.seat_of(bot)) == 1


def score(record: GameRecord, bot: int) -> float:
    """Bot #``bot``'s score in the game (:func:`score_of`: a shared win is shared)."""
    return score_of(record.ranking, record.seat_of(bot))


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def schedule(games: int, bots: list[str], seed: int) -> list[tuple[int, int, list[str]]]:
    """(index, game seed, level per seat) for every game, seats rotated."""
    p = len(bots)
    out = []
    for i in range(games):
        shift = i % p
        seats = [bots[(s - shift) % p] for s in range(p)]
        out.append((i, seed + i, seats))
    return out


def run(games: int, bots: list[str], seed: int, options: dict[str, Any], jobs: int,
        progress: Callable[[list[GameRecord]], bool | None] | None = None,
        done: Sequence[GameRecord] = ()) -> list[GameRecord]:
    """Play the games not in ``done``, in ``jobs`` processes if more than one.

    ``progress`` is called with every record so far after each game; when it
    returns True the run stops (games already under way in other processes
    are abandoned).
    """
    out = list(done)
    have = {r.index for r in out}
    plan = [(i, s, seats, options) for i, s, seats in schedule(games, bots, seed)
            if i not in have]
    if jobs <= 1:
        for args in plan:
            out.append(_play(args))
            if progress and progress(out):
                break
    else:
        with multiprocessing.get_context().Pool(jobs) as pool:
            for record in pool.imap_unordered(_play, plan):
                out.append(record)
                if progress and progress(out):
                    pool.terminate()
                    break
    out.sort(key=lambda r: r.index)
    return out


def summary(records: list[GameRecord], bots: list[str]) -> str:
    """Wins and average rank per bot with 95% intervals, decision times per level."""
    p = len(bots)
    lines = [f"{len(records)} games, {p} players"]
    lines.append(f"{'bot':<12}{'wins':>7}{'win %':>8}  {'95% CI':<15}{'avg rank':>9}  95% CI")
    for j, level in enumerate(bots):
        wins, ranks = 0, []
        for r in records:
            rank = rank_of(r.ranking, r.seat_of(j))
            ranks.append(rank)
            wins += rank == 1
        n = len(ranks)
        lo, hi = wilson(wins, n)
        mean = sum(ranks) / n if n else 0.0
        sd = math.sqrt(sum((x - mean) ** 2 for x in ranks) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n) if n else 0.0
        lines.append(f"{f'{level}#{j}':<12}{wins:>7}{100 * wins / max(1, n):>7.1f}%  "
                     f"[{100 * lo:4.1f}, {100 * hi:4.1f}]   {mean:>7.2f}  "
                     f"[{mean - half:.2f}, {mean + half:.2f}]")
    lines.append(f"{'level':<12}{'decisions':>10}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for level in dict.fromkeys(bots):
        times = [t for r in records for t in r.times.get(level, [])]
        lines.append(f"{level:<12}{len(times):>10}{1000 * percentile(times, 0.5):>9.1f}"
                     f"{1000 * percentile(times, 0.95):>9.1f}{1000 * max(times or [0]):>9.1f}")
    for level in dict.fromkeys(bots):
        its = [i for r in records for i in r.iterations.get(level, [])]
        if its:
            lines.append(f"{level} search iterations per decision: mean "
                         f"{sum(its) / len(its):.0f}, p5 {percentile(its, 0.05):.0f}, "
                         f"p50 {percentile(its, 0.5):.0f}")
    return "\n".join(lines)


@refusing_bad_csv
def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m nile_desktop.ai.arena", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=positive, default=100)
    ap.add_argument("--players", type=seat_count, default=4)
    ap.add_argument("--bots", default="hard,medium,medium,medium",
                    help="one level per seat: " + ",".join(BOT_KINDS))
    ap.add_argument("--seed", type=seed_value, default=1)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--iterations", type=positive,
                       help="Hard's search iterations per decision, Expert's three times as "
                       "many, the flat players' play-outs of the same processor time "
                       "(deterministic)")
    group.add_argument("--budget", type=seconds,
                       help="Hard's search seconds per decision (default 1), Expert's three "
                       "times as long")
    ap.add_argument("--jobs", type=positive, default=1, help="games played at once (processes)")
    ap.add_argument("--workers", type=positive,
                    help="processes per search (default: 2 if --jobs 1)")
    ap.add_argument("--no-monuments", action="store_true", help="play without the Monuments")
    ap.add_argument("--must-act", action="store_true", help="rule-book option must_act (R-PLANT-5)")
    ap.add_argument("--storage-top", action="store_true",
                    help="rule-book option storage: top (R-TRADE-1)")
    ap.add_argument("--csv", help="write every game to this CSV file (and resume from it)")
    ap.add_argument("--sprt", type=sprt_bounds, metavar="P0,P1",
                    help="stop once Wald's test decides bot #0 scores P0 or P1 (e.g. 0.5,0.65)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        ap.error(f"--bots names {len(bots)} levels for {args.players} players")
    for b in bots:
        if b not in BOT_KINDS:
            ap.error(f"unknown level {b!r}; choose from {', '.join(BOT_KINDS)}")
    sprt = Sprt(*args.sprt) if args.sprt else None
    options = search_options(args.iterations, args.budget,
                             args.workers or (1 if args.jobs > 1 else None), args.players)
    options["rules"] = {"monuments": not args.no_monuments, "must_act": args.must_act,
                        "storage_top": args.storage_top}
    setup = setup_text(bots, args.seed, options)
    done: list[GameRecord] = []
    if args.csv:
        done = read_csv(args.csv, setup)
        if done and not args.quiet:
            print(f"resuming: {len(done)} games read from {args.csv}", file=sys.stderr)
    started = time.time()

    def progress(records: list[GameRecord]) -> bool:
        if args.csv:
            write_csv(args.csv, sorted(records, key=lambda r: r.index), setup)
        if not args.quiet and (len(records) % 10 == 0 or len(records) == args.games):
            wins = sum(won(r, 0) for r in records)
            print(f"... {len(records)}/{args.games} games, {time.time() - started:.0f} s, "
                  f"{bots[0]}#0 won {wins}", file=sys.stderr, flush=True)
        if sprt is None:
            return False
        sprt.llr, sprt.games = 0.0, 0
        for r in records:
            sprt.add(score(r, 0))
        return bool(sprt.verdict)

    records = run(args.games, bots, args.seed, options, args.jobs, progress, done)
    print(summary(records, bots))
    if sprt is not None:
        verdict = {"H1": f"scores at least {sprt.p1:.0%}", "H0": f"scores at most {sprt.p0:.0%}",
                   "": "undecided"}[sprt.verdict]
        print(f"SPRT ({sprt.p0:.2f} against {sprt.p1:.2f}, 5% errors): {bots[0]}#0 {verdict} "
              f"after {sprt.games} games (LLR {sprt.llr:.2f})")
    if args.csv:
        print(f"games written to {args.csv}")
    return 0


def search_options(iterations: int | None, budget: float | None,
                   workers: int | None, players: int = 2) -> dict[str, Any]:
    """Options of the bots that search: Hard gets ``iterations`` or ``budget``, Expert
    :data:`~nile_desktop.ai.search.EXPERT_FACTOR` times as much, and the flat players
    the same budget, or the play-outs that cost what Hard's iterations cost at a table
    of ``players`` (:data:`~nile_desktop.ai.flat.PLAYOUTS_PER_ITERATION`)."""
    out: dict[str, Any] = {}
    for level in SEARCH_LEVELS:
        factor = (EXPERT_FACTOR if level == "expert"
                  else PLAYOUTS_PER_ITERATION[players] if level in FLAT_BOTS else 1)
        opts: dict[str, Any] = {}
        if iterations:
            opts = {"iterations": max(1, round(iterations * factor)), "budget": None}
        elif budget:
            opts = {"budget": budget * factor}
        opts["workers"] = workers
        out[level] = opts
    return out


if __name__ == "__main__":
    sys.exit(main())
