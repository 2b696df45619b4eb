"""Saves: writing, replaying through the engine, autosave, and refusing bad files."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from nile_desktop import i18n, paths, saves
from nile_desktop.engine import Rules, State, new_game
from nile_desktop.saves import SaveError, SaveGame, Seat
from nile_desktop.saves import in_play as save_locks
from nile_desktop.saves import library as save_library


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    save_library._info_cache.clear()
    yield tmp_path
    i18n.set_language("en")


RULES = {"players": 3, "monuments": True, "random_crops": False, "must_act": False,
         "storage_top": False}
SEATS = [
    {"name": "Ahmose", "kind": "human", "colour": 0},
    {"name": "Šárka", "kind": "easy", "colour": 3},
    {"name": "Bot", "kind": "hard", "colour": 5},
]


def play(save: SaveGame, moves: int | None, rng_seed: int = 1) -> State:
    """Play random legal moves (all of them to the end if ``moves`` is None), recording each."""
    state = new_game(Rules(**save.rules), save.seed)
    rng = random.Random(rng_seed)
    while not state.over and (moves is None or len(save.moves) < moves):
        move = rng.choice(state.legal_moves())
        state.apply(move)
        save.record(move)
    return state


def game(moves: int | None = 25, seed: int = 42) -> tuple[SaveGame, State]:
    save = saves.new_save(RULES, seed, SEATS)
    return save, play(save, moves)


def test_round_trip_replays_to_the_same_state(tmp_path: Path) -> None:
    """A written save loads back equal, and its replay equals the engine's own state."""
    save, state = game(40)
    path = tmp_path / "game.json"
    saves.write_save(path, save)
    loaded, replayed = saves.load_save(path)
    assert loaded == save
    assert replayed.to_json() == state.to_json()
    assert loaded.seats[1] == Seat("Šárka", "easy", 3)


def test_file_layout() -> None:
    """The file is plain JSON with exactly the documented keys and canonical move texts."""
    save, state = game(10)
    assert saves.autosave(save) and save.path is not None
    data = json.loads(save.path.read_text(encoding="utf-8"))
    assert set(data) == {"format", "app_version", "created", "updated", "rules", "seed",
                         "seats", "moves", "reasons", "result"}
    assert data["format"] == "nile-save/2"
    assert data["reasons"] == [None] * len(save.moves)  # random moves: no bot said why
    assert data["rules"] == Rules(**RULES).to_dict() and data["seed"] == 42
    assert data["seats"] == SEATS and data["result"] is None
    assert data["moves"] == save.moves and all(isinstance(m, str) for m in data["moves"])


def test_finished_game_round_trip(tmp_path: Path) -> None:
    """A whole game to the end replays to the same result."""
    save, state = game(None, seed=7)
    assert state.over
    path = tmp_path / "done.json"
    saves.write_save(path, save)
    _, replayed = saves.load_save(path)
    assert replayed.over and replayed.result == state.result


def test_autosave_and_continue() -> None:
    """A game's own file is rewritten after each move and is what Continue offers."""
    assert save_library.latest_save() is None
    save = saves.new_save(RULES, 3, SEATS)
    assert save.path is None
    state = save.new_state()
    for _ in range(5):
        move = state.legal_moves()[0]
        state.apply(move)
        save.record(move)
        assert saves.autosave(save)
        assert save.path is not None and save.path.parent == saves.saves_dir()
        assert saves.load_save(save.path)[1].to_json() == state.to_json()
    assert save_library.latest_save() == save.path
    assert sorted(os.listdir(saves.saves_dir())) == sorted([
        save.path.name, save_locks.lock_path(save.path).name, save_library.INDEX_NAME])


