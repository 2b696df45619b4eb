"""The gauntlet command: a tiny deterministic run, its table, its CSV and resuming from it.

Strength is a hand-run benchmark (``python -m nile_desktop.ai.gauntlet``); CI
only plays a few games with a handful of iterations and no clock, so the run
takes seconds and gives the same games every time.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from nile_desktop.ai.arena_files import read_csv
from nile_desktop.ai.gauntlet import MEMBERS, main, share, tables

TINY = ["--iterations", "6", "--workers", "1", "--games", "1", "--round", "1", "--quiet"]


def test_line_ups_are_every_member_alone_and_every_three_together() -> None:
    members = list(MEMBERS)
    assert tables("hard", 2, members) == [["hard", m] for m in members]
    four = tables("hard", 4, members)
    assert len(four) == 20 and all(len(set(t)) == 4 and t[0] == "hard" for t in four)
    assert tables("medium", 2, members) == [["medium", m] for m in members if m != "medium"]
    assert [share(25, 20, i) for i in range(20)].count(2) == 5
    assert sum(share(400, 20, i) for i in range(20)) == 400


def test_a_tiny_gauntlet_prints_a_row_per_opponent_and_resumes(tmp_path, capsys) -> None:
    path = tmp_path / "g.csv"
    args = ["--level", "hard", "--players", "2,4", "--csv", str(path), *TINY]
    assert main(args + ["--members", "flat,balancer,medium,easy"]) == 0
    out = capsys.readouterr().out
    assert "2 players: hard against each member" in out
    assert "4 players: hard against 3 different members (4 tables)" in out
    for member in ("flat", "balancer", "medium", "easy", "all tables"):
        assert member in out
    games = read_csv(str(path))
    assert len(games) == 4 + 1  # one per member at two players, one in all at four
    assert all(g.seats[g.seat_of(0)] == "hard" for g in games)
    # Started again, it reads the file and plays nothing more: the same games, the same table
    # (but for the processor times, which only games played by the run itself have).
    assert main(args + ["--members", "flat,balancer,medium,easy"]) == 0
    again = capsys.readouterr().out
    assert results(again) == results(out)
    assert [g.moves for g in read_csv(str(path))] == [g.moves for g in games]
    # Asked for more games but only for the report, it plays none.
    assert main(args + ["--members", "flat,balancer,medium,easy", "--games", "5", "--report"]) == 0
    assert results(capsys.readouterr().out) == results(out)


def results(table: str) -> list[list[str]]:
    """The table's rows without their last two columns (the processor times)."""
    return [line.split()[:-2] for line in table.splitlines() if "[" in line]


def test_the_same_settings_play_the_same_games(tmp_path) -> None:
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    for path in (a, b):
        assert main(["--level", "medium", "--players", "2", "--members", "aggressor,speculator",
                     "--csv", str(path), *TINY]) == 0
    assert [g.moves for g in read_csv(str(a))] == [g.moves for g in read_csv(str(b))]


@pytest.mark.parametrize("bad", [["--level", "grandmaster"], ["--members", "hard,nobody"],
                                 ["--players", "2,9"], ["--players", "x"], ["--games", "0"]])
def test_bad_arguments_are_refused_with_a_message(bad: list[str], capsys) -> None:
    with pytest.raises(SystemExit):
        main(bad + ["--quiet"])
    assert "error" in capsys.readouterr().err


@pytest.mark.parametrize("folder", ["missing", "read-only"])
def test_a_csv_that_cannot_be_written_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch,
                                                             folder) -> None:
    """A folder the CSV cannot be written in (one that does not exist, or one of mode 555)
    ended on a CsvError traceback and exit 1. Root writes in a folder of mode 555 anyway, so
    as root the system's refusal is played by a stand-in for ``os.open`` that refuses to
    create a file there, as the system refuses anyone without DAC override."""
    where = tmp_path / ("no such folder" if folder == "missing" else "read-only")
    if folder == "read-only":
        where.mkdir()
        where.chmod(0o555)
        if os.geteuid() == 0:
            real_open = os.open

            def as_a_user(path, flags, *args, **kwargs):
                if flags & os.O_CREAT and Path(path).parent == where and not os.path.exists(path):
                    raise PermissionError(errno.EACCES, "Permission denied", str(path))
                return real_open(path, flags, *args, **kwargs)

            monkeypatch.setattr(os, "open", as_a_user)
    target = where / "g.csv"
    assert main(["--level", "random", "--members", "easy", "--players", "2", "--games", "1",
                 "--round", "1", "--quiet", "--csv", str(target)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "cannot be written" in err
    assert "Traceback" not in err
    assert not where.exists() or list(where.iterdir()) == []
