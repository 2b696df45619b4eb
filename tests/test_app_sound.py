"""The game's sound as the running app leads it: music per screen, streamed, from the first
frame on; the settings, the mute key and the window's focus reaching the mixer; the table's
sounds placed at their seats and never piling up.

SDL's dummy audio driver is a real mixer that plays into nothing, so what reaches it
(the streamed track, its volume, paused or playing, each channel's sound) can be read back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
import test_scenes_headless
from table_fakes import NotPlaced
from test_audio import FakeChannel

from nile_desktop.app import App
from nile_desktop.app_sound import MAX_AT_ONCE, Asked, chosen, music_for
from nile_desktop.audio import DUCK_DEPTH
from nile_desktop.engine import CardRef, Rules, new_game
from nile_desktop.engine import events as ev
from nile_desktop.saves import new_save
from nile_desktop.scenes.settings import SettingsScene
from nile_desktop.scenes.table import TableScene
from nile_desktop.scenes.table.logic.board import TableBoard
from nile_desktop.scenes.table.logic.effects import Stage, fx_deal
from nile_desktop.scenes.table.logic.layout import grid_shape
from nile_desktop.scenes.title import TitleScene
from nile_desktop.settings import load_settings

#: The headless app of the scene tests, in a home folder of its own (fixtures).
home, make_app = test_scenes_headless.home, test_scenes_headless.make_app

VOLUME_STEP = 1 / 128  # SDL keeps volumes in 128 steps
STEP = 1 / 60


@pytest.fixture(autouse=True)
def fresh_mixer() -> Iterator[None]:
    """Each test's app opens the mixer afresh (after the apps are shut down)."""
    yield
    pygame.mixer.quit()


def frames(app: App, n: int = 1, events: list[pygame.event.Event] | None = None) -> None:
    app.frame(STEP, events or [])
    for _ in range(n - 1):
        app.frame(STEP, [])


def table_scene(kinds: tuple[str, ...] = ("human", "easy")) -> TableScene:
    seats = [{"name": f"S{i}", "kind": k, "colour": i} for i, k in enumerate(kinds)]
    save = new_save({"players": len(kinds), "monuments": True, "random_crops": False}, 7, seats)
    return TableScene(save, save.new_state(), autosave=False)


def ctrl_m() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_LCTRL,
                              unicode="\r", scancode=16)


# -- music per screen, streamed ------------------------------------------------------------------
def test_music_starts_after_the_first_frame_and_follows_the_screens(
        make_app: Callable[..., App]) -> None:
    """Nothing is read before the first frame; then the title's theme plays, a menu over it
    keeps it, and the table has its own."""
    app = make_app()
    title = app.stack.push(TitleScene())
    assert app.audio is not None and app.audio.track is None and not app.sound.started
    frames(app)
    assert app.sound.started and app.audio.track == "title"
    assert pygame.mixer.music.get_busy()
    app.stack.push(SettingsScene())
    frames(app)
    assert app.audio.track == "title"
    app.stack.reset(table_scene())
    frames(app)
    assert app.audio.track == "table"
    app.stack.reset(title)
    frames(app)
    assert app.audio.track == "title"


def test_the_table_streams_its_music(make_app: Callable[..., App],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting the table plays its track from the file as it goes (``mixer.music``):
    no track is ever read whole into a Sound."""
    whole: list[str] = []
    streamed: list[str] = []
    real_sound, real_load = pygame.mixer.Sound, pygame.mixer.music.load

    def sound(path: Any, *args: Any) -> pygame.mixer.Sound:
        whole.append(Path(str(path)).name)
        return real_sound(path, *args)

    def load(path: Any, *args: Any) -> None:
        streamed.append(Path(str(path)).name)
        real_load(path, *args)

    monkeypatch.setattr(pygame.mixer, "Sound", sound)
    monkeypatch.setattr(pygame.mixer.music, "load", load)
    app = make_app()
    preloaded: list[int] = []
    real_preload = app.audio.preload
    monkeypatch.setattr(app.audio, "preload", lambda: preloaded.append(app.frames)
                        or real_preload())
    app.stack.push(table_scene())
    frames(app, 3)
    assert streamed == ["table.ogg"] and pygame.mixer.music.get_busy()
    assert not any(name.endswith(".ogg") for name in whole)
    assert preloaded == [1]  # the effects are loaded once, after the first frame is drawn


def test_settings_reach_the_mixer(make_app: Callable[..., App]) -> None:
    """The music's and the effects' volumes are apart; mute silences both and keeps the
    music's place; all of it from the settings the app starts with and the ones it is given."""
    app = make_app(volume=0.7, music_volume=0.3)
    app.stack.push(table_scene())
    frames(app)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.3, abs=VOLUME_STEP)
    app.play("flip")
    frames(app)
    flip = app.audio.assets.sound("flip")
    assert flip.get_volume() == pytest.approx(0.7, abs=VOLUME_STEP)
    assert flip.get_num_channels() == 1
    app.settings.music_volume, app.settings.volume = 0.9, 0.2
    app.apply_settings()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.9, abs=VOLUME_STEP)
    app.play("flip")
    frames(app)
    assert flip.get_volume() == pytest.approx(0.2, abs=VOLUME_STEP)
    app.settings.muted = True
    app.apply_settings()
    assert pygame.mixer.music.get_volume() == 0.0 and pygame.mixer.music.get_busy()
    assert not pygame.mixer.get_busy()
    assert load_settings().muted and load_settings().music_volume == 0.9


