"""Calibration's files are read and written as the arena's are, through the bounded checked
reader and writer: what is not its own is refused in one line, exit status 2, and kept.

Each case here failed before: ``--csv`` read with a plain ``open()``, so a pipe blocked for
ever, a link to /dev/zero grew past gigabytes, every damaged file ended on a traceback, and a
one-line file of another program was read as "no predictions" and replaced; ``--plot`` wrote
over any file, blocked on a pipe and raised on a folder; ``--from`` raised on an arena CSV it
could not use.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nile_desktop.ai.arena import main as arena
from nile_desktop.ai.calibrate import FIELDS, main, read_rows

ROOT = Path(__file__).resolve().parent.parent
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="pipes and /dev/zero are POSIX")
#: One quick game of two Easy bots, a prediction every 40 moves.
QUICK = ["--games", "1", "--players", "2", "--bots", "easy", "--budget", "4", "--every", "40",
         "--quiet"]
HEADER = ",".join(FIELDS)
ROW = '2,7,0,0,0.50000,1.0,0.50000/0.50000,"easy,easy"'

#: Files that once ended on a traceback (or were read, then written over).
DAMAGED: dict[str, bytes] = {
    "not UTF-8": f"{HEADER}\n".encode() + b"\xff\xfe\n",
    "a NUL": f"{HEADER}\n{ROW.replace('7', chr(0))}\n".encode(),
    "another CSV": b"name,age\nAna,7\n",
    "an unrelated one-line file": b"my notes, not a CSV\n",
    "a row short of a field": f"{HEADER}\n2,7,0,0,0.5,1.0\n".encode(),
    "a row with a field too many": f"{HEADER}\n{ROW},x\n".encode(),
    "text for a number": f"{HEADER}\n{ROW.replace('0.50000,1.0', 'half,1.0')}\n".encode(),
    "a NaN chance": f"{HEADER}\n{ROW.replace('0.50000,1.0', 'nan,1.0')}\n".encode(),
    "a chance above 1": f"{HEADER}\n{ROW.replace('0.50000,1.0', '1.5,1.0')}\n".encode(),
    "raw chances of one seat at two": f"{HEADER}\n{ROW.replace('0.50000/0.50000', '0.5')}\n"
                                      .encode(),
    "a seat beyond the table": f"{HEADER}\n{ROW.replace('2,7,0,0', '2,7,0,5')}\n".encode(),
    "a field too long for the reader": f"{HEADER}\n{ROW.replace('easy,easy', 'x' * 200_000)}\n"
                                       .encode(),
}


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_or_unrelated_csv_is_refused_and_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    path = tmp_path / "cal.csv"
    path.write_bytes(DAMAGED[case])
    assert "cal.csv" in refused([*QUICK, "--csv", str(path)], capsys)
    assert path.read_bytes() == DAMAGED[case]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cal.csv"]


def test_a_folder_or_a_missing_folder_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "cal.csv"
    folder.mkdir()
    assert "not a regular file" in refused([*QUICK, "--csv", str(folder)], capsys)
    missing = tmp_path / "no such folder" / "cal.csv"
    assert "cannot be written" in refused([*QUICK, "--csv", str(missing)], capsys)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cal.csv"]


def test_its_own_csv_is_resumed_and_an_older_one_read(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Only the exact header (today's, or the one before the levels were kept) is ours."""
    path = tmp_path / "cal.csv"
    assert main([*QUICK, "--csv", str(path)]) == 0
    rows = read_rows(str(path))
    assert rows and path.read_bytes().startswith(HEADER.encode() + b"\r\n")
    path.write_text(f"{HEADER}\n{ROW}\n", "utf-8")
    [row] = read_rows(str(path))
    assert (row.players, row.seat, row.raw, row.levels) == (2, 0, (0.5, 0.5), ("easy", "easy"))
    older = tmp_path / "older.csv"
    older.write_text(f"{','.join(FIELDS[:-1])}\n2,7,0,0,0.5,1.0,0.5/0.5\n", "utf-8")
    assert [r.levels for r in read_rows(str(older))] == [()]
    capsys.readouterr()


SPECIAL = textwrap.dedent("""
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # a runaway read stops here
    from nile_desktop.ai.calibrate import main
    sys.exit(main(sys.argv[1:]))
""")


@POSIX_ONLY
@pytest.mark.parametrize("kind", ["a pipe", "a link to /dev/zero"])
@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_a_special_file_is_refused_at_once(tmp_path: Path, kind: str, option: str) -> None:
    """The real command line: a pipe that blocked would time the test out, and a read of
    /dev/zero runs out of its gigabyte of memory."""
    path = tmp_path / "cal.csv"
    if kind == "a pipe":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    out = subprocess.run([sys.executable, "-c", SPECIAL, *QUICK, option, str(path)],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "not a regular file" in out.stderr


@pytest.mark.parametrize("content", [b"my notes\n", b"name,age\nAna,7\n", b"\x00\x01"])
def test_the_chart_is_never_drawn_over_another_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    """Refused before any game is predicted, so a long run does not end on the refusal."""
    chart = tmp_path / "cal.png"
    chart.write_bytes(content)
    assert "cal.png" in refused([*QUICK, "--plot", str(chart)], capsys)
    assert chart.read_bytes() == content
    folder = tmp_path / "folder.png"
    folder.mkdir()
    refused([*QUICK, "--plot", str(folder)], capsys)
    refused([*QUICK, "--plot", str(tmp_path / "missing" / "cal.png")], capsys)


def test_a_chart_is_drawn_over_an_earlier_chart(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "cal.png"
    chart.write_bytes(b"\x89PNG\r\n\x1a\nan earlier chart")
    assert main([*QUICK, "--plot", str(chart)]) == 0
    data = chart.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data[-12:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cal.png"]
    capsys.readouterr()


@pytest.fixture()
def games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """An arena CSV of one two-player game."""
    path = tmp_path / "games.csv"
    assert arena(["--games", "1", "--players", "2", "--bots", "random,random", "--quiet",
                  "--csv", str(path)]) == 0
    capsys.readouterr()
    return path


def _forged(games: Path, old: str, new: str) -> Path:
    text = games.read_text("utf-8")
    assert old in text
    games.write_text(text.replace(old, new, 1), "utf-8")
    return games


FROM = ["--players", "2", "--budget", "4", "--every", "40", "--quiet", "--from"]


@pytest.mark.parametrize("damage", ["a move that is no move", "a setup that is no JSON",
                                    "rules that are no rules", "not an arena CSV"])
def test_from_refuses_an_arena_csv_it_cannot_replay(
        games: Path, capsys: pytest.CaptureFixture[str], damage: str) -> None:
    """``--from`` once ended on a CsvError traceback, and a game that did not replay on an
    engine error; both read as the arena reads its own CSV now, one line and exit 2."""
    if damage == "a move that is no move":
        path = _forged(games, ";", ";zzz qqq;")
    elif damage == "a setup that is no JSON":
        path = _forged(games, '"{""bots""', '"{{""bots""')
    elif damage == "rules that are no rules":
        path = _forged(games, '""must_act""', '""no_such_rule""')
    else:
        path = games
        path.write_text("name,age\n", "utf-8")
    refused([*FROM, str(path)], capsys)


def test_fit_temperature_refuses_a_game_it_cannot_replay(
        games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from nile_desktop.ai.fit_temperature import main as fit

    path = _forged(games, '"{""bots""', '"[{""bots""')
    with pytest.raises(SystemExit) as ended:
        fit([str(path)])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "does not replay" in err
