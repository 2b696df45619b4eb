"""How sure should a win chance be, and how much better is each bot level? Fitting them.

    python -m nile_desktop.ai.fit_temperature games2.csv games4.csv
    python -m nile_desktop.ai.fit_temperature --strengths me2.csv he2.csv me4.csv

The evaluation gives every seat a score (a soft minimum of its expected final
piles); a softmax of the scores at some temperature turns them into win
shares. The search compares moves with one fixed temperature, but a chance
to win must say how sure the ranking really is, and that shrinks as the game
nears its end: :data:`~nile_desktop.ai.chances.TEMPERATURE` is ``a + b ×`` the
floods still expected per seat. This command replays the games of arena CSV
files (``python -m nile_desktop.ai.arena --csv``), scores every ``--every``-th
position as a win chance sample would (the full position, hidden cards and
all), and prints the log loss of the outcome over a grid of ``(a, b)``, per
table size and over all, with the best pair.

A bot level that plays better than another wins more than the position
alone says, and the more of the game is left, the more it does. With
``--strengths`` the command fits, at the temperature in use, each level's
*strength* (:data:`~nile_desktop.ai.playouts.STRENGTHS`): score added per
flood still expected per seat, Medium's being 0, by least log loss over the
positions of games between levels (each level one number, coordinate by
coordinate). It reads the files only.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from nile_desktop.engine import Move, Rules, new_game

from .arena import score_of
from .arena_files import checked_game, read_csv
from .chances import TEMPERATURE
from .command_line import Parser, positive
from .evaluation import PileForecast, win_shares
from .playouts import STRENGTHS


@dataclass(frozen=True)
class Sample:
    """One position: every seat's score and level, the floods still expected per seat,
    and the outcome (each seat's share of the win)."""

    scores: list[float]
    floods: float
    actual: list[float]
    levels: tuple[str, ...] = ()


A_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8)
B_GRID = (0.0, 0.02, 0.04, 0.05, 0.06, 0.07, 0.08, 0.1, 0.15)
#: The reference level, whose strength is 0 by definition (a person plays as one).
REFERENCE = "medium"


def samples(paths: Sequence[str], every: int = 3) -> dict[int, list[Sample]]:
    """Per table size, the scored positions of every game in ``paths``."""
    out: dict[int, list[Sample]] = {}
    for path in paths:
        for record in read_csv(path):
            rules = checked_game(record, path)
            players = len(record.seats)
            state = new_game(Rules(players=players, **rules), record.seed)
            actual = [score_of(record.ranking, s) for s in range(players)]
            for i, text in enumerate(record.moves):
                if i % every == 0 and not state.over:
                    table = PileForecast.from_state(state)
                    out.setdefault(players, []).append(
                        Sample(table.scores(), table.reveals / players, actual,
                               tuple(record.seats)))
                state.apply(Move.parse(text))
    return out


def log_loss(rows: Sequence[Sample], a: float, b: float,
             strengths: dict[str, float] | None = None) -> float:
    """Mean cross-entropy of the outcome under win shares at temperature ``a + b × floods``,
    each seat's score raised by its level's strength per flood if ``strengths`` are given."""
    total = 0.0
    for row in rows:
        scores = row.scores
        if strengths:
            scores = [x + strengths.get(level, 0.0) * row.floods
                      for x, level in zip(scores, row.levels, strict=True)]
        shares = win_shares(scores, max(0.02, a + b * row.floods))
        total -= sum(x * math.log(max(1e-12, p)) for x, p in zip(row.actual, shares,
                                                                   strict=True))
    return total / max(1, len(rows))


def fit_strengths(rows: Sequence[Sample], a: float, b: float, rounds: int = 4
                  ) -> dict[str, float]:
    """Each level's strength (the reference's 0) with the least :func:`log_loss`, one
    level at a time by golden-section search on [-0.5, 0.5], ``rounds`` times over."""
    levels = sorted({level for row in rows for level in row.levels} - {REFERENCE})
    fitted = {level: 0.0 for level in levels}
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(rounds):
        for level in levels:
            mine = [row for row in rows if level in row.levels]

            def loss(k: float, level: str = level, mine: list[Sample] = mine) -> float:
                return log_loss(mine, a, b, {**fitted, level: k})

            lo, hi = -0.5, 0.5
            for _step in range(30):
                x1, x2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
                if loss(x1) < loss(x2):
                    hi = x2
                else:
                    lo = x1
            fitted[level] = round((lo + hi) / 2, 4)
    return fitted


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m nile_desktop.ai.fit_temperature", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+", help="arena CSV files")
    ap.add_argument("--every", type=positive, default=3, help="score every this many moves")
    ap.add_argument("--strengths", action="store_true",
                    help="fit each bot level's strength at the temperature in use")
    args = ap.parse_args(argv)
    try:
        by_size = samples(args.csv, args.every)
    except (OSError, ValueError, KeyError) as exc:
        ap.error(f"cannot read the games: {exc}")
    if not by_size:
        ap.error("no games in those files")
    everything = [row for rows in by_size.values() for row in rows]
    sizes = sorted(by_size)
    if args.strengths:
        return _print_strengths(everything, by_size)
    print(f"{len(everything)} positions; log loss by temperature a + b × floods per seat")
    print(f"{'a':>5}{'b':>6}" + "".join(f"{f'{p} players':>11}" for p in sizes) + f"{'all':>9}")
    best = (math.inf, 0.0, 0.0)
    for a in A_GRID:
        for b in B_GRID:
            if a == 0.0 and b == 0.0:
                continue
            per = [log_loss(by_size[p], a, b) for p in sizes]
            overall = log_loss(everything, a, b)
            print(f"{a:>5.2f}{b:>6.2f}" + "".join(f"{x:>11.4f}" for x in per) + f"{overall:>9.4f}")
            best = min(best, (overall, a, b))
    print(f"best: a = {best[1]:.2f}, b = {best[2]:.2f} (log loss {best[0]:.4f}); "
          f"in use: a = {TEMPERATURE[0]:.2f}, b = {TEMPERATURE[1]:.2f} "
          f"({log_loss(everything, *TEMPERATURE):.4f})")
    return 0


def _print_strengths(everything: list[Sample], by_size: dict[int, list[Sample]]) -> int:
    a, b = TEMPERATURE
    fitted = fit_strengths(everything, a, b)
    print(f"{len(everything)} positions; strengths per flood still expected per seat "
          f"({REFERENCE} 0), at the temperature in use")
    for level, k in sorted(fitted.items(), key=lambda x: x[1]):
        print(f"{level:<8}{k:+.4f}   (in use {STRENGTHS.get(level, 0.0):+.4f})")
    for p in sorted(by_size):
        rows = by_size[p]
        print(f"{p} players: log loss {log_loss(rows, a, b):.4f} without strengths, "
              f"{log_loss(rows, a, b, fitted):.4f} with the fitted ones, "
              f"{log_loss(rows, a, b, STRENGTHS):.4f} with those in use")
    return 0


if __name__ == "__main__":
    sys.exit(main())