def test_the_settings_screen_sets_both_volumes(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.stack.push(TitleScene())
    settings = app.stack.push(SettingsScene())
    frames(app)
    sliders = {w.uid: w for w in settings.group.widgets if getattr(w, "uid", None)}
    sliders["music-volume"].set(0.2)
    sliders["volume"].set(0.5)
    assert (app.settings.music_volume, app.settings.volume) == (0.2, 0.5)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.2, abs=VOLUME_STEP)
    assert app.audio.volume == 0.5
    assert (load_settings().music_volume, load_settings().volume) == (0.2, 0.5)


# -- the mute key ------------------------------------------------------------------------------
def test_ctrl_m_mutes_and_unmutes_on_every_screen(make_app: Callable[..., App]) -> None:
    """A real key event (through pygame's queue) mutes on the title, the settings screen
    (whose switch follows) and the table; M alone on the table stays the market's key."""
    app = make_app(music_volume=0.5)
    app.stack.push(TitleScene())
    frames(app)
    pygame.event.clear()
    pygame.event.post(ctrl_m())
    app.frame(STEP)  # the app reads pygame's queue itself
    assert app.settings.muted and load_settings().muted
    assert pygame.mixer.music.get_volume() == 0.0
    settings = app.stack.push(SettingsScene())
    pygame.event.post(ctrl_m())
    app.frame(STEP)
    assert not app.settings.muted and not settings.mute.value
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=VOLUME_STEP)
    app.stack.reset(table_scene())
    frames(app, 2)
    plain_m = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=16)
    frames(app, 1, [plain_m])
    assert not app.settings.muted
    frames(app, 1, [ctrl_m()])
    assert app.settings.muted and app.audio.muted


def test_the_tables_sound_button_mutes_and_shows_the_key(make_app: Callable[..., App]) -> None:
    app = make_app()
    table = app.stack.push(table_scene())
    frames(app, 2)
    button = table.drawer.hits.get("sound")
    assert button is not None and button.data["hotkey"] == "Ctrl+M"
    assert "key_rect" in button.data  # the hint is shown, not only in the tooltip
    x, y, w, h = button.rect
    table.game.finish_effects()
    centre = (x + w // 2, y + h // 2)
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                       buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)])
    assert app.settings.muted
    frames(app, 10)  # the log's corner is drawn again within a few frames
    assert table.drawer.hits.get("sound").label == "Sound on"


# -- focus --------------------------------------------------------------------------------------
@pytest.mark.parametrize("pauses", [True, False])
def test_the_music_pauses_in_the_background_when_asked(make_app: Callable[..., App],
                                                       pauses: bool) -> None:
    app = make_app(music_pauses_in_background=pauses)
    app.stack.push(TitleScene())
    frames(app)
    assert pygame.mixer.music.get_busy()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.frame(STEP)
    assert pygame.mixer.music.get_busy() is not pauses
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.frame(STEP)
    assert pygame.mixer.music.get_busy()


