"""The tutorial's autoplay at the animations' normal speed, on a driven clock.

``--tutorial --autoplay`` once stopped at the take-over lesson at speed 1: in
the moment between two lessons the scripted person started a free planting of
Castor, the next lesson then asked for that very move, and the person's plan
of clicks, already spent, was never made again. The person now works out each
click from what the table shows (the draft, the glowing places, the lesson
panel) and waits for the next lesson rather than for time, so the same run
ends at any speed. The clock here is the test's: whole frames of a quarter of a
second, no sleeping.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from table_driver import headless_app

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.tutorial.autoplay import Planner, lesson_due
from nile_desktop.tutorial.lessons import LESSONS, lesson_index

FRAME = 0.25  # seconds of the table's time a frame: the app runs 15 fixed steps in it


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=1.0)
    i18n.set_language("en")


def start(app: App) -> tuple[object, object]:
    from nile_desktop.scenes.title import TitleScene
    from nile_desktop.scenes.tutorial.run import TutorialDriver, make_table

    app.stack.push(TitleScene())
    table = app.stack.push(make_table(resume=False, speed=1.0, keep=False))
    driver = TutorialDriver(app, table, autoplay=True, screenshots=None, quit_at_end=True)
    return table, driver


def run(app: App, table: object, until: object = None, limit: int = 3000) -> int:
    """Frames of the app (its events from pygame's queue, as the command line's loop), the
    bots' thinking waited for, until the app quits or ``until()`` holds."""
    for n in range(limit):
        if not app.running or (until is not None and until()):
            return n
        app.frame(FRAME)
        runner = table.game.bots.runner
        if runner.busy:
            runner.wait(10)
    raise AssertionError(f"the autoplay stopped at lesson {table.coach.coach.index + 1}")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_autoplay_at_speed_one_reaches_the_end(app: App, lang: str) -> None:
    i18n.set_language(lang)
    table, driver = start(app)
    shown: list[str] = []
    driver.coach.on_show.append(lambda lesson: shown.append(lesson.id))
    run(app, table)
    assert app.exit_code == 0 and driver.coach.finished and table.game.session.over
    assert shown == [lesson.id for lesson in LESSONS]
    moves = table.game.session.save.moves
    for lesson in LESSONS:
        if lesson.move is not None:
            assert lesson.move in moves, lesson.id  # each lesson's own move was played


def test_between_lessons_the_person_waits_for_the_next_one(app: App) -> None:
    """The take-over lesson's Castor is not picked before the lesson asks for it."""
    table, driver = start(app)
    coach = driver.coach
    run(app, table, until=lambda: coach.index == lesson_index("flooded") and coach.shown is None)
    planner = Planner()
    assert lesson_due(coach)
    assert planner.next_click(table) is None and table.game.draft.empty
    run(app, table, until=lambda: coach.shown is not None and coach.shown.id == "takeover"
        and table.game.composing())
    assert not lesson_due(coach)
    run(app, table, until=lambda: coach.index > lesson_index("takeover"))
    assert "plant castor castor castor" in table.game.session.save.moves


def test_a_click_that_did_not_take_is_asked_for_again(app: App) -> None:
    """No plan is spent: with a card of the lesson's move picked and dropped again, the
    next click is that card once more, then its place, then Plant."""
    table, driver = start(app)
    coach = driver.coach
    run(app, table, until=lambda: coach.shown is not None and coach.shown.id == "takeover"
        and table.game.composing() and not table.game.effects_busy()
        and not table.game.guarded())
    app.frame(FRAME)
    planner = Planner()
    first = planner.next_click(table)
    assert first is not None and first.data.get("kind") == "castor"
    assert planner.next_click(table).id == first.id  # nothing was clicked: same card
    table.game.pick("castor")
    table.game.pick("castor")
    table.game.pick("castor")
    app.frame(FRAME)
    assert planner.next_click(table).data.get("target") == "field:castor"
    table.game.unpick("castor")
    app.frame(FRAME)
    assert planner.next_click(table).data.get("kind") == "castor"
