"""The saves folder under load: a big folder, two running copies, one state per game.

A title screen that never waits on the folder, a summary index that heals
itself, locks that mark a save another copy plays, and a save that keeps no
replayed state of its own (autosave writes from the live state it is given).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from save_data import play_saved

from nile_desktop import saves
from nile_desktop.saves import in_play as save_locks
from nile_desktop.saves import library as save_library
from nile_desktop.soak.drive import frames

pytest_plugins = ["save_helpers"]  # the home and app fixtures

PACKAGE = Path(saves.__file__).parent


def played(moves: int | None, seed: int = 5) -> tuple[saves.SaveGame, object]:
    save, state = play_saved(moves, seed)
    save_locks.release(save.path)  # as after "Save and leave": nobody plays it now
    return save, state


def a_dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


# -- 10,000 saves block the title screen ---------------------------------------------------------

def test_ten_thousand_saves_block_the_title_screen(app: object, monkeypatch: pytest.MonkeyPatch
                                                   ) -> None:
    """The title's first frame is drawn while the folder is still being listed (here: a
    listing held back until released); Continue lights up once the listing is done."""
    from nile_desktop.scenes.title import TitleScene

    save, _state = played(4)
    release = threading.Event()
    real = save_library.list_saves

    def slow(folder: Path | None = None) -> list[save_library.SaveInfo]:
        release.wait(30)
        return real(folder)

    monkeypatch.setattr(save_library, "list_saves", slow)
    title = app.stack.push(TitleScene())
    frames(app, 3)  # would never return if the first frame waited for the listing
    continue_button = next(w for w in title.group.widgets if getattr(w, "uid", "") == "continue")
    assert not continue_button.enabled and title.continue_path is None
    release.set()
    title.wait_for_saves()
    frames(app, 1)
    assert title.continue_path == save.path
    assert next(w for w in title.group.widgets if getattr(w, "uid", "") == "continue").enabled


def test_a_second_listing_reads_no_save_and_a_damaged_index_is_rebuilt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Summaries come from the index while their files are unchanged: listing again (as a new
    process would) replays nothing. A changed file is summed up anew; a damaged index is
    ignored and written again."""
    first, _ = played(3, seed=1)
    second, _ = played(5, seed=2)
    listed = save_library.list_saves()
    index = saves.saves_dir() / save_library.INDEX_NAME
    assert index.is_file()
    save_library._info_cache.clear()  # a new process: only the index is left
    loads: list[Path] = []
    real = save_library.load_save

    def counting(path: Path) -> object:
        loads.append(Path(path))
        return real(path)

    monkeypatch.setattr(save_library, "load_save", counting)
    assert save_library.list_saves() == listed
    assert loads == []
    more, _ = played(8, seed=1)  # a new file
    save_library._info_cache.clear()
    assert {info.path for info in save_library.list_saves()} == {first.path, second.path,
                                                                 more.path}
    assert loads == [more.path]
    for damage in (b"{", b'{"format": "nile-save-index/1", "files": {"x": 1}}', b"\xff" * 10,
                   json.dumps({"format": "nile-save-index/1", "files": {
                       first.path.name: {"key": [0, 0], "info": {}}}}).encode()):
        index.write_bytes(damage)
        save_library._info_cache.clear()
        assert {i.path: i.moves for i in save_library.list_saves()} == {
            first.path: 3, second.path: 5, more.path: 8}
        assert json.loads(index.read_text(encoding="utf-8"))["format"] == "nile-save-index/1"


def test_an_index_entry_that_lies_is_not_believed_once_the_file_changes() -> None:
    """The index keys each summary by the file's time and size: an edited save is replayed."""
    save, _ = played(3)
    save_library.list_saves()
    longer, _ = played(9)
    os.replace(longer.path, save.path)
    save_library._info_cache.clear()
    [info] = save_library.list_saves()
    assert info.moves == 9


# -- two instances -------------------------------------------------------------------------------

def test_two_instances_continuing_the_same_save_overwrite_each_other(app: object) -> None:
    """A save another running copy plays is marked on the Load screen, and opening it asks
    first; "Not now" leaves it alone, "Continue here" opens it."""
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.load_game import LoadGameScene

    save, _ = played(4)
    lock = save_locks.lock_path(save.path)
    lock.write_text(json.dumps({"pid": os.getppid(), "host": save_locks._host()}),
                    encoding="utf-8")
    [info] = save_library.list_saves()
    assert info.in_use == os.getppid()
    load = app.stack.push(LoadGameScene())
    frames(app, 1)
    load.open(0)
    ask = app.stack.top
    assert isinstance(ask, DialogScene) and save.path.name in str(ask.message())
    ask.choose(1)  # Not now
    assert app.stack.top is load
    load.open(0)
    app.stack.top.choose(0)  # Continue here
    frames(app, 2)
    assert type(app.stack.top).__name__ == "TableScene" and not app.crashed


def test_a_stale_lock_is_cleared_and_our_own_lock_is_not_a_warning() -> None:
    save, state = played(4)
    lock = save_locks.lock_path(save.path)
    lock.write_text(json.dumps({"pid": a_dead_pid(), "host": save_locks._host()}),
                    encoding="utf-8")
    [info] = save_library.list_saves()
    assert info.in_use is None and not lock.exists()
    save.record(state.legal_moves()[0])
    state.apply(save.moves[-1])
    assert saves.autosave(save, state)  # this process claims it
    assert lock.exists() and save_locks.owner(save.path) is None
    assert saves.save_and_leave(save, state)
    assert not lock.exists()
    lock.write_text("not a lock", encoding="utf-8")
    assert save_locks.owner(save.path) is None and not lock.exists()


