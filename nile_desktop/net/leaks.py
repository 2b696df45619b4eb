"""The leak check: did a client ever receive anything its seat may not see?

Given the truth (the host's save: seed and moves) and every message one client
received, decrypted, in order, :func:`check_transcript` lists each problem:

- an ``update`` must equal, exactly, :func:`~.host.update_message` of the true game for
  that client's seat at that move: the seat's own view and the move's events with the
  others' drawn cards hidden, nothing more; so another seat's hand, storage (before
  the end), the deck's order or the seed can appear in no update;
- independently of that function, no update's view may hold a hand or storage of
  another seat, and no drawn-card event of another seat may name its cards;
- ``welcome``, ``seats``, ``refused`` and ``bye`` carry no cards at all (checked by
  their keys, recursively);
- any other message is a problem.

The tests and ``soak net`` run it on every message of every client. No pygame.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from nile_desktop.engine import State
from nile_desktop.net.host import update_message
from nile_desktop.saves import SaveGame

#: Keys that may appear anywhere in a message other than an update.
_PLAIN_KEYS = frozenset({"t", "seat", "token", "game", "rules", "crops", "seats", "started",
                         "players", "monuments", "random_crops", "must_act", "storage_top",
                         "name", "kind", "colour", "status", "default_name", "n", "code",
                         "text", "why"})


class Truth:
    """The true game of a save, move by move, with each seat's expected updates."""

    def __init__(self, save: SaveGame) -> None:
        self.save = save
        self._steps: list[tuple[int, str, list[Any], State]] = []
        state = save.new_state()
        self._steps.append((-1, "", list(state.events), state.clone()))
        for move in save.moves:
            mover = state.active
            events = state.apply(move)
            self._steps.append((mover, move, events, state.clone()))
        self._expected: dict[tuple[int, int], str] = {}

    def expected(self, seat: int, n: int) -> str | None:
        if not 0 <= n < len(self._steps):
            return None
        key = (seat, n)
        if key not in self._expected:
            mover, move, events, state = self._steps[n]
            self._expected[key] = _canonical(update_message(seat, n, mover, move, events, state))
        return self._expected[key]


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _plain(value: Any, where: str, problems: list[str]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key not in _PLAIN_KEYS:
                problems.append(f"{where}: key {key!r} in a message that carries no cards")
            _plain(inner, where, problems)
    elif isinstance(value, list):
        for inner in value:
            _plain(inner, where, problems)


def _structural(message: dict[str, Any], seat: int, where: str, problems: list[str]) -> None:
    view = message.get("view")
    if isinstance(view, dict):
        if view.get("seat") != seat:
            problems.append(f"{where}: a view of seat {view.get('seat')} sent to seat {seat}")
        if view.get("final_storages") is not None and view.get("result") is None:
            problems.append(f"{where}: every seat's storage before the game is over")
        for key in view:
            if key.startswith(("hands", "storages", "deck_order", "seed")):
                problems.append(f"{where}: view key {key!r}")
    for event in message.get("events", []) or []:
        if isinstance(event, dict) and event.get("event") == "draw" \
                and event.get("seat") != seat and event.get("cards"):
            problems.append(f"{where}: seat {event.get('seat')}'s drawn cards sent to seat {seat}")


def check_transcript(truth: Truth, messages: Iterable[dict[str, Any]],
                     label: str = "client") -> tuple[int, list[str]]:
    """How many messages were checked, and every leak or unexpected message found."""
    problems: list[str] = []
    seat: int | None = None
    count = 0
    for index, message in enumerate(messages):
        count += 1
        where = f"{label} message {index}"
        kind = message.get("t")
        if kind == "update":
            if seat is None:
                problems.append(f"{where}: an update before any welcome")
                continue
            _structural(message, seat, where, problems)
            n = message.get("n")
            expected = truth.expected(seat, n) if isinstance(n, int) else None
            if expected is None or _canonical(message) != expected:
                problems.append(f"{where}: update {n} is not what seat {seat} may see")
        elif kind in ("welcome", "seats", "refused", "bye"):
            _plain(message, where, problems)
            if kind == "welcome":
                seat = message.get("seat") if isinstance(message.get("seat"), int) else None
        else:
            problems.append(f"{where}: an unexpected message {str(kind)[:40]!r}")
    return count, problems
