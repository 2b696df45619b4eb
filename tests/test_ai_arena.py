"""The arena: short games at every level and table size, CSV replay, statistics.

CI runs this short arena (every level in 2–6 player games, small iteration
caps): every move is checked legal and every game must end (R-END-2).
Strength itself is a hand-run benchmark, not a test.
"""

from __future__ import annotations

import csv

import pytest

from nile_desktop.ai import LEVELS
from nile_desktop.ai.arena import main, play_game, rank_of, run, schedule, summary, wilson
from nile_desktop.engine import Rules, new_game

FAST = {"hard": {"iterations": 12, "budget": None, "workers": 1},
        "expert": {"iterations": 36, "budget": None, "workers": 1}}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_level_plays_legal_moves_to_the_end(players: int) -> None:
    """Each seat's move is checked against the legal list; the game must reach its end."""
    bots = [LEVELS[(i + players) % len(LEVELS)] for i in range(players)]
    if "hard" not in bots:
        bots[0] = "hard"
    records = run(2, bots, seed=40 + players, options=FAST, jobs=1)
    for record in records:
        assert record.illegal == 0
        assert sorted(s for g in record.ranking for s in g) == list(range(players))
        assert len(record.piles) == players


def test_seats_rotate_over_the_games() -> None:
    plan = schedule(4, ["hard", "medium", "easy", "random"], seed=7)
    assert [p[2][0] for p in plan] == ["hard", "random", "easy", "medium"]
    assert [p[1] for p in plan] == [7, 8, 9, 10]


def test_a_game_replays_from_its_csv_row(tmp_path) -> None:
    """The CSV holds the seed and every move: replaying them gives the same result."""
    path = tmp_path / "games.csv"
    assert main(["--games", "2", "--players", "3", "--bots", "medium,easy,random",
                 "--seed", "5", "--csv", str(path), "--quiet"]) == 0
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert len(rows) == 2
    for row in rows:
        state = new_game(Rules(players=int(row["players"])), seed=int(row["seed"]))
        for move in row["moves"].split(";"):
            state.apply(move)
        assert state.over
        ranking = " ".join("=".join(str(s) for s in g) for g in state.result.ranking)
        assert ranking == row["ranking"]


def test_same_seed_same_games() -> None:
    """With iteration caps instead of clocks, an arena run is reproducible."""
    bots = ["hard", "medium"]
    a = play_game(0, 9, bots, FAST)
    b = play_game(0, 9, bots, FAST)
    assert a.moves == b.moves and a.ranking == b.ranking


def test_wilson_interval_and_ranks() -> None:
    lo, hi = wilson(40, 100)
    assert 0.30 < lo < 0.31 and 0.49 < hi < 0.51
    assert wilson(0, 0) == (0.0, 1.0)
    assert rank_of([[2], [0, 3], [1]], 3) == 2
    assert rank_of([[2], [0, 3], [1]], 1) == 4


def test_summary_reports_wins_ranks_and_times() -> None:
    records = run(2, ["medium", "random"], seed=3, options={}, jobs=1)
    text = summary(records, ["medium", "random"])
    assert "medium#0" in text and "random#1" in text and "p95 ms" in text


def test_unknown_level_is_refused(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "1", "--players", "2", "--bots", "medium,genius"])
    assert "unknown level" in capsys.readouterr().err


def test_engine_command_line_replays_an_arena_game(capsys) -> None:
    """A game played with an iteration cap replays move for move with
    ``python -m nile_desktop.engine play --seed S --bots LEVELS --iterations K``."""
    from nile_desktop.engine_cli import main as engine_main

    seats = ["hard", "medium", "easy"]
    record = play_game(0, 21, seats, {"hard": {"iterations": 12}})
    assert engine_main(["play", "--players", "3", "--seed", "21", "--bots", ",".join(seats),
                        "--iterations", "12"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = [line.split(" ", 1)[1] for line in lines if line[:1].isdigit()]
    assert moves == record.moves
