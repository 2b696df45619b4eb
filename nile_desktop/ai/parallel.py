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
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor

from nile_desktop.engine import Move, View

Stats = dict[str, tuple[float, ...]]
SearchFn = Callable[..., tuple[Stats, int]]

#: Most processes one search uses by default.
MAX_WORKERS = 2
#: Extra seconds to wait for a worker past the deadline before going on without it.
GRACE = 0.05

_pool: ProcessPoolExecutor | None = None
_pool_size = 0
_broken = False


def worker_count(requested: int | None = None) -> int:
    """How many searches to run at once: ``requested``, else the cores (1 when frozen)."""
    if requested is not None:
        return max(1, requested)
    if getattr(sys, "frozen", False) or _broken:
        return 1
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


def _get_pool(size: int) -> ProcessPoolExecutor | None:
    global _pool, _pool_size, _broken
    if _pool is not None and _pool_size >= size:
        return _pool
    shutdown()
    try:
        _pool = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"))
        _pool_size = size
    except (OSError, ValueError, NotImplementedError):
        _broken = True
        _pool = None
    return _pool


def shutdown() -> None:
    """Stop the worker processes (they are also stopped when the program exits)."""
    global _pool, _pool_size
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool, _pool_size = None, 0


atexit.register(shutdown)


def _remote(view: View, roots: list[str], seed: int, iterations: int | None,
            deadline: float | None) -> tuple[Stats, int]:
    from .search import search

    return search(view, [Move.parse(t) for t in roots], seed, iterations, deadline)


def _split(iterations: int | None, parts: int) -> list[int | None]:
    if iterations is None:
        return [None] * parts
    base, extra = divmod(iterations, parts)
    return [max(1, base + (1 if i < extra else 0)) for i in range(parts)]


def run_parallel(search: SearchFn, view: View, roots: list[Move], seeds: list[int],
                 iterations: int | None, deadline: float | None) -> tuple[Stats, int]:
    """Run one search per seed (the first here, the others in workers) and add them up.

    With an iteration cap and no deadline the result depends only on the
    seeds: every worker's share is waited for. With a deadline, a worker
    that is late (say, still starting up) is left out.
    """
    global _broken
    caps = _split(iterations, len(seeds))
    futures: list[Future] = []
    if len(seeds) > 1:
        pool = _get_pool(len(seeds) - 1)
        if pool is not None:
            texts = [str(m) for m in roots]
            try:
                futures = [pool.submit(_remote, view, texts, s, cap, deadline)
                           for s, cap in zip(seeds[1:], caps[1:], strict=True)]
            except Exception:  # a broken pool: carry on alone
                _broken = True
                shutdown()
                futures = []
    stats, done = search(view, roots, seeds[0], caps[0], deadline)
    stats = dict(stats)
    for i, fut in enumerate(futures):
        try:
            timeout = None if deadline is None else max(0.0, deadline - time.time()) + GRACE
            more, n = fut.result(timeout=timeout)
        except Exception:
            fut.cancel()
            if deadline is None:  # a deterministic search must not lose a share
                more, n = search(view, roots, seeds[i + 1], caps[i + 1], None)
            else:
                continue
        done += n
        for text, numbers in more.items():
            mine = stats.get(text)
            if mine is not None:
                numbers = tuple(a + b for a, b in zip(mine, numbers, strict=True))
            stats[text] = numbers
    return stats, done
