"""Root-parallel search: independent searches in worker processes, statistics added up.

Python threads cannot run the search on two cores at once, so extra cores
are used through a small pool of worker processes that lives as long as the
program. Each worker runs its own search from the same view with its own
seed; the root visits and rewards of all of them are summed, which is
*root parallelisation* (Chaslot et al. 2008). Inside a frozen app, or when
processes cannot be started, everything runs in the calling process.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from nile_desktop.engine import Move, View

log = logging.getLogger(__name__)

Stats = dict[str, tuple[int, float, float]]
SearchFn = Callable[[View, list[Move], int, "int | None", "float | None"], tuple[Stats, int]]
RemoteFn = Callable[[View, list[str], int, "int | None", "float | None"], tuple[Stats, int]]

#: Most processes one search uses by default.
MAX_WORKERS = 2
#: Extra seconds to wait for a worker past the deadline before going on without it.
GRACE = 0.05

_pool: ProcessPoolExecutor | None = None
_pool_size = 0
_broken = False
_lock = threading.Lock()  # the table may ask a bot and the advisor from two threads


def worker_count(requested: int | None = None) -> int:
    """How many searches to run at once: ``requested``, else the cores (1 when frozen)."""
    if requested is not None:
        return max(1, requested)
    if getattr(sys, "frozen", False) or _broken:
        return 1
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


def exit_with_parent() -> None:
    """In a worker: end this process as soon as the process that started it ends.

    A worker waits on its pool's queue, which the dead parent can no longer
    close, so a parent that crashes or is killed would leave it behind; a
    small thread waits on the parent's sentinel instead (every system has
    one) and ends the worker the moment the parent is gone.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="nile-parent-watch", daemon=True).start()


def _get_pool(size: int) -> ProcessPoolExecutor | None:
    """The shared worker pool with at least ``size`` processes, or None if none can start.

    Workers are spawned (not forked), which is safe in a program that runs
    threads and a window, and the same on every system; each one ends with
    the program (:func:`exit_with_parent`).
    """
    global _pool, _pool_size, _broken
    with _lock:
        if _pool is not None and _pool_size >= size:
            return _pool
        _shutdown()
        try:
            _pool = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=exit_with_parent)
            _pool_size = size
        except (OSError, ValueError, NotImplementedError):
            _broken = True
            _pool = None
        return _pool


def shutdown() -> None:
    """Stop the worker processes (they are also stopped when the program exits)."""
    with _lock:
        _shutdown()


def _shutdown() -> None:
    global _pool, _pool_size
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool, _pool_size = None, 0


atexit.register(shutdown)


def _split(iterations: int | None, parts: int) -> list[int | None]:
    if iterations is None:
        return [None] * parts
    base, extra = divmod(iterations, parts)
    return [max(1, base + (1 if i < extra else 0)) for i in range(parts)]


def run_parallel(search: SearchFn, remote_search: RemoteFn, view: View, roots: list[Move],
                 seeds: list[int], iterations: int | None, deadline: float | None,
                 processes: int) -> tuple[Stats, int]:
    """Run one search per seed, on up to ``processes`` processes, and add them up.

    ``search`` runs here; ``remote_search`` (a module-level function, so a
    worker can import it) runs in the workers and takes the moves as text.

    The first search runs here, up to ``processes - 1`` others in workers,
    the rest (if any) here one after the other. Without a deadline the
    result depends only on the seeds and the cap, never on how many
    processes ran them: every share is waited for, or run here if a worker
    fails. With a deadline, a share a worker cannot deliver in time (say,
    while it is still starting up) is left out.
    """
    global _broken
    caps = _split(iterations, len(seeds))
    futures: dict[int, Future[Any]] = {}
    remote = min(processes, len(seeds)) - 1
    if remote > 0:
        pool = _get_pool(remote)
        if pool is not None:
            texts = [str(m) for m in roots]
            try:
                for i in range(1, remote + 1):
                    futures[i] = pool.submit(remote_search, view, texts, seeds[i], caps[i],
                                             deadline)
            except Exception:  # a broken pool: carry on alone
                log.warning("the search's worker processes cannot start; searching in one",
                            exc_info=True)
                _broken = True
                shutdown()
    stats: Stats = {}
    done = 0

    def add(more: Stats, n: int) -> None:
        nonlocal done
        done += n
        for text, numbers in more.items():
            mine = stats.get(text)
            if mine is not None:
                numbers = (mine[0] + numbers[0], mine[1] + numbers[1], mine[2] + numbers[2])
            stats[text] = numbers

    for i in range(len(seeds)):
        if i in futures or (i and deadline is not None):
            continue
        add(*search(view, roots, seeds[i], caps[i], deadline))
    for i, fut in futures.items():
        try:
            timeout = None if deadline is None else max(0.0, deadline - time.time()) + GRACE
            add(*fut.result(timeout=timeout))
        except FutureTimeout:
            fut.cancel()
            log.info("search share %d came too late (the worker may still be starting); "
                     "left out", i)
        except Exception:
            fut.cancel()
            if deadline is None:  # a deterministic search must not lose a share
                log.warning("search share %d failed in its worker; searched here instead", i,
                            exc_info=True)
                add(*search(view, roots, seeds[i], caps[i], None))
            else:
                log.warning("search share %d failed in its worker; left out", i, exc_info=True)
    return stats, done
