"""The ladder: each level against the next one up, until the games decide.

    python -m nile_desktop.ai.ladder --iterations 1000 --csv ladder.csv

Random < Easy < Medium < Hard < Expert: every pairing of neighbouring
levels plays two-player games (by default; ``--players`` for more, the
weaker level filling the other seats), seats rotated, game ``i`` dealt
from seed ``seed + i``, as in the arena. A pairing stops as soon as Wald's
sequential test (:class:`~nile_desktop.ai.stats.Sprt`, 5% errors) decides
whether the stronger level scores at least ``P1`` or at most ``P0``, or
after ``--games`` games. Every game is written to the CSV as it ends (one
file for all pairings, rewritten whole each time); run again with the same
settings, the ladder reads it and plays only what is missing. The table
gives each pairing's score for the stronger level with its 95% Wilson
interval and the test's verdict. ``--levels medium,aggressor,hard`` places one
of the gauntlet's players on the ladder (:mod:`.personalities` keeps what it
scored), thinking as long as Hard with ``--iterations``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import BOT_KINDS, LEVELS
from .arena import percentile, run, score, search_options, sprt_bounds
from .arena_files import GameRecord, read_csv, refusing_bad_csv, setup_text, write_csv
from .command_line import Parser, positive, seat_count, seconds, seed_value
from .personalities import measured
from .stats import Sprt, wilson
from .strengths import STRENGTHS_PATH, write_strengths


def pairings(levels: Sequence[str]) -> list[tuple[str, str]]:
    """Neighbouring levels, (stronger, weaker), weakest pairing first."""
    return [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]


def seats_for(strong: str, weak: str, players: int) -> list[str]:
    return [strong] + [weak] * (players - 1)


def verdict_text(sprt: Sprt) -> str:
    return {"H1": f"stronger (>= {sprt.p1:.0%})", "H0": f"not stronger (<= {sprt.p0:.0%})",
            "": "undecided"}[sprt.verdict]


def row(strong: str, weak: str, records: list[GameRecord], sprt: Sprt) -> str:
    scores = [score(r, 0) for r in records]
    n = len(scores)
    total = sum(scores)
    lo, hi = wilson(total, n)
    times = [t for r in records for t in r.times.get(strong, [])]
    speed = (f"{1000 * percentile(times, 0.5):7.0f} {1000 * percentile(times, 0.95):7.0f}"
             if times else f"{'-':>7} {'-':>7}")
    return (f"{strong + ' > ' + weak:<18}{n:>6}{100 * total / max(1, n):>8.1f}%  "
            f"[{100 * lo:4.1f}, {100 * hi:4.1f}]  {speed}  {verdict_text(sprt)}")


@refusing_bad_csv
def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m nile_desktop.ai.ladder", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default=",".join(LEVELS),
                    help="weakest first: levels, or the gauntlet's players to place one among "
                    "them (e.g. medium,aggressor,hard)")
    ap.add_argument("--games", type=positive, default=400, help="most games per pairing")
    ap.add_argument("--players", type=seat_count, default=2)
    ap.add_argument("--seed", type=seed_value, default=1)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--iterations", type=positive,
                       help="Hard's iterations per decision, Expert's three times as many")
    group.add_argument("--budget", type=seconds, help="Hard's seconds per decision (default 1)")
    ap.add_argument("--sprt", type=sprt_bounds, default="0.5,0.65", metavar="P0,P1",
                    help="the stronger level's score under H0 and H1 (default 0.5,0.65)")
    ap.add_argument("--jobs", type=positive, default=1, help="games played at once (processes)")
    ap.add_argument("--workers", type=positive, help="processes per search")
    ap.add_argument("--csv", help="every game, written as it ends; resumed from")
    ap.add_argument("--strengths", nargs="?", const=str(STRENGTHS_PATH), metavar="FILE",
                    help="rewrite the scores of each pairing of a personality and a level in "
                    "nile_desktop/ai/strengths.json")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if x not in BOT_KINDS]
    if unknown or len(levels) < 2:
        ap.error(f"--levels needs two or more of {', '.join(BOT_KINDS)}")
    p0, p1 = args.sprt
    options = search_options(args.iterations, args.budget,
                             args.workers or (1 if args.jobs > 1 else None), args.players)
    stored = read_csv(args.csv) if args.csv else []
    lines = [f"{'pairing':<18}{'games':>6}{'score':>9}  {'95% CI':<14}{'p50 ms':>7} "
             f"{'p95 ms':>7}  SPRT {p0:.2f}/{p1:.2f}"]
    ladder = Ladder(stored, args.csv, args.quiet)
    entries = []
    for strong, weak in pairings(levels):
        bots = seats_for(strong, weak, args.players)
        records, sprt = ladder.pairing(bots, args.games, args.seed, options, args.jobs,
                                       Sprt(p0, p1))
        lines.append(row(strong, weak, records, sprt))
        if args.players == 2:
            points = sum(score(r, 0) for r in records)
            entries += measured(strong, weak, points, len(records), args.iterations)
            entries += measured(weak, strong, len(records) - points, len(records),
                                args.iterations)
    print("\n".join(lines))
    if args.csv:
        print(f"games in {args.csv}")
    if args.strengths:
        return write_strengths(entries, Path(args.strengths))
    return 0


class Ladder:
    """The games of every pairing, kept in step with the CSV as they end."""

    def __init__(self, stored: list[GameRecord], path: str | None, quiet: bool) -> None:
        self.stored = stored
        self.path = path
        self.quiet = quiet
        self.played: dict[str, list[GameRecord]] = {}

    def save(self) -> None:
        if self.path:
            others = [r for r in self.stored if r.setup not in self.played]
            write_csv(self.path, others + [r for rs in self.played.values() for r in rs])

    def pairing(self, bots: list[str], games: int, seed: int, options: dict[str, Any], jobs: int,
                sprt: Sprt) -> tuple[list[GameRecord], Sprt]:
        """Play (or read) one pairing until the test decides or ``games`` are played.

        Returns the games the verdict rests on, in game order, and the test.
        """
        setup = setup_text(bots, seed, options)
        started = time.time()

        def decided(records: list[GameRecord]) -> bool:
            for r in records:
                r.setup = setup
            self.played[setup] = records
            self.save()
            sprt.llr, sprt.games = 0.0, 0
            for r in sorted(records, key=lambda r: r.index):
                if sprt.add(score(r, 0)):
                    break
            if not self.quiet:
                print(f"... {bots[0]} against {bots[1]}: {len(records)} games, "
                      f"{time.time() - started:.0f} s, LLR {sprt.llr:+.2f}",
                      file=sys.stderr, flush=True)
            return bool(sprt.verdict)

        done = sorted((r for r in self.stored if r.setup == setup), key=lambda r: r.index)
        records = done if decided(done) else run(games, bots, seed, options, jobs, decided, done)
        decided(records)
        return records[:sprt.games], sprt


if __name__ == "__main__":
    sys.exit(main())