def test_a_save_with_a_250_character_name_can_be_autosaved() -> None:
    """The temporary name and the lock name stay within the disk's 255 bytes."""
    save, state = played(3)
    long_path = save.path.with_name("g" * 245 + ".json")
    os.replace(save.path, long_path)
    loaded, state = saves.load_save(long_path)
    loaded.record(state.legal_moves()[0])
    state.apply(loaded.moves[-1])
    assert saves.autosave(loaded, state)
    assert saves.load_save(long_path)[0].moves == loaded.moves
    assert save_locks.lock_path(long_path).exists()
    assert saves.save_and_leave(loaded, state)


# -- one state per game --------------------------------------------------------------------------

def test_a_save_keeps_no_replayed_state_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosave writes the result from the live state it is given; it never deals or replays
    the game again (new_state is not called)."""
    save, state = played(None, seed=3)
    assert not hasattr(save, "current_state") and not hasattr(save, "_replayed")

    def no_replay(self: saves.SaveGame) -> object:
        raise AssertionError("the save replayed the game")

    monkeypatch.setattr(saves.SaveGame, "new_state", no_replay)
    assert saves.autosave(save, state)
    data = json.loads(save.path.read_text(encoding="utf-8"))
    assert state.over
    assert data["result"] == state.result.to_dict() and data["result"]["ranking"]


def test_saves_does_not_import_save_library_anywhere() -> None:
    """Pruning lives in saves/library.py, so the save format (saves/format.py) imports it
    nowhere, not even in a function."""
    tree = ast.parse((PACKAGE / "format.py").read_text(encoding="utf-8"))
    imported = {f"{node.module}.{alias.name}" for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) for alias in node.names}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    assert not any(name and "saves.library" in name for name in imported)
    nested = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
              for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom))]
    assert nested == []


def test_old_records_are_pruned_when_the_folder_is_listed(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(save_library, "RECORDS_KEPT", 1)
    records = [played(None, seed=seed)[0] for seed in (1, 2)]
    unfinished, _ = played(3, seed=4)
    listed = save_library.list_saves()
    assert len([info for info in listed if info.over]) == 1
    assert unfinished.path.exists() and sum(r.path.exists() for r in records) == 1


def test_a_big_folder_shows_its_newest_saves_at_once_then_the_whole_list(
        app: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond a page of saves, Load sums up only the newest files at once; the whole list
    follows from the background, keeping the selected save."""
    from nile_desktop.scenes.load_game import LoadGameScene

    monkeypatch.setattr(LoadGameScene, "FIRST_PAGE", 2)
    games = [played(3 + n, seed=n)[0] for n in range(4)]
    for age, save in enumerate(reversed(games)):  # the last game written is the newest file
        os.utime(save.path, ns=(10**18 - age * 10**9,) * 2)
    save_library._info_cache.clear()
    load = app.stack.push(LoadGameScene())
    assert {info.path for info in load.infos} == {games[-1].path, games[-2].path}
    load.list.select(1)
    chosen = load.infos[1].path
    load.take_listing(30)
    frames(app, 1)
    assert {info.path for info in load.infos} == {save.path for save in games}
    assert load.infos[load.list.selected].path == chosen and not app.crashed


def test_opening_a_save_locks_it_at_once_and_deleting_it_drops_the_lock(app: object) -> None:
    """A save opened from Load is marked before its first move; deleting it leaves no lock."""
    from nile_desktop.scenes.load_game import LoadGameScene

    save, _ = played(4)
    load = app.stack.push(LoadGameScene())
    load.open(0)
    frames(app, 1)
    assert save.path in save_locks.held() and save_locks.lock_path(save.path).exists()
    save_library.delete_save(save.path)
    assert not save_locks.lock_path(save.path).exists() and save.path not in save_locks.held()


def test_continue_and_open_ask_first_for_a_save_another_copy_plays(app: object) -> None:
    """Continue on the title screen and ``--open`` of a save in the folder ask too."""
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.title import TitleScene

    save, _ = played(4)
    save_locks.lock_path(save.path).write_text(
        json.dumps({"pid": os.getppid(), "host": save_locks._host()}), encoding="utf-8")
    title = app.stack.push(TitleScene())
    title.wait_for_saves()
    title.continue_game()
    assert isinstance(app.stack.top, DialogScene)
    app.stack.top.choose(1)  # Not now
    assert app.stack.top is title and save.path not in save_locks.held()
    title.open_file(save.path)
    assert isinstance(app.stack.top, DialogScene)
    app.stack.top.choose(0)  # Continue here
    assert type(app.stack.top).__name__ == "TableScene" and save.path in save_locks.held()


def test_an_index_that_calls_a_game_in_progress_finished_never_gets_it_pruned(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Pruning replays each record it would delete: a lying summary deletes nothing."""
    monkeypatch.setattr(save_library, "RECORDS_KEPT", 0)
    save, _ = played(3)
    save_library.list_saves()
    index = saves.saves_dir() / save_library.INDEX_NAME
    data = json.loads(index.read_text(encoding="utf-8"))
    data["files"][save.path.name]["info"]["over"] = True
    index.write_text(json.dumps(data), encoding="utf-8")
    save_library._info_cache.clear()
    save_library.list_saves()
    assert save.path.exists()
