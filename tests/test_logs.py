"""Logging: a rotating file in the user log folder and a readable crash report."""

from __future__ import annotations

import logging
import logging.handlers
from collections.abc import Iterator
from pathlib import Path

import pytest

from nile_desktop import logs


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
