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


def run_bytes(*args: bytes, stdin: bytes | None = None, env_extra: dict | None = None):
    """The command line with raw byte arguments under a strict UTF-8 desktop locale."""
    import os

    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.update(env_extra or {})
    return subprocess.run([sys.executable.encode(), b"-m", b"nile_desktop.engine", *args],
                          input=stdin, capture_output=True, timeout=120, env=env)


def assert_json_error(out, code: str) -> dict:
    assert out.returncode == 2, out
    assert b"Traceback" not in out.stderr, out.stderr.decode("utf-8", "replace")
    err = json.loads(out.stdout)
    assert err["error"] == code
    return err


def test_json_nested_1000_levels_deep_is_a_bad_position():
    """13.6 RecursionError: JSON nested 1,000 levels deep is refused as bad-position, exit 2."""
    deep = b"[" * 1000 + b"]" * 1000
    assert_json_error(run_bytes(b"legal", b"-", stdin=deep), "bad-position")
    data = json.loads(run("new", "--players", "2", "--seed", "1").stdout)
    text = json.dumps(data)[:-1] + ', "note": ' + "[" * 100 + "]" * 100 + "}"
    assert_json_error(run_bytes(b"legal", b"-", stdin=text.encode()), "bad-position")


def test_lone_surrogates_are_a_bad_position_never_echoed():
    """13.6 lone surrogates: "\\ud800" in an unknown key or value is refused, not kept."""
    data = json.loads(run("new", "--players", "2", "--seed", "1").stdout)
    for extra in ('"note": "\\ud800"', '"\\udfff": 1'):
        text = json.dumps(data)[:-1] + ", " + extra + "}"
        err = assert_json_error(run_bytes(b"apply", b"-", stdin=text.encode()), "bad-position")
        assert "\\ud" not in json.dumps(err) and "surrogate" in err["message"]


def test_non_utf8_move_argument_is_refused_as_json(start):
    """13.6 non-UTF-8 bytes: a move argument that is not UTF-8 is unknown-move, exit 2, and
    the echo is printable on a strict UTF-8 output."""
    out = run_bytes(b"apply", str(start).encode(), b"plant wh\xffeat")
    err = assert_json_error(out, "unknown-move")
    assert err["move"] == "plant wh\ufffdeat"


def test_play_with_a_bad_bots_value_is_a_json_error():
    """13.8: play --bots with an unknown level (or the wrong count) prints JSON, exit 2."""
    for bots in (b"random,wizard", b"random,random,random"):
        out = run_bytes(b"play", b"--players", b"2", b"--seed", b"1", b"--bots", bots)
        err = assert_json_error(out, "bad-arguments")
        assert "levels" in err["message"] or "level" in err["message"]


def test_bad_arguments_are_json_errors():
    """13.8: any bad command line (unknown command, player count, seed) is a JSON error, exit 2."""
    for args in ((b"fly",), (b"new", b"--players", b"9"), (b"new", b"--players", b"2", b"--seed",
                                                            b"-1"),
                 (b"play", b"--players", b"2", b"--seed", b"1", b"--bots", b"hard",
                  b"--iterations", b"0")):
        assert_json_error(run_bytes(*args), "bad-arguments")


def test_seed_out_of_range_is_a_bad_position():
    """13.8 seed range: a position's seed is 0..2**64-1; -1 and 2**64 are refused naming seed,
    so two seeds never deal the same game by wrapping."""
    data = json.loads(run("new", "--players", "2", "--seed", str(2**64 - 1)).stdout)
    assert data["seed"] == 2**64 - 1
    for seed in (-1, 2**64):
        data["seed"] = seed
        err = assert_json_error(run_bytes(b"legal", b"-", stdin=json.dumps(data).encode()),
                                "bad-position")
        assert err["key"] == "seed"


def test_new_with_the_rule_book_options():
    """R-PLANT-5, R-TRADE-1: new --must-act --storage-top writes both options."""
    data = json.loads(run("new", "--players", "3", "--seed", "2", "--must-act",
                          "--storage-top").stdout)
    assert data["rules"]["must_act"] is True and data["rules"]["storage"] == "top"
    plain = json.loads(run("new", "--players", "3", "--seed", "2").stdout)
    assert plain["rules"]["must_act"] is False and plain["rules"]["storage"] == "free"
    out = run("play", "--players", "2", "--seed", "3", "--bots", "random", "--must-act",
              "--storage-top")
    assert out.returncode == 0 and json.loads(out.stdout.splitlines()[-1])["result"]
