"""Play a game over the network in real windows under Xvfb, by mouse, and take screenshots.

    python tests/net_windows.py --players 2 --lang en --out /tmp/net-shots [--netns]

The host's game and each joining game run as the program itself (``python -m
nile_desktop --host`` / ``--join``), each in a window of its own on an Xvfb screen of
its own (:54, :55, …; ``--display``) with ``NILE_UI_DUMP``. xdotool moves the mouse to
the centres of the elements the dumps name and clicks: the host sets the players, makes
every other seat "Person joining" and opens the game; each joiner presses Join (the
address and code given on the command line); the host presses Start; then every window
plays its own seat from the table's move list (All moves, a row, Play this move) and
skips the others' turns, until every window shows the end of the game. The host plays
in ``--lang`` and the joiners alternate between the other language and it.

With ``--netns`` the host runs in a network namespace and the joiners in others, each
joiner's namespace joined to the host's by a veth pair on a private subnet (10.231.x.x),
multicast DNS limited to those addresses; the namespaces are deleted at the end.
Mid-game the last joining game is killed: the host's screen shows its seat away and
offers a bot for it in its menu; the game is started again and joins its own seat.
Screenshots of every window (the lobby, mid-game, away, back, the end) go to ``--out``; the last
line printed is a JSON summary. Exits 0 when every window reached the end of the game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from tests.net_ui import my_turn, pick_row  # noqa: E402
from tests.netns import namespaces  # noqa: E402

SIZE = "1280x720"
Element = dict[str, Any]


class Window:
    """One running copy of the game on its own Xvfb screen, and a mouse on it."""

    def __init__(self, name: str, display: str, home: Path, args: list[str], lang: str,
                 prefix: list[str], interfaces: str) -> None:
        self.name, self.display = name, display
        self.args, self.lang, self.prefix = args, lang, prefix
        self.dump_path = home / "dump.json"
        self.dump_path.unlink(missing_ok=True)
        (home / "config").mkdir(parents=True, exist_ok=True)
        (home / "config" / "settings.json").write_text(json.dumps(
            {"animation_speed": 2.0, "language": lang, "music_volume": 0, "sound_volume": 0}))
        self.xvfb = _xvfb(display)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", NILE_DESKTOP_HOME=str(home),
                        NILE_UI_DUMP=str(self.dump_path), PYGAME_HIDE_SUPPORT_PROMPT="1",
                        NILE_NET_INTERFACES=interfaces, PYTHONPATH=str(ROOT))
        envs = [f"{k}={v}" for k, v in self.env.items()
                if k.startswith(("NILE_", "DISPLAY", "SDL_", "PYTHON", "HOME", "PATH"))]
        command = [*prefix, "env", *envs, sys.executable, "-m", "nile_desktop", "--windowed",
                   "--size", SIZE, "--lang", lang, *args]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env,
                                        stderr=open(home / "stderr.log", "wb"))  # noqa: SIM115
        self.window = ""
        for _ in range(600):
            time.sleep(0.3)
            self.find_window()
            if self.window and self.dump_path.exists():
                break
            if self.process.poll() is not None:
                break
        assert self.window, f"{name}: no window (see {home / 'stderr.log'})"
        self.last: dict[str, Any] = {}

    def find_window(self) -> None:
        """The program's visible window (SDL may make and drop others while it starts)."""
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "."],
                               env=self.env, capture_output=True, text=True)
        ids = found.stdout.split()
        if ids:
            self.window = ids[-1]

    def dump(self) -> dict[str, Any]:
        for _ in range(50):
            try:
                self.last = json.loads(self.dump_path.read_text(encoding="utf-8"))
                return self.last
            except (OSError, ValueError):
                time.sleep(0.1)
        return {}

    def elements(self) -> list[Element]:
        return list(self.dump().get("elements", []))

    def find(self, uid: str) -> Element | None:
        return next((e for e in self.elements() if e["id"] == uid and e["enabled"]), None)

    def click(self, uid: str, wait: float = 30.0) -> bool:
        """Move the mouse to the element's centre and click; then wait until the screen has
        taken it (the dump changes). False if the element never showed."""
        end = time.monotonic() + wait
        while time.monotonic() < end:
            element = self.find(uid)
            if element is not None:
                before = self.dump_path.stat().st_mtime_ns
                x, y, w, h = element["rect"]
                self.xdo("mousemove", str(x + w // 2), str(y + h // 2))
                time.sleep(0.05)
                self.xdo("click", "1")
                settle = time.monotonic() + 3.0
                while time.monotonic() < settle and self.dump_path.stat().st_mtime_ns == before:
                    time.sleep(0.05)
                time.sleep(0.1)
                return True
            time.sleep(0.1)
        return False

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True)

    def shot(self, out: Path, label: str) -> Path:
        path = out / f"{label}-{self.name}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True,
                       capture_output=True)
        return path

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.xvfb.terminate()
        self.xvfb.wait(5)


