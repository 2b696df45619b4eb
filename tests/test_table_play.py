"""Whole games on the table, played by a scripted person through what is on screen.

The person clicks, drags and types (see ``table_driver``); every kind of
move is made, refused ones included. Every frame is checked: no private card
(a hand, a storage) is ever drawn for anyone but the seat the turn flow
reveals, and in pass-and-play nobody's while a bot plays or the computer is
being passed (R-HARV-3: storage is secret; hands are private).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from table_driver import TablePerson, headless_app  # noqa: E402

from nile_desktop.app import App  # noqa: E402

PRIVATE = ("hand", "storage")


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=4.0)


def start(app: App, kinds: tuple[str, ...], seed: int) -> Any:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    names = ["Ana", "Imhotep", "Bo", "Cleo", "Dan", "Eve"]
    seats = [{"name": names[i], "kind": k, "colour": i} for i, k in enumerate(kinds)]
    save = new_save({"players": len(kinds), "monuments": True, "random_crops": False}, seed, seats)
    return app.stack.push(TableScene(save, save.new_state(), autosave=False))


def check_privacy(table: Any) -> None:
    flow = table.flow
    assert set(table.private_faces) <= {flow.revealed}, (table.private_faces, flow.revealed)
    shown = {e.data.get("seat") for e in table.hits.items if e.data.get("zone") in PRIVATE}
    assert shown <= {flow.revealed}, (shown, flow.phase, flow.revealed)
    if flow.pass_and_play and flow.phase not in ("compose", "review"):
        assert flow.revealed is None and not shown, flow.phase
    if flow.pass_and_play and flow.revealed is not None:
        assert flow.kinds[flow.revealed] == "human"


@pytest.mark.parametrize("kinds,seed", [
    (("human", "easy", "human"), 3),   # person – bot – person
    (("human", "human"), 8),           # person – person
])
def test_pass_and_play_whole_game_never_shows_another_hand(app: App, kinds: tuple[str, ...],
                                                           seed: int) -> None:
    table = start(app, kinds, seed)
    person = TablePerson(app, table, random.Random(seed), on_frame=check_privacy)
    person.play_turns(limit=2000)
    assert table.session.over and table.flow.phase == "over"
    assert person.refusals_seen
    assert set(person.moves_made) >= {"plant", "market"}
    assert app.stack.top is table and not app.crashed


def test_person_against_bots_makes_every_kind_of_move(app: App) -> None:
    table = start(app, ("human", "medium", "random", "easy"), 21)
    person = TablePerson(app, table, random.Random(4), on_frame=check_privacy)
    person.play_turns(limit=2000, refuse_every=7)
    assert table.session.over
    assert set(person.moves_made) == {"plant", "speculate", "market", "offer", "pass"}, \
        person.moves_made
    assert not app.crashed
    # the results: ranking, piles by crop with the deciding pile, buttons
    person.wait(2)
    ids = {e.id for e in table.hits.items}
    assert {"result.rematch", "result.new", "result.title", "result.chart"} <= ids
    assert any(e.id.startswith("result.") and e.selected for e in table.hits.items)
