"""Audio: plays when it can, stays silent (and logs once) when it cannot.

Run with SDL's dummy audio driver: a real mixer that mixes into nothing, so
what reaches it (channels, volumes, the streamed music) can be checked.
"""

from __future__ import annotations

import logging
import shutil
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from nile_desktop import audio as audio_module
from nile_desktop.assets import Assets
from nile_desktop.audio import (
    DUCK_DEPTH,
    DUCK_RELEASE,
    SOUND_NAMES,
    TRACK_NAMES,
    Audio,
    stereo,
)
from nile_desktop.paths import assets_dir

VOLUME_STEP = 1 / 128  # SDL keeps volumes in 128 steps


def write_wav(path: Path, frames: int) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(44100)
        out.writeframes(b"\x00\x00" * frames)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """An assets folder with a long silent ``flip`` and the game's two real music tracks."""
    (tmp_path / "sounds").mkdir()
    write_wav(tmp_path / "sounds" / "flip.wav", 44100 * 5)
    shutil.copytree(assets_dir() / "music", tmp_path / "music")
    return tmp_path


@pytest.fixture(autouse=True)
def no_mixer_afterwards() -> Iterator[None]:
    yield
    pygame.mixer.quit()


class FakeChannel:
    """Records what a mixer channel is told."""

    def __init__(self) -> None:
        self.stereo: tuple[float, float] | None = None
        self.played: list[object] = []

    def get_busy(self) -> bool:
        return False

    def set_volume(self, left: float, right: float | None = None) -> None:
        self.stereo = (left, left if right is None else right)

    def play(self, sound: object) -> None:
        self.played.append(sound)


def test_plays_at_the_chosen_volume(root: Path) -> None:
    """A sound is played on a mixer channel at the current volume; mute and zero volume
    play nothing."""
    audio = Audio(Assets(root), volume=0.4)
    assert audio.available
    audio.play("flip")
    sound = audio.assets.sound("flip")
    assert sound is not None and sound.get_num_channels() == 1
    assert sound.get_volume() == pytest.approx(0.4, abs=VOLUME_STEP)
    audio.set_volume(7)
    audio.play("flip")
    assert sound.get_volume() == 1.0
    pygame.mixer.stop()
    audio.set_muted(True)
    audio.play("flip")
    audio.set_muted(False)
    audio.set_volume(0)
    audio.play("flip")
    assert sound.get_num_channels() == 0


def test_preload_loads_every_effect_once(root: Path, monkeypatch: pytest.MonkeyPatch,
                                         caplog: pytest.LogCaptureFixture) -> None:
    """Preloading reads each effect file once (later plays reuse it); a missing one is
    logged once, not again when it is played."""
    audio = Audio(Assets(root))
    loaded: list[str] = []
    real = pygame.mixer.Sound
    monkeypatch.setattr(pygame.mixer, "Sound", lambda path: loaded.append(path) or real(path))
    with caplog.at_level(logging.WARNING, logger="nile_desktop.audio"):
        audio.preload()
        audio.play("flip")
        audio.play("win")
    assert [Path(p).name for p in loaded] == ["flip.wav"]
    assert caplog.text.count("sounds/win.wav") == 1


def test_mute_silences_what_is_playing(root: Path) -> None:
    audio = Audio(Assets(root))
    audio.play("flip")
    assert pygame.mixer.get_busy()
    audio.set_muted(True)
    assert not pygame.mixer.get_busy()


