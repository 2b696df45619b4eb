"""The gauntlet: one level against every style of opponent, not only against Medium.

    python -m nile_desktop.ai.gauntlet --level hard --players 2,4 --games 100 \\
        --iterations 1500 --csv gauntlet.csv

The members, each a real player that sees only its own view:

- ``flat``: flat determinised Monte Carlo with rules of thumb of its own (:mod:`.flat`);
- ``aggressor``: the same, living by take-overs and keeping cards for them;
- ``speculator``: the same, speculating and trading at the market and to Hapi;
- ``balancer``: the same, always feeding its smallest pile;
- ``medium`` and ``easy``: the levels as they are.

At two players the level meets each member one against one; at four it sits
with three different members, every combination of three in turn. Games are
the arena's (:mod:`.arena`): game ``i`` of a pairing or table is dealt from
seed ``seed + i`` with the seats rotated, so every member meets the level on
the same deals. ``--games`` is the number of games per member at two
players and the number of games in all at four. The games are played in
rounds of ``--round`` games per pairing or table, so a run stopped early
has met every opponent about equally often; every game is written to the CSV
as it ends, and the same command started again plays only what is missing
(``--report`` plays nothing and prints the table of what is there).

``--iterations K`` gives Hard ``K`` search iterations a decision (Expert
three times as many) and the flat players the play-outs that cost the same
processor time (:data:`~.flat.PLAYOUTS_PER_ITERATION`), without a clock, so
the games replay exactly; ``--budget S`` gives every searching player ``S``
seconds instead (Expert three times as long).

The table has one row per opponent: the games, the level's wins (a shared
win counts as a win) with their 95% Wilson interval, the level's average
rank with its interval, and the processor seconds a decision of the level
and of the opponent (over the games this run played, when every search runs
in the playing process, ``--workers 1``), which shows they think equally long. At four players a row counts the games that member
sat in, and a last row counts all of them. ``--sprt P0,P1`` stops a
two-player pairing as soon as Wald's test decides whether the level scores
``P0`` or ``P1`` against that member.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from . import BOT_KINDS
from .arena import rank_of, run, score, search_options, sprt_bounds
from .arena_files import GameRecord, read_csv, refusing_bad_csv, setup_text, write_csv
from .command_line import Parser, positive, seconds, seed_value, table_sizes
from .personalities import measured
from .stats import Sprt, wilson
from .strengths import STRENGTHS_PATH, write_strengths

#: The gauntlet's members, strongest style first, and what each one is.
MEMBERS: dict[str, str] = {
    "flat": "flat determinised Monte Carlo: every candidate played out on the same deals "
            "by rules of thumb, scored by projected storage",
    "aggressor": "the flat player living by take-overs, keeping cards to make them",
    "speculator": "the flat player speculating, trading at the market and offering to Hapi",
    "balancer": "the flat player always feeding its smallest pile",
    "medium": "the Medium level: a greedy card counter",
    "easy": "the Easy level: Medium's judgement with a poor memory and slips",
}


def tables(level: str, players: int, members: list[str]) -> list[list[str]]:
    """The line-ups: the level first, then one member (two players) or a different
    combination of ``players - 1`` members per table."""
    others = [m for m in members if m != level]
    return [[level, *group] for group in combinations(others, players - 1)]


def share(games: int, count: int, index: int) -> int:
    """Games of line-up ``index`` when ``games`` are spread over ``count`` line-ups."""
    return games // count + (1 if index < games % count else 0)


class Gauntlet:
    """Every line-up's games, kept in step with one CSV (the arena's format)."""

    def __init__(self, path: str | None, options: dict[int, dict[str, Any]], seed: int,
                 jobs: int, quiet: bool) -> None:
        self.path = path
        self.options = options  # by table size
        self.seed = seed
        self.jobs = jobs
        self.quiet = quiet
        self.games: dict[str, list[GameRecord]] = {}
        for record in read_csv(path) if path else []:
            self.games.setdefault(record.setup, []).append(record)
        self.started = time.time()

    def setup(self, bots: list[str]) -> str:
        return setup_text(bots, self.seed, self.options[len(bots)])

    def records(self, bots: list[str]) -> list[GameRecord]:
        return sorted(self.games.get(self.setup(bots), []), key=lambda r: r.index)

    def save(self) -> None:
        if self.path:
            write_csv(self.path, [r for rs in self.games.values() for r in rs])

    def play(self, bots: list[str], games: int, sprt: Sprt | None) -> None:
        """Play the line-up up to ``games`` games (or until its test decides)."""
        setup = self.setup(bots)
        done = self.records(bots)
        if len(done) >= games or (sprt is not None and decided(done, sprt)):
            return

        def progress(records: list[GameRecord]) -> bool:
            for r in records:
                r.setup = setup
            self.games[setup] = records
            self.save()
            if not self.quiet:
                wins = sum(rank_of(r.ranking, r.seat_of(0)) == 1 for r in records)
                print(f"... {' '.join(bots)}: {len(records)} games, {bots[0]} won {wins}, "
                      f"{time.time() - self.started:.0f} s", file=sys.stderr, flush=True)
            return sprt is not None and decided(records, sprt)

        run(games, bots, self.seed, self.options[len(bots)], self.jobs, progress, done)


def decided(records: list[GameRecord], sprt: Sprt) -> bool:
    """Whether Wald's test on the level's scores, in game order, has decided."""
    sprt.llr, sprt.games = 0.0, 0
    for r in sorted(records, key=lambda r: r.index):
        if sprt.add(score(r, 0)):
            return True
    return False


def row(name: str, records: list[GameRecord], level: str) -> str:
    """One line of the table: the level's wins and average rank against ``name``, and the
    processor seconds each took a decision (over the games played by this process)."""
    n = len(records)
    ranks = [rank_of(r.ranking, r.seat_of(0)) for r in records]
    wins = sum(x == 1 for x in ranks)
    lo, hi = wilson(wins, n)
    mean = sum(ranks) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in ranks) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    cpu = "  ".join(f"{cpu_per_decision(records, who):>6}" for who in (level, name))
    return (f"{name:<12}{n:>6}{wins:>6}{100 * wins / max(1, n):>7.1f}%  "
            f"[{100 * lo:4.1f}, {100 * hi:4.1f}]  {mean:>5.2f} [{mean - half:.2f}, "
            f"{mean + half:.2f}]  {cpu}")


def cpu_per_decision(records: list[GameRecord], who: str) -> str:
    """Mean processor seconds of ``who``'s decisions in ``records`` ("-" if none were timed)."""
    spent = [t for r in records for t in r.cpu.get(who, [])]
    return f"{sum(spent) / len(spent):.3f}" if spent else "-"


