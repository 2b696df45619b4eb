"""The tutorial played through the table's elements, as a newcomer would.

A scripted person (the tutorial's own :class:`Planner`) reads only the
elements the UI dump publishes — the lesson panel, cards, places, buttons —
and clicks them with real mouse events through ``app.frame``. The whole
guided game runs to its end in English and in Czech; a wrong move is
refused with the lesson's words and changes nothing; the tutorial can be
left and resumed where it was; ``--tutorial --autoplay`` does it all from
the command line and saves a screenshot per lesson.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_driver import TablePerson, headless_app

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.tutorial.autoplay import Planner
from nile_desktop.tutorial.lessons import LESSONS, lesson_index

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=8.0)
    i18n.set_language("en")


def open_tutorial(app: App, resume: bool = True) -> Any:
    from nile_desktop.scenes.title import TitleScene
    from nile_desktop.scenes.tutorial.run import make_table

    app.stack.push(TitleScene())
    return app.stack.push(make_table(resume=resume))


def ready_for(table: Any, lesson_id: str) -> bool:
    """Lesson ``lesson_id`` is on screen and the person may act."""
    shown = table.coach.coach.shown
    return (shown is not None and shown.id == lesson_id and table.game.composing()
            and table.game.prompt.guard <= 0 and not table.game.stage.busy)


class Newcomer(TablePerson):
    """Clicks what the planner picks from the elements on screen."""

    def __init__(self, app: App, table: Any) -> None:
        import random

        super().__init__(app, table, random.Random(0))
        self.planner = Planner()
        self.lessons_seen: list[str] = []

    def step(self) -> None:
        panel = self.t.drawer.hits.get("coach.panel")
        if panel is not None and panel.data["lesson"] not in self.lessons_seen:
            self.lessons_seen.append(panel.data["lesson"])
        element = self.planner.next_click(self.t)
        if element is None:
            self.frame()
        else:
            self.click(element)

    def until(self, done: Any, limit: int = 6000) -> None:
        for _ in range(limit):
            if done():
                return
            self.step()
        raise AssertionError(f"stuck at lesson {self.t.coach.coach.index}, "
                             f"phase {self.t.game.flow.phase}")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_whole_tutorial_through_the_ui(app: App, lang: str) -> None:
    i18n.set_language(lang)
    table = open_tutorial(app, resume=False)
    coach = table.coach.coach
    early: list[str] = []  # a lesson speaks of what the table shows: it waits for the effects
    coach.on_show.append(lambda lesson: early.append(lesson.id) if table.game.stage.busy
                         else None)
    person = Newcomer(app, table)
    person.until(lambda: table.stack is None)
    assert coach.finished and table.game.session.over
    assert early == []
    assert person.lessons_seen == [lesson.id for lesson in LESSONS]
    assert coach.fired == {lesson.id: 1 for lesson in LESSONS}  # each trigger fires once
    assert type(app.stack.top).__name__ == "TitleScene" and not app.crashed
    if lang == "cs":
        title = str(LESSONS[lesson_index("takeover")].title)
        assert title != LESSONS[lesson_index("takeover")].title.msgid  # translated


def test_a_wrong_move_is_refused_with_the_lesson_and_nothing_breaks(app: App) -> None:
    """R-PLANT-1 allows planting two Lettuce here, but the market lesson waits for its trade."""
    table = open_tutorial(app, resume=False)
    coach = table.coach.coach
    person = Newcomer(app, table)
    person.until(lambda: ready_for(table, "market"))
    before = list(table.game.session.save.moves)
    person.pick("lettuce")
    person.pick("lettuce")
    person.click(person.place_for("field:lettuce"))
    person.press("action.plant")
    assert table.game.session.save.moves == before
    assert table.game.prompt.message == str(LESSONS[lesson_index("market")].refusal)
    assert coach.shown.id == "market" and table.game.composing()
    person.key(__import__("pygame").K_c)  # clear the draft, then follow the lesson
    person.until(lambda: coach.index > lesson_index("market"))
    assert table.game.session.save.moves[len(before)] == "market flax flax"


def test_leave_and_resume_where_it_was(app: App) -> None:
    from nile_desktop.tutorial.progress import load_progress

    table = open_tutorial(app, resume=False)
    coach = table.coach.coach
    person = Newcomer(app, table)
    target = lesson_index("takeover")
    person.until(lambda: coach.index == target and coach.shown is not None
                 and table.drawer.hits.get("coach.leave") is not None)
    moves = list(table.game.session.save.moves)
    person.press("coach.leave")
    person.wait(2)
    assert table.stack is None
    saved = load_progress()
    assert saved is not None and saved.lesson == target and saved.moves == moves

    again = open_tutorial(app, resume=True)
    assert again.game.session.save.moves == moves
    assert again.game.session.state.to_json() == table.game.session.state.to_json()
    person2 = Newcomer(app, again)
    person2.wait(3)
    assert again.drawer.hits.get("coach.panel").data["lesson"] == "takeover"
    person2.until(lambda: again.stack is None)
    assert again.coach.coach.finished


def test_the_log_shows_below_the_lesson_and_n_moves_on(app: App) -> None:
    """The lesson panel is only as tall as its words: the log's newest lines show below it,
    and N plays the "Next" button of a lesson that only asks to be read."""
    import pygame

    table = open_tutorial(app, resume=False)
    coach = table.coach.coach
    person = Newcomer(app, table)
    person.until(lambda: coach.shown is not None and coach.shown.move is None
                 and table.drawer.hits.get("coach.next") is not None)
    first = coach.index
    person.key(pygame.K_n)
    person.wait(2)
    assert coach.index == first + 1
    person.until(lambda: ready_for(table, "market") and table.drawer.hits.get("coach.panel"))
    person.wait(2)
    panel = pygame.Rect(table.drawer.hits.get("coach.panel").rect)
    log = table.drawer.hits.get("log")
    assert pygame.Rect(log.rect).top >= panel.bottom
    assert log.data["shown"], "the log shows lines under the panel"
    assert log.data["back"] == 0 and log.data["shown"][-1] == table.logview._rows[-1][0]
    area = pygame.Rect(table.drawer.layout.rect("log"))
    assert panel.bottom < area.bottom - 4 * table.logview.line_h  # room for a few lines
    person.key(pygame.K_n)  # a lesson that waits for a move ignores N
    person.wait(2)
    assert coach.shown.id == "market"


def test_skip_lesson_button_plays_on(app: App) -> None:
    table = open_tutorial(app, resume=False)
    coach = table.coach.coach
    person = Newcomer(app, table)
    person.until(lambda: ready_for(table, "new-field"))
    person.press("coach.skip")
    assert "new-field" in coach.progress.skipped
    assert table.game.session.save.moves[-1] == "plant lettuce lettuce"
    person.until(lambda: table.stack is None)
    assert coach.finished


def test_command_line_autoplay_with_screenshots(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_DATA_HOME=str(tmp_path / "d"),
               XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_STATE_HOME=str(tmp_path / "s"))
    shots = tmp_path / "shots"
    out = subprocess.run([sys.executable, "-m", "nile_desktop", "--tutorial", "--autoplay",
                          "--lang", "cs", "--speed", "20", "--screenshots", str(shots),
                          "--quit-at-end", "--windowed"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert names == [f"{i + 1:02d}-{lesson.id}.png" for i, lesson in enumerate(LESSONS)]


def test_title_learn_to_play_starts_then_offers_to_resume(app: App) -> None:
    import pygame

    from nile_desktop.scenes.title import TitleScene

    def press_title(label: str) -> None:
        scene = app.stack.top
        button = next(w for w in scene.group.widgets
                      if hasattr(w, "on_click") and str(w.label()) == label)
        for event in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if event == pygame.MOUSEMOTION \
                else {"button": 1}
            app.frame(1 / 60, [pygame.event.Event(event, pos=button.rect.center, **extra)])

    app.stack.push(TitleScene())
    app.frame(1 / 60, [])
    press_title("Learn to play")
    table = app.stack.top
    assert table.coach is not None and table.coach.coach.index == 0
    person = Newcomer(app, table)
    person.until(lambda: table.coach.coach.index >= lesson_index("market"))
    person.press("coach.leave")
    person.wait(2)
    assert isinstance(app.stack.top, TitleScene)
    press_title("Learn to play")
    press_title("Carry on")  # the dialog: carry on, start again, not now
    again = app.stack.top
    assert again.coach.coach.index == lesson_index("market")
    assert again.game.session.save.moves == table.game.session.save.moves
