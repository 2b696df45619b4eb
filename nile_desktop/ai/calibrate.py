"""Are the win chances honest? Predicted against actual wins, decile by decile.

    python -m nile_desktop.ai.calibrate --games 300 --players 2,4 --bots medium,easy --csv cal.csv
    python -m nile_desktop.ai.calibrate --from hard_easy.csv --every 2 --csv cal.csv --plot cal.png
    python -m nile_desktop.ai.calibrate --deals 200 --players 2,4

Bot games are played as in the arena (``--bots``, default Medium in every
seat, seats rotated, game ``i`` dealt from ``seed + i``), or read from arena
CSV files (``--from``, any levels: the search levels' games are played once
by ``python -m nile_desktop.ai.arena``); every ``--every`` moves, the seat to
move asks :func:`~nile_desktop.ai.chances.win_chances` for its own chance
from its own view, knowing every seat's level (each seat played out as its
level plays). When the game ends each prediction is paired with what
happened (1 for a win, a share for a shared win, 0 for a loss). The table
groups the predictions by decile and gives, for each, how many there were,
the mean prediction, the actual win rate with its 95% Wilson interval, and
the gap; then the Brier score beside that of always predicting 1/players.
``--by-game`` prints it per table size and levels as well, and ``--plot``
draws the reliability chart as a PNG (:mod:`.png_chart`, no display needed).
The CSV keeps one row per prediction and is rewritten after every game, so
a stopped run resumes where it was; ``--jobs`` predicts several games at once.

``--deals N`` asks instead, at the deal of ``N`` games per table size, every
seat for its own chance from its own view, and prints the mean of those raw
chances (before calibration makes any view's chances add up): how
optimistic the raw estimate is for whoever asks.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from nile_desktop.engine import Move, Rules, new_game, observe

from . import LEVELS
from .arena import play_game, score_of
from .arena_files import (
    CsvError,
    GameRecord,
    checked_game,
    checked_rows,
    read_csv,
    refusing_bad_csv,
    replace_csv,
)
from .chances import CALIBRATION, DEFAULT_BUDGET, calibrated, win_chances
from .command_line import Parser, count, positive, seed_value, table_sizes
from .reliability import Prediction, groups, table

FIELDS = ["players", "game", "move", "seat", "predicted", "actual", "raw", "levels"]


def predictions_of_game(record: GameRecord, rules: dict[str, Any], every: int, budget: int
                        ) -> list[Prediction]:
    """Replay ``record`` and predict the mover's chance every ``every`` moves."""
    players = len(record.seats)
    state = new_game(Rules(players=players, **rules), record.seed)
    kinds = tuple(record.seats)
    out = []
    for i, text in enumerate(record.moves):
        if state.over:
            break
        if i % every == 0:
            seat = state.active
            chances = win_chances(observe(state, seat), budget, seed=record.seed + i,
                                  kinds=kinds)
            out.append(Prediction(players, record.seed, i, seat, chances.p[seat],
                                  score_of(record.ranking, seat), chances.raw, kinds))
        state.apply(Move.parse(text))
    return out


def _predict(args: tuple[GameRecord, dict[str, Any], int, int]) -> list[Prediction]:
    return predictions_of_game(*args)


#: What calibration's CSV is called in its refusals, and the header of files written before
#: the seats' levels were kept (still read, and replaced).
CALIBRATION_CSV = "a calibration CSV"
OLDER_HEADER = ",".join(FIELDS[:-1])


def read_rows(path: str) -> list[Prediction]:
    """The predictions of a CSV written by :func:`write_rows` (none if there is no file, or
    an empty one, or only the header), read as the arena reads its games
    (:func:`~.arena_files.checked_rows`): anything else is refused with CsvError."""
    return [_prediction(row, line, path)
            for line, row in checked_rows(path, FIELDS, CALIBRATION_CSV, also=(OLDER_HEADER,))]


def _prediction(row: dict[str, str], line: int, path: str) -> Prediction:
    """One row read back, every field checked; CsvError naming the line otherwise."""
    try:
        players, seat = int(row["players"]), int(row["seat"])
        raw = tuple(float(x) for x in row["raw"].split("/"))
        levels = tuple(row["levels"].split(",")) if row.get("levels") else ()
        read = Prediction(players, int(row["game"]), int(row["move"]), seat,
                          float(row["predicted"]), float(row["actual"]), raw, levels)
        if not 2 <= players <= 6 or not 0 <= seat < players or read.move < 0 \
                or len(raw) != players or len(levels) not in (0, players) \
                or not all(0.0 <= x <= 1.0 for x in (read.predicted, read.actual, *raw)):
            raise ValueError("the players, the seat and the chances do not agree")
    except (ValueError, KeyError) as exc:
        raise CsvError(f"{path}, line {line}: not a prediction ({exc})") from None
    return read


