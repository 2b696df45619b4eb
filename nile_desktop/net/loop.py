"""An asyncio loop in a thread of its own, for the windowed game.

The window's loop must never wait for the network, so the host and the client run
on an event loop in a daemon thread; the screens hand it work with :meth:`call`
(a function run in the loop's thread) and :meth:`run` (a coroutine, whose future
they may poll), and read what comes back from thread-safe queues (:mod:`.link`).
No pygame.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    def __init__(self, name: str = "nile-net") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)
        self._thread.start()

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(fn, *args)

    def stop(self, timeout: float = 2.0) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
