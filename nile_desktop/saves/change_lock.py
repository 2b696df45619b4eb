"""One change at a time to a file that every running copy of the game changes (the record).

Two copies of the game may run at once (two windows, two players on one
account), and each adds its finished games to the same record. A change is
a read, a change and a write; two of them at once would each write what
they read, and the later would lose the other's game. So every change
holds :func:`exclusive` on the file from the read to the rename.

The lock is the operating system's own lock on a small file beside the one
it guards (``.record.json.lock``), never removed: the system releases it
when its holder ends, killed or not, so no lock outlives a copy of the
game and none needs cleaning. A lock path that is not a regular file or
cannot be opened (a folder, a pipe, a link — to a device or to nothing —,
a file without permission) is set aside as ``.bad`` as a damaged record is
and made anew; the lock is created without following a link (``O_EXCL``,
``O_NOFOLLOW``), so no link ever makes the game create or open its target.
Threads of one process take turns too. A
lock that stays taken longer than ``wait`` seconds (a copy stopped in a
debugger, a hung network disk) is :class:`LockBusyError`, an ``OSError``:
the change is refused and the file untouched, never changed unguarded.
(Save locks, :mod:`.in_play`, are another thing: they tell a person that
another copy is playing a save.)
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from nile_desktop import paths

log = logging.getLogger(__name__)

#: Seconds a change waits for another copy's change to end.
WAIT = 10.0
#: Seconds between two tries while another copy holds the lock.
POLL = 0.005

_threads: dict[Path, threading.Lock] = {}
_threads_guard = threading.Lock()


class LockBusyError(OSError):
    """Another copy (or thread) held the lock for longer than the change would wait."""


def lock_path(path: Path) -> Path:
    """The lock file that guards ``path`` (hidden, beside it)."""
    return path.with_name(f".{path.name}.lock")


def _thread_lock(path: Path) -> threading.Lock:
    with _threads_guard:
        return _threads.setdefault(path, threading.Lock())


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


#: The errors of opening a lock path that say the path itself is wrong (a link, a folder, a
#: socket, no permission), so it is set aside; any other (a full disk) is the caller's.
_UNUSABLE = {errno.ELOOP, errno.EISDIR, errno.EACCES, errno.EPERM, errno.ENXIO, errno.ETXTBSY,
             getattr(errno, "EOPNOTSUPP", errno.EPERM), getattr(errno, "EMLINK", errno.ELOOP)}
_FLAGS = (os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
          | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))


def _set_aside(path: Path, why: str, on_set_aside: Callable[[Path], None] | None) -> None:
    """Move an unusable lock path out of the way (never deleted), or raise OSError."""
    kept_as = paths.set_aside(path, "bad")
    log.warning("the lock %s was %s; kept as %s and made anew", path, why, kept_as.name)
    if on_set_aside is not None:
        on_set_aside(kept_as)


def _open_lock_file(path: Path, on_set_aside: Callable[[Path], None] | None = None) -> int:
    """An open descriptor of the regular lock file at ``path``, made if there is none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for _attempt in range(4):
        try:
            fd = os.open(path, _FLAGS)
        except FileNotFoundError:
            try:  # O_EXCL: a link put there meanwhile is never followed
                fd = os.open(path, _FLAGS | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
        except OSError as exc:
            if exc.errno not in _UNUSABLE:
                raise
            _set_aside(path, f"not usable ({exc.strerror})", on_set_aside)
            continue
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        _set_aside(path, "not a regular file", on_set_aside)
    raise LockBusyError(f"{os.fsdecode(path)!r} keeps being replaced and cannot be a lock")


@contextmanager
def exclusive(path: Path, wait: float = WAIT,
              on_set_aside: Callable[[Path], None] | None = None) -> Iterator[None]:
    """Hold the lock on ``path`` for the ``with`` block (every copy, every thread waits).

    Raises :class:`LockBusyError` after ``wait`` seconds, or the ``OSError`` of
    a lock file that cannot be made (a read-only folder). ``on_set_aside`` is
    told where an unusable lock path was moved.
    """
    deadline = time.monotonic() + wait
    inner = _thread_lock(path)
    if not inner.acquire(timeout=max(0.0, wait)):
        raise LockBusyError(f"{os.fsdecode(path)!r} is being changed by another thread")
    try:
        fd = _open_lock_file(lock_path(path), on_set_aside)
        try:
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    raise LockBusyError(f"{os.fsdecode(path)!r} is being changed by another "
                                        f"copy of the game")
                time.sleep(POLL)
            try:
                yield
            finally:
                _unlock(fd)
        finally:
            os.close(fd)
    finally:
        inner.release()