def write_rows(path: str, rows: list[Prediction]) -> None:
    """The predictions as a CSV, written whole and only over a calibration CSV (or nothing):
    CsvError otherwise (:func:`~.arena_files.replace_csv`)."""
    replace_csv(path, FIELDS, ([r.players, r.game, r.move, r.seat, f"{r.predicted:.5f}",
                                r.actual, "/".join(f"{x:.5f}" for x in r.raw),
                                ",".join(r.levels)] for r in rows),
                CALIBRATION_CSV, also=(OLDER_HEADER,))


def log_loss(rows: Sequence[Prediction], power: float, lean: float) -> float:
    """Mean log loss of the predictions recalibrated with ``power`` and ``lean``."""
    loss = 0.0
    for r in rows:
        p = calibrated(r.raw, power, r.seat, lean)[r.seat]
        p = min(1 - 1e-6, max(1e-6, p))
        loss -= r.actual * math.log(p) + (1 - r.actual) * math.log(1 - p)
    return loss / max(1, len(rows))


def fit_power(rows: list[Prediction], lean: float = 1.0) -> tuple[float, float]:
    """The sharpening power ``k`` (:func:`~nile_desktop.ai.chances.calibrated`) with the
    least log loss on these predictions at ``lean``, and that log loss (grid, 0.5 to 6)."""
    return min(((k / 10, log_loss(rows, k / 10, lean)) for k in range(5, 61)),
               key=lambda x: x[1])


def fit_calibration(rows: list[Prediction]) -> tuple[float, float, float]:
    """The power and the viewer's lean with the least log loss, and that log loss (a grid:
    powers 0.5 to 3, leans 0.6 to 1.3)."""
    best = min((log_loss(rows, k / 10, d / 100), k / 10, d / 100)
                for k in range(5, 31) for d in range(60, 131, 2))
    return best[1], best[2], best[0]


def deal_optimism(players: int, deals: int, seed: int, budget: int) -> tuple[float, float]:
    """Over ``deals`` deals, the mean of every seat's raw chance from its own view, and
    the mean of their sum (1 if nobody's view flatters itself)."""
    own = []
    for g in range(deals):
        state = new_game(Rules(players), seed + g)
        own.append([win_chances(observe(state, s), budget, seed=seed + g).raw[s]
                    for s in range(players)])
    mean = sum(sum(x) for x in own) / (players * len(own))
    return mean, sum(sum(x) for x in own) / len(own)


def played_games(sizes: Sequence[int], levels: list[str], games: int, seed: int
                 ) -> Iterator[tuple[GameRecord, dict[str, Any]]]:
    """Bot games as the arena plays them (quick levels only), one at a time."""
    for p in sizes:
        seat_levels = levels * p if len(levels) == 1 else levels
        for g in range(games):
            seats = [seat_levels[(s - g) % p] for s in range(p)]
            yield play_game(g, seed + g, seats, {}), {}


PROG = "python -m nile_desktop.ai.calibrate"


def _refused(why: str) -> int:
    """A command line that names what cannot be done: one line, exit status 2."""
    print(f"{PROG}: error: {why}", file=sys.stderr)
    return 2


def _parse(argv: list[str] | None) -> argparse.Namespace:
    ap = Parser(prog=PROG, description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=count,
                    help="games per table size (default 100); with --from, at most this many "
                    "from each file")
    ap.add_argument("--players", type=table_sizes, default="2,4", help="table sizes, e.g. 2,3,4")
    ap.add_argument("--bots", default="medium", help="levels by seat (one level: every seat)")
    ap.add_argument("--from", dest="sources", nargs="+", metavar="CSV",
                    help="predict over the games of these arena CSV files instead")
    ap.add_argument("--every", type=positive, default=3, help="predict every this many moves")
    ap.add_argument("--budget", type=positive, default=DEFAULT_BUDGET,
                    help="samples per prediction")
    ap.add_argument("--seed", type=seed_value, default=1)
    ap.add_argument("--csv", help="one row per prediction; resumed from")
    ap.add_argument("--jobs", type=positive, default=1, help="games predicted at once (processes)")
    ap.add_argument("--fit", action="store_true",
                    help="also print the power and lean that fit best, per table size")
    ap.add_argument("--recalibrate", action="store_true",
                    help="recompute the stored predictions from their raw chances with the "
                    "calibration in use now (after a new fit)")
    ap.add_argument("--by-game", action="store_true",
                    help="also print the table per table size and levels")
    ap.add_argument("--plot", metavar="PNG", help="draw the reliability chart into this file")
    ap.add_argument("--deals", type=positive, metavar="N",
                    help="instead, every seat's own raw chance at N deals per table size")
    ap.add_argument("--quiet", action="store_true")
    return ap.parse_args(argv)


