"""Every screen shows a game's default names alike: the table, its banners, its hints and the
Load list, in the language of the screen at the moment it draws.

A game started with ``--play`` showed "Player 1" at the table while the Load
list said "Hráč 1": the table kept the names as they read when it opened, and
the Load list kept them as they read when the save was first summed up (in
memory and in the saves folder's index). Both now keep the names as the save
does and show them when drawn. The new-game screen and ``--play`` choose a
seat's default name with one function.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.saves import library

from text_fit import headless_app, record_frame


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    library._info_cache.clear()
    with headless_app(tmp_path) as app:
        yield app
    library._info_cache.clear()


def play(app: App, kinds: list[str]) -> Any:
    """``--play`` with these seats, one move into the game (so it has a save file)."""
    from nile_desktop.quickplay import start_play

    table = start_play(app, kinds, 7)
    session = table.game.session
    session.play(session.legal_moves()[0])
    for _ in range(5):
        app.frame(1 / 60, [])
    return table


def drawn(app: App) -> str:
    return "\n".join(record_frame(app).texts())


def listed_names() -> list[str]:
    return [name for info in library.list_saves() for name in info.names]


@pytest.mark.parametrize("first", ["cs", "en"])
def test_the_table_and_the_load_list_show_the_same_names(app: App, first: str) -> None:
    """Started in one language, switched to the other: the seats, the status line, the
    banners' and the hints' names and the Load list all follow, also from the index."""
    i18n.set_language(first)
    table = play(app, ["human", "human", "hard"])
    listed_names()  # summed up (and kept in the index) in the first language
    for language, people, bot in (("cs", ["Hráč 1", "Hráč 2"], "Hatšepsut"),
                                  ("en", ["Player 1", "Player 2"], "Hatshepsut")):
        i18n.set_language(language)
        app.frame(1 / 60, [])
        text = drawn(app)
        other = "Player" if language == "cs" else "Hráč"
        assert all(name in text for name in people) and other not in text
        names = table.game.session.names
        assert list(names) == [*people, bot] == list(table.game.stage.names)
        assert listed_names() == [*people, bot]
        library._info_cache.clear()  # from the index on disk as well
        assert listed_names() == [*people, bot]


def test_play_and_the_new_game_screen_choose_the_same_default_names() -> None:
    """One rule for a seat nobody named: "Player <seat>" for a person, a bot's name by seat."""
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.seats import default_name

    scene = NewGameScene()
    scene.count = 3
    for index, kind in enumerate(("human", "hard", "human")):
        scene.set_kind(index, kind)
    _rules, _seed, seats = scene.setup()
    assert [seat["name"] for seat in seats] == [
        default_name(i, kind, source=True) for i, kind in enumerate(("human", "hard", "human"))]
    assert [seat["name"] for seat in seats] == ["Player 1", "Imhotep", "Player 3"]
    i18n.set_language("cs")
    try:
        assert [scene.placeholder(i) for i in range(3)] == ["Hráč 1", "Imhotep", "Hráč 3"]
    finally:
        i18n.set_language("en")


def test_an_index_entry_without_default_marks_is_summed_up_again(app: App) -> None:
    """An index written before the marks kept names as shown then: it is not believed."""
    import json

    i18n.set_language("en")
    play(app, ["human", "easy"])
    listed_names()
    index = library.saves_dir() / library.INDEX_NAME
    data = json.loads(index.read_text(encoding="utf-8"))
    for entry in data["files"].values():
        entry["info"]["players"] = ["Player 1", "Imhotep"]
        del entry["info"]["defaults"]
    index.write_text(json.dumps(data), encoding="utf-8")
    library._info_cache.clear()
    i18n.set_language("cs")
    assert listed_names() == ["Hráč 1", "Imhotep"]
