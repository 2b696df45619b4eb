"""Network namespaces for the network tests: computers of their own, on this machine only.

:func:`namespaces` makes a "host" namespace and one namespace per other computer, each
joined to the host by a veth pair on its own private subnet (``10.231.N.0/24``, the
host ``.1``, the other ``.2``), with nothing else reachable; their names start with
:data:`PREFIX`. They are deleted when the
``with`` block ends, whatever happens in it. Making them needs root and ``ip netns``;
:func:`unavailable` says why they cannot be made, for a skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

#: Every namespace made here is named with this prefix (``ip netns list`` shows whose).
PREFIX = os.environ.get("NILE_NETNS_PREFIX", "nile54")


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def unavailable() -> str | None:
    """Why namespaces cannot be made here, or None."""
    if shutil.which("ip") is None:
        return "no `ip` command (iproute2)"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    name = f"{PREFIX}-probe-{os.getpid()}"
    try:
        _ip("netns", "add", name)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        return f"`ip netns add` fails here: {getattr(exc, 'stderr', b'')!r:.200}"
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)
    return None


@dataclass(frozen=True)
class Net:
    host: str
    others: tuple[str, ...]
    #: The host's address as seen from each other namespace, and each one's own address.
    host_addresses: tuple[str, ...]
    addresses: tuple[str, ...]

    def run(self, ns: str, *command: str) -> list[str]:
        """``command`` to run inside namespace ``ns``."""
        return ["ip", "netns", "exec", ns, *command]


@contextmanager
def namespaces(others: int) -> Iterator[Net]:
    tag = os.getpid() % 10_000
    host = f"{PREFIX}-{tag}-h"
    names = [f"{PREFIX}-{tag}-{i}" for i in range(others)]
    base = 10 + (os.getpid() % 200)
    made: list[str] = []
    try:
        _ip("netns", "add", host)
        made.append(host)
        _ip("-n", host, "link", "set", "lo", "up")
        host_addresses, addresses = [], []
        for i, name in enumerate(names):
            _ip("netns", "add", name)
            made.append(name)
            subnet = f"10.231.{base + i}"
            a, b = f"nh{tag}x{i}", f"nc{tag}x{i}"
            _ip("link", "add", a, "netns", host, "type", "veth", "peer", "name", b,
                "netns", name)
            _ip("-n", host, "addr", "add", f"{subnet}.1/24", "dev", a)
            _ip("-n", name, "addr", "add", f"{subnet}.2/24", "dev", b)
            _ip("-n", host, "link", "set", a, "up")
            _ip("-n", name, "link", "set", b, "up")
            _ip("-n", name, "link", "set", "lo", "up")
            host_addresses.append(f"{subnet}.1")
            addresses.append(f"{subnet}.2")
        yield Net(host, tuple(names), tuple(host_addresses), tuple(addresses))
    finally:
        for name in reversed(made):
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)
