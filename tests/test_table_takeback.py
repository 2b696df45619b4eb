"""Take back my turn against the bots: the exact position again, and a marked game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_fakes import FakeHost, NotPlaced

from nile_desktop.saves import load_save, new_save, read_save, write_save


def _game(kinds: tuple[str, ...], tmp_path: Path, seed: int = 5) -> Any:
    from nile_desktop.scenes.table.logic.game import TableGame

    seats = [{"name": f"P{i}", "kind": kind, "colour": i} for i, kind in enumerate(kinds)]
    save = new_save({"players": len(kinds)}, seed, seats)
    save.path = tmp_path / "game.json"

    def saver(s: Any) -> bool:
        write_save(s.path, s)
        return True

    return TableGame(save, None, FakeHost(), NotPlaced(), autosave=True, saver=saver, speed=0.0)


def _play_until_person_has_played_twice(game: Any, rng: random.Random) -> str:
    """Moves chosen at random (the person's too); returns the position at the start of the
    person's last turn, taken just before its first move."""
    s = game.session
    person = s.humans[0]
    turns, start = 0, ""
    last = None
    while turns < 2 or s.active != person:
        if s.over:
            pytest.skip("the game ended early")  # pragma: no cover - seeds are chosen
        seat = s.active
        if seat == person and last != person:
            turns += 1
            start = s.state.to_json()
        game.play(rng.choice(list(s.legal_moves())))
        last = seat
    return start


def test_take_back_returns_to_the_exact_position_and_marks_the_game(tmp_path: Path) -> None:
    game = _game(("human", "easy", "easy"), tmp_path)
    s = game.session
    start = _play_until_person_has_played_twice(game, random.Random(3))
    moves_before = len(s.save.moves)
    assert game.can_take_back()
    game.take_back()  # the first press asks for a second (the game is not yet marked)
    assert len(s.save.moves) == moves_before and not s.save.takebacks
    game.take_back()
    assert s.state.to_json() == start
    assert s.active == s.humans[0] and game.composing()
    assert s.save.takebacks and len(s.save.moves) < moves_before
    # the save on disk is the position taken back to, marked, and loads as it
    assert read_save(s.save.path).takebacks
    loaded, state = load_save(s.save.path)
    assert loaded.takebacks and state.to_json() == start
    # the log tells it, and the game plays on from there
    assert s.log.entries[-1].note == "taken-back"
    game.play(s.legal_moves()[0])
    assert read_save(s.save.path).takebacks


def test_a_marked_game_asks_for_the_second_press_too_and_a_trade_is_taken_back(
        tmp_path: Path) -> None:
    game = _game(("easy", "human"), tmp_path, seed=9)
    s = game.session
    _play_until_person_has_played_twice(game, random.Random(8))
    game.take_back()
    game.take_back()
    assert s.save.takebacks
    start = s.state.to_json()
    trades = [m for m in s.legal_moves() if str(m).startswith(("market", "offer"))]
    if not trades:
        pytest.skip("no trade in this position")  # pragma: no cover - seeds are chosen
    game.play(trades[0])  # a trade keeps the turn: taking back undoes it
    assert s.active == s.humans[0]
    moves = len(s.save.moves)
    game.take_back()  # marked already, and still a press arms and a second confirms
    assert len(s.save.moves) == moves and game.prompt.takeback_armed
    game.take_back()
    assert s.state.to_json() == start and len(s.save.moves) == moves - 1


@pytest.mark.parametrize("kinds", [("human", "human"), ("human", "human", "easy"),
                                   ("easy", "medium", "easy")])
def test_no_take_back_in_pass_and_play_or_among_bots(kinds: tuple[str, ...],
                                                     tmp_path: Path) -> None:
    game = _game(kinds, tmp_path)
    s = game.session
    rng = random.Random(1)
    for _ in range(12):
        game.play(rng.choice(list(s.legal_moves())))
    assert s.takeback_point() is None and not game.can_take_back()
    moves = list(s.save.moves)
    game.take_back()
    assert s.save.moves == moves and not s.save.takebacks


def test_an_old_save_loads_without_take_backs_and_the_flag_survives(tmp_path: Path) -> None:
    save = new_save({"players": 2}, 4, [{"name": "A", "kind": "human", "colour": 0},
                                        {"name": "B", "kind": "easy", "colour": 1}])
    assert "takebacks" not in save.to_dict()  # an unmarked save is written as before
    write_save(tmp_path / "a.json", save)
    assert read_save(tmp_path / "a.json").takebacks is False
    save.takebacks = True
    write_save(tmp_path / "b.json", save)
    assert read_save(tmp_path / "b.json").takebacks is True
