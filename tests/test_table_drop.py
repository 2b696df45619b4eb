"""Dropping a dragged card on one's own seat panel rather than on the glowing place.

A new player drags a card "onto my fields" and lets go anywhere on their
panel; the card goes to the one place of that crop they may plant in
(R-PLANT-1), and with no such single place the table says where to drop it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_driver import TablePerson, centre, headless_app

from nile_desktop.app import App


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=4.0)


def _start(app: App, seed: int) -> Any:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    seats = [{"name": n, "kind": k, "colour": i}
             for i, (n, k) in enumerate((("Ana", "human"), ("Imhotep", "easy")))]
    save = new_save({"players": 2, "monuments": True, "random_crops": False}, seed, seats)
    return app.stack.push(TableScene(save, save.new_state(), autosave=False))


def _drag_to(person: TablePerson, source: Any, pos: tuple[int, int]) -> None:
    a = centre(source.rect)
    person.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    person.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 20, a[1] - 20),
                                     rel=(20, -20), buttons=(1, 0, 0))])
    person.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))])
    person.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def test_a_pair_dropped_on_ones_own_panel_starts_its_field(app: App) -> None:
    """R-PLANT-1 a): two cards of one crop dropped on the panel lay out a new field."""
    for seed in range(1, 40):
        table = _start(app, seed)
        person = TablePerson(app, table, random.Random(seed))
        assert person.settle() == "compose"
        pairs = [e for e in table.drawer.hits.items if e.data.get("zone") == "hand"
                 and e.data.get("count", 0) >= 2 and e.data.get("kind") != "stone"
                 and not table.game.draft.staged]
        if pairs:
            break
        app.stack.pop()
    card = pairs[0]
    kind = card.data["kind"]
    panel = person.by_id("seat.0")
    x, y, w, h = panel.rect
    _drag_to(person, card, (x + w - 8, y + h - 8))  # a corner of the panel, far from the plot
    assert table.game.draft.staged_on(f"field:{kind}") == card.data["count"]
    plant = person.by_id("action.plant")
    assert plant is not None and plant.enabled


def test_a_card_dropped_on_a_rivals_panel_without_a_take_over_says_where_to_drop(
        app: App) -> None:
    """A rival's panel with no field to take over stages nothing and says where cards go
    (a take-over dropped there: tests/test_tutorial_drag.py)."""
    table = _start(app, 2)
    person = TablePerson(app, table, random.Random(2))
    assert person.settle() == "compose"
    card = next(e for e in table.drawer.hits.items if e.data.get("zone") == "hand")
    _drag_to(person, card, centre(person.by_id("seat.1").rect))
    assert not table.game.draft.staged
    assert "glowing places" in str(table.game.prompt.shown())
