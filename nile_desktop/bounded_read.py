"""The one way the game and its tools read a file: whole, bounded, and never from a special file.

Every file a player or another program can put in the game's way (saves,
the settings, tutorial progress, the record, review caches, the bots'
CSVs) is read through :func:`read_capped`, so no file can make the game
wait or fill the memory: a pipe with no writer, a link to ``/dev/zero``,
a folder, or a file of gigabytes is refused at once with a clear error.

It needs nothing but the standard library, so every layer that reads files
may use it, the bots' arena and ladder included (they sit below the game's
services and may import only the engine, the bots and this module;
``tests/test_layers.py`` holds it so). :mod:`nile_desktop.paths` hands the
same names on to the rest of the game.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

#: Bytes read from the disk at a time.
CHUNK = 1 << 20


class NotAFileError(OSError):
    """The path names a folder, a pipe, a device or a socket, not a regular file."""


class TooLargeError(OSError):
    """The file holds more than the reader takes."""


def _regular(mode: int, path: Path | str) -> None:
    if not stat.S_ISREG(mode):
        raise NotAFileError(f"{os.fsdecode(path)!r} is not a regular file")


def read_capped(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, never more than ``limit`` of them.

    The path is looked at before it is opened, so a folder, a pipe or a
    device (``/dev/zero``, a link to one) is refused with
    :class:`NotAFileError` without ever being opened; the file is then opened
    without blocking and looked at again (it may have been swapped in
    between), and refused with :class:`TooLargeError` if it holds more than
    ``limit`` bytes (by its size, before reading; a file that grows while it
    is read is cut at ``limit`` + 1 bytes and refused too). Any other failure
    is the ``OSError`` of the system (``FileNotFoundError`` for no file).
    """
    _regular(os.stat(path).st_mode, path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        _regular(info.st_mode, path)
        if info.st_size > limit:
            raise TooLargeError(f"{os.fsdecode(path)!r} holds {info.st_size} bytes, "
                                f"more than {limit}")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise TooLargeError(f"{os.fsdecode(path)!r} holds more than {limit} bytes")
    return data


def read_stream_capped(stream: BinaryIO, limit: int) -> bytes:
    """At most ``limit`` bytes of ``stream`` (standard input); TooLargeError beyond that."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLargeError(f"more than {limit} bytes")
    return data


def first_line(path: Path | str, limit: int) -> bytes:
    """The first line of the regular file at ``path`` (without its line end), reading at
    most ``limit`` bytes; the same refusals as :func:`read_capped`, and TooLargeError for a
    first line longer than ``limit``. Used to tell whose a file is before replacing it."""
    _regular(os.stat(path).st_mode, path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _regular(os.fstat(fd).st_mode, path)
        head = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    line, newline, _rest = head.partition(b"\n")
    if not newline and len(head) > limit:
        raise TooLargeError(f"{os.fsdecode(path)!r} has a first line of more than {limit} bytes")
    return line.rstrip(b"\r")
