"""Every scene enters, draws and takes input in both languages, with no screen.

SDL's dummy video and audio drivers stand in for a display; frames are
stepped by hand (``app.frame(dt)``), so nothing here waits on a clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from review_screens import K, reviewed_game

from nile_desktop import i18n
from nile_desktop.app import LOGICAL_SIZE, App
from nile_desktop.scenes.stack import Scene
from nile_desktop.settings import Settings
from nile_desktop.ui.view import Viewport

STEP = 1 / 60


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(home: Path) -> Iterator[Callable[..., App]]:
    apps: list[App] = []

    def make(language: str = "en", **settings: object) -> App:
        i18n.set_language(language)
        app = App(Settings(language=language, **settings))
        app.open_window()
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    i18n.set_language("en")
    # pygame stays initialised: the asset loader's fonts and pictures are cached per process.


def key(k: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def frames(app: App, n: int = 2, events: list[pygame.event.Event] | None = None) -> None:
    app.frame(STEP, events or [])
    for _ in range(n - 1):
        app.frame(STEP, [])


def sample_save(kinds: tuple[str, ...] = ("human", "easy", "random")) -> object:
    from nile_desktop.saves import new_save

    seats = [{"name": f"Seat {i + 1}", "kind": kind, "colour": i} for i, kind in enumerate(kinds)]
    return new_save({"players": len(kinds), "monuments": True, "random_crops": False}, 42, seats)


def scene_factories() -> dict[str, Callable[[], Scene]]:
    from nile_desktop.scenes.crash import CrashScene
    from nile_desktop.scenes.dialog import DialogScene
    from nile_desktop.scenes.load_game import LoadGameScene
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.record_screen import RecordScene
    from nile_desktop.scenes.review_screen import ReviewScene
    from nile_desktop.scenes.rules import RulesScene
    from nile_desktop.scenes.settings import SettingsScene
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.scenes.title import TitleScene

    def table() -> Scene:
        save = sample_save()
        return TableScene(save, save.new_state(), autosave=False)

    return {
        "title": TitleScene,
        "new_game": NewGameScene,
        "settings": SettingsScene,
        "rules": RulesScene,
        "load_game": LoadGameScene,
        "table": table,
        "crash": lambda: CrashScene(RuntimeError("test"), Path("/tmp/nile.log")),
        "dialog": lambda: DialogScene("Title", "A message for the player.", []),
        "review": lambda: ReviewScene(reviewed_game(), iterations=K, workers=1),
        "record": RecordScene,
    }


FUZZ = [
    pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(1, 1), buttons=(0, 0, 0)),
    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0),
    key(pygame.K_TAB),
    key(pygame.K_DOWN),
    key(pygame.K_RIGHT),
    pygame.event.Event(pygame.TEXTINPUT, text="Řž"),
    key(pygame.K_BACKSPACE),
    key(pygame.K_UP),
]


@pytest.mark.parametrize("language", ["en", "cs"])
@pytest.mark.parametrize("name", sorted(scene_factories()))
def test_scene_enters_draws_and_handles_events(make_app: Callable[..., App], name: str,
                                               language: str) -> None:
    app = make_app(language)
    from nile_desktop.scenes.title import TitleScene

    app.stack.push(TitleScene())
    scene = app.stack.push(scene_factories()[name]())
    frames(app, 3)
    before = pygame.image.tobytes(app.surface, "RGB")
    frames(app, 3, list(FUZZ))
    assert not app.crashed, f"{name} crashed"
    # The fuzz has no Escape and no Enter: the scene is still up, on top.
    assert app.stack.top is scene, f"{name} is no longer the top scene: {app.stack.top}"
    assert pygame.image.tobytes(app.surface, "RGB") != b"\0" * len(before)
    # A language switch while the scene is up redraws it without trouble.
    i18n.set_language("cs" if language == "en" else "en")
    frames(app, 2)
    assert not app.crashed


def test_title_buttons_lead_to_their_scenes(make_app: Callable[..., App]) -> None:
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.settings import SettingsScene
    from nile_desktop.scenes.title import TitleScene

    app = make_app()
    title = app.stack.push(TitleScene())
    frames(app)
    buttons = {w.uid: w for w in title.group.widgets if hasattr(w, "on_click")}
    frames(app, 2, click(buttons["new-game"].rect.center))
    assert isinstance(app.stack.top, NewGameScene)
    frames(app, 2, [key(pygame.K_ESCAPE)])
    assert app.stack.top is title
    frames(app, 2, click(buttons["settings"].rect.center))
    assert isinstance(app.stack.top, SettingsScene)
    frames(app, 2, [key(pygame.K_ESCAPE)])
    assert app.stack.top is title
    frames(app, 2, [key(pygame.K_ESCAPE)])
    assert app.stack.top is title, "Escape on the title screen does not leave the game"
    assert not buttons["continue"].enabled, "Continue is greyed out without a save"


def test_keyboard_alone_reaches_new_game(make_app: Callable[..., App]) -> None:
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.title import TitleScene

    app = make_app()
    app.stack.push(TitleScene())
    frames(app, 2, [key(pygame.K_TAB), key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, NewGameScene)


def test_language_switch_relayouts_every_scene_and_saves(make_app: Callable[..., App],
                                                         home: Path) -> None:
    from nile_desktop.scenes.settings import SettingsScene
    from nile_desktop.scenes.title import TitleScene
    from nile_desktop.settings import load_settings

    app = make_app()
    title = app.stack.push(TitleScene())
    settings = app.stack.push(SettingsScene())
    calls: list[str] = []
    title.relayout = lambda: calls.append("title")  # type: ignore[method-assign]
    settings.set_language("cs")
    assert i18n.current_language() == "cs"
    assert calls == ["title"]
    assert load_settings().language == "cs"
    frames(app)
    assert not app.crashed


def test_new_game_starts_a_table_that_autosaves(make_app: Callable[..., App]) -> None:
    from nile_desktop.saves import load_save
    from nile_desktop.saves.library import latest_save
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.scenes.title import TitleScene

    app = make_app()
    app.stack.push(TitleScene())
    new_game = app.stack.push(NewGameScene())
    new_game.set_count(2)
    new_game.set_kind(1, "random")
    new_game.set_seed("77")
    new_game.start()
    table = app.stack.top
    assert isinstance(table, TableScene) and len(app.stack) == 2
    frames(app, 2)
    assert table.game.session.human_turn() and table.game.composing()
    path = latest_save()  # saved at the start: Continue offers it
    assert path is not None and table.game.session.save.path == path
    save, _state = load_save(path)
    assert save.seed == 77 and save.moves == []
    table.game.play(table.game.session.legal_moves()[0])
    save, state = load_save(path)
    assert save.seed == 77 and len(save.moves) == 1
    assert save.seats[0].kind == "human"


def test_bots_play_a_whole_game_on_the_table(make_app: Callable[..., App]) -> None:
    from nile_desktop.scenes.table import TableScene

    app = make_app()
    save = sample_save(("random", "random"))
    table = app.stack.push(TableScene(save, save.new_state(), autosave=False, speed=1000))
    seen: list[str] = []
    table.game.listeners.append(lambda _t, events: seen.extend(e.kind for e in events))
    for _ in range(20000):
        if table.game.session.state.over:
            break
        app.frame(STEP, [])
        table.game.bots.runner.wait(5)
    assert table.game.session.state.over and "game-over" in seen
    frames(app, 2)
    assert not app.crashed


def test_pass_and_play_hides_the_hand_until_confirmed(make_app: Callable[..., App]) -> None:
    from nile_desktop.scenes.table import TableScene

    app = make_app()
    save = sample_save(("human", "human"))
    table = app.stack.push(TableScene(save, save.new_state(), autosave=False))
    frames(app, 2)
    assert table.game.flow.phase == "handoff" and table.game.flow.revealed is None
    assert not [e for e in table.drawer.hits.items if e.data.get("zone") in ("hand", "storage")]
    frames(app, 2, [key(pygame.K_RETURN)])
    assert table.game.flow.phase == "compose" and table.game.flow.revealed == table.game.session.state.active
    assert table.game.composing()


def test_broken_save_is_listed_as_broken_and_kept(make_app: Callable[..., App]) -> None:
    from nile_desktop.saves import saves_dir
    from nile_desktop.scenes.load_game import LoadGameScene

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_text('{"format": "nile-save/1", "rules": ', encoding="utf-8")
    app = make_app()
    scene = app.stack.push(LoadGameScene())
    frames(app, 2)
    assert len(scene.infos) == 1 and scene.infos[0].broken
    assert not scene.load_button.enabled
    scene.open(0)
    assert app.stack.top is scene
    assert bad.read_text(encoding="utf-8") == '{"format": "nile-save/1", "rules": '


class Exploding(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("a bug in a scene")


def test_an_error_shows_the_crash_scene_and_keeps_the_autosave(make_app: Callable[..., App],
                                                               home: Path) -> None:
    from nile_desktop.saves import autosave
    from nile_desktop.scenes.crash import CrashScene
    from nile_desktop.scenes.title import TitleScene

    app = make_app()
    app.log_path = home / "log" / "nile.log"
    save = sample_save()
    assert autosave(save)
    before = save.path.read_bytes()
    app.stack.push(TitleScene())
    app.stack.push(Exploding())
    frames(app, 2)
    assert app.crashed and isinstance(app.stack.top, CrashScene) and len(app.stack) == 1
    assert app.running
    assert save.path.read_bytes() == before
    frames(app, 2, [key(pygame.K_RETURN)])  # "Back to the title screen" has the focus
    assert isinstance(app.stack.top, TitleScene) and not app.crashed


def test_quit_keys_and_window_close(make_app: Callable[..., App]) -> None:
    from nile_desktop.scenes.title import TitleScene

    for event in (pygame.event.Event(pygame.QUIT),
                  key(pygame.K_F4, pygame.KMOD_LALT),
                  key(pygame.K_q, pygame.KMOD_LMETA)):
        app = make_app()
        app.stack.push(TitleScene())
        app.frame(STEP, [event])
        assert not app.running and app.exit_code == 0


def test_f11_toggles_fullscreen_and_resize_keeps_the_layout(make_app: Callable[..., App]) -> None:
    from nile_desktop.scenes.title import TitleScene

    app = make_app()
    app.stack.push(TitleScene())
    frames(app, 1, [key(pygame.K_F11)])
    assert app.settings.fullscreen
    frames(app, 1, [key(pygame.K_F11)])
    assert not app.settings.fullscreen
    app.set_window_size((1920, 1080))
    frames(app, 1)
    assert app.window is not None and app.window.get_size() == (1920, 1080)
    assert app.surface is app.window, "scenes draw on the window itself, not on a canvas"
    assert app.viewport.scale == pytest.approx(1.5)
    assert app.viewport.logical == LOGICAL_SIZE


def test_viewport_letterboxes_and_maps_the_mouse_back() -> None:
    wide = Viewport.letterbox((1920, 1080))
    assert wide.rect == pygame.Rect(0, 0, 1920, 1080)
    assert wide.to_logical((960, 540)) == (640, 360)
    square = Viewport.letterbox((1000, 1000))
    assert square.rect.w == 1000 and square.rect.h == round(720 * 1000 / 1280)
    assert square.rect.top > 0  # bars above and below
    x, y = square.to_logical(square.rect.center)
    assert abs(x - 640) <= 1 and abs(y - 360) <= 1
    assert not square.contains((500, 5))
    hidpi = Viewport.letterbox((2560, 1440))
    assert hidpi.scale == 2 and hidpi.to_logical((2558, 1438)) == (1279, 719)


def test_clicks_in_a_scaled_window_land_on_the_logical_button(make_app: Callable[..., App]
                                                               ) -> None:
    from nile_desktop.scenes.new_game import NewGameScene
    from nile_desktop.scenes.title import TitleScene

    app = make_app(window_size=(1920, 1080))
    title = app.stack.push(TitleScene())
    frames(app)
    button = title.group.widgets[1].rect
    window_pos = (int(button.centerx * 1.5), int(button.centery * 1.5))
    frames(app, 2, click(window_pos))
    assert isinstance(app.stack.top, NewGameScene)


def test_fixed_timestep_runs_whole_steps_only() -> None:
    app = App(Settings(language="en"))
    seen: list[float] = []

    class Counter(Scene):
        def update(self, dt: float) -> None:
            seen.append(dt)

    app.stack.push(Counter())
    app.advance(STEP * 2.5)
    assert seen == [STEP, STEP]
    app.advance(STEP * 0.6)
    assert len(seen) == 3
    app.advance(10.0)  # a long stall is capped, never a burst of hundreds of steps
    assert len(seen) <= 3 + 16
    app.shutdown()


@pytest.mark.parametrize("language", ["en", "cs"])
def test_each_bot_level_says_what_to_expect_in_new_game(make_app: Callable[..., App],
                                                        language: str) -> None:
    """New game: a seat's kind tells what to expect of that level in the line under the seat
    (tests/test_new_game_styles.py checks the line as drawn), not again on hover; the words
    follow the chosen kind and the language."""
    from nile_desktop.ai.levels import LEVEL_DESCRIPTIONS, LEVELS
    from nile_desktop.scenes.new_game import NewGameScene

    app = make_app()
    i18n.set_language(language)
    scene = app.stack.push(NewGameScene())
    frames(app, 1)
    kind = next(w for w in scene.group.widgets if getattr(w, "uid", None) == "seat-2.kind")
    for level in LEVELS:
        scene.set_kind(1, level)
        assert scene.kind_help(1) == i18n._(LEVEL_DESCRIPTIONS[level])
        assert kind.tooltip() == ""  # the line under the seat says it
    scene.set_kind(1, "human")
    assert kind.tooltip() == "" and scene.kind_help(1) == ""