def test_autosave_failure_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that refuses the autosave gives False; a manual save gets a player message."""
    def fail(path: Path, data: object, **_options: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(paths, "write_atomic", fail)
    save, _ = game(2)
    assert saves.autosave(save) is False
    with pytest.raises(SaveError) as info:
        saves.write_save(saves.new_save_path(), save)
    assert info.value.code == "write-failed" and "game-" in info.value.message


def write_info_file(name: str, updated: str, moves: int | None = 5, seed: int = 1) -> Path:
    save, _ = game(moves, seed)
    path = saves.saves_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    data = save.to_dict()
    data["updated"] = updated
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_list_saves_newest_first_with_broken_files_listed() -> None:
    """The list is sorted newest first, shows players and season, and marks broken files."""
    old = write_info_file("old.json", "2025-01-01T10:00:00+00:00")
    new = write_info_file("new.json", "2026-06-01T10:00:00+00:00")
    over = write_info_file("over.json", "2026-07-01T10:00:00+00:00", moves=None)
    broken = saves.saves_dir() / "broken.json"
    broken.write_text("{ this is not json", encoding="utf-8")
    (saves.saves_dir() / "notes.txt").write_text("ignored", encoding="utf-8")
    infos = save_library.list_saves()
    assert [i.path for i in infos if not i.broken] == [over, new, old]
    bad = [i for i in infos if i.broken]
    assert [i.path for i in bad] == [broken] and bad[0].error is not None
    assert bad[0].error.code == "corrupt"
    first = infos[[i.path for i in infos].index(new)]
    assert first.players == ["Ahmose", "Šárka", "Bot"]
    assert first.season == 1 and first.seasons == 3 and not first.over
    assert infos[[i.path for i in infos].index(over)].over
    # Continue offers the newest game that is not finished.
    assert save_library.latest_save() == new


def test_list_saves_without_folder() -> None:
    """No saves folder yet means an empty list, not an error."""
    assert save_library.list_saves() == [] and save_library.latest_save() is None


def valid_text() -> str:
    save, _ = game(12)
    return save.to_json()


def edit(change: dict) -> str:
    data = json.loads(valid_text())
    data.update(change)
    return json.dumps(data)


def illegal_moves() -> str:
    data = json.loads(valid_text())
    data["moves"][3] = "plant stone@sphinx stone@sphinx stone@sphinx stone@sphinx"
    return json.dumps(data)


BROKEN = [
    ("corrupt", lambda: "{ this is not json at all }"),
    ("corrupt", lambda: "\x00\x01 binary"),
    ("truncated", lambda: valid_text()[: len(valid_text()) // 2]),
    ("truncated", lambda: valid_text()[:-3]),
    ("truncated", lambda: ""),
    ("foreign", lambda: '["a", "list"]'),
    ("foreign", lambda: new_game(Rules(players=3), 5).to_json()),
    ("foreign", lambda: edit({"format": "some-other-game/1"})),
    ("newer", lambda: edit({"format": "nile-save/3"})),
    ("illegal-move", illegal_moves),
    ("illegal-move", lambda: edit({"moves": ["dance"]})),
    ("bad-seats", lambda: edit({"seats": SEATS[:2]})),
    ("bad-seats", lambda: edit({"seats": [*SEATS[:2], {"name": "X", "kind": "wizard", "colour": 1}]})),
    ("bad-seats", lambda: edit({"seats": [*SEATS[:2], {"name": "", "kind": "easy", "colour": 1}]})),
    ("bad-seats", lambda: edit({"seats": [*SEATS[:2], {"name": "X", "kind": "easy", "colour": 9}]})),
    ("bad-seats", lambda: edit({"seats": "everyone"})),
    ("bad-game", lambda: edit({"rules": {"players": 9, "monuments": True, "random_crops": False}})),
    ("bad-game", lambda: edit({"rules": {"players": 3, "monuments": "yes"}})),
    ("bad-game", lambda: edit({"format": "nile-save/1", "rules": {"players": 3}})),
    ("bad-game", lambda: edit({"rules": {"players": 3, "wizards": True}})),
    ("bad-game", lambda: edit({"seed": "abc"})),
    ("bad-game", lambda: edit({"moves": "pass"})),
]


@pytest.mark.parametrize(("code", "make"), BROKEN)
def test_broken_save_is_refused_and_kept(code: str, make, tmp_path: Path) -> None:
    """Each kind of bad save raises SaveError with its code and a message naming the file;
    the file is never changed, and the load list shows it as broken instead of failing."""
    path = saves.saves_dir() / "damaged.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(make().encode("utf-8"))
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        saves.load_save(path)
    error = info.value
    assert error.code == code
    assert "damaged.json" in error.message and str(error) == error.message
    english = error.message
    i18n.set_language("cs")
    assert error.message != english and "damaged.json" in error.message
    i18n.set_language("en")
    [listed] = save_library.list_saves()
    assert listed.broken and listed.error is not None and listed.error.code == code
    assert save_library.latest_save() is None
    assert path.read_bytes() == before
    assert os.listdir(path.parent) == ["damaged.json"]


def test_illegal_move_message_names_the_move() -> None:
    """The refusal of a bad move says which move (its number and text) failed."""
    path = saves.saves_dir() / "x.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(illegal_moves(), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        saves.load_save(path)
    assert "move 4 (plant stone@sphinx" in info.value.message


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    """Asking for a file that is not there gives a SaveError, not an OSError."""
    with pytest.raises(SaveError) as info:
        saves.load_save(tmp_path / "gone.json")
    assert info.value.code == "unreadable"


def test_new_save_checks_its_arguments() -> None:
    """new_save takes a rules dict or Rules, and refuses a seat list that does not fit."""
    save = saves.new_save(Rules(players=2, monuments=False), 9,
                          [Seat("A", "human", 0), {"name": "B", "kind": "random", "colour": 1}])
    assert save.rules == Rules(players=2, monuments=False).to_dict()
    assert save.moves == [] and save.created and save.format == "nile-save/2"
    with pytest.raises(SaveError):
        saves.new_save(RULES, 1, SEATS[:2])


def test_new_save_path_is_free() -> None:
    """A named save never overwrites another file."""
    first = saves.new_save_path()
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_text("{}")
    second = saves.new_save_path()
    assert second != first and second.parent == saves.saves_dir()


def test_r_plant_5_and_r_trade_1_options_carried_by_saves(tmp_path: Path) -> None:
    """R-PLANT-5, R-TRADE-1: a save keeps both rule-book options, and an old save without
    them loads with both off."""
    rules = Rules(players=2, must_act=True, storage_top=True)
    save = saves.new_save(rules, 5, [Seat("A", "human", 0), Seat("B", "random", 1)])
    assert save.engine_rules() == rules
    path = tmp_path / "options.json"
    saves.write_save(path, save)
    loaded, state = saves.load_save(path)
    assert loaded.engine_rules() == rules and state.rules == rules
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["rules"]["must_act"], data["rules"]["storage_top"]
    path.write_text(json.dumps(data), encoding="utf-8")
    old, _ = saves.load_save(path)
    assert old.engine_rules() == Rules(players=2)
