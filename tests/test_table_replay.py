"""Replay on the table: a saved game stepped, played and sought, showing only what it may."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from table_fakes import FakeHost, NotPlaced

from nile_desktop.ai import make_bot
from nile_desktop.engine import observe
from nile_desktop.saves import SaveGame, new_save
from nile_desktop.scenes.table.logic.draft import Action

KINDS = ("human", "easy", "medium")


def played(kinds: tuple[str, ...] = KINDS, seed: int = 7, moves: int | None = None) -> SaveGame:
    """A save of a game the easy bot plays for every seat (to the end, or ``moves`` moves)."""
    seats = [{"name": f"P{i}", "kind": kind, "colour": i} for i, kind in enumerate(kinds)]
    save = new_save({"players": len(kinds)}, seed, seats)
    state, bot, rng = save.new_state(), make_bot("easy"), random.Random(seed)
    while not state.over and (moves is None or len(save.moves) < moves):
        answer = bot.choose(observe(state, state.active), list(state.legal_moves()), rng)
        move = answer[0] if isinstance(answer, tuple) else answer
        state.apply(move)
        save.record(move)
    return save


def replay(save: SaveGame, at: int | None = None) -> Any:
    from nile_desktop.scenes.table.logic.replay import ReplayGame

    left: list[bool] = []
    game = ReplayGame(save, at, FakeHost(), NotPlaced(), leave=lambda: left.append(True),
                      speed=0.0)
    game.left = left
    game.start()
    return game


def position(save: SaveGame, moves: int) -> str:
    return dataclasses.replace(save, moves=save.moves[:moves]).replay().to_json()


def test_stepping_through_a_save_reaches_the_engines_final_position() -> None:
    save = played()
    before = save.to_json()
    game = replay(save, at=0)
    assert game.cursor == 0 and game.session.state.to_json() == save.new_state().to_json()
    while game.step_forward():
        game.update(0.1)
    assert game.cursor == len(save.moves)
    assert game.session.state.to_json() == save.replay().to_json()
    assert game.board.picture(None) == type(game.board).of(save.replay()).picture(None)
    assert save.to_json() == before, "the save replayed is never changed"
    assert not game.bots.runner.busy, "no bot is asked for a move in a replay"


def test_seek_and_step_back_show_the_exact_position_after_that_many_moves() -> None:
    save = played()
    game = replay(save)
    assert game.cursor == len(save.moves)  # a replay opens at the end by default
    for target in (12, 0, 37, len(save.moves) - 1):
        game.seek(target)
        assert game.cursor == target
        assert game.session.state.to_json() == position(save, target)
    game.step_back()
    assert game.session.state.to_json() == position(save, len(save.moves) - 2)
    game.seek(-5)
    assert game.cursor == 0
    game.seek(10**6)
    assert game.cursor == len(save.moves)


def test_play_steps_by_itself_to_the_end_and_pause_stops_it() -> None:
    save = played()
    game = replay(save, at=len(save.moves))
    game.toggle_play()  # at the end: plays from the deal
    assert game.playing and game.cursor == 0
    for _ in range(40):
        game.update(0.1)
    reached = game.cursor
    assert reached > 0
    game.toggle_play()
    for _ in range(40):
        game.update(0.1)
    assert game.cursor == reached and not game.playing
    game.toggle_play()
    for _ in range(20000):
        game.update(0.1)
        if not game.playing:
            break
    assert game.cursor == len(save.moves) and not game.playing


def test_the_speed_button_plays_two_and_four_times_faster_then_as_set() -> None:
    from nile_desktop.scenes.table.logic.replay import ReplayGame

    game = ReplayGame(played(moves=5), None, FakeHost(), NotPlaced(), leave=lambda: None,
                      speed=1.5)
    paces = []
    for _ in range(4):
        paces.append(game.pace)
        game.faster()
    assert paces == [1.5, 3.0, 6.0, 1.5]


def test_nothing_can_be_played_or_taken_back_in_a_replay() -> None:
    save = played()
    game = replay(save, at=6)
    assert not game.composing() and not game.can_take_back()
    game.act(Action.PASS)
    game.take_back()
    assert game.cursor == 6 and game.session.save.takebacks is False
    game.open_menu()
    assert game.left == [True], "Escape or Back leaves the replay"


def test_an_unfinished_one_person_game_shows_only_the_persons_cards() -> None:
    save = played(moves=30)
    game = replay(save, at=0)
    assert not game.finished
    game.toggle_open_hands()  # not offered before the game is over
    for _ in range(30):
        assert game.flow.revealed == 0
        game.step_forward()
        game.finish_effects()
    assert game.replay_state().seen_by == 0 and not game.replay_state().open_hands


@pytest.mark.parametrize("kinds", [("human", "easy", "human"), ("easy", "medium")])
def test_pass_and_play_and_bot_games_never_show_a_bots_hand(kinds: tuple[str, ...]) -> None:
    """R-HARV-3 (storage is secret) and hidden hands: in pass-and-play a person's cards show at
    their turn only, a bot's never (an unfinished game)."""
    save = played(kinds, moves=40)
    game = replay(save, at=0)
    for _ in range(40):
        seat = game.flow.revealed
        assert seat is None or (kinds[seat] == "human" and seat == game.board.active)
        game.step_forward()
        game.finish_effects()


def test_show_all_hands_in_a_finished_game_follows_the_seat_whose_turn_shows() -> None:
    save = played()
    game = replay(save, at=9)
    assert game.finished and game.flow.revealed == 0
    game.toggle_open_hands()
    assert game.replay_state().open_hands
    assert game.flow.revealed == game.board.active == game.session.active
    game.toggle_open_hands()
    assert game.flow.revealed == 0


def test_a_save_with_a_refused_move_replays_up_to_it() -> None:
    save = played(moves=20)
    save.moves[12] = "plant nothing-at-all"
    game = replay(save)
    assert game.total == 12 and game.cursor == 12 and not game.finished
    assert not game.step_forward()
