"""Computing a review without freezing the table: two passes, worker processes, cancelling.

:func:`compute_review` runs a game's jobs (:func:`.charts.plan`: the measured
seats' decisions first, then the chart points of each view) in two passes.
The first takes a quarter of the samples (:func:`coarse_samples`) and gives a
whole review, chart and marks, that ``shown`` receives at once, so the
screen is usable early; the second goes on from where each job stopped up
to the full count, which costs no more than one pass of the full count
would (every sample draws from its own stream: the same review either way).
``progress(done, total)`` is called after each job of either pass.

The jobs go to worker processes (spawned, the cores at most two, none
inside a frozen app, each at a lower priority and ending with the game) so
the table's own process stays free; each job has its own seed, so the
result is the same on any number of processes. ``cancel`` (a
:class:`threading.Event`) stops a review with :class:`Cancelled` within one
sample: jobs not yet started are dropped, and a job already running, here
or in a worker (the pool shares a stop event with its workers), stops at
its next sample, so a cancelled deep review leaves no core busy behind it.
:class:`ReviewTask` runs all this in a background thread and holds the
progress, the first pass, the result or the error for the screen to poll.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nile_desktop.ai.parallel import exit_with_parent, worker_count

from .analysis import Job, run_job
from .charts import Game, Review, assemble, plan, result_key
from .evaluate import DEFAULT_ITERATIONS, Cancelled, Stop

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event as ProcessEvent

Progress = Callable[[int, int], None]
#: One job's work in a pass: the job, its samples, its state so far, whether it is the last.
Task = tuple[Job, int, Any, bool]

__all__ = ["Cancelled", "Game", "Review", "ReviewTask", "coarse_samples", "compute_review"]


def coarse_samples(iterations: int) -> int:
    """The samples of the first pass: a quarter of the review's."""
    return max(1, iterations // 4)


def compute_review(game: Game, iterations: int = DEFAULT_ITERATIONS, seed: int = 0,
                   seats: Sequence[int] | None = None, progress: Progress | None = None,
                   cancel: threading.Event | None = None, workers: int | None = None,
                   views: Sequence[str] | None = None, have: Review | None = None,
                   shown: Callable[[Review], None] | None = None) -> Review:
    """Review ``game``; see the module docstring. Raises :class:`Cancelled` if cancelled.

    ``views`` are the charts to draw (default: the first person's view); ``have``, an
    earlier review of the same game whose decisions and charts are kept (to add a view).
    """
    views = list(views) if views else [game.default_view()]
    if have is not None:
        seats = have.seats
        views = [*have.views, *(v for v in views if v not in have.views)]
    jobs, chosen = plan(game, iterations, seed, seats, views, have)
    total = 2 * len(jobs)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    states: list[Any] = [None] * len(jobs)
    results: dict[tuple[str, int, str], Any] = {}
    with Workers(worker_count(workers), cancel) as pool:
        for samples, last in ((coarse_samples(iterations), False), (iterations, True)):
            answers = pool.run([(job, samples, states[i], last) for i, job in enumerate(jobs)],
                               tick)
            for i, (state, measured) in enumerate(answers):
                states[i] = state
                results[result_key(jobs[i])] = measured
            review = assemble(game, iterations, seed, chosen, views, results, have, last)
            if not last and shown is not None:
                shown(review)
    return review


def _run(task: Task, stop: Stop | None) -> tuple[Any, Any]:
    job, samples, state, last = task
    return run_job(job, samples, state, stop, last)


#: How much lower than the game's own process a review worker runs (``os.nice``).
WORKER_NICENESS = 10

#: In a worker: the pool's shared stop signal, set when the review is cancelled.
_worker_stop: ProcessEvent | None = None


def _review_worker(stop: ProcessEvent) -> None:
    """In a worker: yield the processor to the window (a lower priority), end with the game.

    ``stop`` is the pool's shared event; the worker's jobs ask it before each sample.
    """
    global _worker_stop
    _worker_stop = stop
    exit_with_parent()
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice() on Windows; a refusal only costs smoothness
        pass


def _run_in_worker(task: Task) -> tuple[Any, Any]:
    """A job in a worker process, stopping when the pool's stop signal is set."""
    return _run(task, None if _worker_stop is None else _worker_stop.is_set)


class Workers:
    """The review's worker processes for both passes (none for one process, or where
    processes cannot be made): :meth:`run` does a pass's tasks and returns their answers."""

    def __init__(self, processes: int, cancel: threading.Event | None) -> None:
        self.cancel = cancel
        self.pool: ProcessPoolExecutor | None = None
        self.stop: ProcessEvent | None = None
        if processes > 1:
            context = multiprocessing.get_context("spawn")
            try:
                self.stop = context.Event()
                self.pool = ProcessPoolExecutor(processes, mp_context=context,
                                                initializer=_review_worker,
                                                initargs=(self.stop,))
            except (OSError, ValueError, NotImplementedError, ImportError):
                self.pool = None  # no processes or no shared events: all runs in this one

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None and self.stop is not None:
            self.stop.set()  # a job still running in a worker stops at its next sample
            threading.Thread(target=_close_pool, args=(self.pool, self.stop), daemon=True,
                             name="review-pool-closer").start()
            self.pool = None

    def _cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

    def run(self, tasks: list[Task], tick: Callable[[], None]) -> list[Any]:
        answers: list[Any] = [None] * len(tasks)
        if self.pool is not None:
            try:
                pending = {self.pool.submit(_run_in_worker, task): i
                           for i, task in enumerate(tasks)}
            except (BrokenProcessPool, RuntimeError):
                pending = {}
            while pending:
                finished, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                if self._cancelled():
                    raise Cancelled
                for fut in finished:
                    index = pending.pop(fut)
                    try:
                        answers[index] = fut.result()
                    except (BrokenProcessPool, OSError):
                        continue  # run below, in this process
                    tick()
        stop = None if self.cancel is None else self.cancel.is_set
        for i, task in enumerate(tasks):
            if answers[i] is None:
                if self._cancelled():
                    raise Cancelled
                answers[i] = _run(task, stop)
                tick()
        return answers


def _close_pool(pool: ProcessPoolExecutor, stop: ProcessEvent) -> None:
    """Drop the jobs not yet started and wait for the workers to end, off the caller's thread.

    Holding ``stop`` until then matters: a worker still starting reads the
    shared event when it begins, and the event's system semaphore goes away
    with its last reference in this process (this call's argument is one).
    """
    pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class ReviewTask:
    """A review computed in a background thread; poll :attr:`progress`, :attr:`shown` and
    :attr:`done`.

    :attr:`shown` holds the first pass's review as soon as it is whole; after the
    task ends, :attr:`result` holds the review, or :attr:`error` what went wrong
    (:class:`Cancelled` after :meth:`cancel`). ``views`` and ``have`` are
    :func:`compute_review`'s (a task that adds a view to a review).
    """

    game: Game
    iterations: int = DEFAULT_ITERATIONS
    seed: int = 0
    workers: int | None = None
    views: tuple[str, ...] = ()
    have: Review | None = None
    progress: tuple[int, int] = (0, 0)
    shown: Review | None = None
    result: Review | None = None
    error: BaseException | None = None
    _cancel: threading.Event = field(default_factory=threading.Event, repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)

    def start(self) -> ReviewTask:
        self._thread = threading.Thread(target=self._work, name="nile-review", daemon=True)
        self._thread.start()
        return self

    def _work(self) -> None:
        def report(done: int, total: int) -> None:
            self.progress = (done, total)

        def first(review: Review) -> None:
            self.shown = review

        try:
            self.result = compute_review(self.game, self.iterations, self.seed,
                                         progress=report, cancel=self._cancel,
                                         workers=self.workers, views=self.views or None,
                                         have=self.have, shown=first)
        except BaseException as exc:  # noqa: BLE001 - kept for the table to show, never lost
            self.error = exc

    @property
    def done(self) -> bool:
        return self._thread is not None and not self._thread.is_alive()

    @property
    def fraction(self) -> float:
        done, total = self.progress
        return done / total if total else 0.0

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True if it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.done
