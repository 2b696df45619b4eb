"""Every game is kept, shareable, and listed in the player's language; settings do what they say."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from datetime import datetime, timezone
from pathlib import Path

import pytest
from save_data import RULES, SEATS, play_saved

from nile_desktop import engine_cli, formats, i18n, saves, settings
from nile_desktop.engine import Rules
from nile_desktop.saves import library as save_library
from nile_desktop.saves import replay as save_replay
from nile_desktop.saves import sharing
from nile_desktop.soak.drive import frames, headless_app

pytest_plugins = ["save_helpers"]  # the home and app fixtures


def played(moves: int | None, seed: int = 5, updated: str | None = None) -> saves.SaveGame:
    """A game with ``moves`` moves (to the end if None), autosaved to its own file."""
    return play_saved(moves, seed, updated)[0]


# -- every game is kept ---------------------------------------------------------------------

def test_starting_a_new_game_never_overwrites_another() -> None:
    first, second = played(3, seed=1), played(4, seed=2)
    assert first.path != second.path
    assert saves.load_save(first.path)[0].moves == first.moves
    assert saves.load_save(second.path)[0].moves == second.moves


def test_continue_resumes_the_most_recent_unfinished_game() -> None:
    played(3, seed=1, updated="2026-01-01T10:00:00+00:00")
    recent = played(3, seed=2, updated="2026-03-01T10:00:00+00:00")
    played(None, seed=3, updated="2026-05-01T10:00:00+00:00")  # finished: a record
    assert save_library.latest_save() == recent.path


def test_load_lists_every_game_newest_first_with_players_bots_season_and_result() -> None:
    from nile_desktop.scenes.load_game import players_text, status_text

    old = played(3, seed=1, updated="2026-01-01T10:00:00+00:00")
    done = played(None, seed=3, updated="2026-05-01T10:00:00+00:00")
    infos = save_library.list_saves()
    assert [info.path for info in infos] == [done.path, old.path]
    assert players_text(infos[1]) == "Ana, Imhotep (Hard bot), Tiye (Easy bot)"
    assert status_text(infos[1]) == "Season 1 of 3"
    assert status_text(infos[0]).startswith("Finished — ")
    i18n.set_language("cs")
    assert players_text(infos[1]) == "Ana, Imhotep (Těžký bot), Tiye (Snadný bot)"
    assert status_text(infos[1]) == "Sezóna 1 z\u00a03"


def test_finished_games_are_kept_as_records_with_their_result_up_to_the_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(save_library, "RECORDS_KEPT", 2)
    unfinished = played(2, seed=9)
    records = [played(None, seed=seed, updated=f"2026-0{seed}-01T10:00:00+00:00")
               for seed in (1, 2, 3)]
    data = json.loads(records[-1].path.read_text(encoding="utf-8"))
    assert data["result"]["ranking"]
    removed = save_library.prune_records(keep=2)
    assert removed == [records[0].path]
    assert unfinished.path.exists() and records[1].path.exists() and records[2].path.exists()


def test_a_version_1_save_still_loads() -> None:
    save = played(5)
    data = json.loads(save.path.read_text(encoding="utf-8"))
    data["format"] = "nile-save/1"
    data["rules"] = RULES
    del data["result"]
    old = saves.saves_dir() / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    loaded, state = saves.load_save(old)
    assert loaded.moves == save.moves and loaded.rules == Rules(**RULES).to_dict()


def test_a_newer_version_is_refused_with_a_message_and_kept() -> None:
    save = played(2)
    data = json.loads(save.path.read_text(encoding="utf-8"))
    data["format"] = "nile-save/99"
    save.path.write_text(json.dumps(data), encoding="utf-8")
    before = save.path.read_bytes()
    [info] = save_library.list_saves()
    assert info.broken and info.error.code == "newer" and save.path.name in info.error.message
    assert save.path.read_bytes() == before


def test_rules_are_stored_as_the_engine_writes_them() -> None:
    """Whatever options Rules has (the engine may add rule-book options), a save keeps them."""
    rules = Rules(players=4, monuments=False).to_dict()
    save = saves.new_save(rules, 1, [dict(SEATS[0], colour=i) for i in range(4)])
    assert save.rules == rules
    assert saves.autosave(save)
    assert json.loads(save.path.read_text(encoding="utf-8"))["rules"] == rules


def test_save_and_leave_writes_the_game_now() -> None:
    save = saves.new_save(RULES, 4, SEATS)
    assert saves.save_and_leave(save) and save_library.latest_save() == save.path


# -- deleting, with a confirmation -------------------------------------------------------------

def test_delete_asks_first_and_keep_it_keeps_it(app: object) -> None:
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.load_game import LoadGameScene

    save = played(3)
    scene = app.stack.push(LoadGameScene())
    scene.ask_delete()
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and save.path.name in str(dialog.message())
    dialog.choose(1)  # "Keep it"
    assert save.path.exists() and app.stack.top is scene
    scene.ask_delete()
    app.stack.top.choose(0)  # "Delete"
    assert not save.path.exists() and scene.infos == []
    frames(app, 2)
    assert not app.crashed


def test_deleting_a_broken_save_sets_it_aside_and_deletes_nothing() -> None:
    bad = saves.saves_dir() / "bad.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text("{cut", encoding="utf-8")
    moved = save_library.delete_save(bad)
    assert moved == bad.with_name("bad.json.bad") and moved.read_text() == "{cut"
    bad.write_text("{again", encoding="utf-8")
    assert save_library.delete_save(bad) == bad.with_name("bad.json.bad-2")
    assert save_library.list_saves() == []


# -- sharing ----------------------------------------------------------------------------------

def test_export_then_import_replays_exactly(tmp_path: Path) -> None:
    save = played(30)
    _s, state = saves.load_save(save.path)
    shared = tmp_path / "elsewhere" / "our game.json"
    shared.parent.mkdir()
    sharing.export_save(save.path, shared)
    before = shared.read_bytes()
    imported, replayed = sharing.import_save(shared)
    assert replayed.to_json() == state.to_json() and imported.moves == save.moves
    assert imported.path.parent == saves.saves_dir() and imported.path != save.path
    assert saves.autosave(imported) and shared.read_bytes() == before


def test_an_exported_game_is_readable_by_the_engine_command_line(tmp_path: Path) -> None:
    """The file is the save format; save_replay prints the engine's position, and the engine
    command lines it lists (new, then apply) rebuild the very same position."""
    save = played(25)
    _s, state = saves.load_save(save.path)
    out = io.StringIO()
    with redirect_stdout(out):
        assert save_replay.main([str(save.path)]) == 0
    assert out.getvalue() == state.to_json()
    new_line, apply_line = save_replay.engine_commands(save, str(tmp_path / "start.json"))
    import shlex

    new_args = shlex.split(new_line.split(" > ")[0])[3:]
    start = io.StringIO()
    with redirect_stdout(start):
        assert engine_cli.main(new_args) == 0
    (tmp_path / "start.json").write_text(start.getvalue(), encoding="utf-8")
    end = io.StringIO()
    with redirect_stdout(end):
        assert engine_cli.main(shlex.split(apply_line)[3:]) == 0
    assert end.getvalue() == state.to_json()


def test_replay_of_a_bad_file_is_a_json_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert save_replay.main([str(bad)]) == 2
    assert json.loads(out.getvalue())["error"] == "bad-save"


def test_open_file_from_the_command_line_starts_the_game(app: object, tmp_path: Path) -> None:
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.title import TitleScene

    save = played(10)
    shared = tmp_path / "shared.json"
    sharing.export_save(save.path, shared)
    title = app.stack.push(TitleScene())
    title.open_file(str(shared))
    assert type(app.stack.top).__name__ == "TableScene"
    assert app.stack.top.game.session.save.moves == save.moves
    app.stack.reset(TitleScene())
    app.stack.top.open_file(str(tmp_path / "missing.json"))
    assert isinstance(app.stack.top, DialogScene) and "missing.json" in str(app.stack.top.message())


def test_file_chooser_on_the_load_screen_imports_a_game(app: object, tmp_path: Path) -> None:
    from nile_desktop.scenes.file_chooser import FileChooserScene
    from nile_desktop.scenes.load_game import LoadGameScene

    save = played(6)
    folder = tmp_path / "shared"
    folder.mkdir()
    sharing.export_save(save.path, folder / "game.json")
    load = app.stack.push(LoadGameScene())
    load.ask_import()
    chooser = app.stack.top
    assert isinstance(chooser, FileChooserScene)
    chooser.go(tmp_path)
    names = [label for label, _path, _is_dir in chooser.entries]
    assert "shared/" in names
    chooser.open_entry(names.index("shared/"))
    assert [label for label, _p, _d in chooser.entries] == ["..", "game.json"]
    chooser.open_entry(1)
    assert type(app.stack.top).__name__ == "TableScene"
    assert app.stack.top.game.session.save.moves == save.moves
    frames(app, 2)
    assert not app.crashed


def test_file_chooser_exports_to_a_typed_path(app: object, tmp_path: Path) -> None:
    from nile_desktop.scenes.load_game import LoadGameScene

    played(6)
    load = app.stack.push(LoadGameScene())
    load.ask_export()
    chooser = app.stack.top
    chooser.set_path(str(tmp_path / "for-a-friend"))
    chooser.choose()
    assert app.stack.top is load
    assert saves.load_save(tmp_path / "for-a-friend.json")[0].moves
    chooser_again = (load.ask_export(), app.stack.top)[1]
    chooser_again.set_path(str(tmp_path / "no" / "such" / "folder" / "x.json"))
    chooser_again.choose()
    assert app.stack.top is chooser_again and chooser_again.problem


# -- settings do what they say -------------------------------------------------------------------

def test_command_line_options_never_reach_settings_json(home: Path) -> None:
    from nile_desktop.__main__ import overrides, parse_args
    from nile_desktop.scenes.settings import SettingsScene

    settings.save_settings(settings.Settings(language="en", volume=0.3))
    args = parse_args(["--lang", "cs", "--fullscreen", "--size", "1600x900"])
    app = headless_app(settings.load_settings(), overrides=overrides(args))
    try:
        assert (app.settings.language, app.settings.fullscreen) == ("cs", True)
        scene = app.stack.push(SettingsScene())
        scene.set_volume(0.8)  # the player changes something: the file is written
        app.save_settings()
    finally:
        app.shutdown()
    data = json.loads(settings.settings_path().read_text(encoding="utf-8"))
    assert data["volume"] == 0.8
    assert (data["language"], data["fullscreen"], data["window_size"]) == ("en", False, None)


def test_a_value_equal_to_the_command_line_option_is_written_as_the_file_had_it(
        home: Path) -> None:
    """Only the other settings the player changes in the game are written."""
    app = headless_app(settings.Settings(language="en"), overrides={"language": "cs"})
    try:
        app.settings.language = "en"  # chosen on the settings screen
        app.settings.language = "cs"
        app.settings.volume = 0.1
        app.apply_settings()
    finally:
        app.shutdown()
    assert settings.load_settings().language == "en"
    assert settings.load_settings().volume == 0.1


def test_new_game_screen_remembers_the_last_setup(app: object) -> None:
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.title import TitleScene

    app.stack.push(TitleScene())
    first = app.stack.push(NewGameScene())
    first.set_count(3)
    first.set_kind(1, "hard")
    first.set_name(0, "Ana")
    first.set_monuments(False)
    first.start()
    assert settings.load_settings().new_game["rules"]["players"] == 3
    app.stack.reset(TitleScene())
    again = app.stack.push(NewGameScene())
    assert again.count == 3 and again.seats[1].kind == "hard" and again.seats[0].name == "Ana"
    assert again.monuments is False and again.seed_text == ""


def test_a_remembered_setup_that_makes_no_sense_is_ignored(app: object) -> None:
    from nile_desktop.scenes.new_game import NewGameScene

    app.settings.new_game = {"rules": {"players": 99, "monuments": "no", "count": 50},
                             "seats": [{"kind": "wizard", "colour": 3}, {"colour": 3}, 7]}
    scene = app.stack.push(NewGameScene())
    assert scene.count == 4 and scene.monuments is True and scene.seats[0].kind == "human"
    assert len({seat.colour for seat in scene.seats}) == 6
    frames(app, 2)
    assert not app.crashed


# -- dates and numbers per language --------------------------------------------------------------

def test_load_screen_dates_follow_the_language() -> None:
    moment = datetime(2026, 11, 30, 14, 5, tzinfo=timezone.utc)
    local = formats.local_time(moment)
    assert formats.format_datetime(moment, "en") == (
        f"{local.day} {formats.MONTHS_EN[local.month - 1]} {local.year}, {local:%H:%M}")
    assert formats.format_datetime(moment, "cs") == (
        f"{local.day}.\u00a0{local.month}.\u00a0{local.year} {local:%H:%M}")
    assert formats.format_date(moment.date(), "en") == "30 Nov 2026"
    assert formats.format_date(moment.date(), "cs") == "30.\u00a011.\u00a02026"


def test_numbers_follow_the_language() -> None:
    assert formats.format_number(100000, "en") == "100,000"
    assert formats.format_number(100000, "cs") == "100\u00a0000"
    assert formats.format_number(1234.5, "cs", 1) == "1\u00a0234,5"


def test_a_date_out_of_the_local_range_is_still_formatted() -> None:
    assert formats.format_datetime(datetime(1, 1, 1, tzinfo=timezone.utc), "en")
    assert formats.format_datetime(datetime(9999, 12, 31, 23, 59, tzinfo=timezone.utc), "cs")


def test_the_load_list_says_a_game_was_played_with_take_backs() -> None:
    """A game marked "with take-backs" says so in the Load list; others do not."""
    import dataclasses
    from datetime import datetime, timezone

    from nile_desktop.i18n import set_language
    from nile_desktop.saves.library import SaveInfo
    from nile_desktop.scenes.load_game import status_text

    set_language("en")
    info = SaveInfo(Path("game.json"), datetime(2026, 12, 1, tzinfo=timezone.utc), ["Ana", "Bo"],
                    2, 3, False)
    assert status_text(info) == "Season 2 of 3"
    info = dataclasses.replace(info, takebacks=True)
    assert status_text(info) == "Season 2 of 3 · with take-backs"
