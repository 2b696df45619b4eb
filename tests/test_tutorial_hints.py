"""One-time hints in normal games: each situation gives its hint once, then never again.

Display-free checks of :class:`Hints`, then a person's normal game on the
table: hints appear (an element the UI dump shows, pointing at the table),
are remembered in the settings, and stop after the first three games.
"""

from __future__ import annotations

import random
from typing import Any

from test_tutorial_play import app  # noqa: F401  (the same headless app)

from nile_desktop.engine import CardRef, position_from_dict
from nile_desktop.engine.events import FloodRevealed, Harvested, LocustStruck
from nile_desktop.settings import Settings, from_dict
from nile_desktop.tutorial.build_start import build
from nile_desktop.tutorial.hints import FIRST_GAMES, Hints, hints_wanted


def harvest(seat: int) -> Harvested:
    return Harvested(seat, "wheat", 1)


def locust(seat: int) -> LocustStruck:
    return LocustStruck(seat, "flood", ())


def test_each_hint_shows_once_and_is_remembered() -> None:
    kept: list[str] = []
    hints = Hints([0], remember=kept.append)
    hints.landed([harvest(0)])  # R-HARV-1: a flood harvests my field
    assert hints.current is not None and hints.current.id == "own-flood"
    assert hints.current.highlight == "flood"
    hints.moved(1)  # a bot's move leaves it on show
    assert hints.current is not None
    hints.moved(0)  # the person's own move closes it
    assert hints.current is None
    hints.landed([harvest(0), locust(1)])  # R-LOCUST-1
    assert hints.current.id == "locust"
    hints.close()
    hints.landed([harvest(0), locust(1)])
    assert hints.current is None
    assert kept == ["own-flood", "locust"]
    again = Hints([0], seen=kept)
    again.landed([locust(1)])
    assert again.current is None


def test_pass_and_play_your_field_means_the_person_at_the_screen() -> None:
    """R-HARV-1 in pass and play: a flood that harvests another person's field says nothing
    to the person at the screen ("your field" would be false); their own harvest does."""
    hints = Hints([0, 2])
    hints.landed([harvest(2)], viewer=0)
    assert hints.current is None
    hints.landed([harvest(0)], viewer=0)
    assert hints.current is not None and hints.current.id == "own-flood"


def test_a_flood_hint_goes_when_the_next_flood_turns_up() -> None:
    """R-FLOOD-1, R-HARV-1: "the flood matched one of your fields" points at the flood pile;
    once the next flood card lies there, the hint would speak of a card no longer shown."""
    hints = Hints([0])
    hints.landed([FloodRevealed(1, CardRef("wheat")), harvest(0)])
    assert hints.current is not None and hints.current.id == "own-flood"
    hints.landed([FloodRevealed(0, CardRef("flax"))])
    assert hints.current is None
    hints.refused("flooded")  # a hint not about a flood stays over the next flood
    hints.landed([FloodRevealed(1, CardRef("castor"))])
    assert hints.current is not None


def test_takeover_and_monument_hints_follow_the_state() -> None:
    """R-PLANT-3/4: a take-over within reach; R-MON-1: two stones and a Monument free."""
    data = build()
    data["active"] = 0
    state = position_from_dict(data)
    hints = Hints([0])
    hints.situation(state)
    assert hints.current is None  # nothing within reach yet
    data["seats"][0]["hand"] = data["seats"][0]["hand"] + ["stone", "stone"]
    data["discard"].remove("stone")
    data["discard"].remove("stone")
    state = position_from_dict(data)
    hints.situation(state)
    assert hints.current is not None and hints.current.id == "monument"
    assert hints.current.highlight.startswith("monument.centre.")


def test_a_refusal_reason_is_explained_once() -> None:
    hints = Hints([0])
    hints.refused("flooded")  # R-FLOOD-2: a flooded crop
    assert hints.current.id == "refused.flooded"
    hints.close()
    hints.refused("flooded")
    hints.refused("nothing-picked")  # a table hint of no rule: no note
    assert hints.current is None


def test_settings_keep_hint_fields_and_refuse_bad_ones() -> None:
    s = from_dict({"hints": False, "games_started": 2, "hints_seen": ["locust", "locust"]})
    assert (s.hints, s.games_started, s.hints_seen) == (False, 2, ["locust"])
    bad = from_dict({"hints": "yes", "games_started": -1, "hints_seen": [3]})
    assert (bad.hints, bad.games_started, bad.hints_seen) == (True, 0, [])
    fresh = Settings()
    assert hints_wanted(fresh)
    fresh.games_started = FIRST_GAMES + 1
    assert not hints_wanted(fresh)


def test_hints_on_the_table_in_a_persons_first_games(app: Any) -> None:  # noqa: F811
    from table_driver import TablePerson

    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    def start(seed: int) -> Any:
        seats = [{"name": "Ana", "kind": "human", "colour": 0},
                 {"name": "Imhotep", "kind": "easy", "colour": 1}]
        save = new_save({"players": 2, "monuments": True, "random_crops": False}, seed, seats)
        return app.stack.push(TableScene(save, save.new_state()))

    table = start(5)
    assert table.coach is not None and app.settings.games_started == 1
    seen_elements: set[str] = set()

    def watch(t: Any) -> None:
        panel = t.drawer.hits.get("hint.panel")
        if panel is not None:
            seen_elements.add(panel.data["hint"])

    person = TablePerson(app, table, random.Random(5), on_frame=watch)
    person.play_turns(limit=12)
    assert seen_elements, "no hint was shown in twelve turns"
    assert set(table.coach.hints.shown) >= seen_elements
    assert set(app.settings.hints_seen) == set(table.coach.hints.shown)
    app.stack.pop()
    for seed in (6, 7, 8):
        later = start(seed)
        app.stack.pop()
    assert app.settings.games_started == 4 and later.coach is None
