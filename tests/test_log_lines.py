"""The log file tells a game's story: which game was started, continued, loaded or imported,
which pygame-ce and SDL the window runs on, and each settings change once (before, the log
file recorded saves and exits but not a game's start, said "pygame-ce not loaded" in its
header and repeated "settings saved")."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from test_logs import clean_logging  # noqa: F401  (the fixture)

from nile_desktop import logs, saves, settings


@pytest.fixture
def log_file(request: pytest.FixtureRequest) -> Path:
    """The log file of a fresh logging set-up in a private home (test_logs' fixture)."""
    request.getfixturevalue("clean_logging")
    return logs.setup_logging()


def text_of(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


def test_the_header_names_no_library_it_has_not_loaded(log_file: Path) -> None:
    header = text_of(log_file).splitlines()[0]
    assert "Nile desktop" in header and "Python" in header
    assert "not loaded" not in header


def test_the_window_logs_pygame_ce_and_sdl(log_file: Path) -> None:
    from nile_desktop.app import App  # the window part needs pygame; the header test does not

    app = App(settings.Settings(language="en"))
    app.open_window()
    try:
        assert "pygame-ce 2." in text_of(log_file) and "SDL 2." in text_of(log_file)
    finally:
        app.shutdown()


def test_a_game_started_or_continued_is_logged(log_file: Path) -> None:
    seats = [{"name": "Ana", "kind": "human", "colour": 0},
             {"name": "Bora", "kind": "hard", "colour": 1}]
    save = saves.new_save({"players": 2, "monuments": True, "random_crops": False}, 42, seats)
    saves.log_opened(save, "new game")
    saves.log_opened(save, "continue")
    lines = text_of(log_file).splitlines()
    started = [line for line in lines if "new game:" in line]
    assert len(started) == 1 and "2 players (human,hard)" in started[0]
    assert "seed 42" in started[0] and "at move 0" in started[0]
    assert any("continue:" in line for line in lines)


def test_unchanged_settings_are_not_written_or_logged_again(log_file: Path) -> None:
    chosen = settings.Settings(language="cs")
    settings.save_settings(chosen)
    written = settings.settings_path().stat().st_mtime_ns
    settings.save_settings(chosen)
    settings.save_settings(chosen)
    assert text_of(log_file).count("settings saved") == 1
    assert settings.settings_path().stat().st_mtime_ns == written
    chosen.volume = 0.25
    settings.save_settings(chosen)
    assert text_of(log_file).count("settings saved") == 2
