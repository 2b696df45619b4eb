"""The engine soak (nile_desktop/soak/engine_soak.py): games pass, failures can be replayed."""

from __future__ import annotations

import json
import subprocess
import sys

from nile_desktop.engine import Rules, State, new_game
from nile_desktop.soak import engine_soak


def test_soak_plays_mixed_games_without_failures(capsys, tmp_path):
    """A short soak over mixed setups passes and prints games/s and the failure count."""
    assert engine_soak.main(["--games", "6", "--seed", "3", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and json.loads(out.splitlines()[-1])["failures"] == 0
    assert not list(tmp_path.iterdir())


def test_soak_mixes_players_options_and_levels():
    """R-SETUP-1, R-PLANT-5, R-TRADE-1: the soak's games cover 2–6 players, both options, the
    Monuments on and off, and a Hard bot now and then."""
    setups = [engine_soak.game_setup(1, i) for i in range(80)]
    assert {r.players for r, _, _ in setups} == {2, 3, 4, 5, 6}
    for flag in ("must_act", "storage_top", "monuments"):
        assert {getattr(r, flag) for r, _, _ in setups} == {False, True}
    levels = {lv for _, lvs, _ in setups for lv in lvs}
    assert {"random", "easy", "medium", "hard"} <= levels


def test_invariants_catch_a_broken_state():
    """The checks fail on a state whose cards do not add up or whose storage order is wrong."""
    state = new_game(Rules(3, storage_top=True), seed=5)
    assert engine_soak.invariants(state) == []
    state.hands[0][0] += 1
    assert any("card totals" in p for p in engine_soak.invariants(state))
    state.hands[0][0] -= 1
    assert engine_soak.invariants(state) == []
    state.stacks[1].append(0)
    assert any("storage order" in p for p in engine_soak.invariants(state))


def test_a_failure_is_written_and_replays_with_the_engine_command_line(monkeypatch, tmp_path,
                                                                       capsys):
    """A failed game leaves its start position and moves; the printed command replays them."""
    calls = {"n": 0}

    def flaky(state: State) -> list[str]:
        calls["n"] += 1
        return ["made-up failure"] if calls["n"] == 5 else []

    monkeypatch.setattr(engine_soak, "invariants", flaky)
    assert engine_soak.main(["--games", "1", "--seed", "2", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL game 0: made-up failure" in out and "replay: xargs" in out
    position = next(tmp_path.glob("*.position.json"))
    moves = next(tmp_path.glob("*.moves.txt")).read_text(encoding="utf-8").splitlines()
    assert len(moves) == 4
    replay = subprocess.run([sys.executable, "-m", "nile_desktop.engine", "apply", str(position),
                             *moves], capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stdout
    start, _, _ = engine_soak.play_one(2, 0)
    again = State.from_json(position.read_text(encoding="utf-8"))
    for move in moves:
        again.apply(move)
    assert json.loads(replay.stdout) == json.loads(again.to_json())
    assert start.to_json() == position.read_text(encoding="utf-8")


def test_jobs_spread_the_same_games_over_processes(capsys, tmp_path):
    """--jobs plays the very games of a single-process run: same move total, same result."""
    assert engine_soak.main(["--games", "8", "--seed", "4", "--out", str(tmp_path)]) == 0
    alone = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert engine_soak.main(["--games", "8", "--seed", "4", "--jobs", "2",
                             "--out", str(tmp_path)]) == 0
    spread = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert spread["jobs"] == 2 and spread["failures"] == 0
    assert spread["moves"] == alone["moves"] > 0
    assert not list(tmp_path.iterdir())


def test_a_stopped_run_resumes_where_it_was_stopped(tmp_path, capsys, monkeypatch):
    """With --resume the figures are kept every PROGRESS_EVERY games; a second run with the
    same file carries on from the first game not counted, and the totals add up."""
    monkeypatch.setattr(engine_soak, "PROGRESS_EVERY", 2)
    keep = tmp_path / "run.json"
    played: list[int] = []
    real = engine_soak.report

    def counting(seed: int, index: int):
        played.append(index)
        return real(seed, index)

    monkeypatch.setattr(engine_soak, "report", counting)
    engine_soak.Checkpoint(4, 5, done=2, moves=10, failures=0, seconds=1.0).write(keep)
    assert engine_soak.main(["--games", "5", "--seed", "4", "--resume", str(keep),
                             "--out", str(tmp_path)]) == 0
    assert played == [2, 3, 4]
    out = capsys.readouterr().out
    assert "resuming at game 2 of 5" in out
    kept = json.loads(keep.read_text(encoding="utf-8"))
    assert kept["done"] == 5 and kept["moves"] > 10 and kept["failures"] == 0
    # Another seed or game count is another run: it starts at game 0.
    assert engine_soak.Checkpoint.read(keep, 4, 6).done == 0
    assert engine_soak.Checkpoint.read(tmp_path / "none.json", 4, 5).done == 0
