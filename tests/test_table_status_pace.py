"""The prompt line keeps pace with the log while bots play.

During a bot's turn the prompt line tells the step the table is showing
("Imhotep draws 2 cards"). Once the next turn opens (its "to play" line, its
flood) that step is over: the line no longer tells it, and "Skip to my turn"
is not offered while the person's own turn opens. Checked on every frame of a
game of a person against two bots, speed 1, on the test's clock.
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