def test_switching_the_pause_off_in_the_background_brings_the_music_back(
        make_app: Callable[..., App]) -> None:
    app = make_app()
    app.stack.push(TitleScene())
    frames(app, 1, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not pygame.mixer.music.get_busy()
    app.settings.music_pauses_in_background = False
    app.apply_settings()
    assert pygame.mixer.music.get_busy()


def test_no_audio_device_plays_on_silently(make_app: Callable[..., App],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """No audio device (SDL finds no driver by that name): the table plays, the keys and
    the window's focus change nothing but the setting."""
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    app = make_app()
    table = app.stack.push(table_scene(("easy", "easy")))
    frames(app, 30, [ctrl_m(), pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not app.crashed and not app.audio.available and app.settings.muted
    assert table.game.session.save.moves or table.game.stage.busy


# -- a table that never makes a din -----------------------------------------------------------------
def test_a_burst_of_effects_plays_few_sounds() -> None:
    """A whole turn landing at once: one sound of each kind, at most MAX_AT_ONCE, the
    banners' first, then the latest."""
    burst = [Asked("flood", 0.8), Asked("harvest", 0.2), Asked("slide", 0.2),
             Asked("market", 0.2, duck=True), Asked("slide", 0.3), Asked("slide", 0.4)]
    kept = chosen(burst)
    assert len(kept) == MAX_AT_ONCE == 2
    assert kept == [Asked("market", 0.2, duck=True), Asked("slide", 0.4)]
    assert chosen([Asked("flip")]) == [Asked("flip")]
    assert chosen([]) == []


def test_skipping_a_bots_turn_sounds_at_most_two_effects(make_app: Callable[..., App],
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    app = make_app()
    table = app.stack.push(table_scene(("easy", "easy", "easy")))
    played: list[list[str]] = []
    real = app.audio.play
    frame_sounds: list[str] = []

    def record(name: str, pan: float | None = None, duck: bool = False) -> None:
        frame_sounds.append(name)
        real(name, pan=pan, duck=duck)

    monkeypatch.setattr(app.audio, "play", record)
    for _ in range(400):
        table.game.finish_effects()  # as a click does, every frame
        frames(app)
        played.append(list(frame_sounds))
        frame_sounds.clear()
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(5)
    assert max(len(sounds) for sounds in played) <= MAX_AT_ONCE
    assert sum(len(sounds) for sounds in played) > 10


def test_music_for_is_the_topmost_scene_that_names_one() -> None:
    class Quiet:
        music = None

    class Title:
        music = "title"

    class Table:
        music = "table"

    assert music_for([Title(), Quiet()]) == "title"
    assert music_for([Title(), Table(), Quiet()]) == "table"
    assert music_for([Quiet()]) is None


# -- where the table's sounds come from -----------------------------------------------------------
def _stage(players: int) -> tuple[Stage, list[tuple[str, float | None, bool]]]:
    heard: list[tuple[str, float | None, bool]] = []
    state = new_game(Rules(players=players), 3)
    stage = Stage(TableBoard.of(state), [f"S{i}" for i in range(players)], placed=NotPlaced(),
                  viewer=lambda: 0, sound=lambda *args: heard.append(args))
    return stage, heard


def _first_sound(players: int, event: ev.Event) -> tuple[str, float | None, bool]:
    stage, heard = _stage(players)
    stage.play([event])
    stage.timeline.update(0.001)  # the effect starts (and sounds); it does not land
    return heard[0]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_seats_sound_comes_from_its_side_of_the_table(players: int) -> None:
    """A seat's sound is placed at its panel's middle across the window: seats in the same
    column sound alike, and one column further right sounds further right."""
    cols, _rows = grid_shape(players)
    pans = [_first_sound(players, ev.Speculated(seat, ()))[1] for seat in range(players)]
    assert all(pan is not None and 0.0 < pan < 1.0 for pan in pans)
    for a in range(players):
        for b in range(players):
            if a % cols < b % cols:
                assert pans[a] < pans[b] - 0.1, (players, pans)
            elif a % cols == b % cols:
                assert pans[a] == pytest.approx(pans[b]), (players, pans)


def test_each_effect_plays_its_own_sound_from_its_pile_or_seat() -> None:
    """The flood has the water, the deal its cards, a speculation paid the counters of a
    pay-out; a banner's sound ducks the music (but a Monument's routine erosion), the others
    do not."""
    name, flood_pan, duck = _first_sound(4, ev.FloodRevealed(1, CardRef("wheat")))
    assert (name, duck) == ("flood", False)
    seat_pans = [_first_sound(4, ev.Speculated(seat, ()))[1] for seat in range(4)]
    assert flood_pan is not None and flood_pan > max(p for p in seat_pans if p is not None)
    paid = _first_sound(4, ev.SpeculationPaid(3, CardRef("wheat"), 2))
    assert paid == ("market", seat_pans[3], True)
    stage, heard = _stage(4)
    fx_deal(stage, [{"wheat": 1} for _ in range(4)])
    stage.timeline.update(0.001)
    assert heard[0][0] == "deal" and heard[0][2] is False
    locust = ev.LocustStruck(0, "flood", ())
    assert _first_sound(4, locust)[0] == "locust" and _first_sound(4, locust)[2] is True
    eroded = _first_sound(4, ev.MonumentEroded(2, "sphinx", 1))  # nearly every flood: no dip
    assert eroded == ("monument_crumbles", seat_pans[2], False)


def test_at_the_table_a_seat_is_heard_on_its_side_and_a_banner_ducks_the_music(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole chain, from a table's effect through the app to the mixer: a sound from
    the left column's seat is louder in the left channel, one from the right column's in the
    right; a banner's sound lowers the music on the mixer for a moment, then it comes back."""
    app = make_app(music_volume=0.5)
    table = app.stack.push(table_scene(("human", "easy", "easy", "easy")))
    for _ in range(600):  # the bots play until it is seat 0's (a person's) turn
        table.game.finish_effects()
        frames(app)
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(5)
        elif not table.game.stage.busy and not table.game.stage.banners.busy:
            break
    frames(app, 120)  # any banner's dip is over
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=VOLUME_STEP)
    channel = FakeChannel()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    stage = table.game.stage
    heard: dict[int, tuple[float, float]] = {}
    for seat in (0, 1):  # four seats: 0 and 2 on the left, 1 and 3 on the right
        channel.stereo = None
        stage.run("probe", [], [], sound="slide", at=[seat])
        frames(app, 60)  # it sounds as it starts, and is over within the second
        assert channel.stereo is not None and len(channel.played) == 1 + seat
        heard[seat] = channel.stereo
    assert heard[0][0] > heard[0][1] and heard[1][1] > heard[1][0]
    stage.run("probe", [], [], sound="takeover", at=[1], banner="A banner")
    frames(app, 10)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5 * DUCK_DEPTH, abs=VOLUME_STEP)
    frames(app, 120)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=VOLUME_STEP)
