"""Where the game finds its read-only data and where it keeps the player's files.

The same code runs from a source checkout, from an installed wheel and from a
PyInstaller bundle; each keeps ``assets/`` and ``locales/`` in a different
place, so every lookup goes through this one module. Player files (settings,
saves, logs) always live in the platform's user folders, never next to the
program, so an app in a read-only location works.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

# The one reader of files (any layer may use it); handed on here for the game's services.
from nile_desktop.bounded_read import NotAFileError as NotAFileError
from nile_desktop.bounded_read import TooLargeError as TooLargeError
from nile_desktop.bounded_read import read_capped as read_capped
from nile_desktop.bounded_read import read_stream_capped as read_stream_capped

APP_NAME = "NileDesktop"
APP_AUTHOR = "NileDesktop"

_PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def data_root() -> Path:
    """The folder that holds ``assets/`` and ``locales/``.

    Checked in order: a PyInstaller bundle (``sys._MEIPASS``), an installed
    package (data copied to ``nile_desktop/_data`` at build time), and the
    source tree (the repository root above the package).
    """
    candidates: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle))
    candidates.append(_PACKAGE_DIR / "_data")
    candidates.append(_PACKAGE_DIR.parent)
    for root in candidates:
        if (root / "assets").is_dir():
            return root
    raise FileNotFoundError(
        "The game's data folder (assets/) was not found; looked in: "
        + ", ".join(str(c) for c in candidates)
    )


def assets_dir() -> Path:
    """The read-only game art, fonts and sounds."""
    return data_root() / "assets"


def locales_dir() -> Path:
    """The translation catalogues, ``locales/<lang>/LC_MESSAGES/``."""
    return data_root() / "locales"


def asset(*parts: str) -> Path:
    """Path of one file under ``assets/``, e.g. ``asset("cards", "wheat.svg")``."""
    return assets_dir().joinpath(*parts)


def _user_dir(kind: str) -> Path:
    override = os.environ.get("NILE_DESKTOP_HOME")
    if override:
        return Path(override) / kind
    # Loaded only to find the user's folders: the engine's command line reads files through
    # this module on a bare Python (the golden replays), where platformdirs is not installed.
    import platformdirs

    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_NAME, APP_AUTHOR))
    if kind == "data":
        return Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    return Path(platformdirs.user_log_dir(APP_NAME, APP_AUTHOR))


def user_config_dir() -> Path:
    """Settings live here. ``NILE_DESKTOP_HOME`` redirects all user folders (tests)."""
    return _user_dir("config")


def user_data_dir() -> Path:
    """Saves live here."""
    return _user_dir("data")


def user_log_dir() -> Path:
    """Log files live here."""
    return _user_dir("log")


def write_atomic(path: Path, data: bytes | str, *, replace: bool = True) -> None:
    """Replace ``path`` with ``data`` so that it is never seen half-written.

    The data goes to a temporary file in the same folder, is flushed to disk,
    and is then renamed over ``path`` (an atomic step on every system we
    ship for); the folder itself is then synced, so a power cut right after
    cannot undo the rename. If anything fails the old file is untouched and
    the temporary one is removed. Text is written as UTF-8 (a text that
    cannot be encoded raises ``UnicodeEncodeError`` before anything is
    written). Missing folders are created. With ``replace=False`` an existing
    ``path`` is never replaced: ``FileExistsError`` is raised instead (the name
    is taken with a hard link, which cannot overwrite).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    # The temporary name starts with (at most 50 characters of) the file's own name, so a
    # file whose name is near the disk's limit of 255 bytes can still be written.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:50]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(Path(tmp), path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def _link_new(tmp: Path, path: Path) -> None:
    """Give the written ``tmp`` the name ``path`` only if no file has it; FileExistsError else."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:  # no hard links on this disk: check, then rename (a tiny window)
        if os.path.lexists(path):
            raise FileExistsError(f"{os.fsdecode(path)!r} exists") from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename in it) to disk; a no-op where folders cannot be opened."""
    if os.name == "nt":  # Windows commits a rename with the file; folders cannot be fsynced
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


TEMP_SUFFIX = ".tmp"
#: A temporary file older than this was left by a write that never finished.
STALE_TEMP_SECONDS = 3600.0


def remove_stale_temp_files(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files :func:`write_atomic` left behind in ``folder``.

    A write that is cut short (power cut, killed process) leaves its
    ``.<name>.*.tmp`` file. Only files of that pattern older than an hour
    are removed, so a write in progress in another copy of the game is never
    touched. Returns what was removed; never raises.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if not entry.is_file() or now - entry.stat().st_mtime < STALE_TEMP_SECONDS:
                continue
            entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def set_aside(path: Path, tag: str = "bad") -> Path:
    """Rename ``path`` to ``<name>.<tag>`` (or ``<name>.<tag>-2``, ``-3``…) and return the new path.

    The new name is always a free one: an earlier file set aside is never
    overwritten (the name is taken with a hard link, which fails rather than
    replace a file). Raises OSError if the file cannot be moved.
    """
    base = path.name + f".{tag}"
    try:
        taken = {entry.name for entry in path.parent.iterdir() if entry.name.startswith(base)}
    except OSError:
        taken = set()
    number = 1
    while True:
        target = path.with_name(base if number == 1 else f"{base}-{number}")
        number += 1
        if target.name in taken:
            continue
        try:
            os.link(path, target)  # fails if the target exists: never overwrites
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some network or FAT disks)
            if target.exists():
                continue
            os.rename(path, target)
        else:
            os.unlink(path)
        sync_folder(path.parent)
        return target
