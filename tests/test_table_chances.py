"""The "Show win chances" setting: a person's turn opens with their chance to win.

The figure comes from :func:`nile_desktop.ai.win_chances` on the person's own
view (the bots' fairness tests show it never depends on hidden cards); it is
off by default, and shown only in the panel of the seat whose cards the
table shows.
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
    yield from headless_app(tmp_path, monkeypatch, speed=4.0)


def _start(app: App, kinds: tuple[str, ...]) -> Any:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    seats = [{"name": f"P{i}", "kind": k, "colour": i} for i, k in enumerate(kinds)]
    save = new_save({"players": len(kinds), "monuments": True, "random_crops": False}, 11, seats)
    return app.stack.push(TableScene(save, save.new_state(), autosave=False))


def _chances(table: Any) -> list[Any]:
    return [e for e in table.drawer.hits.items if e.role == "chance"]


def test_off_by_default_no_chance_is_shown(app: App) -> None:
    assert app.settings.show_win_chances is False
    table = _start(app, ("human", "easy", "easy"))
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    person.wait(5)
    assert not _chances(table)


def test_on_the_persons_turn_opens_with_their_chance(app: App) -> None:
    app.settings.show_win_chances = True
    table = _start(app, ("human", "easy", "easy"))
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "compose"
    person.wait(1)
    table.game.advisor.chances.wait(30)
    person.wait(2)
    shown = _chances(table)
    assert [e.data["seat"] for e in shown] == [0]
    assert 0.0 <= shown[0].data["chance"] <= 1.0
    chance = person.by_id("seat.0.chance")
    assert "%" in chance.tooltip
    assert "Everyone's, as you can judge it: P0 " in chance.tooltip
    assert chance.tooltip.endswith("It assumes each bot plays as its level does.")
    x, y, w, h = chance.rect
    assert table.drawer.hits.at((x + w // 2, y + h // 2)).id == "seat.0.chance"  # its own tooltip
    to_play = person.by_id("seat.0")
    assert x + w <= to_play.rect[0] + to_play.rect[2]


def test_pass_and_play_shows_only_the_revealed_persons_chance(app: App) -> None:
    app.settings.show_win_chances = True
    table = _start(app, ("human", "human"))
    person = TablePerson(app, table, random.Random(2))
    seen = False
    for _ in range(3):
        phase = person.settle()
        if phase == "handoff":
            person.press("handoff.ready")
            continue
        if phase == "compose":
            person.wait(1)
            table.game.advisor.chances.wait(30)
            person.wait(2)
            shown = _chances(table)
            assert [e.data["seat"] for e in shown] == [table.game.flow.revealed]
            seen = True
            break
    assert seen


def test_the_chance_is_asked_from_the_persons_view_knowing_the_bots_levels() -> None:
    """Every seat's chance from the person's one view adds up to 100%, and a table of Easy
    bots leaves the person better placed than the same table of Hard ones."""
    from nile_desktop.engine import Rules, new_game, observe
    from nile_desktop.scenes.table.logic.chances import ChanceWatch

    state = new_game(Rules(3), 5)
    seat = state.active
    found = {}
    for level in ("easy", "hard"):
        kinds = ["human" if s == seat else level for s in range(3)]
        watch = ChanceWatch(budget=200)
        watch.want(seat, 0, lambda: observe(state, seat), kinds=kinds)
        watch.wait(60)
        chance = watch.shown(seat)
        watch.close()
        assert chance is not None and chance.assumes_bots
        assert sum(chance.everyone) == pytest.approx(1.0)
        assert chance.chance == chance.everyone[seat]
        found[level] = chance.chance
    assert found["easy"] > found["hard"]
