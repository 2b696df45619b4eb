"""No file can stop the game, hide other saves or crash a screen (each case as reported).

Every test here is one reproduced case: a settings file or a save holding
something odd, and what the game must do instead of failing.
"""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
import time
from pathlib import Path

import pytest
from save_data import RULES, SEATS

from nile_desktop import i18n, logs, paths, saves, settings
from nile_desktop.saves import library as save_library
from nile_desktop.soak.drive import frames, text

pytest_plugins = ["save_helpers"]  # the home and app fixtures


def write_settings(content: str | bytes) -> Path:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def good_save(moves: int = 6, name: str = "good.json") -> Path:
    save = saves.new_save(RULES, 11, SEATS)
    state = save.new_state()
    for _ in range(moves):
        move = state.legal_moves()[0]
        state.apply(move)
        save.record(move)
    path = saves.saves_dir() / name
    saves.write_save(path, save)
    return path


def odd_save(name: str, content: str) -> Path:
    path = saves.saves_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return path


def save_with(**change: object) -> str:
    data = json.loads(good_save(name="template.json").read_text(encoding="utf-8"))
    (saves.saves_dir() / "template.json").unlink()
    data.update(change)
    return json.dumps(data)


DEEP = "[" * 1000 + "]" * 1000
HUGE_INT = "9" * 5000


# -- 1. settings.json can never stop the start ----------------------------------------------

@pytest.mark.parametrize(("case", "content"), [
    ("400-digit volume", '{"volume": ' + "4" * 400 + "}"),
    ("400-digit animation_speed", '{"animation_speed": ' + "4" * 400 + ".5}"),
    ("integer over 4,300 digits", '{"volume": ' + HUGE_INT + "}"),
    ("nesting 1,000 levels deep", DEEP),
    ("a value nested 1,000 levels deep", '{"window_size": ' + DEEP + "}"),
])
def test_settings_file_that_used_to_stop_the_start(case: str, content: str) -> None:
    """Each reported file gives working settings and a notice; nothing raises."""
    write_settings(content)
    report = settings.read_settings()
    assert isinstance(report.settings, settings.Settings)
    assert report.settings.volume == 0.6 and report.settings.animation_speed == 1.0
    assert report.notice(), case


def test_main_reads_settings_inside_its_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Even if reading the settings failed in a way nobody foresaw, main gets the defaults."""
    from nile_desktop import __main__ as entry

    def explode() -> None:
        raise MemoryError("a surprise")

    monkeypatch.setattr(settings, "read_settings", explode)
    loaded, notice = entry._read_settings(logging.getLogger("test"))
    assert loaded == settings.Settings() and notice is None


def test_each_unreadable_settings_file_is_kept_under_a_new_name() -> None:
    """A second bad file never overwrites the first one set aside; none is deleted."""
    path = write_settings("{first")
    settings.read_settings()
    write_settings("{second")
    settings.read_settings()
    write_settings("{third")
    report = settings.read_settings()
    assert (path.with_name("settings.json.bad").read_text(encoding="utf-8"),
            path.with_name("settings.json.bad-2").read_text(encoding="utf-8"),
            path.with_name("settings.json.bad-3").read_text(encoding="utf-8")) == \
        ("{first", "{second", "{third")
    assert report.kept_as == path.with_name("settings.json.bad-3")
    assert "settings.json.bad-3" in (report.notice() or "")


def test_settings_with_a_utf8_byte_order_mark_are_read() -> None:
    """A file saved by Notepad (BOM first) keeps every setting."""
    write_settings(b"\xef\xbb\xbf" + json.dumps({"volume": 0.2, "muted": True}).encode())
    report = settings.read_settings()
    assert report.settings.volume == 0.2 and report.settings.muted
    assert report.notice() is None and report.kept_as is None


def test_player_is_told_when_settings_were_reset(app: object) -> None:
    """The reset is announced on the title screen, in the player's language, naming the file."""
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.title import TitleScene

    write_settings("{broken")
    report = settings.read_settings()
    app.notices.append(report.notice)
    app.stack.push(TitleScene())
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    english = str(dialog.message())
    assert "settings.json.bad" in english and "default" in english
    i18n.set_language("cs")
    assert str(dialog.message()) != english and "settings.json.bad" in str(dialog.message())
    assert not app.notices and not app.crashed


