"""The arena's game records and the CSV files that keep them (the ladder and the gauntlet
share them), and the one checked way the developer commands read and replace their files.

A CSV is rewritten whole after every game, to a temporary name then renamed, so a run that is
stopped loses at most the games in progress and resumes from the file. A file that is not an
arena CSV (another CSV, an older format, a folder, a pipe, a damaged row) is refused with
:class:`CsvError` and never written over. Calibration's predictions and its chart are read
and written the same way (:func:`checked_rows`, :func:`replace_csv`, :func:`replace_file`),
each file known by its first line.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec

from nile_desktop.bounded_read import first_line, read_capped
from nile_desktop.engine import EngineError, Move, Rules, new_game

P = ParamSpec("P")


@dataclass
class GameRecord:
    """One finished game, as the CSV stores it."""

    index: int
    seed: int
    seats: list[str]
    ranking: list[list[int]]
    piles: list[list[int]]
    moves: list[str]
    times: dict[str, list[float]] = field(default_factory=dict)
    #: Processor seconds of this process per decision with more than one legal move, by
    #: level: a search's own cost when it runs here (``--workers 1``), not its workers'.
    cpu: dict[str, list[float]] = field(default_factory=dict)
    iterations: dict[str, list[int]] = field(default_factory=dict)  # by level
    illegal: int = 0
    setup: str = ""  # the settings it was played with (see setup_text)

    def seat_of(self, bot: int) -> int:
        """The seat of bot #``bot`` of the arena's ``--bots`` in this game (seats rotate
        with the game number, see :func:`schedule`)."""
        return (bot + self.index) % len(self.seats)


CSV_FIELDS = ["game", "seed", "players", "seats", "ranking", "piles", "moves", "setup"]
#: The first line of every arena and ladder CSV, exactly: a file without it is not ours.
CSV_HEADER = ",".join(CSV_FIELDS)
#: What the messages call a file of the arena's kind.
ARENA_CSV = "an arena or ladder CSV"
#: The largest CSV read (some 80,000 games); a larger file is refused, never half read.
MAX_CSV_BYTES = 256 << 20
#: A temporary file of a write older than this was left by a run that was killed.
STALE_SECONDS = 3600.0


class CsvError(ValueError):
    """A CSV that is not the arena's (or the ladder's) to read or to replace."""


def setup_text(bots: Sequence[str], seed: int, options: dict[str, Any]) -> str:
    """The settings a CSV's games were played with: a run resumes only with the same."""
    return json.dumps({"bots": list(bots), "seed": seed, "options": options}, sort_keys=True)


def check_ours(path: str, heads: Sequence[bytes], what: str) -> None:
    """Refuse (CsvError) to replace the file at ``path`` unless it is absent, empty or a file
    of ours (a regular file whose first line is one of ``heads``), or if it has no folder to
    be written in. Checked before each write, and by a long run before it starts."""
    target = Path(path)
    if not target.parent.is_dir():
        raise CsvError(f"{target} cannot be written: there is no folder {target.parent}")
    if not os.path.lexists(target):
        return
    try:
        head = first_line(target, max(map(len, heads)) + 2)
    except OSError as exc:
        raise CsvError(f"{target} is not {what} ({exc}); nothing was written over it") from None
    if head and head not in heads:
        raise CsvError(f"{target} is not {what} (its first line is not "
                       f"{heads[0].decode('latin-1')!r}); nothing was written over it")


def _temp_name(target: Path) -> str:
    """The start of the name of :func:`write_csv`'s temporary files beside ``target``."""
    return f".{target.name[:50]}."


def _remove_stale_temp_files(target: Path) -> None:
    """Remove the temporary files that writes of ``target`` cut short (a killed run) left,
    once they are an hour old (a run in progress writes its own within seconds)."""
    try:
        stale = [p for p in target.parent.iterdir()
                 if p.name.startswith(_temp_name(target)) and p.name.endswith(".tmp")]
        for leftover in stale:
            info = leftover.lstat()
            if stat.S_ISREG(info.st_mode) and time.time() - info.st_mtime > STALE_SECONDS:
                leftover.unlink()
    except OSError:
        pass


def write_csv(path: str, records: list[GameRecord], setup: str = "") -> None:
    """One row per game: enough to replay it move by move with the engine.

    ``setup`` is written for records that do not carry their own. Written
    to a temporary file and renamed, so the file is always whole; a file in
    the way that is not an arena CSV (nor empty) is never replaced: CsvError.
    """
    replace_csv(path, CSV_FIELDS, ([
        r.index, r.seed, len(r.seats), ",".join(r.seats),
        " ".join("=".join(str(s) for s in g) for g in r.ranking),
        " ".join("/".join(str(x) for x in p) for p in r.piles),
        ";".join(r.moves), r.setup or setup] for r in records))


