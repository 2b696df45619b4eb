"""``soak net``: whole games over real sockets, with kills, restarts and hostile traffic.

Each game is a host (``python -m nile_desktop.net host``) and K bot players
(``python -m nile_desktop.net play``), each in its own process on the loopback, the bot
players choosing from their own seat's view as a person's table would. While the game
runs the soak, at random:

- kills a bot player (SIGKILL) and starts it again a moment later: it must get its seat
  back with the token it kept on disk;
- kills the host (SIGKILL) once in every other game and starts it again from its save
  (``--resume``): the same players must rejoin and the game go on;
- sends hostile traffic: bytes that are no protocol, a wrong code, and with the right
  code a joined connection that then sends malformed JSON, unknown messages, oversized
  frames, moves for other seats, illegal moves and moves for old positions.

A game is *finished* when its host reports it over and its save replays to the end; a
game that does neither in time is *lost*. Every message every bot player and every
hostile connection received is leak-checked against the save
(:mod:`nile_desktop.net.leaks`): a leak is any message holding more than that seat may
see. The soak prints games finished, reconnects, refusals and leaks; any lost game or
leak is a failure.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from nile_desktop.net.codes import new_code
from nile_desktop.net.handshake import JoinRefused, client_side
from nile_desktop.net.leaks import Truth, check_transcript
from nile_desktop.net.seatview import WireError
from nile_desktop.net.wire import Closed, frame
from nile_desktop.saves import SaveError, load_save

#: Seconds a game may take before it counts as lost.
GAME_TIMEOUT = 300.0
TICK = 0.25
#: The chance, each tick, that a bot player is killed, and that a hostile connection comes.
KILL_CHANCE = 0.02
HOSTILE_CHANCE = 0.04
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class NetTally:
    games: int = 0
    finished: int = 0
    lost: int = 0
    client_kills: int = 0
    host_restarts: int = 0
    rejoins: int = 0
    refusals: int = 0
    closed_bad: int = 0
    moves_refused: int = 0
    hostile: int = 0
    messages: int = 0
    leaks: int = 0
    failures: list[str] = field(default_factory=list)


#: Every child process still running: ended if the soak itself is ended (SIGTERM, Ctrl+C).
_LIVE: set[Proc] = set()


def _end_children(signum: int, _frame: Any) -> None:
    for proc in list(_LIVE):
        proc.kill()
    raise SystemExit(128 + signum)


class Proc:
    """A child process whose output lines are read in a thread."""

    def __init__(self, args: list[str], env: dict[str, str], log: IO[bytes]) -> None:
        self.popen = subprocess.Popen([sys.executable, "-m", "nile_desktop.net", *args],
                                      env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=log)
        _LIVE.add(self)
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for raw in self.popen.stdout:
            try:
                self.lines.put(json.loads(raw))
            except ValueError:
                pass

    def line(self, timeout: float) -> dict[str, Any] | None:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self) -> None:
        _LIVE.discard(self)
        if self.alive():
            self.popen.send_signal(signal.SIGKILL)
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:
            pass


# -- hostile traffic -------------------------------------------------------------------------

BAD_MESSAGES: list[Any] = [
    b"{not json", {"t": "view", "seat": 0}, {"t": "move", "n": "1", "move": "pass"},
    {"t": "move", "n": 0, "move": "x" * 999}, {"t": "join"}, {"t": "ping", "extra": 1},
    {"t": "move", "n": 0, "move": "pass", "nest": [[[[[[[[[[[0]]]]]]]]]]]},
]


async def _hostile(port: int, code: str, kind: int, rng: random.Random,
                   transcript: list[dict[str, Any]]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        if kind == 0:  # no protocol at all
            writer.write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
            await writer.drain()
            await asyncio.wait_for(reader.read(4096), 3)
            return
        if kind == 1:  # a guess at the code
            await client_side(reader, writer, "acorn-acorn-acorn")
            return
        channel = await client_side(reader, writer, code)
        await channel.send({"t": "join", "name": "Mallory", "lang": "en", "token": None,
                            "have": 0})
        first = await asyncio.wait_for(channel.recv(), 5)
        transcript.append(first)
        if first.get("t") != "welcome":
            return
        if kind == 2:  # malformed input: the connection must close
            bad = rng.choice(BAD_MESSAGES)
            if isinstance(bad, bytes):
                nonce = channel._sent.to_bytes(12, "big")
                channel._sent += 1
                writer.write(frame(channel._seal.encrypt(nonce, bad, b"nile")))
            else:
                writer.write(frame(b"x" * 70_000) if rng.random() < 0.2 else b"")
                await channel.send(bad)
        else:  # moves that are not this seat's to make, or not legal, or too late
            for move in ("pass", "plant locust", "market wheat wheat", "offer stone stone"):
                await channel.send({"t": "move", "n": rng.randrange(0, 300), "move": move})
            await channel.send({"t": "move", "n": 0, "move": "speculate spec:wheat+flax"})
        end = time.monotonic() + 0.5
        while time.monotonic() < end:
            message = await asyncio.wait_for(channel.recv(), end - time.monotonic())
            transcript.append(message)
    except (asyncio.TimeoutError, JoinRefused, WireError, Closed, OSError):
        pass
    finally:
        writer.close()


def hostile(port: int, code: str, rng: random.Random, transcript: list[dict[str, Any]]) -> None:
    try:
        asyncio.run(asyncio.wait_for(_hostile(port, code, rng.randrange(4), rng, transcript), 8))
    except (asyncio.TimeoutError, OSError):
        pass


# -- one game ----------------------------------------------------------------------------------

def play_game(index: int, clients: int, rng: random.Random, folder: Path,
              tally: NetTally) -> None:
    game_dir = folder / f"game-{index}"
    game_dir.mkdir(parents=True)
    log = open(game_dir / "stderr.log", "ab")  # noqa: SIM115 - closed below
    env = {**os.environ, "NILE_DESKTOP_HOME": str(game_dir / "host"),
           "NILE_NET_INTERFACES": "none", "PYTHONPATH": str(ROOT)}
    bots = min(6 - clients, rng.randrange(0, 3))
    seats = ["remote"] * clients + [rng.choice(("random", "easy")) for _ in range(bots)]
    rng.shuffle(seats)
    code = new_code()
    seed = rng.randrange(2**32)
    host_args = ["host", "--seats", ",".join(seats), "--seed", str(seed), "--code", code,
                 "--bind", "127.0.0.1", "--away-grace", "4", "--linger", "1.5"]
    host = Proc(host_args, env, log)
    hostile_messages: list[list[dict[str, Any]]] = []
    players: dict[int, Proc] = {}
    restarts: list[tuple[float, int]] = []
    try:
        first = host.line(30)
        if first is None or "listening" not in first:
            tally.lost += 1
            tally.failures.append(f"game {index}: the host did not start ({first})")
            return
        port = int(first["listening"])

        def player(i: int) -> Proc:
            return Proc(["play", f"127.0.0.1:{port}", "--code", code, "--name", f"Bot{i}",
                         "--bot", "random", "--rng", str(i + index * 10),
                         "--tokens", str(game_dir / f"tokens-{i}.json"),
                         "--transcript", str(game_dir / f"player-{i}.jsonl"),
                         "--reconnect-for", "60"],
                        {**env, "NILE_DESKTOP_HOME": str(game_dir / f"p{i}")}, log)

        for i in range(clients):
            players[i] = player(i)
        save_path: str | None = None
        over: dict[str, Any] | None = None
        restart_host_at = (time.monotonic() + rng.uniform(1.0, 6.0)) if index % 2 == 0 else None
        deadline = time.monotonic() + GAME_TIMEOUT
        while time.monotonic() < deadline:
            line = host.line(TICK)
            while line is not None:
                if line.get("started"):
                    save_path = line.get("save")
                if line.get("over"):
                    over = line
                line = host.line(0)
            if over is not None:
                break
            now = time.monotonic()
            if save_path is not None and rng.random() < KILL_CHANCE:  # a computer fails
                live = [i for i, p in players.items() if p.alive()]
                if live:
                    i = rng.choice(live)
                    players[i].kill()
                    tally.client_kills += 1
                    restarts.append((now + rng.uniform(0.3, 2.5), i))
            for when, i in list(restarts):
                if when <= now:
                    restarts.remove((when, i))
                    players[i] = player(i)
            if save_path is not None and restart_host_at is not None and now >= restart_host_at:
                restart_host_at = None
                host.kill()
                tally.host_restarts += 1
                host = Proc(["host", "--resume", save_path, "--port", str(port),
                             "--away-grace", "4", "--linger", "1.5"], env, log)
                again = host.line(30)
                if again is None or "listening" not in again:
                    tally.failures.append(f"game {index}: the host did not resume ({again})")
                    break
            if save_path is not None and rng.random() < HOSTILE_CHANCE:
                transcript: list[dict[str, Any]] = []
                hostile(port, code, rng, transcript)
                hostile_messages.append(transcript)
                tally.hostile += 1
        tally.games += 1
        finished = _finished(save_path)
        if over is None or not finished:
            tally.lost += 1
            tally.failures.append(f"game {index}: not finished (host said {over}, save "
                                  f"{save_path}, replays to the end: {finished})")
        else:
            tally.finished += 1
            tally.rejoins += int(over.get("rejoins", 0))
            tally.refusals += int(over.get("refusals", 0))
            tally.closed_bad += int(over.get("closed_bad", 0))
            tally.moves_refused += int(over.get("moves_refused", 0))
        if save_path is not None:
            _check_leaks(index, Path(save_path), game_dir, hostile_messages, tally)
    finally:
        host.kill()
        for proc in players.values():
            proc.kill()
        log.close()


def _finished(save_path: str | None) -> bool:
    if save_path is None:
        return False
    try:
        save, state = load_save(save_path)
    except SaveError:
        return False
    return bool(state.over)


def _check_leaks(index: int, save_path: Path, game_dir: Path,
                 hostile_messages: list[list[dict[str, Any]]], tally: NetTally) -> None:
    try:
        save, _state = load_save(save_path)
    except SaveError as exc:
        tally.failures.append(f"game {index}: the save cannot be read: {exc}")
        return
    truth = Truth(save)
    transcripts: list[tuple[str, list[dict[str, Any]]]] = []
    for path in sorted(game_dir.glob("player-*.jsonl")):
        messages = []
        for raw in path.read_text(encoding="utf-8").splitlines():
            try:
                messages.append(json.loads(raw))
            except ValueError:
                pass  # a line cut off by a kill
        # each run of the process starts with a welcome: check each run on its own
        runs: list[list[dict[str, Any]]] = []
        for message in messages:
            if message.get("t") == "welcome" and (not runs or any(
                    m.get("t") == "update" for m in runs[-1])):
                runs.append([])
            if not runs:
                runs.append([])
            runs[-1].append(message)
        transcripts += [(f"{path.name}#{i}", run) for i, run in enumerate(runs)]
    transcripts += [(f"hostile-{i}", t) for i, t in enumerate(hostile_messages)]
    for label, messages in transcripts:
        count, problems = check_transcript(truth, messages, f"game {index} {label}")
        tally.messages += count
        tally.leaks += len(problems)
        tally.failures += problems[:5]


def run(games: int, clients: int, seed: int, *, progress: bool = False,
        folder: Path | None = None, parallel: int = 1, first: int = 0) -> NetTally:
    """Play ``games`` games, ``parallel`` at a time (each game's own processes and ports).

    Game ``i`` is played from its own generator (the seed and ``i``), so games ``first`` to
    ``first + games - 1`` are the same games whether played in one run or in blocks.
    """
    total = NetTally()
    lock = threading.Lock()
    done = [0]

    def one(index: int, base: Path) -> None:
        tally = NetTally()
        try:
            play_game(index, clients, random.Random(seed * 100_003 + index), base, tally)
        except Exception as exc:  # noqa: BLE001 - the soak reports it and goes on
            tally.lost += 1
            tally.failures.append(f"game {index}: the soak itself failed: {exc!r}")
        with lock:
            for name in ("games", "finished", "lost", "client_kills", "host_restarts",
                         "rejoins", "refusals", "closed_bad", "moves_refused", "hostile",
                         "messages", "leaks"):
                setattr(total, name, getattr(total, name) + getattr(tally, name))
            total.failures += tally.failures
            done[0] += 1
            if progress:
                print(f"  game {index + 1} ({done[0]} of {games} done): finished "
                      f"{total.finished}, lost {total.lost}, leaks {total.leaks} in "
                      f"{total.messages} messages, kills {total.client_kills}, rejoins "
                      f"{total.rejoins}, host restarts {total.host_restarts}, refusals "
                      f"{total.refusals}, closed bad {total.closed_bad}, moves refused "
                      f"{total.moves_refused}, hostile {total.hostile}", flush=True)

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _end_children)
        signal.signal(signal.SIGINT, _end_children)
    with tempfile.TemporaryDirectory(prefix="nile-soak-net-") as temp:
        base = folder if folder is not None else Path(temp)
        with ThreadPoolExecutor(max_workers=max(1, parallel)) as pool:
            list(pool.map(lambda i: one(i, base), range(first, first + games)))
    return total
