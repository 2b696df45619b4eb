"""The UI dump (``NILE_UI_DUMP=FILE``): the registry, the atomic writer, and whole
flows driven through it (title → new game → a game on the table; the language).

Everything runs headless with frames stepped by hand (see ``ui_driver.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import UiDriver

from nile_desktop.ui import dump
from nile_desktop.ui.view import Viewport


@pytest.fixture
def driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., UiDriver]]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    made: list[UiDriver] = []

    def make(**kwargs: object) -> UiDriver:
        d = UiDriver(tmp_path / "ui" / "dump.json", **kwargs)  # type: ignore[arg-type]
        made.append(d)
        return d

    yield make
    for d in made:
        d.close()
    dump.set_active(False)


def test_writer_replaces_the_file_only_when_the_document_changes(tmp_path: Path) -> None:
    writer = dump.DumpWriter(tmp_path / "out" / "ui.json")
    doc = {"scene": "title", "elements": []}
    assert writer.write(doc)
    assert not writer.write(dict(doc)), "an unchanged screen is not written again"
    assert json.loads(writer.path.read_text(encoding="utf-8")) == doc
    assert writer.write({"scene": "settings", "elements": []})
    assert sorted(p.name for p in writer.path.parent.iterdir()) == ["ui.json"]  # no temp left
    assert writer.writes == 2


def test_registry_ids_scope_and_covered_scenes() -> None:
    dump.set_active(False)
    dump.begin_frame()
    dump.add("x", "button", "X", (0, 0, 1, 1))
    assert dump.elements() == [], "nothing is collected when no dump is wanted"
    dump.set_active(True)
    try:
        dump.begin_frame()
        dump.set_scope("table", interactive=False)
        dump.add("card-1", "card", "Wheat", (1, 2, 3, 4), data={"kind": "wheat", "zone": "hand"})
        dump.set_scope("dialog")
        dump.add("dialog.choice-1", "button", "OK", (5, 6, 7, 8))
        dump.add("choice-1", "button", "OK", (5, 6, 7, 8))
        card, ok, twin = dump.elements()
        assert card["id"] == "table.card-1" and not card["enabled"], "covered: not clickable"
        assert card["data"] == {"kind": "wheat", "zone": "hand"} and card["rect"] == [1, 2, 3, 4]
        assert ok["id"] == "dialog.choice-1" and ok["enabled"] and ok["scene"] == "dialog"
        assert twin["id"] == "dialog.choice-1#1"
    finally:
        dump.set_active(False)


def test_title_elements_have_stable_ids_and_window_pixel_rects(driver: Callable[..., UiDriver]
                                                               ) -> None:
    from nile_desktop.scenes.title import TitleScene

    d = driver(size=(1920, 1080))
    title = d.app.stack.push(TitleScene())
    d.step()
    doc = d.dump()
    assert doc["scene"] == "title" and doc["size"] == [1920, 1080] and doc["turn"] is None
    ids = [e["id"] for e in doc["elements"]]
    assert ids == ["title.new-game", "title.join-game", "title.continue", "title.load-game",
                   "title.rules", "title.settings", "title.learn", "title.record", "title.quit"]
    new_game = d.find("title.new-game")
    assert new_game["role"] == "button" and new_game["label"] == "New game"
    widget = next(w for w in title.group.widgets if w.uid == "new-game")
    assert new_game["rect"] == list(Viewport.letterbox((1920, 1080)).px(widget.rect))
    assert not d.find("title.continue")["enabled"]
    writes = d.app.dump_writer.writes
    d.step(3)
    assert d.app.dump_writer.writes == writes, "a still screen is not rewritten"


def test_title_to_new_game_to_a_game_on_the_table(driver: Callable[..., UiDriver]) -> None:
    from nile_desktop.scenes.title import TitleScene

    d = driver()
    d.app.stack.push(TitleScene())
    d.step()
    d.click("title.new-game")
    assert d.scene == "new-game"
    d.click("new-game.seat-1.name")
    d.press(pygame.K_BACKSPACE)
    d.type("Ána")
    assert d.find("new-game.seat-1.name")["data"]["text"] == "Ána"
    players = d.find("new-game.players")
    assert players["data"]["value"] == 4
    x, y, w, h = players["rect"]
    d.click_at((x + w - h // 2, y + h // 2))  # the ▶ arrow: one more player
    assert d.find("new-game.players")["data"]["value"] == 5
    assert d.find("new-game.seat-5.kind")["label"] == "Easy bot"
    d.click("new-game.start")
    assert d.scene == "table"
    doc = d.until(lambda doc: doc.get("turn") == 0 and doc.get("phase") == "compose"
                  and not doc.get("effects") and any(
        e["id"] == "table.action.pass" and e["enabled"] for e in doc["elements"]))
    assert doc["turn_name"] == "Ána"
    hand = d.elements(lambda e: e["role"] == "card" and e["data"].get("zone") == "hand")
    assert hand and all(e["data"]["seat"] == 0 for e in hand)
    table = d.app.stack.top
    # the dump is the table's own list of elements: what the table acts on is what it publishes
    assert [e["id"] for e in d.elements(lambda e: e["scene"] == "table")] == [
        "table." + e.id for e in table.drawer.hits.items]
    moves = len(table.game.session.save.moves)
    d.click("table.action.pass")  # End turn asks for a second press
    assert len(table.game.session.save.moves) == moves
    d.click("table.action.pass")
    assert len(table.game.session.save.moves) == moves + 1
    d.until(lambda doc: doc.get("turn") != 0)
    assert not d.app.crashed


def test_language_switch_changes_labels_not_ids(driver: Callable[..., UiDriver]) -> None:
    from nile_desktop.scenes.title import TitleScene

    d = driver(size=(1024, 600))
    d.app.stack.push(TitleScene())
    d.step()
    d.click("title.settings")
    before = {e["id"]: e["label"] for e in d.elements()}
    assert before["settings.back"] == "Back" and before["settings.language"] == "Language"
    language = d.find("settings.language")
    assert language["data"]["text"] == "English"
    x, y, w, h = language["rect"]
    d.click_at((x + w - h // 2, y + h // 2))
    doc = d.dump()
    assert doc["language"] == "cs"
    after = {e["id"]: e["label"] for e in doc["elements"]}
    assert after.keys() == before.keys(), "ids survive the language switch"
    assert after["settings.language"] != "Language" and after["settings.back"] != "Back"
    assert d.find("settings.language")["data"]["text"] == "Čeština"
    d.click("settings.back")
    assert d.scene == "title" and d.find("title.quit")["label"] != "Quit"


def test_cut_labels_report_the_full_text_and_what_is_shown(driver: Callable[..., UiDriver]
                                                           ) -> None:
    from nile_desktop.scenes.dialog import DialogScene

    d = driver()
    long = ("Ramesses the Great, Lord of the Two Lands, builder of temples along the whole "
            "length of the river, keeper of every harvest")
    d.app.stack.push(DialogScene("Title", "Message", [(long, None), ("Back", None)]))
    d.step()
    choice = d.find("dialog.choice-1")
    assert choice["label"] == long
    assert choice["shown"].endswith("…") and len(choice["shown"]) < len(long)


def test_dialog_over_the_table_keeps_the_turn_and_covers_the_table(
        driver: Callable[..., UiDriver]) -> None:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    d = driver(size=(1920, 1200))
    seats = [{"name": n, "kind": k, "colour": i}
             for i, (n, k) in enumerate((("Ana", "human"), ("Bo", "random")))]
    save = new_save({"players": 2, "monuments": True, "random_crops": False}, 5, seats)
    d.app.stack.push(TableScene(save, save.new_state(), autosave=False))
    doc = d.until(lambda doc: doc["scene"] == "table" and doc["turn"] == 0)
    assert d.find("table.menu")["enabled"]
    d.click("table.menu")
    doc = d.dump()
    assert doc["scene"] == "table-menu" and doc["scenes"] == ["table", "table-menu"]
    assert doc["turn"] == 0, "whose turn it is still shows under the menu"
    assert not d.find("table.menu")["enabled"], "the covered table is not clickable"
    keep = d.find("table-menu.resume")
    x, y, w, h = keep["rect"]
    assert 0 <= x and x + w <= 1920 and 60 <= y, "the menu is placed in the letterboxed view"
    d.click("table-menu.resume")
    assert d.scene == "table" and d.find("table.menu")["enabled"]
