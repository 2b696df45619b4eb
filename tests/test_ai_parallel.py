"""The search's worker processes: a failed share is logged, and workers end with the app."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from nile_desktop.ai import parallel
from nile_desktop.ai.search import remote_search, root_moves, search
from nile_desktop.engine import Rules, new_game, observe

ROOT = Path(__file__).resolve().parent.parent


def _failing_remote(*args: object) -> object:
    raise RuntimeError("worker blew up")


def _position():
    state = new_game(Rules(2), 5)
    view = observe(state, state.active)
    roots, _ = root_moves(view, state.legal_moves())
    return view, roots


@pytest.mark.parametrize("deadline", [None, "soon"])
def test_a_failed_worker_share_is_logged_with_its_exception(monkeypatch, caplog,
                                                           deadline) -> None:
    view, roots = _position()
    threads = ThreadPoolExecutor(1)
    monkeypatch.setattr(parallel, "_get_pool", lambda size: threads)
    when = None if deadline is None else time.time() + 30
    with caplog.at_level(logging.WARNING, logger="nile_desktop.ai.parallel"):
        stats, done = parallel.run_parallel(search, _failing_remote, view, roots, [1, 2], 20,
                                            when, 2)
    threads.shutdown()
    record = next(r for r in caplog.records if "failed in its worker" in r.getMessage())
    assert record.exc_info is not None and "worker blew up" in str(record.exc_info[1])
    # Without a deadline the share is searched here instead, so nothing is lost.
    assert done == (20 if deadline is None else 10)
    assert sum(v[0] for v in stats.values()) == done


def test_remote_search_takes_moves_as_text() -> None:
    view, roots = _position()
    stats, done = remote_search(view, [str(m) for m in roots], 3, 8, None)
    assert done == 8 and set(stats) <= {str(m) for m in roots}


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_end_when_their_parent_is_killed() -> None:
    """kill -9 the program while its search workers wait: they end within seconds instead of
    living on as orphans."""
    script = textwrap.dedent("""
        import sys
        from nile_desktop.ai import parallel
        pool = parallel._get_pool(2)
        for f in [pool.submit(abs, -1) for _ in range(4)]:
            f.result()
        print(" ".join(str(p) for p in pool._processes), flush=True)
        sys.stdin.read()
    """)
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    workers = [int(p) for p in parent.stdout.readline().split()]
    assert workers and all(_alive(p) for p in workers)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)  # polling the condition, not waiting a fixed time
    assert not any(_alive(p) for p in workers)