def _xvfb(display: str) -> subprocess.Popen[bytes]:
    number = display[1:]
    lock = Path(f"/tmp/.X{number}-lock")
    if lock.exists():  # a lock left by an Xvfb that is gone
        try:
            os.kill(int(lock.read_text().strip()), 0)
        except (OSError, ValueError):
            lock.unlink(missing_ok=True)
            Path(f"/tmp/.X11-unix/X{number}").unlink(missing_ok=True)
        else:
            raise SystemExit(f"display {display} is in use")
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten",
                             "tcp"], stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            break
        time.sleep(0.1)
    return xvfb


def set_choice(w: Window, uid: str, value: object) -> None:
    """Click a choice until it shows ``value`` (each click steps to the next option)."""
    for _ in range(15):
        element = next((e for e in w.elements() if e["id"] == uid), None)
        if element is not None and element["data"]["value"] == value:
            return
        w.click(uid)
    raise AssertionError(f"{w.name}: {uid} never became {value}")


def wait_for(w: Window, check: Any, what: str, seconds: float = 300.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        doc = w.dump()
        if check(doc):
            return doc
        time.sleep(0.2)
    raise AssertionError(f"{w.name}: {what} not reached; scene {w.last.get('scene')}")


def take_turn(w: Window, doc: dict[str, Any], rng: random.Random) -> str:
    """One step of this window's player; what was done ("" for nothing)."""
    scene = doc.get("scene")
    elements = doc.get("elements", [])
    enabled = {e["id"] for e in elements if e["enabled"]}
    if scene == "move-list":
        rows = [e for e in elements if e["id"].startswith("move-list.moves.row-")]
        if rows and w.click(pick_row(rows, rng)["id"], wait=2) and w.click("move-list.play",
                                                                           wait=2):
            if w.dump().get("scene") != "move-list":
                return "move"
        w.click("move-list.back", wait=2)  # the turn had passed: close the list
        return "back"
    if scene != "net-table" or doc.get("over"):
        return ""
    if my_turn(doc):
        w.click("net-table.tool.moves", wait=2)
        return "list"
    if "net-table.action.skip" in enabled:
        w.click("net-table.action.skip", wait=2)
        return "skip"
    return ""


def away_and_back(w: Window, host: Window, out: Path) -> Window:
    """Kill a joining game (as a computer that fails), see its seat away at the host, with
    "Let a bot play" in the host's menu; start it again: it joins the same seat."""
    seat = w.dump()["network"]["seats"][0]
    w.process.kill()
    w.process.wait(120)  # SIGKILL; on a loaded machine the exit can take a while
    wait_for(host, lambda d: d.get("network", {}).get("statuses", [])[seat] == "away",
             "the seat shown away", 120)
    time.sleep(1.5)  # the prompt line's fade
    host.shot(out, "5-away")
    if host.click("net-table.menu", wait=5):
        menu = wait_for(host, lambda d: any(e["id"].endswith(f".bot-for-{seat}")
                                            for e in d.get("elements", [])),
                        "a bot offered for the seat away", 30)
        host.shot(out, "5-away-menu")
        host.click(next(e["id"] for e in menu["elements"] if e["id"].endswith(".resume")))
    w.close()
    again = Window(w.name, w.display, w.dump_path.parent, w.args, w.lang, w.prefix,
                   w.env["NILE_NET_INTERFACES"])
    wait_for(again, lambda d: d.get("scene") == "join-game", "the join screen again")
    again.click("join-game.join")
    wait_for(host, lambda d: d.get("network", {}).get("statuses", [])[seat] == "online",
             "the seat back", 120)
    wait_for(again, lambda d: d.get("scene") in ("net-table", "move-list")
             and d.get("network", {}).get("seats") == [seat], "the table again", 120)
    again.shot(out, "6-back")
    return again


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=Path("/tmp/net-shots"))
    parser.add_argument("--netns", action="store_true")
    parser.add_argument("--display", type=int, default=54)
    parser.add_argument("--minutes", type=float, default=60.0)
    args = parser.parse_args()
    label = f"{args.players}p-{args.lang}-{'netns' if args.netns else 'loopback'}"
    out = args.out / label
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.players)
    started = time.monotonic()
    with ExitStack() as stack:
        others = args.players - 1
        if args.netns:
            net = stack.enter_context(namespaces(others))
            host_prefix = ["ip", "netns", "exec", net.host]
            host_if = ",".join(net.host_addresses)
        else:
            host_prefix, host_if = [], "none"
        other_lang = "cs" if args.lang == "en" else "en"
        windows: list[Window] = []
        stack.callback(lambda: [w.close() for w in windows])
        host = Window("host", f":{args.display}", out / "host", ["--host"], args.lang,
                      host_prefix, host_if)
        windows.append(host)
        wait_for(host, lambda d: d.get("scene") == "new-game", "the new-game screen")
        set_choice(host, "new-game.players", args.players)
        for seat in range(2, args.players + 1):
            set_choice(host, f"new-game.seat-{seat}.kind", "remote")
        host.shot(out, "1-new-game")
        host.click("new-game.start")
        lobby = wait_for(host, lambda d: "lobby" in d, "the lobby")["lobby"]
        port, code = lobby["port"], lobby["code"]
        for i in range(others):
            if args.netns:
                prefix = ["ip", "netns", "exec", net.others[i]]
                address, interfaces = f"{net.host_addresses[i]}:{port}", net.addresses[i]
            else:
                prefix, address, interfaces = [], f"127.0.0.1:{port}", "none"
            lang = other_lang if i % 2 == 0 else args.lang
            w = Window(f"joiner{i + 1}-{lang}", f":{args.display + 1 + i}",
                       out / f"joiner{i + 1}", ["--join", address, "--code", code], lang,
                       prefix, interfaces)
            windows.append(w)
            wait_for(w, lambda d: d.get("scene") == "join-game", "the join screen")
            w.shot(out, "2-join")
            w.click("join-game.join")
        wait_for(host, lambda d: set(d.get("lobby", {}).get("statuses", [])[1:]) == {"online"},
                 "everyone joined")
        host.shot(out, "3-lobby")
        for w in windows[1:]:
            wait_for(w, lambda d: d.get("lobby", {}).get("state") == "joined", "joined")
            w.shot(out, "3-lobby")
        host.click("lobby.start")
        counts = {"move": 0, "skip": 0, "back": 0, "list": 0}
        shots_mid = False
        deadline = started + args.minutes * 60
        while time.monotonic() < deadline:
            docs = [w.dump() for w in windows]
            if all(d.get("scene") == "net-table" and d.get("over") for d in docs):
                break
            for w, doc in zip(windows, docs, strict=True):
                done = take_turn(w, doc, rng)
                if done:
                    counts[done] += 1
            if counts["move"] >= 3 * args.players and not shots_mid:
                shots_mid = True
                for w in windows:
                    w.shot(out, "4-mid")
                windows[-1] = away_and_back(windows[-1], host, out)
            time.sleep(0.2)
        time.sleep(2.0)  # the last animations
        for w in windows:
            w.shot(out, "7-end")
        docs = [w.dump() for w in windows]
        summary = {"run": label, "over": [bool(d.get("over")) for d in docs],
                   "languages": [d.get("language") for d in docs],
                   "seats": [d.get("network", {}).get("seats") for d in docs],
                   "clicks": counts, "minutes": round((time.monotonic() - started) / 60, 1)}
        print(json.dumps(summary), flush=True)
        return 0 if all(summary["over"]) else 1


if __name__ == "__main__":
    sys.exit(main())
