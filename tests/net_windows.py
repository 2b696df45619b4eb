"""Play a game over the network in real windows under Xvfb, by mouse, and take screenshots.

    python tests/net_windows.py --players 2 --lang en --out /tmp/shots [--netns]

The host's game and each joining game run as the program itself (``python -m
nile_desktop --host`` / ``--join``), each on an Xvfb screen of its own (:54, :55, …) with
``NILE_UI_DUMP``; xdotool clicks the centres of the elements the dumps name: the host
sets the players, makes every other seat "Person joining" and opens the game; each
joiner presses Join (the address and code given on the command line); the host presses
Start; then every window plays its own seat from the table's move list (All moves, a
row, Play this move) and skips the bots' turns, until every window shows the game over.
With ``--netns`` the host runs in a network namespace and the joiners in others (private
addresses 10.231.x.x, multicast DNS limited to them); the namespaces are deleted at the
end. Screenshots of each window (the lobby, mid-game, the end) go to ``--out``. Exits 0
when every window reached the end of the game.
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


class Window:
    def __init__(self, name: str, display: str, home: Path, args: list[str], lang: str,
                 prefix: list[str], interfaces: str) -> None:
        self.name, self.display = name, display
        self.dump_path = home / "dump.json"
        (home / "config").mkdir(parents=True, exist_ok=True)
        (home / "config" / "settings.json").write_text(json.dumps(
            {"animation_speed": 2.0, "language": lang, "music_volume": 0, "sound_volume": 0}))
        lock = Path(f"/tmp/.X{display[1:]}-lock")
        if lock.exists():  # a lock left by an Xvfb that is gone
            try:
                os.kill(int(lock.read_text().strip()), 0)
            except (OSError, ValueError):
                lock.unlink(missing_ok=True)
                Path(f"/tmp/.X11-unix/X{display[1:]}").unlink(missing_ok=True)
        self.xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1400x800x24",
                                      "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", NILE_DESKTOP_HOME=str(home),
                        NILE_UI_DUMP=str(self.dump_path), PYGAME_HIDE_SUPPORT_PROMPT="1",
                        NILE_NET_INTERFACES=interfaces, PYTHONPATH=str(ROOT))
        envs = [f"{k}={v}" for k, v in self.env.items() if k.startswith(("NILE_", "DISPLAY",
                                                                         "SDL_", "PYTHON"))]
        command = [*prefix, "env", *envs, sys.executable, "-m", "nile_desktop", "--windowed",
                   "--size", SIZE, "--lang", lang, *args]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env,
                                        stderr=open(home / "stderr.log", "wb"))  # noqa: SIM115
        self.window = ""
        for _ in range(200):
            time.sleep(0.3)
            found = subprocess.run(["xdotool", "search", "--pid", str(self.process.pid)],
                                   env=self.env, capture_output=True, text=True)
            if found.stdout.strip() and self.dump_path.exists():
                self.window = found.stdout.split()[-1]
                break
        assert self.window, f"{name}: no window"

    def find_window(self) -> None:
        """The program's visible window (SDL may make and drop others while it starts)."""
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid",
                                str(self.process.pid)], env=self.env, capture_output=True,
                               text=True)
        ids = found.stdout.split()
        if ids:
            self.window = ids[-1]

    def dump(self) -> dict[str, Any]:
        for _ in range(50):
            try:
                return json.loads(self.dump_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                time.sleep(0.1)
        return {}

    def elements(self) -> list[dict[str, Any]]:
        return list(self.dump().get("elements", []))

    def click(self, uid: str) -> None:
        for _ in range(60):
            match = [e for e in self.elements() if e["id"] == uid and e["enabled"]]
            if match:
                self.find_window()
                x, y, w, h = match[0]["rect"]
                subprocess.run(["xdotool", "mousemove", "--window", self.window,
                                str(x + w // 2), str(y + h // 2)], env=self.env, check=True)
                time.sleep(0.1)
                subprocess.run(["xdotool", "click", "1"], env=self.env, check=True)
                time.sleep(0.4)
                return
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: {uid} not on screen ({self.dump().get('scene')})")

    def shot(self, out: Path, label: str) -> Path:
        path = out / f"{self.name}-{label}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True)
        return path

    def close(self) -> None:
        if self.process.poll() is None:
            subprocess.run(["xdotool", "key", "--window", self.window, "ctrl+q"], env=self.env)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.xvfb.kill()


def set_choice(w: Window, uid: str, value: object) -> None:
    for _ in range(15):
        now = next(e for e in w.elements() if e["id"] == uid)["data"]["value"]
        if now == value:
            return
        print(f"{w.name}: {uid} is {now}, clicking (window {w.window})", flush=True)
        w.click(uid)
    raise AssertionError(f"{uid} never became {value}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=Path("/tmp/net-shots"))
    parser.add_argument("--netns", action="store_true")
    parser.add_argument("--display", type=int, default=54)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    work = args.out / f"run-{args.players}-{args.lang}{'-netns' if args.netns else ''}"
    work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.players)
    with ExitStack() as stack:
        others = args.players - 1
        if args.netns:
            net = stack.enter_context(namespaces(others))
            host_prefix = ["ip", "netns", "exec", net.host]
            host_if = ",".join(net.host_addresses)
        else:
            host_prefix, host_if = [], "none"
        langs = [args.lang, "cs" if args.lang == "en" else "en"]
        host = Window("host", f":{args.display}", work / "host", ["--host"], args.lang,
                      host_prefix, host_if)
        windows = [host]
        stack.callback(lambda: [w.close() for w in windows])
        set_choice(host, "new-game.players", args.players)
        for seat in range(2, args.players + 1):
            set_choice(host, f"new-game.seat-{seat}.kind", "remote")
        host.shot(args.out, f"{work.name}-newgame")
        host.click("new-game.start")
        for _ in range(100):
            if "lobby" in host.dump():
                break
            time.sleep(0.2)
        lobby = host.dump()["lobby"]
        port, code = lobby["port"], lobby["code"]
        for i in range(others):
            if args.netns:
                prefix = ["ip", "netns", "exec", net.others[i]]
                address, interfaces = f"{net.host_addresses[i]}:{port}", net.addresses[i]
            else:
                prefix, address, interfaces = [], f"127.0.0.1:{port}", "none"
            lang = langs[(i + 1) % 2]
            w = Window(f"joiner{i + 1}", f":{args.display + 1 + i}", work / f"joiner{i + 1}",
                       ["--join", address, "--code", code], lang, prefix, interfaces)
            windows.append(w)
            w.click("join-game.join")
        for _ in range(300):
            if set(host.dump().get("lobby", {}).get("statuses", [])[1:]) == {"online"}:
                break
            time.sleep(0.2)
        host.shot(args.out, f"{work.name}-lobby")
        host.click("lobby.start")
        shots_mid = False
        moves = 0
        deadline = time.monotonic() + 1800
        while time.monotonic() < deadline:
            docs = [w.dump() for w in windows]
            if all(d.get("over") for d in docs):
                break
            for w, doc in zip(windows, docs, strict=True):
                rows = [e for e in doc.get("elements", [])
                        if e["id"].startswith("move-list.moves.row-")]
                if doc.get("scene") == "move-list" and rows:
                    w.click(pick_row(rows, rng)["id"])
                    w.click("move-list.play")
                    moves += 1
                elif doc.get("scene") == "net-table" and my_turn(doc):
                    w.click("net-table.tool.moves")
                elif doc.get("scene") == "net-table" and any(
                        e["id"] == "net-table.action.skip" and e["enabled"]
                        for e in doc.get("elements", [])):
                    w.click("net-table.action.skip")
            if moves >= 12 and not shots_mid:
                shots_mid = True
                for w in windows:
                    w.shot(args.out, f"{work.name}-mid")
            time.sleep(0.2)
        time.sleep(2)
        for w in windows:
            w.shot(args.out, f"{work.name}-end")
        over = [w.dump().get("over") for w in windows]
        print(json.dumps({"players": args.players, "netns": args.netns, "over": over,
                          "moves_by_mouse": moves}))
        return 0 if all(over) else 1


if __name__ == "__main__":
    sys.exit(main())
