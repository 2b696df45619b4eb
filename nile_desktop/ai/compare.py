"""Two arena runs on the same deals, compared game by game.

A change to a bot changes every game it plays, so two runs' win rates differ
by the luck of the cards as much as by skill: over 100 games each, a real
gain of five points hides inside either interval. On the same deals (the
same game numbers and seeds, seats rotated the same way) most games go the
same way in both runs, and only the games that one run won and the other
did not say which is better. This command pairs the games two arena CSVs
share and prints bot #0's wins in each with their intervals, the games won
only in one run or only in the other, and McNemar's exact test on those
(the chance of a split at least that uneven if both were equally strong).

The test is fair when the runs to compare are chosen before their results
are seen: comparing many variants against one baseline on the games where
that baseline happened to do well makes them all look worse together.

``python -m nile_desktop.ai.compare new.csv old.csv``
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import dataclass

from .arena import won
from .arena_files import GameRecord, read_csv
from .command_line import Parser, count
from .stats import sign_test, wilson


@dataclass(frozen=True)
class Paired:
    """The games two runs share and how bot ``bot`` fared in each."""

    games: int
    wins_a: int
    wins_b: int
    only_a: int  # games bot won in run A and not in run B
    only_b: int

    @property
    def p_value(self) -> float:
        """McNemar's exact two-sided test: 1.0 when no game differs."""
        return sign_test(self.only_a, self.only_b)


def pair(a: list[GameRecord], b: list[GameRecord], bot: int = 0) -> Paired:
    """Pair the games of ``a`` and ``b`` with the same number, seed and table size."""
    by_key = {(r.index, r.seed, len(r.seats)): r for r in b}
    games = wins_a = wins_b = only_a = only_b = 0
    for r in a:
        other = by_key.get((r.index, r.seed, len(r.seats)))
        if other is None:
            continue
        x, y = won(r, bot), won(other, bot)
        games += 1
        wins_a += x
        wins_b += y
        only_a += x and not y
        only_b += y and not x
    return Paired(games, wins_a, wins_b, only_a, only_b)


def report(result: Paired, name_a: str, name_b: str, bot: int) -> str:
    """The comparison as the command prints it."""
    n = result.games
    lines = [f"{n} games in both runs; bot #{bot}'s wins:"]
    for name, wins in ((name_a, result.wins_a), (name_b, result.wins_b)):
        lo, hi = wilson(wins, n)
        lines.append(f"  {name}: {wins} ({100 * wins / n:.1f}%, 95% interval "
                     f"{100 * lo:.1f}-{100 * hi:.1f})")
    lines.append(f"won only in {name_a}: {result.only_a}; only in {name_b}: {result.only_b}")
    lines.append(f"McNemar's exact test: p = {result.p_value:.3f}"
                 + (" (the runs differ at the 5% level)" if result.p_value < 0.05 else
                    " (no difference shown at the 5% level)"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m nile_desktop.ai.compare", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="an arena CSV (written with --csv)")
    ap.add_argument("b", help="another arena CSV played from the same --seed")
    ap.add_argument("--bot", type=count, default=0,
                    help="which bot to compare, by its place in --bots (default 0)")
    args = ap.parse_args(argv)
    runs = []
    for path in (args.a, args.b):
        try:
            records = read_csv(path)
        except (OSError, ValueError, KeyError, IndexError, csv.Error) as exc:
            ap.error(f"cannot read {path}: {exc}")
        if not records:
            ap.error(f"{path} holds no games (is it an arena CSV?)")
        runs.append(records)
    players = len(runs[0][0].seats)
    if not 0 <= args.bot < players:
        ap.error(f"--bot must be between 0 and {players - 1}")
    result = pair(runs[0], runs[1], args.bot)
    if not result.games:
        ap.error("the two runs share no game (same game numbers, seeds and table size)")
    print(report(result, args.a, args.b, args.bot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
