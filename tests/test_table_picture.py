"""The kept picture follows the game: while bots play, what changed is drawn within frames.

The table redraws only the zones whose content changed, and while it plays
by itself it spreads that work, one zone a frame (nile_desktop/scenes/table/display/
picture.py). Spreading must never mean hiding: a bot's move has to show on
the table as it plays (the log, its seat, the river), not when the person's
turn comes back. And a zone keyed on a rounded value must still be drawn
when the exact value crosses what it shows (the results' rings).
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
    yield from headless_app(tmp_path, monkeypatch, speed=1.0)


def test_bot_moves_show_on_the_table_while_they_play(app: App) -> None:
    """Every zone whose content changed is drawn again within as many frames as there are
    zones, and the prompt line names the bot whose move is being shown."""
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.scenes.table.display.controls import status_text
    from nile_desktop.scenes.table.display.frame import table_zones

    seats = [{"name": n, "kind": k, "colour": i}
             for i, (n, k) in enumerate((("Ana", "human"), ("Bes", "easy"), ("Cleo", "medium")))]
    save = new_save({"players": 3, "monuments": True}, 5, seats)
    table: Any = app.stack.push(TableScene(save, save.new_state(), autosave=False))
    worst: dict[str, int] = {}
    waiting: dict[str, int] = {}
    bot_frames = 0
    prompts: set[str] = set()
    own: set[str] = set()

    def watch(t: Any) -> None:
        nonlocal bot_frames
        view = t.frame_view()
        zones = table_zones(view, t.logview)
        bot_frames += t.game.flow.phase in ("bot", "playback")
        if t.game.flow.phase == "playback" and t.game.board.active != 0:  # a bot's move on show
            prompts.add(status_text(view)[0])
        if t.game.flow.phase == "playback" and t.game.board.active == 0 != t.game.session.active:
            own.add(status_text(view)[0])  # the person's own move, before the bots' turns show
        for name, _rect, key, _draw in zones:
            zone = t.drawer.picture.zones.get(name)
            stale = zone is not None and zone.key != key
            waiting[name] = waiting.get(name, 0) + 1 if stale else 0
            worst[name] = max(worst.get(name, 0), waiting[name])

    person = TablePerson(app, table, random.Random(2), on_frame=watch)
    for _ in range(4):  # four rounds: the person's move, then both bots' moves play out
        assert person.settle() == "compose"
        person.carry_out(person.choose())
    assert bot_frames > 100, "the bots' moves played with their effects"
    assert worst and max(worst.values()) <= len(worst), worst
    # the prompt names the seat whose move is on show, never "Your turn" before it is
    assert prompts == {"Bes plays.", "Cleo plays."}, prompts
    assert own == {"Ana plays."}, own


def test_the_deciding_piles_are_ringed_once_every_pile_is_turned(app: App) -> None:
    """R-END-3: the results ring the pile that decided each place when the last pile has
    turned over, even if the turning reached 0.99… a frame before it reached 1."""
    import pygame

    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.ui import theme

    seats = [{"name": n, "kind": "random", "colour": i} for i, n in enumerate(("A", "B", "C"))]
    save = new_save({"players": 3}, 9, seats)
    state = save.new_state()
    rng = random.Random(1)
    while not state.over:
        move = rng.choice(state.legal_moves())
        state.apply(move)
        save.record(move)
    table: Any = app.stack.push(TableScene(save, state, autosave=False))
    surface = pygame.display.get_surface()

    def ringed() -> list[bool]:
        out = []
        for e in table.drawer.hits.items:
            if e.id.startswith("result.") and e.data.get("crop") and e.selected:
                x, y, w, h = e.rect
                out.append(surface.get_at((x + w // 2, y - table.drawer.layout.px(2)))[:3]
                           == theme.GOLD)
        return out

    for reveal in (0.996, 1.0):
        table.game.stage.reveal = reveal
        app.frame(1 / 60, [])
    assert ringed() and all(ringed()), ringed()


def test_hand_faces_are_drawn_ahead_at_the_size_the_hand_shows(app: App,
                                                                 monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """Card art is drawn from its vector source ahead of need, at the hand's own card size:
    once the table has warmed up, playing on never draws a hand-sized card from scratch
    (that took milliseconds in the middle of an animation)."""
    from nile_desktop import card_art
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.scenes.table.display.tray_view import hand_area

    seats = [{"name": n, "kind": "random", "colour": i} for i, n in enumerate(("A", "B", "C"))]
    save = new_save({"players": 3, "monuments": True}, 4, seats)
    table: Any = app.stack.push(TableScene(save, save.new_state(), autosave=False))
    for _ in range(90):  # the warm-up: a couple of faces a frame
        app.frame(1 / 60, [])
    hand_w = int(hand_area(table.drawer.layout).h * 5 / 7)
    drawn: list[tuple[str, int]] = []
    real = card_art.card_surface

    def counting(name: str, width: int, caption: str | None = None) -> Any:
        drawn.append((name, width))
        return real(name, width, caption)

    monkeypatch.setattr(card_art, "card_surface", counting)
    for _ in range(1500):
        app.frame(1 / 60, [])
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(10)
    assert len(table.game.session.save.moves) > 10
    assert not [d for d in drawn if d[1] >= hand_w * 0.8], drawn


def test_a_seat_panel_is_drawn_again_when_its_person_goes_away(app: App) -> None:
    """In a game over the network a seat's panel says where its person is ("Person ·
    away"): a change of status alone must repaint that seat, and only that seat."""
    from dataclasses import replace

    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.scenes.table.display.frame import table_zones

    seats = [{"name": n, "kind": "human", "colour": i} for i, n in enumerate(("Ana", "Bes"))]
    save = new_save({"players": 2}, 5, seats)
    table: Any = app.stack.push(TableScene(save, save.new_state(), autosave=False))
    view = table.frame_view()

    def keys(statuses: tuple[str, ...]) -> dict[str, object]:
        return {name: key for name, _area, key, _draw in
                table_zones(replace(view, statuses=statuses), table.logview)}

    online, away = keys(("here", "online")), keys(("here", "away"))
    assert online["seat.1"] != away["seat.1"]
    assert online["seat.0"] == away["seat.0"]
