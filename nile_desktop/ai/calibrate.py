"""Are the win chances honest? Predicted against actual wins, decile by decile, game by game.

    python -m nile_desktop.ai.calibrate --games 300 --players 2,4 --person medium --csv cal.csv
    python -m nile_desktop.ai.calibrate --from hold2_mh.csv --person medium --every 1 --csv cal.csv
    python -m nile_desktop.ai.calibrate --csv cal.csv --plot cal.png      # the stored predictions
    python -m nile_desktop.ai.calibrate --deals 200 --players 2,4

Bot games are played as in the arena (``--bots``, default Medium in every
seat, seats rotated, game ``i`` dealt from ``seed + i``), or read from arena
CSV files (``--from``, any levels: the search levels' games are played once
by ``python -m nile_desktop.ai.arena``). At every ``--every``-th move of its
own, a seat asks :func:`~nile_desktop.ai.chances.win_chances` for its own
chance from its own view, knowing every seat's kind. The app shows chances to its
people, so a setting of the app is played with a bot standing in for the
person: ``--person LEVEL`` tells the chances that the first seat played by
``LEVEL`` is a person (played out as an even player) and predicts only from
that seat's view; ``--people`` tells them every seat is a person (a game of
people passing the screen) and predicts from every seat. Without either,
every seat's level is known and every mover predicts.

When the game ends each prediction is paired with what happened (1 for a
win, a share for a shared win, 0 for a loss). For each setting (table size
and the kinds the chances were told) the table groups the predictions by
decile and gives how many there were and from how many games, the mean
prediction, the win rate with its 95% interval **bootstrapped by game**
(whole games resampled: the predictions of one game are not independent),
whether that interval holds the mean prediction, then the Brier score, the
**expected calibration error** with its interval and the target's verdict
(:mod:`.reliability`), and the reliability chart in text; ``--plot`` draws
it as a PNG (:mod:`.png_chart`, no display needed). The CSV keeps one row per
prediction and is rewritten after every game, so a stopped run resumes where
it was; ``--jobs`` predicts several games at once; without games to play or
read, the table is of the CSV's predictions.

``--fit`` prints the calibration (a power and the viewer's lean,
:data:`~nile_desktop.ai.chances.CALIBRATION`) with the least log loss per
table size and per setting; ``--recalibrate`` recomputes the stored
predictions from their raw chances with the calibration in use now.
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
from nile_desktop.engine.seat_kinds import LEVELS, SeatKind

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
from .chances import (
    CALIBRATION,
    DEFAULT_BUDGET,
    GAP_LEAN,
    calibrated,
    strength_gap,
    win_chances,
)
from .command_line import Parser, count, positive, seed_value, table_sizes
from .playouts import seat_models
from .reliability import RESAMPLES, Prediction, groups, table, text_chart

FIELDS = ["players", "game", "move", "seat", "predicted", "actual", "raw", "levels", "kinds"]
#: Who the chances are told sits at the table: every seat's level (""), a person standing
#: in for the first seat of a level ("person:LEVEL"), or people in every seat ("people").
Telling = str


def told(levels: Sequence[str], telling: Telling) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The kinds the chances are told for a game of ``levels``, and the seats that predict
    (see the module docstring)."""
    if telling == "people":
        return (SeatKind.HUMAN.value,) * len(levels), tuple(range(len(levels)))
    if telling.startswith("person:"):
        level = telling.partition(":")[2]
        seat = next((s for s, x in enumerate(levels) if x == level), None)
        if seat is None:
            return tuple(levels), ()
        kinds = tuple(SeatKind.HUMAN.value if s == seat else x for s, x in enumerate(levels))
        return kinds, (seat,)
    return tuple(levels), tuple(range(len(levels)))


def predictions_of_game(record: GameRecord, rules: dict[str, Any], every: int, budget: int,
                        telling: Telling = "") -> list[Prediction]:
    """Replay ``record`` and predict the mover's chance at every ``every``-th move of each
    predicting seat (:func:`told`), from its first."""
    players = len(record.seats)
    state = new_game(Rules(players=players, **rules), record.seed)
    levels = tuple(record.seats)
    kinds, predicting = told(levels, telling)
    moved = [0] * players
    out = []
    for i, text in enumerate(record.moves):
        if state.over:
            break
        seat = state.active
        moved[seat] += 1
        if (moved[seat] - 1) % every == 0 and seat in predicting:
            chances = win_chances(observe(state, seat), budget, seed=record.seed + i,
                                  kinds=kinds)
            out.append(Prediction(players, record.seed, i, seat, chances.p[seat],
                                  score_of(record.ranking, seat), chances.raw, levels,
                                  kinds if kinds != levels else ()))
        state.apply(Move.parse(text))
    return out


