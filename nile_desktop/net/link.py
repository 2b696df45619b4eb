"""What a screen holds of a game over the network: a link to the host, and hosting.

A table over the network reads a :class:`Link`: the messages that came (polled once a
frame, never waited for) and a way to send its seats' moves. At the host's own screen
the link is a :class:`LocalLink`, told by the host directly, in the same process, with
the real state (that computer holds the save anyway); elsewhere a :class:`RemoteLink`
over a :class:`~.client.Client`. :class:`Hosting` is the host's side as the screens
use it: the host on its loop thread, its address and code, advertised on the local
network. No pygame.
"""

from __future__ import annotations

import logging
import queue
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from nile_desktop.engine import Rules
from nile_desktop.net.client import Client, LinkState, TokenStore
from nile_desktop.net.host import GameHost, Saver
from nile_desktop.net.loop import LoopThread
from nile_desktop.net.messages import Ended, HostMessage, SeatInfo, Welcome
from nile_desktop.net.seating import NetRecord, net_path, write_record
from nile_desktop.saves import SaveGame, autosave

log = logging.getLogger(__name__)

Inbound = HostMessage | LinkState


class Link(Protocol):
    """A table's connection to its game's host."""

    @property
    def seats(self) -> frozenset[int]:
        """The seats played at this screen."""
        ...

    def poll(self) -> list[Inbound]: ...

    def move(self, seat: int, n: int, move: str) -> None: ...

    def close(self) -> None: ...


class _Inbox:
    def __init__(self) -> None:
        self._queue: queue.Queue[Inbound] = queue.Queue()

    def deliver(self, message: object) -> None:
        self._queue.put(message)  # type: ignore[arg-type]

    def poll(self) -> list[Inbound]:
        out: list[Inbound] = []
        while True:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                return out


class LocalLink(_Inbox):
    """The host's own screen: its people's seats, told by the host in its thread."""

    def __init__(self, hosting: Hosting, seats: frozenset[int]) -> None:
        super().__init__()
        self.hosting = hosting
        self._seats = seats

    @property
    def seats(self) -> frozenset[int]:
        return self._seats

    def move(self, seat: int, n: int, move: str) -> None:
        if seat in self._seats:
            self.hosting.thread.call(self.hosting.host.submit, seat, n, move)

    def close(self) -> None:
        self.hosting.close()


class RemoteLink(_Inbox):
    """A person's screen on another computer: one seat, over an encrypted connection."""

    def __init__(self, address: str, port: int, code: str, name: str, lang: str, *,
                 tokens: TokenStore | None = None) -> None:
        super().__init__()
        self.address, self.port = address, port
        self.thread = LoopThread("nile-client")
        self.client = Client(address, port, code, name, lang, self._got, tokens=tokens)
        self.welcome: Welcome | None = None
        self.ended: Ended | None = None
        self.future = self.thread.run(self.client.run())

    def _got(self, message: object) -> None:
        if isinstance(message, Welcome):
            self.welcome = message
        if isinstance(message, Ended):
            self.ended = message
        self.deliver(message)

    @property
    def seats(self) -> frozenset[int]:
        welcome = self.welcome
        return frozenset() if welcome is None or welcome.seat is None else \
            frozenset({welcome.seat})

    def move(self, seat: int, n: int, move: str) -> None:
        if seat in self.seats:
            self.thread.run(self.client.move(n, move))

    def close(self) -> None:
        if not self.thread.loop.is_closed():
            try:
                self.thread.run(self.client.leave()).result(2.0)
            except Exception:  # noqa: BLE001 - leaving is best effort
                pass
            self.future.cancel()
            self.thread.stop()


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses others might reach (not the loopback), best first."""
    found: list[str] = []
    try:
        import ifaddr  # installed with zeroconf

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.") \
                        and not ip.ip.startswith("169.254."):
                    found.append(ip.ip)
    except Exception:  # noqa: BLE001 - no list of interfaces: ask the resolver
        try:
            found = [a for a in socket.gethostbyname_ex(socket.gethostname())[2]
                     if not a.startswith("127.")]
        except OSError:
            pass
    return found


class Hosting:
    """A game this computer hosts: the host on its own loop thread, and how to reach it."""

    def __init__(self, record: NetRecord, rules: Rules, seed: int, *,
                 save: SaveGame | None = None, saver: Saver | None = None,
                 bind: str = "0.0.0.0", advertise: bool = True,
                 record_path: Callable[[SaveGame | None], Path | None] | None = None) -> None:
        self.thread = LoopThread("nile-host")
        self._record_path = record_path or _beside_save
        self.host = GameHost(record, rules, seed, save=save, saver=saver or autosave,
                             on_record=self._keep)
        try:
            self.port = self.thread.run(self.host.listen(bind, record.port)).result(10.0)
        except BaseException:
            self.thread.stop()
            raise
        self.addresses = local_addresses() if bind in ("0.0.0.0", "") else [bind]
        self.advertiser = None
        if advertise:
            from nile_desktop.net.discovery import Advertiser  # zeroconf loads only to advertise

            self.advertiser = Advertiser.start(self.port, record.game, self.addresses)
        self.closed = False

    def _keep(self, record: NetRecord, save: SaveGame | None) -> None:
        path = self._record_path(save)
        if path is not None:
            write_record(path, record)

    @property
    def code(self) -> str:
        return self.host.record.code

    def seats(self) -> list[SeatInfo]:
        return [s.info() for s in self.host.seats]

    def watch(self, seats: frozenset[int]) -> LocalLink:
        link = LocalLink(self, seats)
        self.thread.call(self.host.watch, link)
        return link

    def start(self, save: SaveGame) -> None:
        self.thread.call(self.host.start, save)

    def give_to_bot(self, seat: int) -> None:
        self.thread.call(self.host.give_to_bot, seat)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.advertiser is not None:
            self.advertiser.stop()
        try:
            self.thread.run(self.host.close()).result(3.0)
        except Exception:  # noqa: BLE001 - closing is best effort
            log.info("the host did not close cleanly")
        self.thread.stop()


def _beside_save(save: SaveGame | None) -> Path | None:
    return net_path(save.path) if save is not None and save.path is not None else None
