"""The personalities' measured strengths: one data file, read strictly, rewritten by the
gauntlet and the ladder for the pairings they played, and never left half written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nile_desktop.ai.arena import score
from nile_desktop.ai.arena_files import read_csv
from nile_desktop.ai.gauntlet import main as gauntlet
from nile_desktop.ai.ladder import main as ladder
from nile_desktop.ai.strengths import (
    STRENGTHS_PATH,
    Score,
    parse,
    read_strengths,
    update_strengths,
    write_strengths,
)

TINY = ["--iterations", "6", "--workers", "1", "--games", "2", "--round", "1", "--quiet"]


def test_the_shipped_file_names_every_personality_against_medium() -> None:
    shipped = read_strengths(STRENGTHS_PATH)
    for key in ("balancer", "aggressor", "flat", "speculator"):
        assert any(s.level == "medium" for s in shipped[key])


def test_a_damaged_file_or_entry_reads_as_missing(tmp_path: Path) -> None:
    bad = tmp_path / "s.json"
    for text in ("", "[]", "{\"scores\": 3}", "\x00\x01"):
        bad.write_text(text, encoding="utf-8")
        assert read_strengths(bad) == {}
    assert read_strengths(tmp_path / "missing.json") == {}
    data = {"scores": {"flat": {"medium": {"points": 3, "games": 2, "iterations": 9},
                                "hard": {"points": 1, "games": True, "iterations": 9},
                                "easy": {"points": -1, "games": 4, "iterations": 9},
                                "expert": "x"}}}
    assert parse(data) == {"flat": ()}  # 3 points of 2 games, a bool, -1 points, a string
    data["scores"]["flat"]["medium"]["points"] = 1.5  # type: ignore[index]
    assert parse(data) == {"flat": (Score("medium", 1.5, 2, 9),)}


def test_an_update_replaces_its_pairings_and_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"about": "kept", "scores": {
        "flat": {"medium": {"points": 1, "games": 2, "iterations": 5}},
        "balancer": {"medium": {"points": 3, "games": 4, "iterations": 5}}}}), encoding="utf-8")
    update_strengths([("flat", Score("medium", 7.5, 10, 1500)),
                      ("flat", Score("hard", 2.0, 10, 1500))], path)
    got = read_strengths(path)
    assert set(got["flat"]) == {Score("medium", 7.5, 10, 1500), Score("hard", 2.0, 10, 1500)}
    assert got["balancer"] == (Score("medium", 3.0, 4, 5),)
    assert json.loads(path.read_text(encoding="utf-8"))["about"] == "kept"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left


def test_the_gauntlet_writes_what_each_personality_scored(tmp_path: Path) -> None:
    path, games = tmp_path / "s.json", tmp_path / "g.csv"
    path.write_text("{}", encoding="utf-8")
    assert gauntlet(["--level", "hard", "--players", "2", "--members", "aggressor,medium",
                     "--csv", str(games), "--strengths", str(path), *TINY]) == 0
    records = [r for r in read_csv(str(games)) if "aggressor" in r.seats]
    got = read_strengths(path)
    assert got == {"aggressor": (Score("hard", sum(score(r, 1) for r in records), 2, 6),)}
    assert "medium" not in got  # a level is no personality: the screen shows no figure of it


def test_the_ladder_writes_a_personality_against_each_level_it_met(tmp_path: Path) -> None:
    path, games = tmp_path / "s.json", tmp_path / "l.csv"
    path.write_text("{}", encoding="utf-8")
    assert ladder(["--levels", "medium,speculator", "--iterations", "6", "--workers", "1",
                   "--games", "2", "--quiet", "--csv", str(games), "--strengths", str(path)]) == 0
    (entry,) = read_strengths(path)["speculator"]
    assert entry.level == "medium" and entry.games == 2 and entry.iterations == 6


def test_a_file_that_is_no_strengths_file_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("not json", encoding="utf-8")
    assert gauntlet(["--level", "hard", "--players", "2", "--members", "aggressor",
                     "--csv", str(tmp_path / "g.csv"), "--strengths", str(path), *TINY]) == 2
    assert path.read_text(encoding="utf-8") == "not json"


def _special(path: Path, kind: str) -> None:
    if kind == "a pipe":
        os.mkfifo(path)
    elif kind == "a folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")


@pytest.mark.skipif(os.name != "posix", reason="pipes and links to /dev/zero are POSIX")
@pytest.mark.parametrize("kind", ["a pipe", "a link to /dev/zero", "a folder"])
def test_a_special_file_is_refused_at_once(tmp_path: Path, kind: str, capsys) -> None:
    """Read with a plain open, a pipe with no writer waited for ever and a link to /dev/zero
    filled the memory; the bounded reader refuses them before reading: one line, exit 2,
    and the file left as it was."""
    path = tmp_path / "s.json"
    _special(path, kind)
    assert read_strengths(path) == {}
    assert write_strengths([("flat", Score("medium", 1.0, 2, 6))], path) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not a strengths file" in err
    assert path.is_symlink() == (kind == "a link to /dev/zero")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]
