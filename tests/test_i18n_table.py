"""The table speaks the chosen language everywhere, and its text fits with six seats.

The table draws at the window's real size, so it is checked at the logical
size through the same text-fit check as every other scene
(``text_fit.scene_text_problems``), with two and six seats, and its log must
tell bot reasons in the language current when drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from nile_desktop import i18n
from nile_desktop.app import App

from text_fit import (
    drawing_text_problems,
    headless_app,
    record_frame,
    scene_text_problems,
    untranslated,
)

KINDS = ("human", "easy", "medium", "hard", "random", "easy")


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    with headless_app(tmp_path) as app:
        yield app


def table_factory(kinds: tuple[str, ...], moves: int = 30, name: str = "Hráč") -> Callable[[], Any]:
    """A table some random moves into a game, seats named "<name> 1", "<name> 2", …"""
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene

    seats = [{"name": f"{name} {i + 1}", "kind": k, "colour": i} for i, k in enumerate(kinds)]
    save = new_save({"players": len(kinds), "monuments": True, "random_crops": False}, 5, seats)
    state = save.new_state()
    rng = random.Random(5)
    for _ in range(moves):
        move = rng.choice(state.legal_moves())
        state.apply(move)
        save.record(move)
    return lambda: TableScene(save, state, autosave=False)


@pytest.mark.parametrize("language", ["en", "cs", i18n.PSEUDO_LANGUAGE])
@pytest.mark.parametrize("players", [2, 6])
def test_table_text_fits(app: App, players: int, language: str) -> None:
    problems = scene_text_problems(app, table_factory(KINDS[:players]), language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["cs", i18n.PSEUDO_LANGUAGE])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_table_text_fits_at_real_window_sizes(app: App, size: tuple[int, int], language: str) -> None:
    """The table draws at the window's own size: six seats fit from a small laptop to HD."""
    table = app.stack.push(table_factory(KINDS)())
    app.frame(1 / 60, [])
    problems = drawing_text_problems(table.draw, size, language)
    assert not problems, "\n".join(problems)


def test_bot_reasons_in_the_log_follow_the_language(app: App) -> None:
    """Bots' reasons are kept as reasons, not English text, and told again after a switch."""
    table = app.stack.push(table_factory(("random", "random"), moves=0)())
    for _ in range(2000):
        if sum(1 for e in table.game.session.log.entries if e.reason) >= 3:
            break
        app.frame(1 / 60, [])
        table.game.bots.runner.wait(5)
    english = [line for line, _style in _log_lines(table)]
    assert any("picks a move at random" in line for line in english)
    i18n.set_language("cs")
    czech = [line for line, _style in _log_lines(table)]
    assert any("volí tah náhodně" in line for line in czech)
    assert not any("picks a move" in line for line in czech)
    assert not untranslated(record_frame(app).texts(), "cs")


def _log_lines(table: Any) -> list[tuple[str, str]]:
    from nile_desktop.scenes.table.logic.gamelog import lines

    s = table.game.session
    return lines(s.log, s.names, s.kinds, None)


def test_banners_need_no_gender_for_names() -> None:
    """Czech possessives would inflect the name ("Anina pšenice"): the owner stands apart."""
    from nile_desktop.engine.events import MonumentLost, TakenOver
    from nile_desktop.text.words import banner_line

    names = ["Ana", "Hráč 2"]
    i18n.set_language("cs")
    try:
        assert banner_line(TakenOver(seat=1, victim=0, crop="wheat", count=3), names) == (
            "Hráč 2 přebírá pole: Pšenice (Ana)")
        assert banner_line(MonumentLost(seat=0, monument="sphinx", cause="flood"), names) == (
            "Sfinga (Ana) se vrací doprostřed stolu")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("text", ["", "   ", "market zzz qqq", "plant stone@nowhere wheat",
                                  "speculate spec:", "x\ud800", "\ud800 wheat"])
def test_a_text_that_is_no_move_is_shown_as_written(text):
    """The move list and the review's rows word moves; a damaged or forged file's text that is
    no move raised (an empty one on unpacking, unknown cards on their names) and ended on the
    crash screen. It is shown as written now, a lone surrogate replaced."""
    from nile_desktop.text.table import describe_move

    assert describe_move(text) == text.replace("\ud800", "\ufffd")
