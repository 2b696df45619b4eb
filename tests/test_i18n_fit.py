"""Every scene's text fits in English, Czech and the pseudo-language (accented, 40% longer).

The pseudo-language (``nile_desktop.pseudo``) makes every text taller and
wider than any real translation so far, so a layout that passes here
survives Czech and long player names. A scene added to the game is added to
``SCENES`` (or calls ``text_fit.scene_text_problems`` from its own test).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.stack import Scene
from nile_desktop.ui import textlog

from text_fit import headless_app, record_frame, scene_text_problems, untranslated

LONG_NAME = "Maximiliána Konstantinová-Přibyslavská"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    with headless_app(tmp_path) as app:
        yield app


def _saves() -> None:
    """A finished game, an unfinished one with six long-named seats, and a broken file."""
    from nile_desktop.saves import new_save, new_save_path, saves_dir, write_save

    seats = [{"name": f"{LONG_NAME} {i + 1}", "kind": kind, "colour": i}
             for i, kind in enumerate(("human", "easy", "medium", "hard", "random", "human"))]
    write_save(new_save_path("six"), new_save({"players": 6, "monuments": True,
                                               "random_crops": False}, 5, seats))
    (saves_dir() / "broken.json").write_text('{"format": "nile-save/1", "rules": ',
                                             encoding="utf-8")


def _load_game() -> Scene:
    from nile_desktop.scenes.load_game import LoadGameScene

    _saves()
    return LoadGameScene()


def _new_game_six() -> Scene:
    from nile_desktop.scenes.new_game import NewGameScene

    scene = NewGameScene()
    scene.count = 6  # six seats, the longest default names and the hardest bot level
    for seat in scene.seats[1:]:
        seat.kind = "medium"
    scene.set_seed("123456789012345678901234567890")
    return scene


def _crash() -> Scene:
    from nile_desktop.scenes.crash import CrashScene

    return CrashScene(RuntimeError("a test error with a rather long message " * 3),
                      Path("/home/player/.local/state/NileDesktop/log/nile-desktop.log"))


def _dialog() -> Scene:
    from nile_desktop.i18n import _
    from nile_desktop.scenes.dialog import DialogScene

    return DialogScene(lambda: _("Leave the table?"),
                       lambda: _("The game is saved after every move; Continue on the title "
                                 "screen picks it up again."),
                       [(lambda: _("Keep playing"), lambda: None),
                        (lambda: _("Title screen"), lambda: None)])


def _simple(name: str) -> Callable[[], Scene]:
    def make() -> Scene:
        import importlib

        module, cls = {"title": ("title", "TitleScene"), "settings": ("settings", "SettingsScene"),
                       "rules": ("rules", "RulesScene")}[name]
        return getattr(importlib.import_module(f"nile_desktop.scenes.{module}"), cls)()
    return make


#: Every scene (the table registers itself in its own package's tests).
SCENES: dict[str, Callable[[], Scene]] = {
    "title": _simple("title"),
    "new_game": _new_game_six,
    "settings": _simple("settings"),
    "rules": _simple("rules"),
    "load_game": _load_game,
    "dialog": _dialog,
    "crash": _crash,
}


@pytest.mark.parametrize("language", ["en", "cs", i18n.PSEUDO_LANGUAGE])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_text_fits(app: App, name: str, language: str) -> None:
    from nile_desktop.scenes.title import TitleScene

    app.stack.push(TitleScene())
    problems = scene_text_problems(app, SCENES[name], language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "cs", i18n.PSEUDO_LANGUAGE])
def test_rules_text_fits_all_the_way_down(app: App, language: str) -> None:
    """The rules scroll: every part of them, card captions included, is checked."""
    from nile_desktop.scenes.rules import RulesScene

    scene = RulesScene()
    assert not scene_text_problems(app, scene, language)
    step = scene.view.h // 2
    for offset in range(0, int(scene.max_scroll) + step, step):
        scene.scroll_by(step)
        log = record_frame(app)
        problems = textlog.problems(log, app.surface.get_rect()) + untranslated(log.texts(), language)
        assert not problems, (offset, problems)


def test_the_checker_sees_cut_and_spilled_text(app: App) -> None:
    """The checker itself: a cut label, text off screen and two texts on top of each other."""
    from nile_desktop.ui import Label, theme

    surface = app.surface
    with textlog.recording() as log:
        Label(pygame.Rect(10, 10, 60, 30), "A label much too long for its box").draw(surface)
        theme.draw_text(surface, "over the edge", (1270, 100))
        theme.draw_text(surface, "first", (300, 300))
        theme.draw_text(surface, "second", (310, 302))
    problems = textlog.problems(log, surface.get_rect())
    assert any("cut off" in p for p in problems)
    assert any("off the screen" in p for p in problems)
    assert any("over each other" in p for p in problems)
    with textlog.recording() as log:
        text = theme.fit_text("A label much too long for its box", theme.SIZE_BODY, 60)
        textlog.offer_full_text("A label much too long for its box")  # e.g. shown as a tooltip
        theme.draw_text(surface, text, (10, 10))
    assert textlog.problems(log, surface.get_rect()) == []


def test_switching_language_changes_text_already_shown(app: App) -> None:
    """Every scene, already drawn in English, shows no English text after a switch to Czech,
    and no text of the other language after switching back."""
    from nile_desktop.scenes.title import TitleScene

    app.stack.push(TitleScene())
    for name, make in SCENES.items():
        i18n.set_language("en")
        app.stack.push(make())
        app.frame(1 / 60, [])
        i18n.set_language("cs")
        czech = record_frame(app).texts()
        assert not untranslated(czech, "cs"), (name, untranslated(czech, "cs"))
        i18n.set_language(i18n.PSEUDO_LANGUAGE)
        pseudo = record_frame(app).texts()
        assert not (set(czech) & set(pseudo)) - _untranslatable(czech), name
        app.stack.pop()


def _untranslatable(texts: list[str]) -> set[str]:
    """Texts the same in every language: digits, names, paths, the game's own name."""
    return {t for t in texts if not any(c.isalpha() for c in t) or t in (
        "Nile DeLuxor", "English", "Čeština") or t[:1].isdigit() or LONG_NAME in t
        or t.rstrip(".") in LONG_NAME or "/" in t
        or "error" in t.lower()}


def test_a_cut_row_shows_its_full_text_when_hovered(app: App) -> None:
    """The save list cuts six long names short, and shows them all in the hovered row's tooltip."""
    i18n.set_language("cs")
    scene = app.stack.push(_load_game())
    app.frame(1 / 60, [])
    index = next(i for i, info in enumerate(scene.infos) if not info.broken)
    over = (scene.list.rect.centerx, scene.list.rect.top + scene.list.row_height * index + 50)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0))
    log = record_frame(app, [motion])
    shown = " ".join(log.texts())
    assert any(cut.full.endswith("Přibyslavská 6") for cut in log.cuts)
    assert "Konstantinová-Přibyslavská 6" in shown
    assert textlog.problems(log, app.surface.get_rect()) == []
