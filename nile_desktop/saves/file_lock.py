"""One change at a time to a file that every running copy of the game changes (the record).

Two copies of the game may run at once (two windows, two players on one
account), and each adds its finished games to the same record. A change is
a read, a change and a write; two of them at once would each write what
they read, and the later would lose the other's game. So every change
holds :func:`exclusive` on the file from the read to the rename.

The lock is the operating system's own lock on a small file beside the one
it guards (``.record.json.lock``), never removed: the system releases it
when its holder ends, killed or not, so no lock outlives a copy of the
game and none needs cleaning. Threads of one process take turns too. A
lock that stays taken longer than ``wait`` seconds (a copy stopped in a
debugger, a hung network disk) is :class:`LockBusyError`, an ``OSError``:
the change is refused and the file untouched, never changed unguarded.
(Save locks, :mod:`.locks`, are another thing: they tell a person that
another copy is playing a save.)
"""

from __future__ import annotations

import os
import stat
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


def _open_lock_file(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LockBusyError(f"{os.fsdecode(path)!r} is not a regular file and cannot be a lock")
    return fd


@contextmanager
def exclusive(path: Path, wait: float = WAIT) -> Iterator[None]:
    """Hold the lock on ``path`` for the ``with`` block (every copy, every thread waits).

    Raises :class:`LockBusyError` after ``wait`` seconds, or the ``OSError`` of
    a lock file that cannot be made (a read-only folder).
    """
    deadline = time.monotonic() + wait
    inner = _thread_lock(path)
    if not inner.acquire(timeout=max(0.0, wait)):
        raise LockBusyError(f"{os.fsdecode(path)!r} is being changed by another thread")
    try:
        fd = _open_lock_file(lock_path(path))
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