@refusing_bad_csv
def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    sizes = args.players
    if args.deals:
        for p in sizes:
            mean, total = deal_optimism(p, args.deals, args.seed, args.budget)
            print(f"{p} players, {args.deals} deals: each seat's own raw chance {100 * mean:.1f}% "
                  f"on average (fair: {100 / p:.1f}%); the seats' own chances add up to "
                  f"{100 * total:.1f}%")
        return 0
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    if any(x not in LEVELS for x in levels):
        return _refused(f"levels are {', '.join(LEVELS)}")
    if not args.sources and any(x in ("hard", "expert") for x in levels):
        return _refused("the search levels' games are read from arena CSV files (--from)")
    if not args.sources and any(len(levels) not in (1, p) for p in sizes):
        return _refused("--bots names one level, or one per seat")
    if args.plot:  # checked before any game is predicted; drawn only at the end
        # the chart's module is loaded only when a chart is asked for
        from .png_chart import check_target

        check_target(args.plot)
    rows = read_rows(args.csv) if args.csv else []
    rows = _predict_all(args, sizes, levels, rows)
    if args.recalibrate:
        rows = [replace(r, predicted=calibrated(r.raw, viewer=r.seat)[r.seat]) for r in rows]
    print(table(rows))
    if args.by_game:
        for (p, matchup), group in groups(rows).items():
            print(f"\n{p} players, {matchup}:")
            print(table(group))
    if args.fit:
        for p in sorted({r.players for r in rows}):
            mine = [r for r in rows if r.players == p]
            k, lean, loss = fit_calibration(mine)
            now = CALIBRATION.get(p, (1.0, 1.0))
            print(f"{p} players: best power {k:.1f}, lean {lean:.2f} (log loss {loss:.4f}; "
                  f"now {now[0]:.1f}, {now[1]:.2f}: {log_loss(mine, *now):.4f})")
    if args.plot:
        # the chart is drawn only when asked for
        from .png_chart import reliability_chart

        reliability_chart(args.plot, rows)
        print(f"reliability chart written to {args.plot}")
    return 0


def _games(args: argparse.Namespace, sizes: Sequence[int], levels: list[str]
           ) -> Iterator[tuple[GameRecord, dict[str, Any]]]:
    if not args.sources:
        yield from played_games(sizes, levels, 100 if args.games is None else args.games,
                                args.seed)
        return
    for path in args.sources:
        for record in read_csv(path)[:args.games]:
            if len(record.seats) in sizes:
                yield record, checked_game(record, path)


def _predict_all(args: argparse.Namespace, sizes: Sequence[int], levels: list[str],
                 rows: list[Prediction]) -> list[Prediction]:
    """Predict over every game not yet in ``rows``, ``args.jobs`` at a time."""
    done = {(r.players, r.levels, r.game) for r in rows}
    started, count = time.time(), 0

    def todo() -> Iterator[tuple[GameRecord, dict[str, Any], int, int]]:
        for record, rules in _games(args, sizes, levels):
            if (len(record.seats), tuple(record.seats), record.seed) not in done:
                yield record, rules, args.every, args.budget

    def keep(found: list[Prediction]) -> None:
        nonlocal count
        rows.extend(found)
        count += 1
        if args.csv:
            write_rows(args.csv, rows)
        if not args.quiet and count % 10 == 0:
            print(f"... {count} games, {len(rows)} predictions, {time.time() - started:.0f} s",
                  file=sys.stderr, flush=True)

    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for found in pool.imap(_predict, todo()):
                keep(found)
    else:
        for job in todo():
            keep(_predict(job))
    return rows


if __name__ == "__main__":
    sys.exit(main())