def _predict(args: tuple[GameRecord, dict[str, Any], int, int, Telling]) -> list[Prediction]:
    return predictions_of_game(*args)


#: What calibration's CSV is called in its refusals, and the headers of files written before
#: the seats' levels, and then the kinds the chances were told, were kept (still read, and
#: replaced).
CALIBRATION_CSV = "a calibration CSV"
OLDER_HEADERS = (",".join(FIELDS[:-2]), ",".join(FIELDS[:-1]))


def read_rows(path: str) -> list[Prediction]:
    """The predictions of a CSV written by :func:`write_rows` (none if there is no file, or
    an empty one, or only the header), read as the arena reads its games
    (:func:`~.arena_files.checked_rows`): anything else is refused with CsvError."""
    return [_prediction(row, line, path)
            for line, row in checked_rows(path, FIELDS, CALIBRATION_CSV, also=OLDER_HEADERS)]


def _prediction(row: dict[str, str], line: int, path: str) -> Prediction:
    """One row read back, every field checked; CsvError naming the line otherwise."""
    try:
        players, seat = int(row["players"]), int(row["seat"])
        raw = tuple(float(x) for x in row["raw"].split("/"))
        levels = tuple(row["levels"].split(",")) if row.get("levels") else ()
        kinds = tuple(row["kinds"].split(",")) if row.get("kinds") else ()
        read = Prediction(players, int(row["game"]), int(row["move"]), seat,
                          float(row["predicted"]), float(row["actual"]), raw, levels, kinds)
        if not 2 <= players <= 6 or not 0 <= seat < players or read.move < 0 \
                or len(raw) != players or len(levels) not in (0, players) \
                or len(kinds) not in (0, players) \
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
                                ",".join(r.levels), ",".join(r.kinds)] for r in rows),
                CALIBRATION_CSV, also=OLDER_HEADERS)


def gap_of(row: Prediction) -> float:
    """How much stronger than the predicting seat its strongest opponent plays, as the
    chances were told (:func:`~nile_desktop.ai.chances.strength_gap`)."""
    return strength_gap(seat_models(row.told or None, row.players), row.seat)


def recalibrated(row: Prediction, gap_lean: float | None = None) -> float:
    """``row``'s prediction from its raw chances with the calibration in use now (and
    ``gap_lean`` for :data:`~nile_desktop.ai.chances.GAP_LEAN`, if given)."""
    gap = gap_of(row)
    if gap_lean is None:
        return calibrated(row.raw, viewer=row.seat, gap=gap)[row.seat]
    power, lean = CALIBRATION.get(row.players, (1.0, 1.0))
    return calibrated(row.raw, power, row.seat, lean * math.exp(-gap_lean * gap))[row.seat]


def log_loss(rows: Sequence[Prediction], power: float, lean: float,
             gap_lean: float = 0.0) -> float:
    """Mean log loss of the predictions recalibrated with ``power`` and ``lean`` (lowered
    by ``gap_lean`` for a stronger opponent, :data:`~nile_desktop.ai.chances.GAP_LEAN`)."""
    loss = 0.0
    for r in rows:
        gap = gap_of(r) if gap_lean else 0.0
        p = calibrated(r.raw, power, r.seat, lean * math.exp(-gap_lean * gap))[r.seat]
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