def test_settings_with_a_lone_surrogate_can_still_be_saved() -> None:
    """A remembered setup holding \ud800 is cleaned on the way in (U+FFFD in its place) and
    the file can be written again."""
    write_settings('{"volume": 0.2, "new_game": {"seats": [{"name": "Ana\\ud800"}]}}')
    report = settings.read_settings()
    assert report.settings.volume == 0.2
    assert report.settings.new_game == {"seats": [{"name": "Ana\ufffd"}]}
    settings.save_settings(report.settings)
    assert settings.read_settings().notice() is None


def test_player_is_told_which_settings_were_ignored() -> None:
    write_settings(json.dumps({"volume": "loud", "muted": True}))
    report = settings.read_settings()
    assert report.settings.muted and "volume" in (report.notice() or "")


# -- 2. one odd file never hides the other saves ---------------------------------------------

@pytest.mark.parametrize(("case", "content"), [
    ("a save nested 1,000 levels deep", DEEP),
    ("a save whose seats are nested 1,000 levels deep", None),
    ("a save with an integer over 4,300 digits", '{"format": "nile-save/2", "seed": '
     + HUGE_INT + "}"),
    ("a save with a 4,300-digit seed that parses", None),
])
def test_odd_save_hides_no_other_save(case: str, content: str | None) -> None:
    """The odd file is listed as broken with a SaveError; the good save stays and Continues."""
    good = good_save()
    if content is None:
        content = (save_with(seats="DEEP").replace('"DEEP"', DEEP) if "seats" in case
                   else save_with().replace('"seed": 11', '"seed": ' + "1" * 4400))
    odd = odd_save("odd.json", content)
    infos = {info.path: info for info in save_library.list_saves()}
    assert not infos[good].broken and infos[odd].broken, case
    assert isinstance(infos[odd].error, saves.SaveError)
    assert save_library.latest_save() == good
    with pytest.raises(saves.SaveError):
        saves.load_save(odd)


# -- 3. the Load screen never crashes on a save ------------------------------------------------

def open_load_screen(app: object) -> object:
    from nile_desktop.scenes.load_game import LoadGameScene
    from nile_desktop.scenes.title import TitleScene

    app.stack.push(TitleScene())
    scene = app.stack.push(LoadGameScene())
    for index in range(len(scene.infos)):
        scene.list.select(index)
        frames(app, 1)
    return scene


