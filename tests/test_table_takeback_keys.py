"""Take back my turn by key and by mouse, with real input events and the table's own clock.

A take-back asks for a second press in a game not yet marked "with
take-backs"; the second press counts for exactly as long as its "press
again" message shows on the prompt line, whether either press is Ctrl+Z or
a click on the button, in the person's turn after a trade (a card was seen)
or after their turn while the bots play. Frames pass at 1/60 s through
``app.frame``: no sleeping, no wall clock.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_driver import STEP, TablePerson, headless_app

from nile_desktop.app import App
from nile_desktop.scenes.table.logic.prompt import MESSAGE_TIME

PRESS_AGAIN = "Press again to take back your turn"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=1.0)


def kept_game(app: App, seed: int = 4) -> Any:
    """A kept game (autosaved, so a take-back is offered) of a person against a bot."""
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    seats = [{"name": "Ana", "kind": "human", "colour": 0},
             {"name": "Imhotep", "kind": "easy", "colour": 1}]
    save = new_save({"players": 2, "monuments": True, "random_crops": False}, seed, seats)
    return app.stack.push(TableScene(save, save.new_state()))


def after_a_trade(app: App) -> tuple[Any, TablePerson]:
    """The person's turn right after a market trade: a card was seen, Undo has nothing to
    undo, and Take back my turn stands in its place."""
    table = kept_game(app)
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    trade = next(str(m) for m in table.game.session.legal_moves() if str(m).startswith("market"))
    person.carry_out(trade)
    assert person.settle() == "compose"
    return table, person


def press(person: TablePerson, how: str) -> None:
    if how == "key":
        person.key(pygame.K_z, pygame.KMOD_LCTRL)
    else:
        person.press("tool.takeback")


def status(table: Any) -> str:
    return table.drawer.hits.get("status").label


@pytest.mark.parametrize("first,second", [("key", "key"), ("click", "key"), ("key", "click")])
@pytest.mark.parametrize("delay", [0.5, 3.0, MESSAGE_TIME - 0.3])
def test_the_second_press_counts_while_its_message_shows(app: App, first: str, second: str,
                                                         delay: float) -> None:
    table, person = after_a_trade(app)
    moves = len(table.game.session.save.moves)
    tool = table.drawer.hits.get("tool.takeback")
    assert tool is not None and "with take-backs" in tool.tooltip and "Undo" in tool.tooltip
    press(person, first)
    assert PRESS_AGAIN in status(table) and len(table.game.session.save.moves) == moves
    for _ in range(round(delay / STEP)):
        person.frame()
        assert PRESS_AGAIN in status(table)
    press(person, second)
    assert table.game.session.save.takebacks  # taken back: the trade is gone, the game marked
    assert len(table.game.session.save.moves) == moves - 1
    assert "Back at the start of your turn" in status(table)


def test_once_the_message_is_gone_a_press_asks_again(app: App) -> None:
    table, person = after_a_trade(app)
    moves = len(table.game.session.save.moves)
    press(person, "key")
    while PRESS_AGAIN in status(table):
        person.frame()
    assert not table.drawer.hits.get("tool.takeback").label.startswith("Really")
    press(person, "key")  # a first press again: it asks, and takes nothing back
    assert PRESS_AGAIN in status(table) and len(table.game.session.save.moves) == moves
    press(person, "click")
    assert len(table.game.session.save.moves) == moves - 1


def test_after_the_turn_the_message_and_the_second_press_outlast_a_bot_move(app: App) -> None:
    """Pressed while the bot plays: the bot's move neither hides the message nor ends the
    second press's time."""
    table = kept_game(app)
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    person.carry_out("pass")
    if table.game.flow.phase == "compose":
        person.press("action.pass")
    played = len(table.game.session.save.moves)
    person.frame()
    press(person, "key")
    assert PRESS_AGAIN in status(table)
    for _ in range(round((MESSAGE_TIME - 0.3) / STEP)):
        person.frame()
        assert PRESS_AGAIN in status(table)
    assert len(table.game.session.save.moves) > played  # the bot played meanwhile
    press(person, "key")
    assert table.game.session.save.takebacks
    assert len(table.game.session.save.moves) == played - 1
