"""Asking bots for moves off the UI thread, so the window keeps drawing.

:class:`Worker` is one thread answering one request at a time, polled by the
UI; :class:`BotRunner` asks bots through it (the table's win chance asks its
estimate through another). A bot's request carries only immutable data
(the seat's :func:`~nile_desktop.engine.observe` view, the legal moves and
a seeded random generator), never the live game state, so the table may
keep drawing the state while a bot thinks. The table polls :meth:`result`
once per update; pacing (how long a bot's move stays on screen) is the
table's business, not the bot's.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from nile_desktop.ai import Bot, RandomBot, Reason
from nile_desktop.ai import make_bot as ai_make_bot
from nile_desktop.engine import Move, View

log = logging.getLogger(__name__)


def make_bot(level: str) -> Bot:
    """A bot of ``level`` (one of :data:`nile_desktop.ai.LEVELS`), or the random bot for an
    unknown level (a save written by a newer version)."""
    try:
        return ai_make_bot(level)
    except ValueError:
        log.warning("no bot of level %r; it plays at random", level)
        return RandomBot()


class Worker:
    """One worker thread that answers one request at a time; the UI thread polls it."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Any] | None = None

    @property
    def busy(self) -> bool:
        return self._future is not None

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """Start ``fn(*args)`` on the worker; its answer comes from :meth:`take`."""
        if self._future is not None:
            raise RuntimeError(f"{self._name} is already working")
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self._name)
        self._future = self._pool.submit(fn, *args)

    def take(self) -> Future[Any] | None:
        """The finished request (taken: the worker is free again), or None if none is done."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        return future

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current request is answered (tests and shutdown only)."""
        if self._future is not None:
            self._future.exception(timeout)

    def cancel(self) -> None:
        """Forget a pending answer (the scene is closing, or the position changed)."""
        if self._future is not None:
            self._future.cancel()
            self._future = None

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class BotRunner(Worker):
    """Runs ``bot.choose`` on the worker thread, one request at a time."""

    def __init__(self) -> None:
        super().__init__("nile-bot")
        self._bots: dict[str, Bot] = {}

    def bot(self, level: str) -> Bot:
        if level not in self._bots:
            self._bots[level] = make_bot(level)
        return self._bots[level]

    def ask(self, level: str, view: View, legal: Sequence[Move], rng: random.Random) -> None:
        """Start thinking; the answer comes from :meth:`result`."""
        self.submit(self.bot(level).choose, view, legal, rng)

    def result(self) -> tuple[Move, Reason | str] | None:
        """The bot's ``(move, reason)`` once it has decided, else None.

        The reason stays a ``Reason`` (a message id and values), so the table
        tells it in the language current when it is drawn, not in English.

        An error inside the bot is raised here, on the UI thread, where the
        app turns it into the crash screen.
        """
        future = self.take()
        if future is None:
            return None
        answer = future.result()
        if isinstance(answer, tuple):
            move, reason = answer[0], (answer[1] if len(answer) > 1 else "")
        else:
            move, reason = answer, ""
        return move, reason or ""
