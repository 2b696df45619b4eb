"""The game's log file and the report written when something goes wrong.

The game is started by double-clicking, and on Windows it has no console,
so anything printed is lost. Everything worth knowing goes to a rotating
log file in the user's log folder instead (a few small files, never a
growing one), which a player can attach to a bug report. When an
unexpected error escapes, :func:`format_crash` writes a full report into
that log and the crash screen shows the player where it is.

The log is private like the saves (mode 0600: it names the player's files).
A log that cannot be written (a full disk) costs one line on the console,
not a traceback on every log call; writing resumes once it can.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import platform
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import cast

from nile_desktop import __version__, paths

LOG_NAME = "nile-desktop.log"
MAX_BYTES = 1_000_000
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

_log_path: Path | None = None


class PrivateLogHandler(logging.handlers.RotatingFileHandler):
    """A rotating log file only its owner may read, quiet when the disk refuses it."""

    failing = False

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        if os.name != "nt":
            try:
                os.fchmod(fd, 0o600)  # a log file from an older version was 0644
            except OSError:
                pass
        stream = open(fd, self.mode, encoding=self.encoding, errors=self.errors)  # text mode
        return cast(io.TextIOWrapper, stream)

    def emit(self, record: logging.LogRecord) -> None:
        self._written = True
        super().emit(record)  # a failure calls handleError, which clears _written
        if self._written:
            self.failing = False  # written again: the disk has room once more

    _written = True

    def handleError(self, record: logging.LogRecord) -> None:
        """Say once on the console that the log cannot be written (no traceback per call)."""
        self._written = False
        if self.failing:
            return
        self.failing = True
        if sys.stderr is not None:
            try:
                sys.stderr.write(f"Nile desktop: the log {self.baseFilename} cannot be written "
                                 f"({sys.exc_info()[1]}); carrying on without it\n")
            except (OSError, ValueError):
                pass


def log_path() -> Path | None:
    """The log file in use, or None before :func:`setup_logging`."""
    return _log_path


def setup_logging(level: int = logging.INFO) -> Path:
    """Send the game's log to a rotating file (1 MB × 3) and return its path.

    Calling it again does not add a second handler. If the user log folder
    cannot be written, the log goes to a new private folder (only this user
    may enter it) made in the system's temporary folder: never to a fixed
    name there, which another user of the machine could create first.
    Warnings are also shown on the console when there is one.
    """
    global _log_path
    root = logging.getLogger()
    root.setLevel(min(root.level or level, level))
    if _log_path is not None:
        return _log_path
    handler: logging.Handler | None = None
    for make_folder in (_user_log_folder, _private_temp_folder):
        try:
            folder = make_folder()
            target = folder / LOG_NAME
            # A file name from the disk may hold a lone surrogate: written escaped, not lost.
            handler = PrivateLogHandler(
                target, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8",
                errors="backslashreplace",
            )
        except OSError:
            continue
        break
    if handler is None:  # no writable folder anywhere: keep the console only
        target = paths.user_log_dir() / LOG_NAME
    else:
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.setLevel(level)
        root.addHandler(handler)
    if sys.stderr is not None:  # gui-scripts on Windows have no console at all
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(console)
    _log_path = target
    logging.getLogger(__name__).info(
        "Nile desktop %s, Python %s, %s; log at %s",
        __version__, platform.python_version(), platform.platform(), target,
    )
    return target


def _user_log_folder() -> Path:
    folder = paths.user_log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _private_temp_folder() -> Path:
    """A fresh folder of this user's only (mode 0700), with a name nobody could guess."""
    return Path(tempfile.mkdtemp(prefix="nile-desktop-log-"))


def _pygame_version() -> str:
    """pygame-ce's version and SDL's, once the game has loaded them (the window logs them too)."""
    module = sys.modules.get("pygame")
    version = getattr(module, "version", None)
    if version is None:
        return "not yet loaded"
    return f"{version.ver} (SDL {'.'.join(map(str, version.SDL))})"


def format_crash(exc: BaseException) -> str:
    """A plain-text crash report: when, which versions, and the full traceback."""
    lines = [
        f"Nile desktop {__version__} crashed at {datetime.now().isoformat(timespec='seconds')}",
        f"Python {platform.python_version()} ({sys.executable})",
        f"pygame-ce {_pygame_version()}",
        f"System {platform.platform()}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
    ]
    return "\n".join(lines) + "\n"


def log_crash(exc: BaseException) -> str:
    """Write the crash report of ``exc`` to the log and return it."""
    report = format_crash(exc)
    logging.getLogger("nile_desktop.crash").critical("unexpected error\n%s", report)
    return report


def install_excepthook() -> None:
    """Log any uncaught exception (then let Python report it as usual)."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            log_crash(exc.with_traceback(tb))
        previous(kind, exc, tb)

    sys.excepthook = hook
