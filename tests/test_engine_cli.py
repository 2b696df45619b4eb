"""The engine's command line (NOTATION.md "Command line"): outputs and exit codes."""

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nile_desktop.engine", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def start(tmp_path_factory):
    out = run("new", "--players", "3", "--seed", "5")
    assert out.returncode == 0, out.stderr
    path = tmp_path_factory.mktemp("pos") / "start.json"
    path.write_text(out.stdout)
    return path


def test_new_prints_position(start):
    """CLI new: prints a dealt position with the first flood revealed."""
    data = json.loads(start.read_text())
    assert data["format"] == "nile-position/2" and data["flood"] and data["step"] == "trade"
    assert [len(s["hand"]) for s in data["seats"]] == [5, 5, 5]
    flags = run("new", "--players", "2", "--seed", "1", "--no-monuments", "--random-crops")
    assert "stone" not in flags.stdout


def test_legal_and_apply(start):
    """CLI legal/apply: every listed move applies; stdin with -; moves as separate arguments."""
    legal = run("legal", str(start)).stdout.splitlines()
    assert legal[-1] == "pass" and all(legal)
    out = run("apply", "-", legal[0], "pass", stdin=start.read_text())
    assert out.returncode == 0, out.stdout
    assert json.loads(out.stdout)["format"] == "nile-position/2"


def test_refused_move_exits_2_with_json(start):
    """CLI apply / R-WHY-1: a refused move prints its code and rule, exits 2, no traceback."""
    out = run("apply", str(start), "plant grapes grapes")
    assert out.returncode == 2
    err = json.loads(out.stdout)
    assert (err["error"], err["rule"], err["move"]) == ("not-held", "R-TRADE-1",
                                                         "plant grapes grapes")
    assert "Traceback" not in out.stderr
    out = run("apply", str(start), "fly away")
    assert out.returncode == 2 and json.loads(out.stdout)["error"] == "unknown-move"


def test_bad_position_exits_2(tmp_path):
    """CLI: a malformed or missing position file is refused with exit status 2."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nile-position/2"}')
    for path in (str(bad), str(tmp_path / "missing.json")):
        out = run("legal", path)
        assert out.returncode == 2
        assert json.loads(out.stdout)["error"] == "bad-position"
        assert "Traceback" not in out.stderr
    out = run("apply", "-", "pass", stdin="not json")
    assert out.returncode == 2


def test_play_whole_game():
    """CLI play: bots play a whole game; the same seed gives the same game."""
    a = run("play", "--players", "3", "--seed", "4", "--bots", "random,random,random")
    b = run("play", "--players", "3", "--seed", "4", "--bots", "random")
    assert a.returncode == 0, a.stderr
    assert a.stdout.splitlines()[1:] == b.stdout.splitlines()[1:]
    assert json.loads(a.stdout.splitlines()[-1])["result"]["ranking"]