HEADER = (f"{'opponent':<12}{'games':>6}{'wins':>6}{'win %':>8}  {'95% CI':<14}"
          f"{'avg rank':<19}{'cpu s':>6}  {'its':>6}")


def report(gauntlet: Gauntlet, level: str, players: list[int], members: list[str]) -> str:
    """The gauntlet's table: per table size, one row per opponent."""
    lines = []
    for p in players:
        lineups = tables(level, p, members)
        lines.append(f"{p} players: {level} against "
                     + ("each member, one against one" if p == 2
                        else f"{p - 1} different members ({len(lineups)} tables)"))
        lines.append(HEADER)
        every: list[GameRecord] = []
        for member in (m for m in members if m != level):
            games = [r for bots in lineups if member in bots for r in gauntlet.records(bots)]
            lines.append(row(member, games, level))
        for bots in lineups:
            every += gauntlet.records(bots)
        if p > 2:
            lines.append(row("all tables", every, level))
        lines.append("")
    lines.append("cpu s: the level's processor seconds a decision, its: the opponent's (games "
                 "played by this run, --workers 1)")
    return "\n".join(lines)


@refusing_bad_csv
def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m nile_desktop.ai.gauntlet", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="hard", help="the bot put through the gauntlet: "
                    + ", ".join(BOT_KINDS))
    ap.add_argument("--players", type=table_sizes, default="2,4", help="table sizes, e.g. 2,4")
    ap.add_argument("--games", type=positive, default=100,
                    help="games per member at two players, in all at more")
    ap.add_argument("--members", default=",".join(MEMBERS), help="the opponents")
    ap.add_argument("--seed", type=seed_value, default=1)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--iterations", type=positive,
                       help="Hard's iterations a decision; Expert three times as many, the flat "
                       "players the play-outs of the same processor time (no clock)")
    group.add_argument("--budget", type=seconds, help="seconds a decision for every player that "
                       "searches (Expert three times as long)")
    ap.add_argument("--round", type=positive, default=10, help="games per line-up and round")
    ap.add_argument("--jobs", type=positive, default=1, help="games played at once (processes)")
    ap.add_argument("--workers", type=positive,
                    help="processes per search (default: 2 if --jobs 1)")
    ap.add_argument("--csv", help="every game, written as it ends; resumed from")
    ap.add_argument("--sprt", type=sprt_bounds, metavar="P0,P1",
                    help="stop a two-player pairing once Wald's test decides (e.g. 0.55,0.62)")
    ap.add_argument("--report", action="store_true",
                    help="play nothing: print the table of the games already in the CSV")
    ap.add_argument("--strengths", nargs="?", const=str(STRENGTHS_PATH), metavar="FILE",
                    help="rewrite the personalities' scores against the level in "
                    "nile_desktop/ai/strengths.json from the two-player games in the CSV")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    members = [m.strip() for m in args.members.split(",") if m.strip()]
    if args.level not in BOT_KINDS:
        ap.error(f"unknown level {args.level!r}; choose from {', '.join(BOT_KINDS)}")
    unknown = [m for m in members if m not in BOT_KINDS]
    if unknown:
        ap.error(f"unknown member {unknown[0]!r}; choose from {', '.join(BOT_KINDS)}")
    players = args.players
    others = len([m for m in members if m != args.level])
    if any(p > others + 1 for p in players):
        ap.error(f"--players: {others} other members seat at most {others + 1} players")
    workers = args.workers or (1 if args.jobs > 1 else None)
    options = {p: search_options(args.iterations, args.budget, workers, p) for p in players}
    try:
        gauntlet = Gauntlet(args.csv, options, args.seed, args.jobs, args.quiet)
    except (OSError, ValueError, KeyError, IndexError) as exc:
        ap.error(f"cannot resume from {args.csv}: {exc}")
    plan = []
    for p in players:
        lineups = tables(args.level, p, members)
        for i, bots in enumerate(lineups):
            games = args.games if p == 2 else share(args.games, len(lineups), i)
            if games:
                sprt = Sprt(*args.sprt) if args.sprt and p == 2 else None
                plan.append((bots, games, sprt))
    most = 0 if args.report else max(games for _, games, _ in plan)
    for target in range(args.round, most + args.round, args.round):
        for bots, games, sprt in plan:
            gauntlet.play(bots, min(games, target), sprt)
    print(report(gauntlet, args.level, players, members))
    if args.csv:
        print(f"games in {args.csv}")
    if args.strengths and 2 in players:
        entries = []
        for member in members:
            games = gauntlet.records([args.level, member])
            entries += measured(member, args.level, sum(score(r, 1) for r in games), len(games),
                                args.iterations)
        return write_strengths(entries, Path(args.strengths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
