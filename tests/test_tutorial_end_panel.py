"""The tutorial's last lesson and the results dialog share the screen without covering.

The last lesson ("The end of the game") speaks of the results and points at
their chart; its panel stands in the log's column, so the results take the
room left of it: the chart, every pile and all five buttons stay in view and
clickable while the lesson is up, in English and in Czech, at any window size.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from table_driver import headless_app

from nile_desktop import i18n
from nile_desktop.app import App

FRAME = 0.25


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=20.0)
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("cs", (1280, 720)),
                                            ("cs", (1920, 1080)), ("en", (1024, 768))])
def test_the_last_lesson_leaves_the_results_in_view(app: App, lang: str,
                                                    size: tuple[int, int]) -> None:
    from nile_desktop.scenes.title import TitleScene
    from nile_desktop.scenes.tutorial.run import TutorialDriver, make_table

    i18n.set_language(lang)
    app.set_window_size(size)
    app.stack.push(TitleScene())
    table = app.stack.push(make_table(resume=False, speed=20.0, keep=False))
    driver = TutorialDriver(app, table, autoplay=True, screenshots=None, quit_at_end=False)
    coach = driver.coach
    for _ in range(3000):
        if coach.shown is not None and coach.shown.id == "end" and not table.game.effects_busy():
            break
        app.frame(FRAME)
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(10)
    else:
        raise AssertionError("the last lesson never showed")
    driver.autoplay = False  # the person now looks at the results
    app.frame(FRAME)
    hits = table.drawer.hits
    panel = pygame.Rect(hits.get("coach.panel").rect)
    results = [e for e in hits.items if e.id.startswith("result.")]
    buttons = {e.id for e in results if e.role == "button"}
    assert {"result.rematch", "result.review", "result.record", "result.new",
            "result.title"} <= buttons
    assert hits.get("result.chart") is not None
    for element in results:
        assert not panel.colliderect(pygame.Rect(element.rect)), element.id
        assert hits.at(pygame.Rect(element.rect).center) is element, element.id  # on top
