"""How sure should a win chance be? Fitting the temperature of the win chances.

    python -m nile_desktop.ai.fit_temperature games2.csv games4.csv

The evaluation gives every seat a score (a soft minimum of its expected final
piles); a softmax of the scores at some temperature turns them into win
shares. The search compares moves with one fixed temperature, but a chance
to win must say how sure the ranking really is, and that shrinks as the game
nears its end: :data:`~nile_desktop.ai.chances.TEMPERATURE` is ``a + b ×`` the
floods still expected per seat. This command replays the games of arena CSV
files (``python -m nile_desktop.ai.arena --csv``), scores every ``--every``-th
position as a win chance sample would (the full position, hidden cards and
all), and prints the log loss of the outcome over a grid of ``(a, b)``, per
table size and over all, with the best pair. It reads the files only.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence

from nile_desktop.engine import Move, Rules, new_game

from .arena import read_csv, score_of
from .chances import TEMPERATURE
from .model import Table, win_shares

#: One position: every seat's score, the floods still expected per seat, the outcome.
Sample = tuple[list[float], float, list[float]]

A_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8)
B_GRID = (0.0, 0.02, 0.04, 0.05, 0.06, 0.07, 0.08, 0.1, 0.15)


def samples(paths: Sequence[str], every: int = 3) -> dict[int, list[Sample]]:
    """Per table size, the scored positions of every game in ``paths``."""
    out: dict[int, list[Sample]] = {}
    for path in paths:
        for record in read_csv(path):
            rules = json.loads(record.setup or "{}").get("options", {}).get("rules", {})
            players = len(record.seats)
            state = new_game(Rules(players=players, **rules), record.seed)
            actual = [score_of(record.ranking, s) for s in range(players)]
            for i, text in enumerate(record.moves):
                if i % every == 0 and not state.over:
                    table = Table.from_state(state)
                    out.setdefault(players, []).append(
                        (table.scores(), table.reveals / players, actual))
                state.apply(Move.parse(text))
    return out


def log_loss(rows: Sequence[Sample], a: float, b: float) -> float:
    """Mean cross-entropy of the outcome under win shares at temperature ``a + b × floods``."""
    total = 0.0
    for scores, floods, actual in rows:
        shares = win_shares(scores, max(0.02, a + b * floods))
        total -= sum(x * math.log(max(1e-12, p)) for x, p in zip(actual, shares, strict=True))
    return total / max(1, len(rows))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m nile_desktop.ai.fit_temperature",
                                 description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="+", help="arena CSV files")
    ap.add_argument("--every", type=int, default=3, help="score every this many moves")
    args = ap.parse_args(argv)
    try:
        by_size = samples(args.csv, args.every)
    except (OSError, ValueError, KeyError) as exc:
        ap.error(f"cannot read the games: {exc}")
    if not by_size:
        ap.error("no games in those files")
    everything = [row for rows in by_size.values() for row in rows]
    sizes = sorted(by_size)
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


if __name__ == "__main__":
    sys.exit(main())
