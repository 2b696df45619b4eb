"""The ladder and the arena's long runs: the sequential test, resuming from the CSV."""

from __future__ import annotations

import csv

from nile_desktop.ai import LEVELS
from nile_desktop.ai.arena import main as arena_main
from nile_desktop.ai.arena import score_of
from nile_desktop.ai.arena_files import read_csv
from nile_desktop.ai.ladder import main as ladder_main
from nile_desktop.ai.ladder import pairings
from nile_desktop.ai.stats import Sprt


def test_sprt_decides_after_the_games_wald_says() -> None:
    """With P0 0.5 and P1 0.65 at 5% errors, 12 straight wins prove H1, 9 losses H0."""
    sprt = Sprt(0.5, 0.65)
    assert [sprt.add(1.0) for _ in range(12)] == [""] * 11 + ["H1"]
    sprt = Sprt(0.5, 0.65)
    assert [sprt.add(0.0) for _ in range(9)] == [""] * 8 + ["H0"]
    sprt = Sprt(0.5, 0.65)
    for _ in range(70):  # -0.047 a draw: a score of one half is nearer P0
        sprt.add(0.5)
    assert sprt.verdict == "H0"


def test_a_shared_win_scores_a_share() -> None:
    assert score_of([[0, 1], [2]], 1) == 0.5
    assert score_of([[2], [0, 1]], 0) == 0.0


def test_the_ladder_pairs_each_level_with_the_next() -> None:
    assert pairings(LEVELS) == [("easy", "random"), ("medium", "easy"), ("hard", "medium"),
                                ("expert", "hard")]


def test_an_arena_run_resumes_from_its_csv(tmp_path, capsys) -> None:
    """Stopped after 3 games and started again for 5, it plays only games 3 and 4; the
    file then equals that of one uninterrupted run."""
    part, whole = tmp_path / "part.csv", tmp_path / "whole.csv"
    common = ["--players", "3", "--bots", "medium,easy,random", "--seed", "5", "--quiet"]
    assert arena_main(["--games", "3", "--csv", str(part), *common]) == 0
    assert arena_main(["--games", "5", "--csv", str(part), *common]) == 0
    assert arena_main(["--games", "5", "--csv", str(whole), *common]) == 0
    assert part.read_text() == whole.read_text()
    assert [r.index for r in read_csv(str(part))] == [0, 1, 2, 3, 4]
    # other settings: refused in one line, the file is left alone
    assert arena_main(["--games", "5", "--csv", str(part), "--players", "3",
                       "--bots", "medium,medium,random", "--seed", "5", "--quiet"]) == 2
    assert "other settings" in capsys.readouterr().err
    assert part.read_text() == whole.read_text()


def test_arena_sprt_stops_a_decided_run(capsys) -> None:
    assert arena_main(["--games", "60", "--players", "2", "--bots", "easy,random", "--seed", "2",
                       "--sprt", "0.5,0.65", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "easy#0 scores at least 65%" in out
    assert int(out.split()[0]) < 60  # fewer games than asked for


def test_ladder_prints_its_table_and_resumes(tmp_path, capsys) -> None:
    path = tmp_path / "ladder.csv"
    args = ["--levels", "random,easy,medium", "--games", "8", "--csv", str(path), "--quiet"]
    assert ladder_main(args) == 0
    first = capsys.readouterr().out
    assert "easy > random" in first and "medium > easy" in first and "[" in first
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert 0 < len(rows) <= 16
    assert ladder_main(args) == 0  # everything is read back: no game is played again
    again = capsys.readouterr().out
    assert len(list(csv.DictReader(path.open(encoding="utf-8")))) == len(rows)
    assert [line[:40] for line in again.splitlines()[1:3]] == \
        [line[:40] for line in first.splitlines()[1:3]]
