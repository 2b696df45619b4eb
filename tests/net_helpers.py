"""Helpers of the network tests: a host on the loopback and bot clients in one event loop."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nile_desktop.ai import make_bot
from nile_desktop.engine import Rules
from nile_desktop.net.client import Client, LinkState
from nile_desktop.net.host import GameHost
from nile_desktop.net.messages import Ended, HostMessage, Seats, Update, Welcome
from nile_desktop.net.seating import HostSeat, NetRecord
from nile_desktop.saves import SaveGame, new_save
from nile_desktop.seats import SeatKind

CODE = "lotus-falcon-river"


def make_host(roles: list[str], seed: int = 7, **options: Any) -> GameHost:
    seats = [HostSeat("remote" if r == "remote" else "bot", f"P{i + 1}",
                      SeatKind.HUMAN if r == "remote" else SeatKind(r), i)
             for i, r in enumerate(roles)]
    record = NetRecord(CODE, "00112233aabbccdd", 0, seats)
    return GameHost(record, Rules(players=len(roles)), seed, **options)


def start_save(host: GameHost) -> SaveGame:
    return new_save(host.rules.to_dict(), host.seed, [s.save_seat() for s in host.seats])


@dataclass
class BotClient:
    """A client that plays its seat with a random bot and keeps every message."""

    port: int
    name: str = "bot"
    code: str = CODE
    token: str | None = None
    raw: list[dict[str, Any]] = field(default_factory=list)
    got: list[HostMessage | LinkState] = field(default_factory=list)
    client: Client | None = None
    play: bool = True
    #: Set to stop moving (a person gone quiet).
    quiet: bool = False

    async def run(self, until: Callable[[BotClient], bool] | None = None,
                  reconnect_for: float = 30.0) -> Ended:
        queue: asyncio.Queue[HostMessage | LinkState] = asyncio.Queue()
        self.client = Client("127.0.0.1", self.port, self.code, self.name, "en",
                             queue.put_nowait, reconnect_for=reconnect_for,
                             on_raw=self.raw.append)
        if self.token is not None:
            self.client.token = self.token
        task = asyncio.ensure_future(self.client.run())
        bot = make_bot("random")
        rng = random.Random(1)
        latest: Update | None = None
        moved_for: int | None = None
        try:
            while True:
                message = await queue.get()
                self.got.append(message)
                if isinstance(message, Ended):
                    return message
                if until is not None and until(self):
                    await self.client.leave()
                if isinstance(message, Update):
                    latest = message
                if isinstance(message, Welcome):
                    moved_for = None  # joined again: a move sent as the host went down is lost
                if latest is not None and self.play and not self.quiet and queue.empty() \
                        and not latest.over and moved_for != latest.n:
                    seat = self.client.welcome.seat if self.client.welcome else None
                    if latest.active == seat and latest.view is not None:
                        await asyncio.sleep(0.01)  # a bot that thinks a moment
                        move, _reason = bot.choose(latest.view,
                                                   list(latest.state.legal_moves()), rng)
                        moved_for = latest.n
                        await self.client.move(latest.n, str(move))
                if isinstance(message, Update) and message.over:
                    await self.client.leave()
        finally:
            task.cancel()

    @property
    def seat(self) -> int | None:
        if self.client is None or self.client.welcome is None:
            return None
        return self.client.welcome.seat

    def updates(self) -> list[Update]:
        return [m for m in self.got if isinstance(m, Update)]

    def seats_seen(self) -> list[Seats]:
        return [m for m in self.got if isinstance(m, Seats)]


async def until(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait (on the loop, not the clock of a test) until ``predicate`` holds."""
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), timeout)


async def start_when_full(host: GameHost) -> None:
    await until(lambda: all(s.token is not None for s in host.seats if s.role == "remote"))
    host.start(start_save(host))