def test_a_sound_is_placed_where_it_happens(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pan`` 0 is the table's left edge, 1 its right: the far side is quieter; no
    position (or the middle) plays full on both sides, as before placement existed."""
    audio = Audio(Assets(root))
    channel = FakeChannel()
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: channel)
    audio.play("flip", pan=0.0)
    left, right = channel.stereo or (0, 0)
    assert left == 1.0 and right < 0.5
    audio.play("flip", pan=1.0)
    assert channel.stereo == (right, left)
    audio.play("flip", pan=0.5)
    assert channel.stereo == (1.0, 1.0)
    audio.play("flip")
    assert channel.stereo == (1.0, 1.0)
    assert len(channel.played) == 4


def test_stereo_is_smooth_and_clamped() -> None:
    """Moving a sound across the table moves it steadily; odd positions are tamed."""
    positions = [i / 10 for i in range(11)]
    lefts = [stereo(p)[0] for p in positions]
    rights = [stereo(p)[1] for p in positions]
    assert lefts == sorted(lefts, reverse=True) and rights == sorted(rights)
    assert stereo(-3) == stereo(0) and stereo(9) == stereo(1)
    assert stereo(float("nan")) == (1.0, 1.0)


def test_real_sound_file_plays(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A real WAV from the assets folder is loaded and handed to the mixer: no warning,
    not marked missing, and the mixer really has a channel playing it."""
    audio = Audio(Assets(root))
    assert audio.available  # the dummy audio driver always opens
    with caplog.at_level(logging.WARNING, logger="nile_desktop.audio"):
        audio.play("flip")
    assert caplog.text == ""
    assert "flip" not in audio._missing
    sound = audio.assets.sound("flip")
    assert sound is not None and sound.get_length() > 0
    assert sound.get_num_channels() >= 1  # the play above is on a channel


@pytest.mark.parametrize(("call", "name", "file"), [("play", "win", "sounds/win.wav"),
                                                   ("play_music", "title", "music/title.ogg")])
def test_missing_file_is_logged_once(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                     call: str, name: str, file: str) -> None:
    """A missing sound or track is not fatal and is reported in the log only once."""
    audio = Audio(Assets(tmp_path))
    with caplog.at_level(logging.WARNING, logger="nile_desktop.audio"):
        getattr(audio, call)(name)
        getattr(audio, call)(name)
    assert caplog.text.count(file) == 1
    assert not pygame.mixer.music.get_busy()


def test_music_is_streamed_not_loaded(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The title music plays through ``pygame.mixer.music`` from its file; no track is ever
    read whole into a Sound. Changing track fades the old one out and queues the new."""
    whole: list[str] = []
    streamed: list[str] = []
    real_sound, real_load, real_queue = (pygame.mixer.Sound, pygame.mixer.music.load,
                                         pygame.mixer.music.queue)

    def sound(*args: object, **kwargs: object) -> pygame.mixer.Sound:
        whole.append(str(args[0]) if args else str(kwargs))
        return real_sound(*args, **kwargs)

    def load(path: str, *args: object) -> None:
        streamed.append(path)
        real_load(path, *args)

    def queue(path: str, *args: object, **kwargs: object) -> None:
        streamed.append(path)
        real_queue(path, *args, **kwargs)

    monkeypatch.setattr(pygame.mixer, "Sound", sound)
    monkeypatch.setattr(pygame.mixer.music, "load", load)
    monkeypatch.setattr(pygame.mixer.music, "queue", queue)
    audio = Audio(Assets(root))
    audio.play_music("title")
    assert pygame.mixer.music.get_busy() and audio.track == "title"
    audio.play_music("title")  # already playing: nothing changes
    audio.play_music("table")
    assert [Path(p).name for p in streamed] == ["title.ogg", "table.ogg"]
    assert not any(p.endswith(".ogg") for p in whole)
    audio.stop_music()
    assert audio.track is None


def test_music_volume_and_mute_reach_the_mixer(root: Path) -> None:
    audio = Audio(Assets(root), volume=0.9, music_volume=0.5)
    audio.play_music("title")
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=VOLUME_STEP)
    audio.set_music_volume(0.25)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=VOLUME_STEP)
    audio.set_muted(True)
    assert pygame.mixer.music.get_volume() == 0.0
    assert pygame.mixer.music.get_busy()  # muted, the music keeps its place
    audio.set_muted(False)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=VOLUME_STEP)
    assert audio.volume == 0.9  # the effects' volume is its own


def test_music_pauses_and_resumes(root: Path) -> None:
    """Paused (the window in the background) the music holds; resumed it goes on. A pause
    asked before any music starts holds the music that starts later."""
    audio = Audio(Assets(root))
    audio.play_music("title")
    audio.pause_music()
    assert not pygame.mixer.music.get_busy()
    audio.resume_music()
    assert pygame.mixer.music.get_busy()
    audio.stop_music()
    pygame.mixer.music.stop()
    audio.pause_music()
    audio.play_music("table")
    assert audio.track == "table" and not pygame.mixer.music.get_busy()


def test_music_ducks_under_a_banner_and_comes_back(root: Path) -> None:
    """A banner's sound lowers the music at once; once it is over the music rises again."""
    audio = Audio(Assets(root), music_volume=0.5)
    audio.play_music("table")
    audio.play("flip", duck=True)
    audio.update(0.1)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5 * DUCK_DEPTH, abs=VOLUME_STEP)
    for _ in range(int((1.0 + DUCK_RELEASE) / 0.05) + 2):
        audio.update(0.05)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=VOLUME_STEP)


def test_no_audio_device_means_silence(root: Path, monkeypatch: pytest.MonkeyPatch,
                                       caplog: pytest.LogCaptureFixture) -> None:
    """Without an audio device the game runs on silently, and says so in the log."""
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING):
        audio = Audio(Assets(root))
    assert not audio.available and "no audio device" in caplog.text
    audio.play("flip", pan=0.2, duck=True)
    audio.play_music("title")
    audio.set_music_volume(0.3)
    audio.set_muted(True)
    audio.pause_music()
    audio.resume_music()
    audio.update(0.5)
    audio.stop_music()


def test_sound_and_track_names() -> None:
    """The game knows the twelve sounds and two tracks the assets provide."""
    assert SOUND_NAMES == ("flip", "slide", "deal", "harvest", "market", "offering", "flood",
                           "locust", "monument_built", "monument_crumbles", "takeover", "win")
    assert TRACK_NAMES == ("title", "table")
    assert audio_module.CHANNELS >= 8


def _lying_wav(path: Path) -> None:
    """A WAV whose header claims a second of sound and holds a few frames."""
    write_wav(path, 44100)
    path.write_bytes(path.read_bytes()[:44 + 64])


@pytest.mark.parametrize("damage", ["header only", "lying header"])
def test_a_wav_without_its_sound_is_logged_and_not_played(
        root: Path, damage: str, caplog: pytest.LogCaptureFixture) -> None:
    """Such a file loaded and played as a few milliseconds with nothing in the log (and this
    lying header made SDL abort the process); it is a damaged file now, checked before SDL
    reads it, said once in the log like a missing one, and never played."""
    path = root / "sounds" / "flip.wav"
    if damage == "header only":
        write_wav(path, 0)
    else:
        _lying_wav(path)
    audio = Audio(Assets(root))
    with caplog.at_level(logging.WARNING, logger="nile_desktop.audio"):
        audio.play("flip")
        audio.play("flip")
    assert caplog.text.count("sounds/flip.wav") == 1 and "damaged" in caplog.text
    assert not pygame.mixer.get_busy()
