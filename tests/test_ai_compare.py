"""Comparing two arena runs game by game (the paired test behind the tables of docs/BOTS.md)."""

from __future__ import annotations

import pytest

from nile_desktop.ai.arena_files import GameRecord, write_csv
from nile_desktop.ai.compare import main, pair, sign_test


def record(index: int, winner_bot: int | None, players: int = 2, shared: bool = False,
           seed: int = 1) -> GameRecord:
    """A finished game of the arena's schedule in which bot ``winner_bot`` won (seats rotate)."""
    seats = [f"bot{(s - index) % players}" for s in range(players)]
    if winner_bot is None:
        ranking = [list(range(players))]
    else:
        top = (winner_bot + index) % players
        rest = [s for s in range(players) if s != top]
        ranking = [[top, rest[0]], rest[1:]] if shared else [[top], rest]
        ranking = [g for g in ranking if g]
    return GameRecord(index, seed + index, seats, ranking, [[0] * 5] * players, ["pass"])


def test_sign_test_is_the_exact_binomial() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(10, 0) == pytest.approx(2 / 1024)
    assert sign_test(3, 7) == sign_test(7, 3)
    assert sign_test(5, 5) == 1.0


def test_only_shared_games_are_paired_and_a_shared_win_is_a_win() -> None:
    """R-END-3: a shared win counts for each winner; games only one run has are left out."""
    a = [record(0, 0), record(1, 0, shared=True), record(2, 1), record(3, 1), record(9, 0)]
    b = [record(0, 0), record(1, 1), record(2, 0), record(3, 1), record(4, 0)]
    result = pair(a, b)
    assert (result.games, result.wins_a, result.wins_b) == (4, 2, 2)
    assert (result.only_a, result.only_b) == (1, 1)
    # The seat a bot sits in rotates with the game number: bot 1 is compared the same way.
    assert pair(a, b, bot=1).wins_a == 3


def test_the_command_prints_the_comparison(tmp_path, capsys) -> None:
    new, old = tmp_path / "new.csv", tmp_path / "old.csv"
    write_csv(str(new), [record(i, 0) for i in range(12)])
    write_csv(str(old), [record(i, 0 if i < 2 else 1) for i in range(12)])
    assert main([str(new), str(old)]) == 0
    out = capsys.readouterr().out
    assert "12 games in both runs" in out
    assert "won only in" in out and ": 10; only in" in out
    assert "p = 0.002" in out and "differ at the 5% level" in out


def test_a_missing_or_foreign_file_is_refused_with_a_message(tmp_path, capsys) -> None:
    real = tmp_path / "real.csv"
    write_csv(str(real), [record(0, 0)])
    foreign = tmp_path / "foreign.csv"
    foreign.write_text("name,score\nx,1\n", encoding="utf-8")
    for args in ([str(tmp_path / "none.csv"), str(real)], [str(real), str(foreign)],
                 [str(real), str(real), "--bot", "5"]):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and ("no games" in err or "cannot read" in err
                                           or "--bot" in err)
