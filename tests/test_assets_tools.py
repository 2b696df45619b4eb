"""Tests of the asset scripts: sounds, icons and SVGs are exactly what the scripts make.

The shipped files are generated; these tests keep them in step with their
scripts (deterministic, seeded), check the icon containers are well formed
and the contact sheet renders headless. What the sounds and music measure
is checked in ``test_sound_assets.py``.
"""

from __future__ import annotations

import importlib.util
import shutil
import struct
from pathlib import Path

import numpy as np
import pygame
import pytest
import soundfile

from nile_desktop import audio
from nile_desktop.paths import asset, assets_dir
from nile_desktop.tools import (
    assets_sheet,
    make_faces,
    make_icons,
    make_music,
    make_sounds,
    make_table,
    sound_render,
)

#: The effects FluidSynth plays need it, the FluidR3 sound font and the score-to-MIDI library
#: of the `assets` extra (asset-build time only; the test extra does not install them).
CAN_PLAY_SAMPLES = (
    shutil.which("fluidsynth") is not None
    and sound_render.SOUND_FONT.is_file()
    and importlib.util.find_spec("pretty_midi") is not None
)


def test_the_tools_make_every_sound_and_track_the_game_plays() -> None:
    assert tuple(make_sounds.EFFECTS) == audio.SOUND_NAMES
    assert tuple(make_music.TRACKS) == audio.TRACK_NAMES


def _regenerates(name: str) -> None:
    shipped, _rate = soundfile.read(str(asset("sounds", f"{name}.wav")), dtype="int16")
    made = np.round(make_sounds.make(name) * 32767)
    assert len(made) == len(shipped), name
    # Seeded, so the same up to the last bit or two a different maths library may round.
    assert np.max(np.abs(made - shipped)) <= 3, name


@pytest.mark.parametrize("name", [n for n, (_m, sampled, _o) in make_sounds.EFFECTS.items()
                                  if not sampled])
def test_built_sounds_are_what_the_script_makes(name: str) -> None:
    """The sounds built from scratch come out of make_sounds as shipped (seeded)."""
    _regenerates(name)


@pytest.mark.skipif(not CAN_PLAY_SAMPLES, reason="needs fluidsynth and fluid-soundfont-gm")
@pytest.mark.parametrize("name", [n for n, (_m, sampled, _o) in make_sounds.EFFECTS.items()
                                  if sampled])
def test_played_sounds_are_what_the_script_makes(name: str) -> None:
    """The sounds played with the instrument samples come out of make_sounds as shipped."""
    _regenerates(name)


def test_svg_scripts_regenerate_identical_files() -> None:
    """The card and table SVGs are exactly what make_faces and make_table write."""
    for name, text in make_faces.all_faces().items():
        assert asset("cards", name).read_text(encoding="utf-8") == text, name
    for rel, text in make_table.all_files().items():
        assert (assets_dir() / rel).read_text(encoding="utf-8") == text, rel


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_icons_exist_at_every_size_and_wrap_pngs() -> None:
    """Icon PNGs exist at 16..1024 px; nile.ico and nile.icns hold PNGs of the stated sizes."""
    for size in make_icons.PNG_SIZES:
        image = pygame.image.load(str(asset("icons", f"icon_{size}.png")))
        assert image.get_size() == (size, size)
    ico = asset("icons", "nile.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    for i, size in enumerate(make_icons.ICO_SIZES):
        w, _, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert (w or 256) == size
        assert _png_size(ico[offset : offset + length]) == (size, size)
    icns = asset("icons", "nile.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, seen = 8, {}
    while pos < len(icns):
        kind, length = icns[pos : pos + 4], struct.unpack(">I", icns[pos + 4 : pos + 8])[0]
        seen[kind] = _png_size(icns[pos + 8 : pos + length])
        pos += length
    assert seen == {k: (s, s) for k, s in make_icons.ICNS_TYPES}


def test_contact_sheet_renders_headless(tmp_path: Path) -> None:
    """python -m nile_desktop.tools.assets_sheet OUT.png writes a picture of the whole set."""
    out = tmp_path / "sheet.png"
    assert assets_sheet.main([str(out)]) == 0
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() == assets_sheet.WIDTH and sheet.get_height() > 2000
