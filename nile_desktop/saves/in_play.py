"""Which saves are in play right now, by this copy of the game or another one (their marks).

Two copies of the game may run on one saves folder (two windows, two
players on one account). Each writes its game after every move, so two
copies continuing the same save would overwrite each other's moves. A copy
that plays a save therefore holds a lock on it: a small file
``.<save name>.lock`` beside the save, holding the owner's process id and
machine name. Another copy sees the lock, marks the save as being played
elsewhere on the Load screen and asks before continuing it.

A lock outlives its owner only if the owner was killed; such a stale lock
(its process is gone) is removed as soon as it is seen. A lock from another
machine (a shared network folder) cannot be checked and is trusted. Every
lock this process holds is released when it plays another save, when the
game is left, and when the process ends.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import logging
import os
import socket
from datetime import datetime, timezone
from pathlib import Path

from nile_desktop import paths

log = logging.getLogger(__name__)

LOCK_SUFFIX = ".lock"
#: A lock file is a few dozen bytes; anything larger is not one of ours.
MAX_LOCK_BYTES = 4096

_held: set[Path] = set()


def lock_path(save: Path) -> Path:
    """The lock file of the save at ``save`` (hidden, so no list shows it).

    A long save name is cut and given a short digest, so the lock's name stays
    within every disk's limit of 255 bytes.
    """
    name = save.name
    if len(name.encode("utf-8", "surrogatepass")) > 200:
        digest = hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        name = name[:60] + "-" + digest
    return save.with_name(f".{name}{LOCK_SUFFIX}")


def _host() -> str:
    try:
        return socket.gethostname()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    """Whether a process with id ``pid`` runs on this machine."""
    if pid <= 0:
        return False
    if os.name == "nt":
        return _alive_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        return True
    except OSError:
        return False
    return True


def _alive_windows(pid: int) -> bool:
    import ctypes  # Windows only: there is no signal 0 to ask with

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    code = ctypes.c_ulong()
    ok = kernel.GetExitCodeProcess(handle, ctypes.byref(code))
    kernel.CloseHandle(handle)
    return bool(ok) and code.value == 259  # STILL_ACTIVE


def owner(save: Path) -> int | None:
    """The process id of another running copy that plays ``save``, or None.

    None when nobody holds the save, when this process does, or when the lock
    was left by a process that is gone (that stale lock is removed here).
    """
    path = lock_path(save)
    try:
        raw = paths.read_capped(path, MAX_LOCK_BYTES)
    except FileNotFoundError:
        return None
    except OSError:
        return None  # a lock we cannot read cannot be trusted or cleared: ignore it
    try:
        data = json.loads(raw.decode("utf-8"))
        pid, host = data["pid"], data["host"]
        if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(host, str):
            raise ValueError("not a lock")
    except (ValueError, KeyError, TypeError, RecursionError):
        _remove(path, "damaged")
        return None
    if host == _host() and pid == os.getpid():
        return None
    if host and host != _host():
        return pid  # another machine's process: it cannot be checked from here
    if not _alive(pid):
        _remove(path, f"stale (process {pid} is gone)")
        return None
    return pid


def _remove(path: Path, why: str) -> None:
    try:
        path.unlink()
    except OSError:
        return
    log.info("removed the %s save lock %s", why, path)


def claim(save: Path) -> None:
    """Mark ``save`` as played by this process (releasing any other save it held).

    Never raises: a lock that cannot be written only means another copy will
    not be warned.
    """
    for other in list(_held):
        if other != save:
            release(other)
    data = {"pid": os.getpid(), "host": _host(),
            "since": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    try:
        paths.write_atomic(lock_path(save), json.dumps(data) + "\n")
    except OSError as exc:
        log.warning("could not lock the save %s: %s", save, exc)
        return
    _held.add(save)


def release(save: Path) -> None:
    """Give up this process's lock on ``save`` (if it holds one)."""
    if save not in _held:
        return
    _held.discard(save)
    path = lock_path(save)
    try:
        raw = paths.read_capped(path, MAX_LOCK_BYTES)
        if json.loads(raw.decode("utf-8")).get("pid") != os.getpid():
            return  # another copy took it over (after asking its player): leave theirs
    except (OSError, ValueError, AttributeError, RecursionError):
        return
    _remove(path, "released")


def release_all() -> None:
    """Give up every lock this process holds (at exit)."""
    for save in list(_held):
        release(save)


def held() -> set[Path]:
    """The saves this process holds locks on."""
    return set(_held)


atexit.register(release_all)
