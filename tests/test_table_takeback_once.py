"""One confirmed take-back takes back exactly one turn, marked game or not.

Played with real key and mouse events through ``app.frame`` at 1/60 s (the
table's own clock, no sleeping): a game of a person against a bot, in a game
not yet marked "with take-backs" and in one already marked, after a market
trade (the turn under way is taken back) and after a plant (the finished turn
is). A press arms, a second press confirms, a third only arms again; the save
on disk counts the moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_driver import STEP, TablePerson, headless_app
from test_table_takeback_keys import PRESS_AGAIN, kept_game, status

from nile_desktop.app import App
from nile_desktop.saves import read_save
from nile_desktop.scenes.table.logic.prompt import TAKEBACK_WINDOW

#: The reported rhythm: two presses 0.7 s apart.
APART = 0.7


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=1.0)


def on_disk(table: Any) -> int:
    """The moves in the save file the table keeps."""
    return len(read_save(table.game.session.save.path).moves)


def press(person: TablePerson, how: str) -> None:
    if how == "key":
        person.key(pygame.K_z, pygame.KMOD_LCTRL)
    else:
        person.press("tool.takeback")


def wait(person: TablePerson, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        person.frame()


def trade(person: TablePerson) -> bool:
    moves = [str(m) for m in person.t.game.session.legal_moves() if str(m).startswith("market")]
    if not moves:
        return False
    person.carry_out(moves[0])
    return person.settle() == "compose"


def end_turn(person: TablePerson) -> None:
    """The person's turn ends with a plant when one is legal (else a pass); the bot plays."""
    legal = [str(m) for m in person.t.game.session.legal_moves()]
    plants = [m for m in legal if m.startswith("plant")]
    person.carry_out(plants[0] if plants else "pass")
    assert person.settle() == "compose"


def take_back_twice(person: TablePerson, first: str, second: str) -> None:
    press(person, first)
    wait(person, APART)
    press(person, second)


def mark(person: TablePerson) -> None:
    """A first take-back, to mark the game: a trade, then two presses."""
    assert trade(person)
    take_back_twice(person, "key", "key")
    assert person.t.game.session.save.takebacks
    person.settle()


def play_a_turn_then_start_one(person: TablePerson) -> None:
    end_turn(person)
    assert person.t.game.session.active == person.t.game.session.humans[0]


def check_one_taken(person: TablePerson, table: Any, before: int, expected: int,
                    first: str, second: str) -> None:
    s = table.game.session
    press(person, first)
    assert len(s.save.moves) == before and on_disk(table) == before
    assert PRESS_AGAIN in status(table)
    assert table.drawer.hits.get("tool.takeback").label == "Really take back?"
    wait(person, APART)
    press(person, second)
    assert len(s.save.moves) == expected and on_disk(table) == expected
    assert s.save.takebacks and read_save(s.save.path).takebacks
    # the press a person makes out of habit only arms again: nothing more is taken back
    wait(person, APART)
    press(person, first)
    assert len(s.save.moves) == expected and on_disk(table) == expected
    wait(person, TAKEBACK_WINDOW + 0.2)
    assert len(s.save.moves) == expected and PRESS_AGAIN not in status(table)


@pytest.mark.parametrize("marked", [False, True])
@pytest.mark.parametrize("first,second", [("key", "key"), ("click", "click"), ("click", "key")])
def test_after_a_trade_two_presses_take_back_the_trade_only(app: App, marked: bool, first: str,
                                                            second: str) -> None:
    table = kept_game(app)
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    if marked:
        mark(person)
    play_a_turn_then_start_one(person)
    turn_start = len(table.game.session.save.moves)
    assert trade(person)
    before = len(table.game.session.save.moves)
    assert before == turn_start + 1
    check_one_taken(person, table, before, turn_start, first, second)


@pytest.mark.parametrize("marked", [False, True])
def test_after_a_plant_two_presses_take_back_that_turn_only(app: App, marked: bool) -> None:
    table = kept_game(app)
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    if marked:
        mark(person)
    play_a_turn_then_start_one(person)  # a turn before: it must stay
    turn_start = len(table.game.session.save.moves)
    legal = [str(m) for m in table.game.session.legal_moves()]
    plants = [m for m in legal if m.startswith("plant")]
    assert plants, "the seed gives a plant here"
    person.carry_out(plants[0])
    assert person.settle() == "compose"
    before = len(table.game.session.save.moves)
    assert before > turn_start + 1  # the plant and the bot's turn after it
    check_one_taken(person, table, before, turn_start, "click", "key")


def test_the_button_and_the_line_change_together_and_wait_long_enough(app: App) -> None:
    """Armed for at least 4 s; on every frame the button says "Really take back?" exactly
    while the prompt line asks for the second press, even with the pointer moving over
    the table; a press after the window arms again."""
    table = kept_game(app)
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    assert trade(person)
    before = len(table.game.session.save.moves)
    press(person, "click")
    armed_frames = 0
    tool = table.drawer.hits.get("tool.takeback")
    x, y, w, h = tool.rect
    for i in range(round((TAKEBACK_WINDOW + 1) / STEP)):
        pos = (x + (i * 7) % w, y - 40 + (i * 3) % (h + 80))  # over and around the button
        person.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                         buttons=(0, 0, 0))])
        label = table.drawer.hits.get("tool.takeback").label
        asking = PRESS_AGAIN in status(table)
        assert asking == (label == "Really take back?"), (i, label, status(table))
        armed_frames += asking
    assert armed_frames * STEP >= 4.0
    assert len(table.game.session.save.moves) == before
    press(person, "click")  # the window is over: this press only arms again
    assert PRESS_AGAIN in status(table) and len(table.game.session.save.moves) == before
