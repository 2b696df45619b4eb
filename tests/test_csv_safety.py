"""The arena's and the ladder's CSVs: what is not theirs is refused, never written over.

Each case once failed: a traceback, a pipe that blocked, or a one-line
file read as "no games" and overwritten. Now: one line on standard error, exit status 2, the
file as it was.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from nile_desktop.ai.arena import main as arena_main
from nile_desktop.ai.arena_files import CSV_HEADER, CsvError, read_csv, write_csv
from nile_desktop.ai.ladder import main as ladder_main

ROOT = Path(__file__).resolve().parent.parent
ARENA = ["--games", "1", "--players", "2", "--bots", "random,random", "--quiet"]
LADDER = ["--levels", "random,easy", "--games", "2", "--quiet"]
TOOLS: dict[str, tuple[Callable[[list[str]], int], list[str]]] = {
    "arena": (arena_main, ARENA), "ladder": (ladder_main, LADDER)}
ROW = "0,1,2,\"random,random\",0 1,3/4 2/5,pass,{}"

NOT_THEIRS = {
    "a field too long": f"{CSV_HEADER}\n{ROW.replace('pass', 'pass;' * 30_000)}\n",
    "an older ladder file": "strong,weak,games,score\nhard,medium,40,0.61\n",
    "an unrelated one-line CSV": "name,age\n",
    "an unrelated CSV": "name,age\nAna,7\nBo,9\n",
    "a damaged row": f"{CSV_HEADER}\n0,1,2,\"random,random\",x,3/4,pass,{{}}\n",
    "not UTF-8": f"{CSV_HEADER}\n".encode() + b"\xff\xfe\n",
}


def refused(tool: str, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    main, args = TOOLS[tool]
    code = main([*args, "--csv", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("tool", sorted(TOOLS))
@pytest.mark.parametrize("case", sorted(NOT_THEIRS))
def test_a_csv_that_is_not_theirs_is_refused_in_one_line_and_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tool: str, case: str) -> None:
    path = tmp_path / "games.csv"
    content = NOT_THEIRS[case]
    raw = content if isinstance(content, bytes) else content.encode("utf-8")
    path.write_bytes(raw)
    err = refused(tool, path, capsys)
    assert "games.csv" in err
    assert path.read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_a_folder_in_the_csvs_place_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               tool: str) -> None:
    folder = tmp_path / "games.csv"
    folder.mkdir()
    assert "not a regular file" in refused(tool, folder, capsys)
    assert folder.is_dir() and not any(folder.iterdir())


@pytest.mark.skipif(os.name != "posix", reason="pipes are POSIX")
@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_a_pipe_in_the_csvs_place_is_refused_at_once(tmp_path: Path, tool: str) -> None:
    """The real command line, so a pipe that blocked would time the test out."""
    pipe = tmp_path / "games.csv"
    os.mkfifo(pipe)
    _main, args = TOOLS[tool]
    out = subprocess.run([sys.executable, "-m", f"nile_desktop.ai.{tool}", *args,
                          "--csv", str(pipe)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "not a regular file" in out.stderr


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_only_the_exact_header_or_nothing_reads_as_no_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tool: str) -> None:
    """A file of just the header, or an empty one, is a run with no games yet: it is
    played and written."""
    main, args = TOOLS[tool]
    for content in (f"{CSV_HEADER}\n", ""):
        path = tmp_path / "games.csv"
        path.write_text(content, encoding="utf-8")
        assert main([*args, "--csv", str(path)]) == 0
        assert len(read_csv(str(path))) >= 1
    capsys.readouterr()


def test_a_file_that_turns_up_during_a_run_is_never_written_over(tmp_path: Path) -> None:
    """The writer checks the file it replaces each time: another program's file that took
    the name since the run started is left alone."""
    path = tmp_path / "games.csv"
    path.write_text("my,own\nnotes,here\n", encoding="utf-8")
    with pytest.raises(CsvError):
        write_csv(str(path), [])
    assert path.read_text(encoding="utf-8") == "my,own\nnotes,here\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]
