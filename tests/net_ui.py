"""Playing a network table through its UI dump, as a person would with the mouse.

A move is made from the table's own list of legal moves (**All moves**, a row, **Play
this move**): three clicks on what the screen shows. The same steps drive the
headless tests (:class:`~tests.ui_driver.UiDriver`) and the real windows under Xvfb.
Also here: a bot player in a process of its own (``python -m nile_desktop.net play``)
and the leak check of what such players received.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nile_desktop.net.leaks import Truth, check_transcript
from nile_desktop.saves import load_save

ROOT = Path(__file__).resolve().parents[1]

Element = dict[str, Any]

#: Labels of moves that end the turn, in both languages (planting, speculating, passing).
_TRADES = ("Market", "Offer", "Trh", "Obět")


def pick_row(rows: list[Element], rng: random.Random) -> Element:
    """A row of the move list: mostly a move that ends the turn, so games end."""
    enders = [r for r in rows if not str(r.get("label", "")).startswith(_TRADES)]
    if enders and rng.random() < 0.85:
        return rng.choice(enders)
    return rng.choice(rows)


def my_turn(doc: dict[str, Any]) -> bool:
    """The dump says a person at this screen composes a move now."""
    network = doc.get("network") or {}
    return (doc.get("scene") == "net-table" and doc.get("phase") == "compose"
            and not doc.get("effects") and doc.get("turn") in network.get("seats", [])
            and doc.get("revealed") == doc.get("turn"))


def play_turn(elements: Callable[[], list[Element]], click: Callable[[str], None],
              rng: random.Random) -> bool:
    """Open the move list, click a row and Play this move; False if the list was empty."""
    click("net-table.tool.moves")
    rows = [e for e in elements() if e["id"].startswith("move-list.moves.row-")]
    if not rows:
        return False
    click(pick_row(rows, rng)["id"])
    click("move-list.play")
    return True


def env(home: Path) -> dict[str, str]:
    return {**os.environ, "NILE_DESKTOP_HOME": str(home), "NILE_NET_INTERFACES": "none",
            "PYTHONPATH": str(ROOT)}


def bot_player(port: int, code: str, tmp: Path, i: int, *, run: str = "",
               tokens: Path | None = None) -> subprocess.Popen[bytes]:
    """Seat ``i``'s bot player joining the host on the loopback; its messages go to
    ``t{i}{run}.jsonl`` (one file for each run of the process, for :func:`leak_free`)."""
    return subprocess.Popen(
        [sys.executable, "-m", "nile_desktop.net", "play", f"127.0.0.1:{port}", "--code", code,
         "--name", f"Bot{i}", "--bot", "random", "--rng", str(i),
         "--transcript", str(tmp / f"t{i}{run}.jsonl"),
         *(["--tokens", str(tokens)] if tokens is not None else [])],
        env=env(tmp / f"c{i}"), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def leak_free(save_path: Path, tmp: Path) -> None:
    """Every message in every ``t*.jsonl`` is exactly what its seat may see."""
    save, _state = load_save(save_path)
    truth = Truth(save)
    paths = sorted(tmp.glob("t*.jsonl"))
    assert paths
    for path in paths:
        messages = [json.loads(line) for line in path.read_text().splitlines()]
        count, problems = check_transcript(truth, messages, path.name)
        assert count > 0 and problems == []


def play_to_the_end(d: Any, rng: random.Random,
                    done: Callable[[dict[str, Any]], bool] | None = None,
                    max_frames: int = 40_000) -> dict[str, Any]:
    """Play the seats of this screen (a :class:`~tests.ui_driver.UiDriver`) by clicks, and
    skip the others' turns, until the game is over (or ``done`` holds); the last dump."""
    def click(uid: str) -> None:
        d.click(uid, frames=3)

    for _ in range(max_frames):
        doc = d.dump()
        if doc.get("scene") == "net-table" and (doc.get("over") or (done and done(doc))):
            return doc
        if doc.get("scene") == "net-table" and doc.get("phase") == "handoff":
            d.click(lambda e: e.get("role") == "button" and "ready" in e["id"], frames=3)
        elif my_turn(doc):
            play_turn(d.elements, click, rng)
        elif any(e["id"] == "net-table.action.skip" and e["enabled"] for e in d.elements()):
            d.click("net-table.action.skip", frames=2)  # "Skip to my turn"
        d.step(2)
    raise AssertionError(f"the game did not end: {d.summary()}")
