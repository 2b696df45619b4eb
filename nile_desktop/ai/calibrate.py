"""Are the win chances honest? Predicted against actual wins, decile by decile.

    python -m nile_desktop.ai.calibrate --games 300 --players 2,3,4 --every 3 --csv cal.csv

Bot games are played as in the arena (``--bots``, default Medium in every
seat, seats rotated, game ``i`` dealt from ``seed + i``); every ``--every``
moves, the seat to move asks :func:`~nile_desktop.ai.chances.win_chances`
for its own chance from its own view. When the game ends each of those
predictions is paired with what happened (1 for a win, a share for a shared
win, 0 for a loss). The table groups the predictions by decile and gives,
for each, how many there were, the mean prediction, the actual win rate
with its 95% Wilson interval, and the gap; then the Brier score beside that
of always predicting 1/players. The CSV keeps one row per prediction and is
rewritten after every game, so a stopped run resumes where it was.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

from nile_desktop.engine import Rules, new_game, observe

from . import LEVELS
from .arena import play_game, score_of
from .chances import CALIBRATION_POWERS, DEFAULT_BUDGET, calibrated, win_chances
from .stats import wilson

FIELDS = ["players", "game", "move", "seat", "predicted", "actual", "raw"]


@dataclass(frozen=True)
class Prediction:
    players: int
    game: int
    move: int
    seat: int
    predicted: float
    actual: float
    raw: tuple[float, ...] = ()  # every seat's uncalibrated chance (for --fit)


def predictions_of_game(players: int, index: int, seed: int, levels: list[str], every: int,
                        budget: int) -> list[Prediction]:
    """Play game ``index`` and predict the mover's chance every ``every`` moves."""
    p = players
    seats = [levels[(s - index) % p] for s in range(p)]
    record = play_game(index, seed + index, seats, {})
    state = new_game(Rules(players), seed + index)
    out = []
    for i, move in enumerate(record.moves):
        if i % every == 0:
            seat = state.active
            chances = win_chances(observe(state, seat), budget, seed=seed + index + i)
            out.append(Prediction(players, index, i, seat, chances.p[seat],
                                  score_of(record.ranking, seat), chances.raw))
        state.apply(move)
    return out


def read_rows(path: str) -> list[Prediction]:
    if not Path(path).exists():
        return []
    with open(path, newline="", encoding="utf-8") as fh:
        return [Prediction(int(r["players"]), int(r["game"]), int(r["move"]), int(r["seat"]),
                           float(r["predicted"]), float(r["actual"]),
                           tuple(float(x) for x in r["raw"].split("/")))
                for r in csv.DictReader(fh)]


def write_rows(path: str, rows: list[Prediction]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(FIELDS)
        for r in rows:
            w.writerow([r.players, r.game, r.move, r.seat, f"{r.predicted:.5f}", r.actual,
                        "/".join(f"{x:.5f}" for x in r.raw)])
    os.replace(tmp, path)


def table(rows: list[Prediction]) -> str:
    """Deciles of the prediction: count, mean predicted, actual with its interval, gap."""
    lines = [f"{len(rows)} predictions from "
             f"{len({(r.players, r.game) for r in rows})} games",
             f"{'decile':<10}{'n':>6}{'predicted':>11}{'actual':>9}  {'95% CI':<15}{'gap':>7}"]
    for d in range(10):
        group = [r for r in rows if min(9, int(r.predicted * 10)) == d]
        if not group:
            continue
        n = len(group)
        predicted = sum(r.predicted for r in group) / n
        actual = sum(r.actual for r in group)
        lo, hi = wilson(actual, n)
        lines.append(f"{d / 10:.1f}-{(d + 1) / 10:.1f}   {n:>6}{100 * predicted:>10.1f}%"
                     f"{100 * actual / n:>8.1f}%  [{100 * lo:4.1f}, {100 * hi:4.1f}]"
                     f"{100 * (actual / n - predicted):>+7.1f}")
    if rows:
        brier = sum((r.predicted - r.actual) ** 2 for r in rows) / len(rows)
        base = sum((1 / r.players - r.actual) ** 2 for r in rows) / len(rows)
        lines.append(f"Brier score {brier:.4f} (always 1/players: {base:.4f})")
    return "\n".join(lines)


def fit_power(rows: list[Prediction]) -> tuple[float, float]:
    """The sharpening power ``k`` (:func:`~nile_desktop.ai.chances.calibrated`) with the
    least log loss on these predictions, and that log loss (a grid search, 0.5 to 6)."""
    best = (1.0, math.inf)
    for step in range(5, 61):
        k = step / 10
        loss = 0.0
        for r in rows:
            p = calibrated(r.raw, k)[r.seat]
            p = min(1 - 1e-6, max(1e-6, p))
            loss -= r.actual * math.log(p) + (1 - r.actual) * math.log(1 - p)
        loss /= max(1, len(rows))
        if loss < best[1]:
            best = (k, loss)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m nile_desktop.ai.calibrate", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per table size")
    ap.add_argument("--players", default="2,4", help="table sizes, e.g. 2,3,4")
    ap.add_argument("--bots", default="medium", help="levels by seat (one level: every seat)")
    ap.add_argument("--every", type=int, default=3, help="predict every this many moves")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="samples per prediction")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csv", help="one row per prediction; resumed from")
    ap.add_argument("--fit", action="store_true",
                    help="also print the sharpening power that fits best, per table size")
    ap.add_argument("--recalibrate", action="store_true",
                    help="recompute the stored predictions from their raw chances with the "
                    "powers in use now (after a new fit)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        sizes = [int(x) for x in args.players.split(",")]
    except ValueError:
        ap.error("--players takes table sizes, e.g. 2,4")
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    if any(x not in LEVELS for x in levels) or any(not 2 <= p <= 6 for p in sizes):
        ap.error(f"levels are {', '.join(LEVELS)}; tables seat 2 to 6")
    if any(x in ("hard", "expert") for x in levels):
        ap.error("calibrate over quick bots' games (the search levels need a clock)")
    rows = read_rows(args.csv) if args.csv else []
    done = {(r.players, r.game) for r in rows}
    started = time.time()
    for p in sizes:
        seat_levels = levels * p if len(levels) == 1 else levels
        if len(seat_levels) != p:
            ap.error(f"--bots names {len(levels)} levels for {p} players")
        for g in range(args.games):
            if (p, g) in done:
                continue
            rows += predictions_of_game(p, g, args.seed, seat_levels, args.every, args.budget)
            if args.csv:
                write_rows(args.csv, rows)
            if not args.quiet and g % 10 == 9:
                print(f"... {p} players: {g + 1} games, {len(rows)} predictions, "
                      f"{time.time() - started:.0f} s", file=sys.stderr, flush=True)
    if args.recalibrate:
        rows = [replace(r, predicted=calibrated(r.raw)[r.seat]) for r in rows]
    print(table(rows))
    if args.fit:
        for p in sorted({r.players for r in rows}):
            k, loss = fit_power([r for r in rows if r.players == p])
            print(f"{p} players: best sharpening power {k:.1f} (log loss {loss:.4f}; "
                  f"now {CALIBRATION_POWERS.get(p)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
