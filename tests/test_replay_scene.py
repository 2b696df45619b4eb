"""The replay scene in the app, through the UI dump: its controls, its keys, and the way back.

Opened as the Review screen opens it (``nav.push(stack, "replay", save=…, at=…)``) and from
the menu of a finished game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_table_replay import played
from ui_driver import UiDriver

from nile_desktop.scenes import nav
from nile_desktop.ui import dump

CONTROLS = ("replay.step.first", "replay.step.back", "replay.step.play", "replay.step.forward",
            "replay.step.last", "replay.seek")


@pytest.fixture
def d(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[UiDriver]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    driver = UiDriver(tmp_path / "ui" / "dump.json", size=(1024, 600), animation_speed=0.0)
    yield driver
    driver.close()
    dump.set_active(False)


def test_the_replay_lists_its_controls_steps_seeks_and_goes_back(d: UiDriver) -> None:
    save = played()
    total = len(save.moves)
    nav.go(d.app.stack, "title")
    d.step(2)
    nav.push(d.app.stack, "replay", save=save, at=10)
    doc = d.until(lambda doc: doc["scene"] == "replay")
    assert doc["replay"] == {"cursor": 10, "total": total, "playing": False,
                             "open_hands": False, "finished": True, "rate": 1}
    for eid in CONTROLS:
        assert d.find(eid)["enabled"], eid
    assert d.find("replay.hands")["data"] == {"switch": True, "on": False, "hotkey": "H",
                                              **{k: v for k, v in d.find("replay.hands")[
                                                  "data"].items() if k.endswith("rect")}}
    assert d.find("replay.menu")["label"] == "Back"
    d.click("replay.step.forward")
    assert d.dump()["replay"]["cursor"] == 11
    d.press(pygame.K_LEFT)
    d.press(pygame.K_LEFT)
    assert d.dump()["replay"]["cursor"] == 9
    d.press(pygame.K_HOME)
    assert d.dump()["replay"]["cursor"] == 0 and not d.find("replay.step.back")["enabled"]
    d.press(pygame.K_END)
    assert d.dump()["replay"]["cursor"] == total and not d.find("replay.step.last")["enabled"]
    x, y, w, h = d.find("replay.seek")["rect"]
    d.click_at((x + w // 2, y + h // 2))
    assert abs(d.dump()["replay"]["cursor"] - total / 2) <= 1
    d.press(pygame.K_h)
    assert d.dump()["replay"]["open_hands"] and d.find("replay.hands")["selected"]
    assert d.elements(lambda e: e["role"] == "hand" and e["id"].startswith("replay.seat."))
    d.press(pygame.K_f)
    assert d.dump()["replay"]["rate"] == 2 and d.find("replay.step.speed")["label"] == "Speed 2×"
    d.press(pygame.K_SPACE)
    assert d.dump()["replay"]["playing"]
    d.press(pygame.K_ESCAPE)
    assert d.scene == "title" and save.moves and len(save.moves) == total


def test_cards_cannot_be_picked_and_an_unfinished_game_offers_no_open_hands(
        d: UiDriver) -> None:
    save = played(moves=20)
    nav.go(d.app.stack, "title")
    d.step(2)
    nav.push(d.app.stack, "replay", save=save, at=None)
    doc = d.until(lambda doc: doc["scene"] == "replay")
    assert doc["replay"]["finished"] is False and doc["revealed"] == 0
    assert not d.elements("replay.hands") and d.find("replay.note")
    card = d.find(lambda e: e["data"].get("zone") == "hand")
    d.click_at(d.centre(card))
    assert not d.elements(lambda e: e["id"].startswith("replay.action."))
    assert d.dump()["replay"]["cursor"] == 20 and len(save.moves) == 20
    scene = d.app.stack.top
    d.press(pygame.K_HOME)
    seen: set[int | None] = set()
    for _ in range(20):  # every frame of every step: only the person's cards face up
        d.press(pygame.K_RIGHT, frames=1)
        for _frame in range(4):
            d.step()
            seen.update(scene.drawer.private_faces)
            seen.add(d.dump()["revealed"])
    assert seen == {0}


def test_a_finished_games_menu_offers_replay_and_back_returns_to_the_results(
        d: UiDriver) -> None:
    save = played()
    nav.start_game(d.app.stack, save, save.replay())
    d.until(lambda doc: doc["scene"] == "table" and doc["over"])
    d.press(pygame.K_ESCAPE)
    assert d.scene == "table-menu"
    d.click("table-menu.replay")
    doc = d.until(lambda doc: doc["scene"] == "replay")
    assert [type(s).__name__ for s in d.app.stack] == ["TableScene", "ReplayScene"]
    assert doc["replay"]["cursor"] == len(save.moves)
    d.click("replay.menu")
    assert d.scene == "table"


def test_ctrl_z_with_nothing_to_undo_takes_back_the_turn(d: UiDriver) -> None:
    """Against bots, after the person's turn: the tool shows, Ctrl+Z asks, again takes back."""
    save = played(moves=13)
    nav.start_game(d.app.stack, save, save.replay())
    d.until(lambda doc: doc["scene"] == "table" and doc["phase"] == "compose")
    tool = d.find("table.tool.takeback")
    assert tool["enabled"] and tool["label"] == "Take back my turn"
    moves = len(save.moves)
    d.press(pygame.K_z, pygame.KMOD_CTRL)
    assert d.find("table.tool.takeback")["label"] == "Really take back?"
    assert len(save.moves) == moves and not save.takebacks
    d.press(pygame.K_z, pygame.KMOD_CTRL)
    assert len(save.moves) < moves and save.takebacks
    assert d.dump()["phase"] == "compose" and d.dump()["turn"] == 0
