"""Audio: plays when it can, stays silent (and logs once) when it cannot."""

from __future__ import annotations

import logging
import os
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from nile_desktop.assets import Assets
from nile_desktop.audio import SOUND_NAMES, Audio

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class FakeSound:
    def __init__(self) -> None:
        self.volume: float | None = None
        self.plays = 0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.plays += 1


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "sounds").mkdir()
    with wave.open(str(tmp_path / "sounds" / "flip.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\x00\x00" * 100)
    return tmp_path


@pytest.fixture(autouse=True)
def no_mixer_afterwards() -> Iterator[None]:
    yield
    pygame.mixer.quit()


def test_plays_at_the_chosen_volume(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sound is played with the current volume; mute and zero volume play nothing."""
    audio = Audio(Assets(root), volume=0.4)
    assert audio.available
    fake = FakeSound()
    monkeypatch.setattr(audio.assets, "sound", lambda name: fake)
    audio.play("flip")
    assert (fake.plays, fake.volume) == (1, 0.4)
    audio.set_volume(7)
    audio.play("flip")
    assert fake.volume == 1.0
    audio.set_muted(True)
    audio.play("flip")
    audio.set_muted(False)
    audio.set_volume(0)
    audio.play("flip")
    assert fake.plays == 2


def test_real_sound_file_plays(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A real WAV from the assets folder is loaded and handed to the mixer: no warning,
    not marked missing, and the mixer really has a channel playing it."""
    with wave.open(str(root / "sounds" / "flip.wav"), "wb") as out:  # long enough to be playing
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\x00\x00" * 22050 * 5)
    audio = Audio(Assets(root))
    assert audio.available  # the dummy audio driver always opens
    with caplog.at_level(logging.WARNING, logger="nile_desktop.audio"):
        audio.play("flip")
    assert caplog.text == ""
    assert "flip" not in audio._missing
    sound = audio.assets.sound("flip")
    assert sound is not None and sound.get_length() > 0
    assert sound.get_num_channels() >= 1  # the play above is on a channel


def test_missing_sound_is_logged_once(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A missing sound file is not fatal and is reported in the log only once."""
    audio = Audio(Assets(root))
    with caplog.at_level(logging.WARNING, logger="nile_desktop.audio"):
        audio.play("win")
        audio.play("win")
    assert caplog.text.count("win.wav") == 1


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
    audio.play("flip")


def test_sound_names() -> None:
    """The game knows the ten sounds the art provides."""
    assert SOUND_NAMES == ("flip", "slide", "harvest", "market", "offering", "locust",
                           "monument_built", "monument_crumbles", "takeover", "win")
