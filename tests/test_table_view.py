"""What the table shows: the log scrolls and follows the language, a big hand fits,
every card can be named, and the table lays itself out at every window size."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.settings import Settings

STEP = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    a = App(Settings(language="en"))
    a.open_window()
    yield a
    a.shutdown()
    i18n.set_language("en")


def table_for(app: App, kinds: tuple[str, ...], seed: int = 5, moves: int = 0) -> Any:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    seats = [{"name": f"Seat {i}", "kind": k, "colour": i} for i, k in enumerate(kinds)]
    save = new_save({"players": len(kinds), "monuments": True, "random_crops": False}, seed, seats)
    state = save.new_state()
    rng = __import__("random").Random(seed)
    for _ in range(moves):
        if state.over:
            break
        move = rng.choice(state.legal_moves())
        state.apply(move)
        save.record(move)
    return app.stack.push(TableScene(save, state, autosave=False))


def frames(app: App, n: int = 2, events: list[Any] | None = None) -> None:
    for i in range(n):
        app.frame(STEP, events if i == 0 and events else [])


def to_person(app: App, table: Any, frames_at_most: int = 600) -> None:
    """Frames, effects finished and bots waited for, until a person composes a move."""
    for _ in range(frames_at_most):
        frames(app, 1)
        table.game.stage.finish()
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(5)
        if table.game.composing():
            break


def set_position(app: App, table: Any, data: dict[str, Any]) -> None:
    """Put the position ``data`` (its JSON form) on the table, with a fresh draft."""
    from nile_desktop.engine import State

    table.game.session.state = State.from_json(json.dumps(data))
    table.game.board.sync(table.game.session.state)
    table.game.fresh_draft()
    frames(app, 2)


def test_log_holds_the_whole_game_and_scrolls_by_wheel_drag_and_keys(app: App) -> None:
    table = table_for(app, ("human", "random", "random"), moves=60)
    frames(app)
    log = table.drawer.hits.get("log")
    assert log.data["lines"] > log.data["visible"] >= 12
    newest = log.data["shown"][-1]
    x, y, w, h = log.rect
    centre = (x + w // 2, y + h // 2)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)])
    assert table.drawer.hits.get("log").data["back"] == 6
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="",
                                       scancode=0)])
    back = table.drawer.hits.get("log").data["back"]
    assert back > 6 and newest not in table.drawer.hits.get("log").data["shown"][-1:]
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0], centre[1] - 200),
                                       rel=(0, -200), buttons=(1, 0, 0))])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(centre[0], centre[1] - 200),
                                       button=1)])
    assert table.drawer.hits.get("log").data["back"] < back


def test_log_is_told_again_when_the_language_changes(app: App) -> None:
    table = table_for(app, ("human", "random"), moves=10)
    frames(app)
    english = list(table.drawer.hits.get("log").data["shown"])
    i18n.set_language("cs")
    frames(app)
    czech = table.drawer.hits.get("log").data["shown"]
    assert czech != english and any("záplav" in line.lower() for line in czech)


def test_a_hand_of_thirty_cards_fits_with_every_count_readable(app: App) -> None:
    table = table_for(app, ("human", "random"), moves=0)
    state = table.game.session.state
    data = json.loads(state.to_json())
    seat = data["seats"][0]  # the person's hand is the one shown
    kinds = sorted({c for c in data["deck"] if c not in ("locust",)})[:16]
    extra = []
    for k in kinds:
        for _ in range(3):
            if k in data["deck"]:
                data["deck"].remove(k)
                extra.append(k)
    seat["hand"] += extra
    from nile_desktop.engine import State

    table.game.session.state = State.from_json(json.dumps(data))
    table.game.stage.finish()
    table.game.board.sync(table.game.session.state)
    table.game.fresh_draft()
    frames(app, 3)
    hand = [e for e in table.drawer.hits.items if e.data.get("zone") == "hand"]
    total = sum(e.data["count"] for e in hand)
    assert total >= 30 and len(hand) >= 14
    hx, hy, hw, hh = table.drawer.layout.rect("hand")
    for e in hand:
        x, y, w, h = e.rect
        assert hx <= x and x + w <= hx + hw and w >= 12, e.id
    for a, b in zip(hand, hand[1:], strict=False):  # visible strips do not overlap
        assert a.rect[0] + a.rect[2] <= b.rect[0] + 1


def test_every_card_on_the_table_can_be_named(app: App) -> None:
    """A card too small for its label names its crop in a tooltip."""
    table = table_for(app, ("human", "random", "random", "random", "random", "random"), moves=40)
    frames(app)
    cards = [e for e in table.drawer.hits.items if e.role in ("card", "field", "monument", "pile")]
    assert cards
    for e in cards:
        assert e.label or e.tooltip, e.id


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_table_lays_out_at_every_window_size(app: App, size: tuple[int, int]) -> None:
    table = table_for(app, ("human", "easy", "easy", "easy", "easy", "easy"), moves=30)
    surface = pygame.Surface(size)
    table.draw(surface)
    assert table.drawer.layout.size == size
    w, h = size
    for e in table.drawer.hits.items:
        x, y, ew, eh = e.rect
        assert -2 <= x and x + ew <= w + 2 and -20 <= y and y + eh <= h + 2, (e.id, e.rect)
    buttons = [e for e in table.drawer.hits.items if e.role == "button"]
    assert {b.id for b in buttons} >= {"action.market", "action.plant", "action.pass", "menu"}


def test_settings_hide_hand_sizes_and_name_small_cards(app: App) -> None:
    """"Show the number of cards in every hand" off hides the others' hand sizes; the
    colour-blind aid names every card too small for its caption."""
    table = table_for(app, ("human", "random", "random", "random", "random", "random"), moves=40)
    frames(app)
    from nile_desktop.ui import textlog

    app.settings.show_hand_sizes = False
    app.settings.colourblind_symbols = True
    with textlog.recording() as log:
        table.drawer.picture.reset()
        frames(app, 1)
    texts = log.texts()
    with_hand = [t for t in texts if t.startswith("Hand ") and "·" in t]
    without = [t for t in texts if t.startswith("Storage ") and t[8:].isdigit()]
    assert len(with_hand) == 1, with_hand  # the person's own seat still shows its hand size
    assert len(without) == 5, without
    fields = [e for e in table.drawer.hits.items if e.role == "field"]
    assert fields and all(e.label in texts for e in fields)


def test_results_chart_bars_wear_each_players_seat_colour(app: App) -> None:
    """The chart's colours are the seat markers' colours (seats.SEAT_RGB), also after a
    player picked another colour."""
    from nile_desktop import seats

    table = table_for(app, ("human", "random", "random"), moves=2000)
    assert table.game.session.over
    table.game.session.colours[:] = [4, 0, 2]  # copper, lapis, ivory
    frames(app, 3)
    chart = table.drawer.hits.get("result.chart")
    assert chart is not None
    expected = [seats.SEAT_RGB["copper"], seats.SEAT_RGB["lapis"], seats.SEAT_RGB["ivory"]]
    assert chart.data["colours"] == expected
    surface = pygame.display.get_surface()
    for key, rgb in zip(chart.data["keys"], expected, strict=True):
        x, y, w, h = key
        assert tuple(surface.get_at((x + w // 2, y + h // 2)))[:3] == rgb


def test_a_rival_field_a_picked_card_can_take_shows_what_it_needs(app: App) -> None:
    """R-PLANT-4: with a crop picked, the rival's field of it glows with the cards a take-over
    needs (the engine's need, in the element's data and as a "0/N" badge)."""

    table = table_for(app, ("human", "random"), moves=0)
    to_person(app, table)
    data = json.loads(table.game.session.state.to_json())
    me, rival = data["seats"][0], data["seats"][1]
    crop = "wheat"
    taken = [c for c in data["deck"] if c == crop][:5]
    for c in taken:
        data["deck"].remove(c)
    rival["fields"][crop] = 2
    me["hand"] += taken[2:]
    set_position(app, table, data)
    assert table.game.composing()
    assert table.game.pick(crop) is None
    frames(app, 2)
    field = table.drawer.hits.get(f"field.1.{crop}")
    assert field is not None and field.enabled and field.data["need"] == 3
