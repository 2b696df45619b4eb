"""Logging: a rotating file in the user log folder and a readable crash report."""

from __future__ import annotations

import errno
import io
import logging
import logging.handlers
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from nile_desktop import logs, paths


@pytest.fixture
def clean_logging(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setattr(logs, "_log_path", None)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield tmp_path
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)


def test_log_file_in_user_folder(clean_logging: Path) -> None:
    """setup_logging writes to a rotating file (1 MB × 3) in the user log folder."""
    path = logs.setup_logging()
    assert path == clean_logging / "log" / "nile-desktop.log"
    logging.getLogger("nile_desktop.test").warning("a line for the log")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "a line for the log" in text and "Nile desktop" in text
    [rotating] = [h for h in logging.getLogger().handlers
                  if isinstance(h, logging.handlers.RotatingFileHandler)]
    assert (rotating.maxBytes, rotating.backupCount) == (1_000_000, 3)


def test_setup_twice_adds_no_second_handler(clean_logging: Path) -> None:
    """Calling setup_logging again returns the same file and does not double every line."""
    first = logs.setup_logging()
    count = len(logging.getLogger().handlers)
    assert logs.setup_logging() == first and len(logging.getLogger().handlers) == count
    assert logs.log_path() == first


def test_unwritable_log_folder_falls_back(clean_logging: Path) -> None:
    """If the user log folder cannot be made, the log goes to the temporary folder instead."""
    (clean_logging / "log").write_text("a file where the folder should be")
    path = logs.setup_logging()
    assert path.name == "nile-desktop.log" and path.parent != clean_logging / "log"


def test_crash_report() -> None:
    """format_crash gives the versions and the full traceback of the error."""
    def fail() -> None:
        raise ValueError("the river ran backwards")

    try:
        fail()
    except ValueError as exc:
        report = logs.format_crash(exc)
    assert "ValueError: the river ran backwards" in report
    assert "in fail" in report and "Traceback" in report
    assert "Python" in report and "pygame-ce" in report


def test_log_file_mode_is_0600_like_the_saves(clean_logging: Path) -> None:
    """The log names the player's files: only its owner may read it, as with the saves."""
    if os.name == "nt":
        pytest.skip("file modes are POSIX")
    folder = paths.user_log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / logs.LOG_NAME).write_text("an older log\n", encoding="utf-8")
    os.chmod(folder / logs.LOG_NAME, 0o644)
    path = logs.setup_logging()
    logging.getLogger("nile_desktop.test").warning("a line")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_logging_on_a_full_disk_prints_one_line_not_a_traceback_per_call(
        clean_logging: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log file the disk refuses (ENOSPC) costs one console line, then silence; no
    "--- Logging error ---" traceback on every call."""
    logs.setup_logging()
    handler = next(h for h in logging.getLogger().handlers
                   if isinstance(h, logs.PrivateLogHandler))

    class FullDisk(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    handler.stream = FullDisk()
    for number in range(5):
        logging.getLogger("nile_desktop.test").info("line %d", number)
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("cannot be written") == 1
    handler.stream = io.StringIO()
    logging.getLogger("nile_desktop.test").info("room again")
    assert not handler.failing and "room again" in handler.stream.getvalue()


def test_a_log_line_with_a_lone_surrogate_is_written_escaped(clean_logging: Path) -> None:
    """A file name read from the disk may hold \udcff; its line is kept, escaped."""
    path = logs.setup_logging()
    logging.getLogger("nile_desktop.test").warning("save %s refused", "game-\udcff.json")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "game-\\udcff.json refused" in path.read_text(encoding="utf-8")
