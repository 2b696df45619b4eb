"""Frames, JSON and the encrypted channel: how bytes travel between host and client.

Every message is one frame: four bytes of length (big-endian), then the payload.
Before the key exchange a payload is a small JSON object in the clear (at most
:data:`HELLO_MAX` bytes: the protocol version, a nonce, a CPace share, a
confirmation tag); after it, every payload is sealed with ChaCha20-Poly1305 under
the key of its direction, its nonce a counter that only grows, so a frame
replayed, reordered, cut or changed fails to open and ends the connection.
A frame longer than its limit is refused before it is read. JSON is read
strictly: no NaN or infinities, no nesting deep enough to exhaust the stack,
an object at the top with a text ``t`` naming the message. Anything else raises
:class:`~.seatview.WireError` (or :class:`Closed` for a connection that ended),
which closes that one connection. No pygame.
"""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from nile_desktop.net.seatview import WireError

#: The protocol spoken here; a host and a client must speak the same one.
PROTOCOL = 1
#: The largest frame before the key exchange, and after it (bytes of payload).
HELLO_MAX = 1024
FRAME_MAX = 64 * 1024
#: How deep JSON may nest (a view is four levels deep).
MAX_DEPTH = 8
_LENGTH = struct.Struct(">I")


class Closed(Exception):
    """The other side closed the connection (or it broke)."""


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def _no_constant(name: str) -> Any:
    raise WireError(f"JSON constant {name} is not allowed")


def decode(raw: bytes) -> dict[str, Any]:
    """A message from its JSON bytes, checked for shape (not yet for its fields)."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise WireError(f"no JSON: {exc}") from None
    except RecursionError:
        raise WireError("JSON nested too deep") from None
    if not isinstance(value, dict) or not isinstance(value.get("t"), str):
        raise WireError("a message is an object with a text 't'")
    if _depth(value) > MAX_DEPTH:
        raise WireError("JSON nested too deep")
    return value


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes:
    try:
        head = await reader.readexactly(_LENGTH.size)
        (length,) = _LENGTH.unpack(head)
        if length > limit:
            raise WireError(f"a frame of {length} bytes (at most {limit})")
        return await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionError) as exc:
        raise Closed(str(exc) or "closed") from None


def frame(payload: bytes) -> bytes:
    return _LENGTH.pack(len(payload)) + payload


async def send_plain(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    payload = encode(message)
    if len(payload) > HELLO_MAX:
        raise WireError("hello too large")
    writer.write(frame(payload))
    await _drain(writer)


async def recv_plain(reader: asyncio.StreamReader) -> dict[str, Any]:
    return decode(await read_frame(reader, HELLO_MAX))


async def _drain(writer: asyncio.StreamWriter) -> None:
    try:
        await writer.drain()
    except (ConnectionError, RuntimeError) as exc:
        raise Closed(str(exc) or "closed") from None


class Channel:
    """The encrypted connection once the key exchange has succeeded."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 send_key: bytes, recv_key: bytes) -> None:
        self.reader, self.writer = reader, writer
        self._seal = ChaCha20Poly1305(send_key)
        self._open = ChaCha20Poly1305(recv_key)
        self._sent = 0
        self._received = 0
        self.bytes_in = 0

    @property
    def peer(self) -> str:
        peer = self.writer.get_extra_info("peername")
        return f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)

    async def send(self, message: dict[str, Any]) -> None:
        payload = encode(message)
        if len(payload) + 16 > FRAME_MAX:
            raise WireError(f"a message of {len(payload)} bytes is too large to send")
        nonce = self._sent.to_bytes(12, "big")
        self._sent += 1
        self.writer.write(frame(self._seal.encrypt(nonce, payload, b"nile")))
        await _drain(self.writer)

    async def recv(self) -> dict[str, Any]:
        sealed = await read_frame(self.reader, FRAME_MAX)
        nonce = self._received.to_bytes(12, "big")
        self._received += 1
        try:
            payload = self._open.decrypt(nonce, sealed, b"nile")
        except InvalidTag:
            raise WireError("a frame that does not open (changed, replayed or forged)") from None
        self.bytes_in += len(payload)
        return decode(payload)

    async def close(self) -> None:
        await close_writer(self.writer)


async def close_writer(writer: asyncio.StreamWriter) -> None:
    try:
        writer.close()
        await asyncio.wait_for(writer.wait_closed(), 2.0)
    except (ConnectionError, OSError, asyncio.TimeoutError, RuntimeError):
        pass
