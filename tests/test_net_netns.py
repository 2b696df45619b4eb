"""Network play between network namespaces: the host on one "computer", the players on
others, each with its own private address (10.231.x.x), nothing else reachable.

The host and the bot players are processes (``python -m nile_desktop.net``) run inside
the namespaces with ``ip netns exec``; they finish whole games, every message leak-checked,
and a game advertised by multicast DNS in the host's namespace is found from a player's.
The namespaces are deleted after each test, also when it fails. Skipped, with the reason,
where namespaces cannot be made (not root, no ``ip netns``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nile_desktop.net.codes import new_code
from nile_desktop.net.leaks import Truth, check_transcript
from nile_desktop.saves import load_save
from tests.netns import namespaces, unavailable

ROOT = Path(__file__).resolve().parents[1]
WHY = unavailable()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"no network namespaces: {WHY}")


def env(home: Path, interfaces: str) -> list[str]:
    return ["env", f"NILE_DESKTOP_HOME={home}", f"NILE_NET_INTERFACES={interfaces}",
            f"PYTHONPATH={ROOT}", "PYGAME_HIDE_SUPPORT_PROMPT=1"]


@pytest.mark.parametrize("players", [2, pytest.param(4, marks=pytest.mark.netgames)])
def test_players_in_other_namespaces_finish_a_game_and_see_only_their_cards(
        tmp_path: Path, players: int) -> None:
    code = new_code()
    others = 2 if players == 4 else 1
    with namespaces(others) as net:
        host = subprocess.Popen(
            net.run(net.host, *env(tmp_path / "host", "none"), sys.executable, "-m",
                    "nile_desktop.net", "host", "--seats", ",".join(["remote"] * players),
                    "--bind", "0.0.0.0", "--code", code, "--seed", str(players)),
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        clients: list[subprocess.Popen[bytes]] = []
        try:
            assert host.stdout is not None
            port = json.loads(host.stdout.readline())["listening"]
            for i in range(players):
                k = i % others
                clients.append(subprocess.Popen(
                    net.run(net.others[k], *env(tmp_path / f"c{i}", "none"), sys.executable,
                            "-m", "nile_desktop.net", "play",
                            f"{net.host_addresses[k]}:{port}", "--code", code, "--bot",
                            "random", "--rng", str(i), "--transcript",
                            str(tmp_path / f"t{i}.jsonl")),
                    cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL))
            lines = [json.loads(line) for line in host.stdout]
            assert host.wait(30) == 0
            over = lines[-1]
            assert over["over"] and over["joins"] == players
            for client in clients:
                assert client.wait(30) == 0
            save, state = load_save(over["save"])
            assert state.over
            truth = Truth(save)
            for i in range(players):
                messages = [json.loads(x) for x in
                            (tmp_path / f"t{i}.jsonl").read_text().splitlines()]
                count, problems = check_transcript(truth, messages, f"player {i}")
                assert count > 0 and problems == []
        finally:
            host.kill()
            for client in clients:
                client.kill()


def test_one_players_namespace_cannot_reach_anothers(tmp_path: Path) -> None:
    """Only the host is reachable from a player's namespace: the test network is closed."""
    with namespaces(2) as net:
        probe = subprocess.run(
            net.run(net.others[0], sys.executable, "-c",
                    "import socket, sys; s=socket.socket(); s.settimeout(1)\n"
                    "try:\n s.connect((sys.argv[1], 9)); print('reached')\n"
                    "except OSError as e: print('no', e.errno)", net.addresses[1]),
            capture_output=True, text=True, timeout=20)
        assert probe.stdout.startswith("no")


def test_a_game_is_found_on_the_network_by_multicast_dns_at_an_address_it_can_reach(
        tmp_path: Path) -> None:
    """The host is on two networks (one per player's namespace) and advertises both
    addresses; a player on the second network is given the host's address on it."""
    script = (
        "import sys, time\n"
        "from nile_desktop.net.discovery import Advertiser, Browser\n"
        "if sys.argv[1] == 'host':\n"
        "    a = Advertiser.start(4321, '0011223344556677', sys.argv[2].split(','))\n"
        "    print('up' if a else 'down', flush=True); time.sleep(15)\n"
        "else:\n"
        "    b = Browser()\n"
        "    for _ in range(40):\n"
        "        time.sleep(0.25)\n"
        "        if b.found(): break\n"
        "    print(';'.join(f.target for f in b.found()), flush=True)\n")
    with namespaces(2) as net:
        both = ",".join(net.host_addresses)
        host = subprocess.Popen(
            net.run(net.host, *env(tmp_path / "h", both), sys.executable, "-c", script,
                    "host", both), cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            assert host.stdout is not None and host.stdout.readline().strip() == "up"
            found = subprocess.run(
                net.run(net.others[1], *env(tmp_path / "c", net.addresses[1]), sys.executable,
                        "-c", script, "browse"), cwd=ROOT, capture_output=True, text=True,
                timeout=40)
            assert found.stdout.strip().split(";") == [f"{net.host_addresses[1]}:4321"]
        finally:
            host.kill()
