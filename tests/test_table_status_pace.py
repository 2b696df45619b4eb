"""The prompt line keeps pace with the log while bots play.

During a bot's turn the prompt line tells the step the table is showing
("Imhotep draws 2 cards"). Once the next turn opens (its "to play" line, its
flood) that step is over: the line no longer tells it, and "Skip to my turn"
is not offered while the person's own turn opens. Checked on every frame of a
game of a person against two bots, speed 2, on the test's clock. And as the
picture draws them: the prompt line, the action row and the log are drawn in
the frame they change, together, even while other zones wait for later frames.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_driver import TablePerson, headless_app

from nile_desktop.app import App


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=2.0)


class Watcher:
    """Checks each drawn frame: what the prompt line and the action row show against the
    log's newest line, as the person reads them."""

    def __init__(self, person: str) -> None:
        self.person = person
        self.steps_seen = 0
        self.person_openings = 0

    def __call__(self, table: Any) -> None:
        rows = [row[0] for row in table.logview._rows]
        if not rows:
            return
        newest = str(rows[-1])
        shown = {e.id: e for e in table.drawer.hits.items}
        step = shown.get("status.step")
        if step is not None:
            self.steps_seen += 1
            assert str(step.label) in map(str, rows[-3:]), (step.label, rows[-3:])
        if newest == self.person or newest.startswith(f"{self.person} turns up the flood"):
            self.person_openings += 1  # the person's turn opens: no bot step, nothing to skip
            assert step is None and "action.skip" not in shown, (newest, shown.keys())


def test_the_prompt_line_follows_the_log_through_bot_turns(app: App) -> None:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    seats = [{"name": n, "kind": k, "colour": i}
             for i, (n, k) in enumerate((("Ana", "human"), ("Imhotep", "easy"),
                                         ("Bes", "medium")))]
    save = new_save({"players": 3, "monuments": True, "random_crops": False}, 12, seats)
    table = app.stack.push(TableScene(save, save.new_state(), autosave=False))
    watcher = Watcher("Ana")
    person = TablePerson(app, table, random.Random(3), on_frame=watcher)
    for _turn in range(6):
        phase = person.settle()
        if phase == "over":
            break
        person.carry_out(person.choose())
    assert watcher.steps_seen > 0 and watcher.person_openings > 0



def test_the_prompt_line_the_action_row_and_the_log_are_drawn_in_one_frame() -> None:
    """While the table plays by itself a frame draws its first changed zone and leaves the
    rest for the frames after (the frame's budget); the prompt line, the action row and
    the log tell the same moment, so they are drawn in the frame they change, together,
    whichever zones wait: never the log's newest line beside the step before it."""
    import pygame

    from nile_desktop.scenes.table.display.frame import FRAME_BUDGET, URGENT_ZONES
    from nile_desktop.scenes.table.display.paint import Hits
    from nile_desktop.scenes.table.display.picture import Picture

    class Drawn:
        def __init__(self) -> None:
            self.hits, self.cards_drawn, self.private_faces = Hits(), 0, []

    names = ["seat.0", "seat.1", "river", "hand", "storage", "status", "actions", "log"]
    picture, drawn = Picture(), []

    def zones(key: int) -> list[Any]:
        return [(name, (i * 10, 0, 10, 10), key, lambda _p, name=name: drawn.append(name))
                for i, name in enumerate(names)]

    def frame(key: int) -> list[str]:
        drawn.clear()
        picture.update((100, 20), "base", pygame.Surface((100, 20)), zones(key),
                       lambda _surface: Drawn(), budget=FRAME_BUDGET, urgent=URGENT_ZONES)
        return list(drawn)

    assert frame(0) == names  # a new picture: everything at once
    first = frame(1)  # every zone changed: the first, then only what cannot wait
    assert {"status", "actions", "log"} <= set(first) and len(first) < len(names)
    second = frame(2)  # changed again while others still wait: the three together again
    assert {"status", "actions", "log"} <= set(second)