def replace_csv(path: str, fields: Sequence[str], rows: Iterable[Sequence[object]],
                what: str = ARENA_CSV, also: Sequence[str] = ()) -> None:
    """Write ``fields`` and ``rows`` as the CSV at ``path`` (:func:`replace_file`): only over
    a file of ours, one that starts with the header of ``fields`` or one of the older headers
    ``also``."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(fields)
    w.writerows(rows)
    heads = tuple(header.encode("utf-8") for header in (",".join(fields), *also))
    replace_file(path, out.getvalue().encode("utf-8"), heads, what)


def replace_file(path: str, data: bytes, heads: Sequence[bytes], what: str) -> None:
    """Write ``data`` as the file at ``path``, whole: to a temporary file beside it, then
    renamed over it. What is in the way must be a file of ours (:func:`check_ours`): anything
    else, and any failure to write, is CsvError, the file left as it was."""
    target = Path(path)
    check_ours(path, heads, what)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=_temp_name(target),
                                   suffix=".tmp")
    except OSError as exc:
        raise CsvError(f"{target} cannot be written: {exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise CsvError(f"{target} cannot be written: {exc}") from None
        raise


def _game_of(row: dict[str, str], line: int, path: str) -> GameRecord:
    """One row read back, every field checked; CsvError naming the line otherwise."""
    try:
        seats = row["seats"].split(",")
        ranking = [[int(s) for s in g.split("=")] for g in row["ranking"].split()]
        piles = [[int(x) for x in p.split("/")] for p in row["piles"].split()]
        record = GameRecord(int(row["game"]), int(row["seed"]), seats, ranking, piles,
                            row["moves"].split(";") if row["moves"] else [],
                            setup=row["setup"])
        ranked = sorted(s for g in ranking for s in g)
        if int(row["players"]) != len(seats) or ranked != list(range(len(seats))) \
                or len(piles) != len(seats) or record.index < 0:
            raise ValueError("the players, the ranking and the piles do not agree")
    except (ValueError, KeyError, AttributeError) as exc:
        raise CsvError(f"{path}, line {line}: not a game of the arena ({exc})") from None
    return record


def read_csv(path: str, setup: str | None = None) -> list[GameRecord]:
    """The games of a CSV written by :func:`write_csv` (none if there is no file, or an
    empty one, or only the header).

    Anything else is refused with CsvError (a ValueError), as :func:`checked_rows` says,
    and so is a row that is not a game. With ``setup``, every row must have been played
    with those settings: a run resumes only what it would have played.
    """
    out = []
    for line, row in checked_rows(path, CSV_FIELDS):
        record = _game_of(row, line, path)
        if setup is not None and record.setup != setup:
            raise CsvError(f"{path} holds games played with other settings "
                           f"({record.setup or 'unknown'}); use another file")
        out.append(record)
    return out


def checked_game(record: GameRecord, path: str) -> dict[str, Any]:
    """The rule-book options a game of the CSV at ``path`` was played with (its setup's), once
    the game is known to replay: its setup the arena's, every move legal in turn, none after
    the end. CsvError naming the game otherwise (the commands that replay games, calibrate
    and fit_temperature, read them so; the arena only counts them)."""
    try:
        setup = json.loads(record.setup or "{}")
        rules: dict[str, Any] = setup.get("options", {}).get("rules", {})
        state = new_game(Rules(players=len(record.seats), **rules), record.seed)
        for text in record.moves:
            if state.over:
                raise ValueError("moves after the end of the game")
            state.apply(Move.parse(text))
    except (ValueError, TypeError, AttributeError, RecursionError, EngineError) as exc:
        raise CsvError(f"{path}: game {record.index} does not replay ({exc})") from None
    return rules


def checked_rows(path: str, fields: Sequence[str], what: str = ARENA_CSV,
                 also: Sequence[str] = ()) -> Iterator[tuple[int, dict[str, str]]]:
    """The rows of the CSV at ``path`` with their line numbers (none if there is no file, or
    an empty one, or only the header), each with exactly the fields of its header.

    The file is read whole through the bounded reader. Anything else is
    refused with CsvError (a ValueError): a folder, a pipe or a device (a
    link to one), a file over :data:`MAX_CSV_BYTES`, text that is not UTF-8,
    a first line other than the header of ``fields`` or one of the older
    headers ``also`` (another CSV is never taken for ours), a row of more or
    fewer fields, a field too long for the CSV reader, a NUL.
    """
    _remove_stale_temp_files(Path(path))
    try:
        raw = read_capped(path, MAX_CSV_BYTES)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CsvError(f"{path} cannot be read as {what}: {exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CsvError(f"{path} is not {what} (not UTF-8 text)") from None
    if not text:
        return
    header = ",".join(fields)
    if text.split("\n", 1)[0].rstrip("\r") not in (header, *also):
        raise CsvError(f"{path} is not {what} (its first line is not {header!r})")
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        for row in reader:
            if None in row or any(value is None for value in row.values()):
                raise CsvError(f"{path}, line {reader.line_num}: not {what} "
                               f"({len(reader.fieldnames or ())} fields expected)")
            yield reader.line_num, row
    except csv.Error as exc:  # a field over the reader's limit, a NUL
        raise CsvError(f"{path}, line {reader.line_num}: not {what} ({exc})") from None


def refusing_bad_csv(main: Callable[P, int]) -> Callable[P, int]:
    """``main`` with a CSV that is not its own refused in one line and exit status 2."""

    @functools.wraps(main)
    def checked(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            return main(*args, **kwargs)
        except CsvError as exc:
            print(exc, file=sys.stderr)
            return 2

    return checked