def test_load_screen_with_updated_time_out_of_the_local_range(app: object) -> None:
    """9999-12-31T23:59:59-12:00 is past what any clock shows: the screen shows the file time."""
    good = good_save()
    odd_save("late.json", save_with(updated="9999-12-31T23:59:59-12:00"))
    scene = open_load_screen(app)
    assert not app.crashed and len(scene.infos) == 2
    assert all(1971 <= info.updated.year <= 9000 for info in scene.infos)
    assert good in [info.path for info in scene.infos]


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset")
def test_load_screen_with_year_1_in_new_york(app: object,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        odd_save("early.json", save_with(updated="0001-01-01T00:00:00+00:00"))
        scene = open_load_screen(app)
        assert not app.crashed and len(scene.infos) == 1 and not scene.infos[0].broken
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_seat_name_with_a_lone_surrogate_loads_shows_and_autosaves(app: object) -> None:
    """\\ud800 in a name becomes U+FFFD: the Load screen draws it and autosave() writes it."""
    seats = [dict(SEATS[0], name="Ana\ud800"), *SEATS[1:]]
    path = odd_save("surrogate.json", save_with(seats=seats))
    scene = open_load_screen(app)
    assert not app.crashed and not scene.infos[0].broken
    save, _state = saves.load_save(path)
    assert save.seats[0].name == "Ana\ufffd"
    assert saves.autosave(save)
    assert saves.load_save(path)[0].seats[0].name == "Ana\ufffd"
    scene.open(0)
    frames(app, 2)
    assert not app.crashed


def test_autosave_never_raises_whatever_the_save_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    save = saves.new_save(RULES, 3, SEATS)
    save.seats[0] = saves.Seat("Ana\udc80", "human", 0)  # bypassing every check
    assert saves.autosave(save)
    monkeypatch.setattr(paths, "write_atomic", lambda *a: (_ for _ in ()).throw(RuntimeError()))
    assert saves.autosave(save) is False


# -- 4. a damaged save is never replaced -------------------------------------------------------

def test_damaged_autosave_is_not_replaced_by_a_new_game(app: object) -> None:
    """An autosave cut short by 2 bytes stays byte for byte after New game (and is listed)."""
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.title import TitleScene

    whole = good_save(name=saves.AUTOSAVE_NAME).read_bytes()
    damaged = saves.saves_dir() / saves.AUTOSAVE_NAME
    damaged.write_bytes(whole[:-2])
    app.stack.push(TitleScene())
    new_game = app.stack.push(NewGameScene())
    new_game.start()
    frames(app, 2)
    assert damaged.read_bytes() == whole[:-2]
    assert len(list(saves.saves_dir().glob("*.json"))) == 2
    damaged.write_bytes(whole)  # fixed by hand: it loads again
    assert saves.load_save(damaged)[0].moves


# -- 5. the seed field ---------------------------------------------------------------------------

def test_superscript_two_and_circled_one_in_the_seed_field(app: object) -> None:
    """² (a key on French keyboards) and ① are not taken; New game starts."""
    from nile_desktop.scenes.new_game import NewGameScene, parse_seed
    from nile_desktop.ui import TextInput

    new_game = app.stack.push(NewGameScene())
    seed_field = [w for w in new_game.group.widgets if isinstance(w, TextInput)][-1]
    new_game.group.focus(seed_field)
    frames(app, 2, [text("4²①2٣")])
    assert new_game.seed_text == "42"
    new_game.seed_text = "²①"  # even if it got in some other way
    assert isinstance(parse_seed("²①"), int)
    new_game.start()
    assert not app.crashed


# -- 8. smaller ones ------------------------------------------------------------------------------

def test_orphaned_temp_files_are_cleaned_up() -> None:
    """Temporary files of writes cut short are removed when the folder is next read."""
    good = good_save()
    folder = saves.saves_dir()
    old = folder / ".autosave.json.abc123.tmp"
    fresh = folder / ".game.json.def456.tmp"
    for tmp in (old, fresh):
        tmp.write_text("{partial", encoding="utf-8")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    infos = save_library.list_saves()
    assert not old.exists() and fresh.exists()  # a write in progress elsewhere is left alone
    assert [info.path for info in infos] == [good]


def test_new_save_path_with_dotdot_stays_in_the_saves_folder() -> None:
    for stem in ("../../x", "/etc/passwd", "..", "a/../../b", "\\..\\x", ""):
        path = saves.new_save_path(stem)
        assert path.parent == saves.saves_dir() and ".." not in path.name


def test_log_fallback_is_a_private_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no user log folder, the log goes to a new folder only this user can enter, never
    to a fixed shared name another user could create first."""
    monkeypatch.setattr(logs, "_log_path", None)
    (tmp_path / "log").write_text("a file where the folder should be")
    trap = Path(__import__("tempfile").gettempdir()) / "nile-desktop"
    root = logging.getLogger()
    handlers = list(root.handlers)
    try:
        path = logs.setup_logging()
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                handler.close()
        root.handlers[:] = handlers
    assert path.parent != trap and path.parent.name.startswith("nile-desktop-log-")
    if sys.platform != "win32":
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_folder_is_synced_after_the_atomic_rename(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[Path] = []
    monkeypatch.setattr(paths, "sync_folder", synced.append)
    target = tmp_path / "sub" / "file.json"
    paths.write_atomic(target, "{}")
    assert synced == [target.parent] and target.read_text() == "{}"
