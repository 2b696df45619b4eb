"""Every developer command refuses a bad argument in one line with exit status 2.

Each case here failed before: a usage block of up to nine lines (argparse's), exit status 1
(``sys.exit`` with a message), a traceback (``--every 0`` divided by zero, ``--seed -1``
reached the engine, ``--players 7`` a lookup of the ladder's, ``--budget nan`` a name
error of the bots' bench, ``--frames 0`` an index), or a run that never ended or did nothing
(``--workers 0`` of the review bench, ``--games -1``). ``--help`` still prints the usage.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from nile_desktop.ai import arena, calibrate, compare, fit_temperature, gauntlet, ladder
from nile_desktop.bench.__main__ import main as bench
from nile_desktop.review.__main__ import main as review
from nile_desktop.soak import engine_soak
from nile_desktop.soak.__main__ import main as soak

Main = Callable[[list[str]], int]

CAL = ["--games", "1", "--players", "2", "--budget", "4", "--quiet"]
GAUNTLET = ["--level", "random", "--members", "easy", "--players", "2", "--games", "1",
            "--round", "1", "--quiet"]
ARENA = ["--games", "1", "--players", "2", "--bots", "random,random", "--quiet"]
LADDER = ["--levels", "random,easy", "--games", "2", "--quiet"]

BAD: list[tuple[str, Main, list[str]]] = [
    *[("calibrate", calibrate.main, [*CAL, *extra]) for extra in (
        ["--every", "0"], ["--every", "-1"], ["--seed", "-1"], ["--deals", "-1"],
        ["--players", "1"], ["--players", "2,x"], ["--players", "\u00b2"], ["--games", "-1"],
        ["--games", "\u0661"], ["--budget", "0"], ["--jobs", "0"], ["--bots", "nope"],
        ["--bots", "hard"], ["--bots", "easy,easy,easy"], ["--seed", "x"])],
    *[("gauntlet", gauntlet.main, [*GAUNTLET, *extra]) for extra in (
        ["--level", "nope"], ["--players", "7"], ["--games", "-1"], ["--round", "0"],
        ["--jobs", "0"], ["--workers", "0"], ["--iterations", "0"], ["--budget", "nan"],
        ["--seed", "-1"], ["--sprt", "0.9,0.1"], ["--members", "nope"])],
    *[("arena", arena.main, [*ARENA, *extra]) for extra in (
        ["--games", "-1"], ["--players", "7"], ["--bots", "nope,nope"], ["--iterations", "0"],
        ["--budget", "-1"], ["--budget", "inf"], ["--jobs", "0"], ["--workers", "0"],
        ["--seed", "-1"], ["--sprt", "x"])],
    *[("ladder", ladder.main, [*LADDER, *extra]) for extra in (
        ["--players", "1"], ["--players", "7"], ["--levels", "easy"], ["--games", "-1"],
        ["--jobs", "0"], ["--budget", "nan"])],
    ("fit_temperature", fit_temperature.main, ["games.csv", "--every", "0"]),
    ("compare", compare.main, ["a.csv", "b.csv", "--bot", "x"]),
    ("review", review, ["game.json", "--seed", "x"]),
    *[("bench", bench, extra) for extra in (
        ["nope"], ["bots", "--repeats", "0"], ["bots", "--budget", "nan"],
        ["engine", "--players", "1"], ["frames", "--frames", "0"], ["review", "--workers", "0"],
        ["review", "--players", "1"], ["review", "--players", "3"], ["startup", "--runs", "0"])],
    *[("soak", soak, extra) for extra in (
        ["nope"], ["files", "--cases", "-1"], ["ui", "--events", "x"],
        ["engine", "--games", "-1"], ["engine", "--jobs", "0"], ["engine", "--seed", "-1"])],
]


def _code(main: Main, argv: list[str]) -> int | str | None:
    try:
        return main(argv)
    except SystemExit as ended:
        return ended.code


@pytest.mark.parametrize(("name", "main", "argv"), BAD,
                         ids=[f"{name} {' '.join(argv[-2:])}" for name, _main, argv in BAD])
def test_a_bad_argument_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str],
                                               name: str, main: Main, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)  # nothing is read or written, whatever the command
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    assert _code(main, argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_help_still_prints_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert _code(arena.main, ["--help"]) == 0
    assert "usage:" in capsys.readouterr().out


@pytest.mark.parametrize("content", [b"my notes\n", b"name,age\nAna,7\n", b"\xff\xfe"])
def test_the_engine_soak_never_resumes_from_another_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    """Such a file was read as "no run yet" and replaced by the run's figures."""
    path = tmp_path / "run.json"
    path.write_bytes(content)
    assert _code(engine_soak.main, ["--games", "1", "--resume", str(path),
                                    "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "run.json" in err
    assert path.read_bytes() == content


def test_the_engine_soak_resumes_an_empty_file_as_a_new_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    path.write_bytes(b"")
    assert _code(engine_soak.main, ["--games", "1", "--resume", str(path),
                                    "--out", str(tmp_path)]) == 0
    assert engine_soak.Checkpoint.read(path, 1, 1).done == 1
    capsys.readouterr()


def test_the_engine_soak_wants_a_folder_for_its_failures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    assert _code(engine_soak.main, ["--games", "1", "--out", str(path)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert path.read_text() == "mine\n"
