"""Finding games on the local network: DNS-SD over multicast DNS (``zeroconf``).

A host advertises ``_nile-desktop._tcp`` with its port, addresses, protocol version
and a name to show (the computer's name); a client browsing lists what answers. The
advertisement says nothing secret: without the join code nobody can join or watch.
``NILE_NET_INTERFACES`` limits the addresses multicast DNS uses (a comma-separated
list; ``none`` turns discovery off: typing the address still works). Any failure of
multicast (no network, a firewall) is logged and leaves discovery empty.
No pygame.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import threading
from dataclasses import dataclass
from typing import Any

from nile_desktop.net.wire import PROTOCOL

log = logging.getLogger(__name__)

SERVICE = "_nile-desktop._tcp.local."


def _interfaces() -> Any:
    """The interfaces zeroconf should use, or None when discovery is off."""
    from zeroconf import InterfaceChoice  # zeroconf loads only when discovery is used

    chosen = os.environ.get("NILE_NET_INTERFACES", "").strip()
    if chosen.lower() == "none":
        return None
    if chosen:
        return [part.strip() for part in chosen.split(",") if part.strip()]
    return InterfaceChoice.All


def computer_name() -> str:
    name = socket.gethostname().split(".")[0] or "nile"
    return "".join(c for c in name if c.isalnum() or c in "-_")[:40] or "nile"


@dataclass(frozen=True)
class Found:
    """A game that answered: what to show and where to connect."""

    name: str
    address: str
    port: int
    protocol: int

    @property
    def target(self) -> str:
        return f"[{self.address}]:{self.port}" if ":" in self.address else \
            f"{self.address}:{self.port}"


def local_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The networks this computer's interfaces are on (none if they cannot be listed)."""
    networks = []
    try:
        import ifaddr  # installed with zeroconf

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                try:
                    networks.append(ipaddress.ip_network(f"{address}/{ip.network_prefix}",
                                                         strict=False))
                except ValueError:
                    pass
    except Exception as exc:  # noqa: BLE001 - no list of interfaces: take the first address
        log.info("could not list this computer's networks: %s", exc)
    return networks


def reachable(addresses: list[str],
              networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> str:
    """Of a host's addresses (it may have several: Wi-Fi, a cable, a VPN), one on a network
    this computer is on, else the first."""
    for text in addresses:
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if any(address in network for network in networks
               if network.version == address.version and not network.is_loopback):
            return text
    return addresses[0]


class Advertiser:
    def __init__(self, zc: Any, info: Any) -> None:
        self.zc, self.info = zc, info

    @classmethod
    def start(cls, port: int, game: str, addresses: list[str]) -> Advertiser | None:
        try:
            from zeroconf import ServiceInfo, Zeroconf  # loaded only when a game is open

            interfaces = _interfaces()
            if interfaces is None:
                return None
            if isinstance(interfaces, list):
                addresses = [a for a in addresses if a in interfaces] or interfaces
            name = computer_name()
            info = ServiceInfo(
                SERVICE, f"{name}-{game[:6]}.{SERVICE}",
                addresses=[socket.inet_aton(a) for a in addresses if "." in a],
                port=port, properties={"proto": str(PROTOCOL), "name": name},
                server=f"{name}-{game[:6]}.local.")
            zc = Zeroconf(interfaces=interfaces)
            zc.register_service(info)
            return cls(zc, info)
        except Exception as exc:  # noqa: BLE001 - no multicast here: typing the address works
            log.warning("could not advertise the game on the local network: %s", exc)
            return None

    def stop(self) -> None:
        def _stop() -> None:
            try:
                self.zc.unregister_service(self.info)
                self.zc.close()
            except Exception as exc:  # noqa: BLE001
                log.info("stopping the advertisement: %s", exc)

        threading.Thread(target=_stop, daemon=True).start()


class Browser:
    """Games answering on the local network, as they come and go."""

    def __init__(self) -> None:
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self.zc: Any = None
        self.browser: Any = None
        try:
            from zeroconf import ServiceBrowser, Zeroconf  # loaded only when looking

            interfaces = _interfaces()
            if interfaces is None:
                return
            self.zc = Zeroconf(interfaces=interfaces)
            self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])
        except Exception as exc:  # noqa: BLE001 - no multicast: the list stays empty
            log.warning("could not look for games on the local network: %s", exc)

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange  # loaded with the browser above

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception as exc:  # noqa: BLE001
            log.info("no details of %s: %s", name, exc)
            return
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode(errors="replace"): (v or b"").decode(errors="replace")
                 for k, v in (info.properties or {}).items() if isinstance(k, bytes)}
        try:
            proto = int(props.get("proto", "0"))
        except ValueError:
            proto = 0
        shown = props.get("name", "")[:40] or name.split(".")[0][:40]
        address = reachable(info.parsed_addresses(), local_networks())
        with self._lock:
            self._found[name] = Found(shown, address, int(info.port), proto)

    def found(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name, f.address, f.port))

    def stop(self) -> None:
        zc, self.zc = self.zc, None
        if zc is not None:
            threading.Thread(target=zc.close, daemon=True).start()
