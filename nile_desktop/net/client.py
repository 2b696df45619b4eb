"""The client: joining a host, following its game, and coming back after a drop.

:class:`Client` connects, joins with the code (:mod:`.handshake`), asks for a seat
(with the token of an earlier connection to the same game, which the
:class:`TokenStore` keeps on disk, so even a client that was killed gets its seat
back), then reads the host's messages, checks each (:func:`~.messages.read_host_message`)
and hands it on. Updates must arrive in order; a connection that breaks is tried
again every few seconds for :data:`RECONNECT_FOR` seconds, asking only for the
updates it lacks. A refusal that trying again cannot mend (another protocol version,
a wrong code, no free seat) ends it at once. No pygame.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from nile_desktop import paths
from nile_desktop.net.handshake import JoinRefused, client_side
from nile_desktop.net.messages import (
    TOKEN,
    Ended,
    HostMessage,
    Reason,
    Update,
    Welcome,
    read_host_message,
)
from nile_desktop.net.seatview import WireError
from nile_desktop.net.wire import Channel, Closed, close_writer

log = logging.getLogger(__name__)

#: The port a host listens on unless it is taken (then any free one, shown on its screen).
DEFAULT_PORT = 47254
#: Seconds a dropped client keeps trying to come back.
RECONNECT_FOR = 300.0
RETRY_EVERY = 2.0
PING_EVERY = 10.0
CONNECT_TIMEOUT = 8.0
#: Refusals that trying again cannot mend.
FINAL: frozenset[str] = frozenset({"protocol", "code", "full", "replaced", "over", "left"})


@dataclass(frozen=True)
class LinkState:
    """How the connection stands: joining, joined, or trying to come back."""

    state: Literal["connecting", "joined", "reconnecting"]


Deliver = Callable[[HostMessage | LinkState], None]


class TokenStore:
    """The seat tokens this computer was given, by host address and code (hashed)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else paths.user_data_dir() / "net-seats.json"

    @staticmethod
    def key(address: str, code: str) -> str:
        return hashlib.sha256(f"{address}|{code}".encode()).hexdigest()[:32]

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)
                and TOKEN.fullmatch(v)}

    def get(self, address: str, code: str) -> str | None:
        return self._read().get(self.key(address, code))

    def put(self, address: str, code: str, token: str) -> None:
        data = self._read()
        data[self.key(address, code)] = token
        while len(data) > 50:
            data.pop(next(iter(data)))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            paths.write_atomic(self.path, json.dumps(data))
        except OSError as exc:
            log.warning("could not keep the seat token: %s", exc)


def split_address(text: str, default_port: int) -> tuple[str, int] | None:
    """``host``, ``host:port``, ``[v6]:port`` or a bare IPv6 address; None if no address."""
    text = text.strip()
    if not text or len(text) > 255 or any(c.isspace() for c in text):
        return None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if not rest:
            return (host, default_port) if host else None
        if not rest.startswith(":") or not rest[1:].isdigit():
            return None
        port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, tail = text.partition(":")
        if not tail.isdigit() or not host:
            return None
        port = int(tail)
    else:
        host, port = text, default_port
    if not 1 <= port <= 65535:
        return None
    return host, port


class Client:
    """One person's connection to a host, kept alive across drops."""

    def __init__(self, host: str, port: int, code: str, name: str, lang: str, deliver: Deliver,
                 *, tokens: TokenStore | None = None, reconnect_for: float = RECONNECT_FOR,
                 on_raw: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.host, self.port, self.code = host, port, code
        self.name, self.lang = name, lang
        self.deliver = deliver
        self.tokens = tokens
        self.reconnect_for = reconnect_for
        self.on_raw = on_raw
        self.welcome: Welcome | None = None
        self.token: str | None = tokens.get(host, code) if tokens else None
        #: How many updates have arrived (the next one expected is number ``have``).
        self.have = 0
        self.channel: Channel | None = None
        self.reconnects = 0
        self._leaving = False
        self._joined_once = False
        self._joined_now = False

    async def run(self) -> Ended:
        """Join and follow the game until it ends for good; the reason, also delivered."""
        ended = await self._run()
        self.deliver(ended)
        return ended

    async def _run(self) -> Ended:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.reconnect_for
        while True:
            self.deliver(LinkState("connecting" if self.welcome is None else "reconnecting"))
            self._joined_now = False
            why: str
            try:
                why, detail = await self._session()
            except JoinRefused as refused:
                why, detail = refused.why, refused.detail
            if self._leaving:
                return Ended("left")
            log.info("the connection to %s:%d ended: %s %s", self.host, self.port, why,
                     detail[:200])
            if why in FINAL or self.welcome is None:  # never joined: the screen says why
                return Ended(why, detail)  # type: ignore[arg-type]
            now = loop.time()
            if self._joined_now:
                give_up = now + self.reconnect_for
            if now >= give_up:
                return Ended(why, detail)  # type: ignore[arg-type]
            await asyncio.sleep(RETRY_EVERY)

    async def _session(self) -> tuple[Reason, str]:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port, limit=1 << 17), CONNECT_TIMEOUT)
        except (OSError, asyncio.TimeoutError) as exc:
            return "unreachable", str(exc)
        try:
            channel = await client_side(reader, writer, self.code)
        except (WireError, Closed, OSError) as exc:
            await close_writer(writer)
            return "closed", str(exc)
        except JoinRefused:
            await close_writer(writer)
            raise
        self.channel = channel
        pinger = asyncio.ensure_future(self._ping(channel))
        try:
            await channel.send({"t": "join", "name": self.name, "lang": self.lang,
                                "token": self.token, "have": self.have})
            while True:
                data = await channel.recv()
                if self.on_raw is not None:
                    self.on_raw(data)
                message = read_host_message(data, self.welcome)
                if isinstance(message, Ended):
                    return message.why, ""
                if isinstance(message, Welcome):
                    if self._joined_once:
                        self.reconnects += 1
                    self._joined_once = self._joined_now = True
                    self._welcomed(message)
                    self.deliver(LinkState("joined"))
                elif isinstance(message, Update):
                    if message.n == 0 and self.have > 0:
                        self.have = 0  # the host starts the story again
                    if message.n != self.have:
                        raise WireError(f"update {message.n}, expected {self.have}")
                    self.have = message.n + 1
                self.deliver(message)
        except WireError as exc:
            log.warning("the host's message is not allowed: %s", exc)
            return "bad-message", str(exc)
        except (Closed, OSError) as exc:
            return "closed", str(exc)
        finally:
            pinger.cancel()
            self.channel = None
            await channel.close()

    def _welcomed(self, welcome: Welcome) -> None:
        if self.welcome is not None and welcome.game != self.welcome.game:
            self.have = 0
        self.welcome = welcome
        if welcome.token and welcome.token != self.token:
            self.token = welcome.token
            if self.tokens is not None:
                self.tokens.put(self.host, self.code, welcome.token)

    async def _ping(self, channel: Channel) -> None:
        try:
            while True:
                await asyncio.sleep(PING_EVERY)
                await channel.send({"t": "ping"})
        except (Closed, OSError, WireError):
            return

    async def move(self, n: int, move: str) -> bool:
        """Send a move of our seat for position ``n``; False when not connected now."""
        channel = self.channel
        if channel is None:
            return False
        try:
            await channel.send({"t": "move", "n": n, "move": move})
            return True
        except (Closed, OSError, WireError):
            return False

    async def leave(self) -> None:
        self._leaving = True
        channel = self.channel
        if channel is not None:
            try:
                await channel.send({"t": "leave"})
            except (Closed, OSError, WireError):
                pass
            await channel.close()
