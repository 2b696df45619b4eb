"""Computing a review without freezing the table: worker processes, progress, cancelling.

:func:`compute_review` runs a game's jobs (:mod:`.analysis`, one per move
plus the deal) and calls ``progress(done, total)`` after each. The jobs go
to worker processes (spawned, the cores at most two, none inside a frozen
app, each at a lower priority and ending with the game) so the table's own
process stays free; each job has its own seed, so the result is the same on
any number of processes. ``cancel`` (a :class:`threading.Event`) stops a
review with :class:`Cancelled` within one determinisation: jobs not yet
started are dropped, and a job already running, here or in a worker (the
pool shares a stop event with its workers), stops at its next one, so a
cancelled deep review leaves no core busy behind it. :class:`ReviewTask`
runs all this in a background thread and holds the progress, the result or
the error for the table to poll.
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

from .analysis import Job, Step, replay, run_job, start_point
from .evaluate import DEFAULT_ITERATIONS, EVALUATOR, Cancelled, Stop

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event as ProcessEvent

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Review:
    """A whole game's review: the chart's first point and one :class:`Step` per move."""

    evaluator: str
    iterations: int
    seed: int
    names: tuple[str, ...]
    seats: tuple[int, ...]  # the seats whose decisions were measured
    start: tuple[float, ...]
    steps: tuple[Step, ...]

    @property
    def chart(self) -> list[tuple[float, ...]]:
        """Every seat's win chance (percent, own view) at the deal and after each move."""
        return [self.start, *(step.chart for step in self.steps)]

    def to_dict(self) -> dict[str, Any]:
        return {"evaluator": self.evaluator, "iterations": self.iterations, "seed": self.seed,
                "names": list(self.names), "seats": list(self.seats), "start": list(self.start),
                "steps": [step.to_dict() for step in self.steps]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """A review from :meth:`to_dict`'s data; ValueError/KeyError/TypeError if damaged."""
        return cls(evaluator=str(data["evaluator"]), iterations=int(data["iterations"]),
                   seed=int(data["seed"]), names=tuple(str(n) for n in data["names"]),
                   seats=tuple(int(s) for s in data["seats"]),
                   start=tuple(float(x) for x in data["start"]),
                   steps=tuple(Step.from_dict(s) for s in data["steps"]))


@dataclass(frozen=True)
class Game:
    """The part of a save a review needs (a :class:`~nile_desktop.saves.SaveGame` has it all)."""

    rules: dict[str, Any]
    seed: int
    moves: tuple[str, ...]
    names: tuple[str, ...]
    kinds: tuple[str, ...]

    @classmethod
    def from_save(cls, save: Any) -> Game:
        return cls(dict(save.rules), int(save.seed), tuple(save.moves),
                   tuple(seat.name for seat in save.seats), tuple(seat.kind for seat in save.seats))

    def people(self) -> tuple[int, ...]:
        """The seats played by a person; every seat if none is (a game of bots)."""
        humans = tuple(s for s, kind in enumerate(self.kinds) if kind == "human")
        return humans or tuple(range(len(self.kinds)))


def plan(game: Game, iterations: int, seed: int,
         seats: Sequence[int] | None = None) -> tuple[list[Job], tuple[int, ...]]:
    """The jobs of a review: the deal, then one per move; and the seats measured."""
    chosen = tuple(sorted(set(game.people() if seats is None else seats)))
    state = replay(game.rules, game.seed, ())
    jobs = [Job(game.rules, game.seed, (), False, iterations, seed)]
    for i, move in enumerate(game.moves):
        jobs.append(Job(game.rules, game.seed, game.moves[:i + 1], state.active in chosen,
                        iterations, seed))
        state.apply(move)
    return jobs, chosen


def _run(job: Job, stop: Stop | None = None) -> tuple[float, ...] | Step:
    return start_point(job, stop) if not job.moves else run_job(job, stop)


def compute_review(game: Game, iterations: int = DEFAULT_ITERATIONS, seed: int = 0,
                   seats: Sequence[int] | None = None, progress: Progress | None = None,
                   cancel: threading.Event | None = None, workers: int | None = None) -> Review:
    """Review ``game``; see the module docstring. Raises :class:`Cancelled` if cancelled."""
    jobs, chosen = plan(game, iterations, seed, seats)
    results: list[Any] = [None] * len(jobs)
    total = len(jobs)

    def tick(done: int) -> None:
        if progress is not None:
            progress(done, total)

    tick(0)
    processes = worker_count(workers)
    done = _run_in_pool(jobs, results, processes, tick, cancel) if processes > 1 else 0
    _run_here(jobs, results, done, tick, cancel)
    return Review(EVALUATOR, iterations, seed, game.names, chosen, results[0],
                  tuple(results[1:]))


def _run_here(jobs: list[Job], results: list[Any], done: int, tick: Callable[[int], None],
              cancel: threading.Event | None) -> None:
    """Run the jobs without a result yet in this process, one after the other."""
    for i, job in enumerate(jobs):
        if results[i] is None:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            results[i] = _run(job, None if cancel is None else cancel.is_set)
            done += 1
            tick(done)


#: How much lower than the game's own process a review worker runs (``os.nice``).
WORKER_NICENESS = 10


#: In a worker: the pool's shared stop signal, set when the review is cancelled.
_worker_stop: ProcessEvent | None = None


def _review_worker(stop: ProcessEvent) -> None:
    """In a worker: yield the processor to the window (a lower priority), end with the game.

    ``stop`` is the pool's shared event; the worker's jobs ask it before
    each determinisation.
    """
    global _worker_stop
    _worker_stop = stop
    exit_with_parent()
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice() on Windows; a refusal only costs smoothness
        pass


def _run_in_worker(job: Job) -> tuple[float, ...] | Step:
    """A job in a worker process, stopping when the pool's stop signal is set."""
    return _run(job, None if _worker_stop is None else _worker_stop.is_set)


def _run_in_pool(jobs: list[Job], results: list[Any], processes: int,
                 tick: Callable[[int], None], cancel: threading.Event | None) -> int:
    """Run the jobs on worker processes; return how many ran (a broken pool leaves some)."""
    done = 0
    context = multiprocessing.get_context("spawn")
    try:
        stop = context.Event()
        pool = ProcessPoolExecutor(processes, mp_context=context,
                                   initializer=_review_worker, initargs=(stop,))
    except (OSError, ValueError, NotImplementedError, ImportError):
        pool = None  # no processes or no shared events here: everything runs in this one
    if pool is not None:
        try:
            pending = {pool.submit(_run_in_worker, job): i for i, job in enumerate(jobs)}
            while pending:
                finished, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                if cancel is not None and cancel.is_set():
                    raise Cancelled
                for fut in finished:
                    index = pending.pop(fut)
                    try:
                        results[index] = fut.result()
                    except (BrokenProcessPool, OSError):
                        continue  # run below, in this process
                    done += 1
                    tick(done)
        finally:
            stop.set()  # a job still running in a worker stops at its next determinisation
            threading.Thread(target=_close_pool, args=(pool, stop), daemon=True,
                             name="review-pool-closer").start()
    return done


def _close_pool(pool: ProcessPoolExecutor, stop: ProcessEvent) -> None:
    """Drop the jobs not yet started and wait for the workers to end, off the caller's thread.

    Holding ``stop`` until then matters: a worker still starting reads the
    shared event when it begins, and the event's system semaphore goes away
    with its last reference in this process (this call's argument is one).
    """
    pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class ReviewTask:
    """A review computed in a background thread; poll :attr:`progress` and :attr:`done`.

    After it ends, :attr:`result` holds the review, or :attr:`error` what
    went wrong (:class:`Cancelled` after :meth:`cancel`).
    """

    game: Game
    iterations: int = DEFAULT_ITERATIONS
    seed: int = 0
    workers: int | None = None
    progress: tuple[int, int] = (0, 0)
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

        try:
            self.result = compute_review(self.game, self.iterations, self.seed,
                                         progress=report, cancel=self._cancel,
                                         workers=self.workers)
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
