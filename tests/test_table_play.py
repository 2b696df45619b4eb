"""Whole games on the table, played by a scripted person through what is on screen.

The person clicks, drags and types (see ``table_driver``); every kind of
move is made, refused ones included. Every frame is checked: no private card
(a hand, a storage) is ever drawn for anyone but the seat the turn flow
reveals, and in pass-and-play nobody's while a bot plays or the computer is
being passed (R-HARV-3: storage is secret; hands are private).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_driver import TablePerson, headless_app

from nile_desktop.app import App

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
    flow = table.game.flow
    assert set(table.drawer.private_faces) <= {flow.revealed}, (table.drawer.private_faces, flow.revealed)
    shown = {e.data.get("seat") for e in table.drawer.hits.items if e.data.get("zone") in PRIVATE}
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
    assert table.game.session.over and table.game.flow.phase == "over"
    assert person.refusals_seen
    assert set(person.moves_made) >= {"plant", "market"}
    assert app.stack.top is table and not app.crashed


def test_person_against_bots_makes_every_kind_of_move(app: App) -> None:
    table = start(app, ("human", "medium", "random", "easy"), 21)
    person = TablePerson(app, table, random.Random(4), on_frame=check_privacy)
    person.play_turns(limit=2000, refuse_every=7)
    assert table.game.session.over
    assert set(person.moves_made) == {"plant", "speculate", "market", "offer", "pass"}, \
        person.moves_made
    assert not app.crashed
    # the results: ranking, piles by crop with the deciding pile, buttons
    person.wait(2)
    ids = {e.id for e in table.drawer.hits.items}
    assert {"result.rematch", "result.new", "result.title", "result.chart"} <= ids
    assert any(e.id.startswith("result.") and e.selected for e in table.drawer.hits.items)


def test_a_planting_not_yet_whole_says_what_it_needs(app: App) -> None:
    """R-PLANT-1, R-WHY-1: one card staged on a new field is not a planting yet. The prompt
    line says so with the rule (it does not ask for Plant, which is off); a second crop
    beside it makes it whole and the prompt asks for Plant."""
    from nile_desktop.engine import CROPS
    from nile_desktop.scenes.table.display.controls import status_text

    table = start(app, ("human", "easy"), 3)
    person = TablePerson(app, table, random.Random(1))
    for _ in range(20):  # play on until the person holds two crops of one card each
        assert person.settle() == "compose"
        state = table.game.session.state
        hand = state.hands[table.game.session.active]
        free = [c for c in range(len(CROPS)) if hand[c] == 1
                and not any(state.fields[s][c] for s in range(state.players))]
        if len(free) >= 2:
            break
        person.carry_out(person.choose())
    else:
        pytest.skip("no hand with two single crops in this game")
    def card(crop: str) -> Any:
        return person.element(lambda e: e.data.get("zone") == "hand" and e.data.get("kind") == crop)

    first, second = (CROPS[c] for c in free[:2])
    person.drag(card(first), f"field:{first}")
    text, _colour = status_text(table.frame_view())
    assert text.startswith("Not yet — ") and text.endswith("(R-PLANT-1)")
    assert not person.by_id("action.plant").enabled
    person.drag(card(second), f"field:{second}")
    assert person.by_id("action.plant").enabled
    assert status_text(table.frame_view())[0].startswith("Press Plant")


def test_in_pass_and_play_each_person_sees_their_own_turn_open(app: App) -> None:
    """R-FLOOD-1, R-HARV-1: a turn opens with its flood and harvest. In pass-and-play that
    opening waits until the next person is at the screen: during the review and the hand-off
    the table still shows the last flood; after "ready" the new one turns over before them."""
    table = start(app, ("human", "human"), 8)
    person = TablePerson(app, table, random.Random(3))
    if person.settle() == "handoff":
        person.press("handoff.ready")
    assert person.settle() == "compose"
    mover = table.game.session.active
    before = table.game.board.flood_card
    person.carry_out("pass")
    if table.game.flow.phase == "compose":  # the first press of End turn only arms it
        person.press("action.pass")
    flooded = table.game.session.state.flood_card
    assert person.settle() == "review"
    assert table.game.board.active == mover and table.game.board.flood_card == before
    person.press("done")
    assert person.settle() == "handoff"
    assert table.game.board.active == mover and table.game.board.flood_card == before
    person.press("handoff.ready")
    assert table.game.stage.busy, "the new turn's flood plays before the next person"
    assert person.settle() == "compose"
    assert table.game.board.active == table.game.session.active != mover
    assert table.game.board.flood_card == flooded
