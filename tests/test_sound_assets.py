"""Every shipped sound and music track, read and measured: format, length, level, ends.

The numbers are the promises of ``nile_desktop/tools/sound_render.py``:
effects at one integrated loudness (ITU-R BS.1770, measured with pyloudnorm)
within a small window, the music a fixed step under them, no sample near
clipping, effects that start and end in silence (no click), and music that
loops without a step or a jump in level at the join.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pytest
import soundfile

from nile_desktop.audio import SOUND_NAMES, TRACK_NAMES
from nile_desktop.paths import assets_dir
from nile_desktop.tools import sound_render
from nile_desktop.tools.sound_render import (
    EFFECT_LUFS,
    EFFECT_WINDOW,
    MUSIC_LUFS,
    MUSIC_UNDER,
    PEAK_DBFS,
    RATE,
    loudness,
    peak_db,
)

#: Effects are short (ART: under a second); these few are allowed longer, up to the figure.
LONGER = {"locust": 2.5, "win": 1.6, "monument_built": 1.4, "monument_crumbles": 1.4}
#: Shortest a track may be before it comes round again (seconds).
TRACK_LENGTH = {"title": 60.0, "table": 120.0}


@cache
def effect(name: str) -> tuple[np.ndarray, Any]:
    path = assets_dir() / "sounds" / f"{name}.wav"
    return sound_render.read(path)[0][:, 0], soundfile.info(str(path))


@cache
def track(name: str) -> tuple[np.ndarray, Any]:
    path = assets_dir() / "music" / f"{name}.ogg"
    x, _rate = soundfile.read(str(path), dtype="float32", always_2d=True)
    return x, soundfile.info(str(path))


@cache
def effect_loudness(name: str) -> float:
    return loudness(effect(name)[0])


@cache
def track_loudness(name: str) -> float:
    return loudness(track(name)[0])


def test_the_files_are_exactly_the_sounds_and_tracks_the_game_plays() -> None:
    """No sound or track the game names is missing, and no stray file is shipped."""
    root = assets_dir()
    assert sorted(p.stem for p in (root / "sounds").iterdir()) == sorted(SOUND_NAMES)
    assert sorted(p.stem for p in (root / "music").iterdir()) == sorted(TRACK_NAMES)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_format_length_and_peak(name: str) -> None:
    """16-bit mono WAV at 44.1 kHz, short, and never within 1 dB of clipping."""
    x, info = effect(name)
    assert (info.format, info.subtype, info.samplerate, info.channels) == ("WAV", "PCM_16", RATE, 1)
    assert 0.1 < info.duration <= LONGER.get(name, 1.0), info.duration
    assert peak_db(x) <= PEAK_DBFS, peak_db(x)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_starts_and_ends_in_silence(name: str) -> None:
    """Faded at both ends, so neither clicks: it rises from silence (a sharp knock may rise
    within 2 ms, but from zero), and its last 5 ms are as good as silent."""
    x, _info = effect(name)
    assert abs(x[0]) < 2 / 32768 and abs(x[-1]) < 2 / 32768
    assert np.max(np.abs(x[:int(0.0002 * RATE)])) < 10 ** (-30 / 20)
    assert np.sqrt(np.mean(x[-int(0.005 * RATE):] ** 2)) < 10 ** (-50 / 20)
    assert abs(np.mean(x)) < 1e-3  # no offset from zero, which would thump when it starts


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_loudness_in_its_window(name: str) -> None:
    """Every effect within EFFECT_WINDOW LU of EFFECT_LUFS (pyloudnorm, BS.1770)."""
    assert abs(effect_loudness(name) - EFFECT_LUFS) <= EFFECT_WINDOW, effect_loudness(name)


def test_effects_match_each_other() -> None:
    """The loudest and the quietest effect are within 2 LU of each other."""
    levels = [effect_loudness(name) for name in SOUND_NAMES]
    assert max(levels) - min(levels) <= 2.0, levels


@pytest.mark.parametrize("name", TRACK_NAMES)
def test_track_format_length_and_peak(name: str) -> None:
    """Ogg Vorbis, 44.1 kHz stereo, long enough before it repeats, never near clipping."""
    x, info = track(name)
    assert (info.format, info.subtype, info.samplerate, info.channels) == ("OGG", "VORBIS", RATE, 2)
    assert info.duration >= TRACK_LENGTH[name]
    assert peak_db(x) <= PEAK_DBFS


@pytest.mark.parametrize("name", TRACK_NAMES)
def test_track_sits_under_the_effects(name: str) -> None:
    """The music is MUSIC_UNDER LU (within 1) under the effects' average loudness."""
    assert abs(track_loudness(name) - MUSIC_LUFS) <= 1.0, track_loudness(name)
    effects = np.mean([effect_loudness(n) for n in SOUND_NAMES])
    assert abs(effects - track_loudness(name) - MUSIC_UNDER) <= 1.0


@pytest.mark.parametrize("name", TRACK_NAMES)
def test_track_loops_without_a_seam(name: str) -> None:
    """Played on repeat, the join is no sharper than the music's own steps and the level
    on either side of it matches (within 3 LU over 3 s)."""
    x, _info = track(name)
    step, level = sound_render.seam(x.astype(np.float64))
    assert step <= 1.0, step
    assert abs(level) <= 3.0, level


def test_music_stays_small() -> None:
    """The tracks together stay a few megabytes (the built app's budget is 80 MB)."""
    sizes = [(assets_dir() / "music" / f"{n}.ogg").stat().st_size for n in TRACK_NAMES]
    assert sum(sizes) < 6_000_000, sizes
