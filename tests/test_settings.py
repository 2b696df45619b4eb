"""Settings: defaults, checking each value, versions, and safe writing."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import replace
from pathlib import Path

import pytest

from nile_desktop import paths, settings
from nile_desktop.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return tmp_path


def write_raw(data: object) -> Path:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_missing_file_gives_defaults() -> None:
    """With no settings file (first start) every setting has its documented default."""
    s = load_settings()
    assert s == Settings(language="en")
    assert (s.window_size, s.volume, s.animation_speed) == (None, 0.6, 1.0)  # fits the screen
    assert s.show_hand_sizes and not s.fullscreen and not s.muted and not s.colourblind_symbols
    assert s.version == settings.SETTINGS_VERSION


def test_first_start_follows_a_czech_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a Czech system the first start is in Czech; a saved choice wins afterwards."""
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert load_settings().language == "cs"
    save_settings(replace(load_settings(), language="en"))
    assert load_settings().language == "en"


def test_round_trip() -> None:
    """Every value written is read back unchanged."""
    chosen = Settings(language="cs", fullscreen=True, window_size=(1920, 1080), volume=0.25,
                      muted=True, animation_speed=2.5, colourblind_symbols=True,
                      show_hand_sizes=False)
    save_settings(chosen)
    assert load_settings() == chosen
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["window_size"] == [1920, 1080] and data["version"] == settings.SETTINGS_VERSION


BAD_VALUES = [
    ("language", "de"),
    ("language", 5),
    ("fullscreen", "yes"),
    ("fullscreen", 1),
    ("window_size", [1280]),
    ("window_size", [10, 10]),
    ("window_size", "1280x720"),
    ("window_size", [1280.5, 720]),
    ("volume", 1.5),
    ("volume", -0.1),
    ("volume", "loud"),
    ("volume", True),
    ("muted", None),
    ("animation_speed", 0.1),
    ("animation_speed", 10),
    ("colourblind_symbols", "true"),
    ("show_hand_sizes", 0),
]


@pytest.mark.parametrize(("key", "bad"), BAD_VALUES)
def test_a_bad_value_falls_back_to_its_own_default(key: str, bad: object,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """One bad value gets its default (and is logged); every other good value is kept."""
    good = Settings(language="cs", fullscreen=True, window_size=(800, 600), volume=0.3,
                    muted=True, animation_speed=2.0, colourblind_symbols=True,
                    show_hand_sizes=False)
    data = good.to_dict()
    data[key] = bad
    write_raw(data)
    with caplog.at_level(logging.WARNING):
        loaded = load_settings()
    expected = replace(good, **{key: getattr(Settings(language="en"), key)})
    assert loaded == expected
    assert key in caplog.text


def test_non_finite_numbers_are_refused() -> None:
    """NaN and infinity (which Python's JSON reader accepts) are bad values too."""
    write_raw('{"volume": NaN, "animation_speed": Infinity}')
    s = load_settings()
    assert s.volume == 0.6 and s.animation_speed == 1.0


@pytest.mark.parametrize("content", ["{not json", '["a", "list"]', "", '"text"'])
def test_corrupt_file_is_set_aside(content: str, caplog: pytest.LogCaptureFixture) -> None:
    """An unreadable file gives the defaults; it is kept as settings.json.bad and logged."""
    path = write_raw(content)
    with caplog.at_level(logging.ERROR):
        assert load_settings() == Settings(language="en")
    bad = path.with_name("settings.json.bad")
    assert bad.read_text(encoding="utf-8") == content
    assert not path.exists()
    assert "settings.json.bad" in caplog.text
    save_settings(Settings(language="cs"))
    assert load_settings().language == "cs"


def test_binary_garbage_is_set_aside() -> None:
    """Bytes that are not UTF-8 text are treated like any corrupt file."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert load_settings() == Settings(language="en")
    assert path.with_name("settings.json.bad").read_bytes() == b"\xff\xfe\x00garbage"


def test_unknown_keys_and_newer_versions_are_tolerated() -> None:
    """A file from a newer game keeps the values this version understands."""
    write_raw({"version": 99, "volume": 0.1, "future_option": [1, 2]})
    s = load_settings()
    assert s.volume == 0.1 and s.version == settings.SETTINGS_VERSION


def test_migration_hook_upgrades_older_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """An older file passes through each migration in turn before it is checked."""
    monkeypatch.setattr(settings, "SETTINGS_VERSION", 3)

    def v1_to_v2(data: dict) -> dict:
        data["volume"] = data.pop("sound_level") / 100
        return data

    def v2_to_v3(data: dict) -> dict:
        data["muted"] = data.pop("silent")
        return data

    monkeypatch.setattr(settings, "MIGRATIONS", {1: v1_to_v2, 2: v2_to_v3})
    write_raw({"version": 1, "sound_level": 40, "silent": True})
    s = load_settings()
    assert (s.volume, s.muted, s.version) == (0.4, True, 3)


def test_save_is_atomic(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed write leaves the old file whole, leaves no temporary file and does not raise."""
    save_settings(Settings(language="cs", volume=0.2))
    before = settings_path().read_bytes()

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", fail)
        save_settings(Settings(language="en", volume=0.9))
    assert settings_path().read_bytes() == before
    assert sorted(p.name for p in settings_path().parent.iterdir()) == ["settings.json"]


def test_settings_live_in_the_user_config_folder(home: Path) -> None:
    """The file is in the user's config folder, which NILE_DESKTOP_HOME redirects."""
    assert settings_path() == paths.user_config_dir() / "settings.json"
    assert settings_path().is_relative_to(home)


#: Every JSON type, for the fields of a remembered New game setup.
JSON_VALUES: list[object] = [None, True, False, 0, -1, 2.5, 2**40, "", "hard", "\ud800",
                             [], ["human"], {}, {"kind": "human"}]


@pytest.mark.parametrize("value", JSON_VALUES)
def test_every_field_of_the_remembered_setup_is_type_checked(value: object) -> None:
    """A seat kind that was a list or an object reached a set lookup on the New game screen
    (TypeError: unhashable type) every time the screen opened. Each field of the setup is
    checked on reading: one of the wrong type is dropped, the player is told, the rest kept."""
    write_raw({"new_game": {"rules": {"players": 3, "monuments": value},
                            "seats": [{"kind": value, "colour": value, "name": value},
                                      {"kind": "easy", "colour": 1}, value]}})
    report = settings.read_settings()
    setup = report.settings.new_game
    assert setup["seats"][1] == {"kind": "easy", "colour": 1}
    assert setup["rules"]["players"] == 3
    first = setup["seats"][0]
    assert all(isinstance(v, str) for k, v in first.items() if k in ("kind", "name"))
    assert not isinstance(first.get("colour", 0), bool)
    assert "new_game" in report.ignored and report.notice() is not None


@pytest.mark.parametrize("value", JSON_VALUES)
def test_the_new_game_screen_takes_any_remembered_value(value: object) -> None:
    """The screen itself checks each field too (the settings in memory may hold anything)."""
    from nile_desktop.scenes.new_game import NewGameScene, restore_setup

    scene = NewGameScene()
    for setup in (value, {"rules": value, "seats": value},
                  {"rules": {"players": value, "monuments": value},
                   "seats": [value, {"kind": value, "colour": value, "name": value}]}):
        restore_setup(scene, setup)
    _rules, _seed, seats = scene.setup()
    assert all(isinstance(seat["kind"], str) for seat in seats)
