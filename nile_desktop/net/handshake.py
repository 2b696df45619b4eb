"""Joining: the version check, the key exchange on the join code, and its rate limit.

1. The client says hello: the protocol it speaks and a fresh nonce.
2. The host answers with its own protocol and nonce and its CPace share, or refuses:
   another protocol (both versions are named, so the screen can say who should update),
   or too many attempts from that address or in all lately (:class:`JoinLimiter`).
3. The client sends its share; both now hold keys derived from the code, the two
   nonces and both shares (:mod:`.cpace`).
4. The host proves it knows the code (a tag under the confirmation key); the client
   checks it (a wrong code is found here and said so), then proves it in turn.
From then on every frame is sealed (:class:`~.wire.Channel`). A passive eavesdropper
learns nothing it could test guesses of the code against; an active one gets one
guess per attempt, and the host refuses attempts beyond :data:`PER_ADDRESS` an
address or :data:`OVERALL` in all per :data:`WINDOW` seconds. No pygame.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from collections.abc import Callable

from nile_desktop import __version__
from nile_desktop.net.cpace import CPaceError, Party
from nile_desktop.net.seatview import WireError
from nile_desktop.net.wire import PROTOCOL, Channel, recv_plain, send_plain

#: Binds the key exchange to this game's protocol.
CHANNEL_ID = b"nile-desktop/net/" + str(PROTOCOL).encode()
#: Seconds each step of joining may take.
STEP_TIMEOUT = 10.0
WINDOW = 60.0
PER_ADDRESS = 6
OVERALL = 30


class JoinRefused(Exception):
    """Joining failed; ``why`` is one of the :data:`~.messages.Reason` words."""

    def __init__(self, why: str, detail: str = "") -> None:
        super().__init__(f"{why}: {detail}" if detail else why)
        self.why = why
        self.detail = detail


class JoinLimiter:
    """Attempts at the code within the last :data:`WINDOW` seconds, per address and in all.

    An attempt counts from the moment the key exchange starts and is forgotten only
    when it succeeds, so an attacker who breaks off after one guess still spends it.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 per_address: int = PER_ADDRESS, overall: int = OVERALL) -> None:
        self.clock = clock
        self.per_address = per_address
        self.overall = overall
        self._all: deque[tuple[float, str, int]] = deque()
        self._serial = 0

    def _trim(self) -> None:
        cutoff = self.clock() - WINDOW
        while self._all and self._all[0][0] < cutoff:
            self._all.popleft()

    def allow(self, address: str) -> bool:
        self._trim()
        mine = sum(1 for _t, a, _s in self._all if a == address)
        return mine < self.per_address and len(self._all) < self.overall

    def start(self, address: str) -> int:
        self._serial += 1
        self._all.append((self.clock(), address, self._serial))
        return self._serial

    def succeeded(self, attempt: int) -> None:
        for item in list(self._all):
            if item[2] == attempt:
                self._all.remove(item)


def _hex(value: object, size: int, what: str) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size:
        raise WireError(f"{what} is no {size}-byte hex")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise WireError(f"{what} is no hex") from None


async def _step(coro: object) -> dict[str, object]:
    try:
        return await asyncio.wait_for(coro, STEP_TIMEOUT)  # type: ignore[arg-type]
    except asyncio.TimeoutError:
        raise WireError("joining took too long") from None


async def host_side(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, code: str,
                    limiter: JoinLimiter, address: str) -> Channel:
    """The host's half of joining; raises :class:`JoinRefused` or WireError."""
    hello = await _step(recv_plain(reader))
    if hello.get("t") != "hello" or set(hello) != {"t", "proto", "app", "nonce"}:
        raise WireError("no hello")
    client_nonce = _hex(hello["nonce"], 16, "hello.nonce")
    if hello["proto"] != PROTOCOL:
        await send_plain(writer, {"t": "refused", "why": "protocol", "proto": PROTOCOL,
                                  "app": __version__})
        raise JoinRefused("protocol", f"client speaks {str(hello['proto'])[:20]}")
    if not limiter.allow(address):
        await send_plain(writer, {"t": "refused", "why": "wait", "proto": PROTOCOL,
                                  "app": __version__})
        raise JoinRefused("wait", address)
    attempt = limiter.start(address)
    host_nonce = secrets.token_bytes(16)
    party = Party(code, CHANNEL_ID, client_nonce + host_nonce, initiator=False, ad=b"host")
    await send_plain(writer, {"t": "hello", "proto": PROTOCOL, "app": __version__,
                              "nonce": host_nonce.hex(), "share": party.share.hex()})
    share = await _step(recv_plain(reader))
    if share.get("t") != "share" or set(share) != {"t", "share"}:
        raise WireError("no share")
    try:
        keys = party.finish(_hex(share["share"], 32, "share"), b"client")
    except CPaceError as exc:
        raise WireError(str(exc)) from None
    await send_plain(writer, {"t": "confirm", "tag": keys.tag(b"host").hex()})
    confirm = await _step(recv_plain(reader))
    if confirm.get("t") != "confirm" or set(confirm) != {"t", "tag"}:
        raise WireError("no confirmation")
    if not keys.check(b"client", _hex(confirm["tag"], 32, "tag")):
        raise JoinRefused("code", address)
    limiter.succeeded(attempt)
    return Channel(reader, writer, keys.to_client, keys.to_host)


async def client_side(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                      code: str) -> Channel:
    """The client's half of joining; raises :class:`JoinRefused` (``protocol`` naming the
    host's version, ``wait``, ``code``) or WireError."""
    nonce = secrets.token_bytes(16)
    await send_plain(writer, {"t": "hello", "proto": PROTOCOL, "app": __version__,
                              "nonce": nonce.hex()})
    hello = await _step(recv_plain(reader))
    if hello.get("t") == "refused":
        why = hello.get("why")
        if why == "protocol":
            raise JoinRefused("protocol", f"{str(hello.get('proto'))[:8]}"
                                          f"/{str(hello.get('app'))[:20]}")
        raise JoinRefused("wait" if why == "wait" else "closed")
    if hello.get("t") != "hello" or set(hello) != {"t", "proto", "app", "nonce", "share"}:
        raise WireError("no hello")
    host_nonce = _hex(hello["nonce"], 16, "hello.nonce")
    party = Party(code, CHANNEL_ID, nonce + host_nonce, initiator=True, ad=b"client")
    try:
        keys = party.finish(_hex(hello["share"], 32, "hello.share"), b"host")
    except CPaceError as exc:
        raise WireError(str(exc)) from None
    await send_plain(writer, {"t": "share", "share": party.share.hex()})
    confirm = await _step(recv_plain(reader))
    if confirm.get("t") != "confirm" or set(confirm) != {"t", "tag"}:
        raise WireError("no confirmation")
    if not keys.check(b"host", _hex(confirm["tag"], 32, "tag")):
        raise JoinRefused("code")
    await send_plain(writer, {"t": "confirm", "tag": keys.tag(b"client").hex()})
    return Channel(reader, writer, keys.to_host, keys.to_client)
