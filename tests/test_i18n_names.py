"""Default player names follow the display language; typed names never change.

A game started in English with untyped names used to show "vítězí: Player 1"
in the Czech Load list, because the name was stored as shown. A save now
keeps whether a seat's name is a default ("default_name": true, the name in
English source text) and shows such a name in the current language.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from save_data import RULES

from nile_desktop import i18n, saves
from nile_desktop.i18n import player_name, shown_default_name


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_default_names_are_shown_in_the_current_language() -> None:
    assert player_name(2) == "Player 2" and player_name(2, source=True) == "Player 2"
    i18n.set_language("cs")
    assert player_name(2) == "Hráč 2" and player_name(2, source=True) == "Player 2"
    assert shown_default_name("Player 3") == "Hráč 3"
    assert shown_default_name("Hatshepsut") == "Hatšepsut"
    assert shown_default_name("Ana") == "Ana"


def test_a_save_keeps_which_names_are_defaults() -> None:
    seats = [{"name": "Player 1", "kind": "human", "colour": 0, "default_name": True},
             {"name": "Player 2", "kind": "human", "colour": 1},
             {"name": "Ramesses", "kind": "hard", "colour": 2, "default_name": True}]
    save = saves.new_save(RULES, 7, seats)
    data = json.loads(save.to_json())
    assert [seat.get("default_name", False) for seat in data["seats"]] == [True, False, True]
    again = saves.save_from_dict(data)
    assert again.player_names == ["Player 1", "Player 2", "Ramesses"]
    i18n.set_language("cs")
    # The typed "Player 2" stays as typed; the untyped names follow the language.
    assert again.player_names == ["Hráč 1", "Player 2", "Ramesse"]


def test_an_older_save_without_the_mark_shows_names_as_stored() -> None:
    data = json.loads(saves.new_save(RULES, 7, [
        {"name": "Player 1", "kind": "human", "colour": 0},
        {"name": "Bob", "kind": "human", "colour": 1},
        {"name": "Tiye", "kind": "easy", "colour": 2}]).to_json())
    assert all("default_name" not in seat for seat in data["seats"])
    i18n.set_language("cs")
    assert saves.save_from_dict(data).player_names == ["Player 1", "Bob", "Tiye"]


def test_the_setup_screen_marks_untyped_names_and_keeps_typed_ones() -> None:
    from nile_desktop.scenes.new_game import NewGameScene

    i18n.set_language("cs")
    scene = NewGameScene()
    scene.seats[0].name = "Ana"
    _rules, _seed, seats = scene.setup()
    assert seats[0] == {"name": "Ana", "kind": seats[0]["kind"], "colour": seats[0]["colour"],
                        "default_name": False}
    assert all(seat["default_name"] for seat in seats[1:])
    assert "Hráč" not in json.dumps(seats)  # kept in the source language, shown translated
    save = saves.new_save(_rules, 1, seats)
    i18n.set_language("en")
    shown = save.player_names
    i18n.set_language("cs")
    assert save.player_names[0] == shown[0] == "Ana"
    assert save.player_names[1:] == [shown_default_name(seat["name"]) for seat in seats[1:]]