def fit_gap_lean(rows: list[Prediction]) -> tuple[float, float]:
    """The :data:`~nile_desktop.ai.chances.GAP_LEAN` with the least log loss over the
    predictions made against a stronger opponent, at the table size's power and lean, and
    that log loss (a grid, 0 to 30)."""
    power, lean = CALIBRATION.get(rows[0].players, (1.0, 1.0)) if rows else (1.0, 1.0)
    return min(((k / 2, log_loss(rows, power, lean, k / 2)) for k in range(61)),
               key=lambda x: x[1])


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
    ap.add_argument("--every", type=positive, default=3,
                    help="predict at every this many moves of each seat")
    ap.add_argument("--budget", type=positive, default=DEFAULT_BUDGET,
                    help="samples per prediction")
    ap.add_argument("--seed", type=seed_value, default=1)
    ap.add_argument("--person", metavar="LEVEL",
                    help="the first seat of LEVEL is told to the chances as a person, and only "
                    "its view predicts (a bot standing in for the app's person)")
    ap.add_argument("--people", action="store_true",
                    help="every seat is told to the chances as a person, and every seat predicts")
    ap.add_argument("--csv", help="one row per prediction; resumed from")
    ap.add_argument("--report", nargs="+", metavar="CSV",
                    help="only judge the predictions kept in these files (of --csv)")
    ap.add_argument("--jobs", type=positive, default=1, help="games predicted at once (processes)")
    ap.add_argument("--fit", action="store_true",
                    help="also print the power and lean that fit best, per table size and "
                    "per setting")
    ap.add_argument("--recalibrate", action="store_true",
                    help="recompute the stored predictions from their raw chances with the "
                    "calibration in use now (after a new fit)")
    ap.add_argument("--by-game", action="store_true",
                    help="(the table is always given per table size and setting)")
    ap.add_argument("--plot", metavar="PNG", help="draw the reliability chart into this file")
    ap.add_argument("--resamples", type=positive, default=RESAMPLES,
                    help=f"whole-game resamples per interval (default {RESAMPLES})")
    ap.add_argument("--deals", type=positive, metavar="N",
                    help="instead, every seat's own raw chance at N deals per table size")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.person and args.people:
        ap.error("--person and --people tell different tables: give one")
    return args


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
    if args.plot:  # checked before any game is predicted; drawn only at the end
        # the chart's module is loaded only when a chart is asked for
        from .png_chart import check_target

        check_target(args.plot)
    if args.report:
        rows = [r for path in args.report for r in read_rows(path)]
    else:
        levels = [x.strip() for x in args.bots.split(",") if x.strip()]
        if any(x not in LEVELS for x in levels):
            return _refused(f"levels are {', '.join(LEVELS)}")
        if not args.sources and any(x in (SeatKind.HARD, SeatKind.EXPERT) for x in levels):
            return _refused("the search levels' games are read from arena CSV files (--from)")
        if not args.sources and any(len(levels) not in (1, p) for p in sizes):
            return _refused("--bots names one level, or one per seat")
        rows = read_rows(args.csv) if args.csv else []
        rows = _predict_all(args, sizes, levels, rows)
    if args.recalibrate:
        rows = [replace(r, predicted=recalibrated(r)) for r in rows]
    report(rows, args.resamples)
    if args.fit:
        print_fit(rows)
    if args.plot:
        # the chart is drawn only when asked for
        from .png_chart import reliability_chart

        reliability_chart(args.plot, rows)
        print(f"reliability chart written to {args.plot}")
    return 0


def report(rows: list[Prediction], resamples: int = RESAMPLES) -> None:
    """The table and the text chart of every setting (table size and the kinds told)."""
    for (p, matchup), group in groups(rows).items():
        print(f"\n{p} players, {matchup}:")
        print(table(group, resamples))
        print(text_chart(group, resamples))
    if not rows:
        print(table(rows, resamples))


def print_fit(rows: list[Prediction]) -> None:
    """The power and lean with the least log loss per table size, then per setting."""
    sets = [(f"{p} players", [r for r in rows if r.players == p])
            for p in sorted({r.players for r in rows})]
    sets += [(f"{p} players, {matchup}", group) for (p, matchup), group in groups(rows).items()]
    for label, mine in sets:
        p = mine[0].players
        k, lean, loss = fit_calibration(mine)
        now = CALIBRATION.get(p, (1.0, 1.0))
        print(f"{label}: best power {k:.1f}, lean {lean:.2f} (log loss {loss:.4f}; "
              f"now {now[0]:.1f}, {now[1]:.2f}: {log_loss(mine, *now):.4f})")
        stronger = [r for r in mine if gap_of(r) > 0]
        if stronger:
            best, loss = fit_gap_lean(stronger)
            used = GAP_LEAN.get(p, 0.0)
            print(f"{label}, {len(stronger)} predictions against a stronger opponent: best gap "
                  f"lean {best:.1f} (log loss {loss:.4f}; now {used:.1f}: "
                  f"{log_loss(stronger, *now, used):.4f})")


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
    telling = "people" if args.people else f"person:{args.person}" if args.person else ""
    done = {(r.players, r.levels, r.game, r.kinds) for r in rows}
    started, count = time.time(), 0

    def todo() -> Iterator[tuple[GameRecord, dict[str, Any], int, int, Telling]]:
        for record, rules in _games(args, sizes, levels):
            levels_played = tuple(record.seats)
            kinds, _seats = told(levels_played, telling)
            key = (len(record.seats), levels_played, record.seed,
                   kinds if kinds != levels_played else ())
            if key not in done:
                yield record, rules, args.every, args.budget, telling

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
