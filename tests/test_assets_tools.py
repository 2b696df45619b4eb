"""Tests of the asset scripts: sounds, icons and SVGs are exactly what the scripts make.

The shipped files are generated; these tests keep them in step with their
scripts (deterministic, seeded), check the sound effects are short, quiet
and small, the icon containers are well formed, and the contact sheet
renders headless.
"""

from __future__ import annotations

import os
import struct
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from nile_desktop import audio  # noqa: E402
from nile_desktop.paths import asset, assets_dir  # noqa: E402
from nile_desktop.tools import (  # noqa: E402
    assets_sheet,
    make_faces,
    make_icons,
    make_table,
    synth_sounds,
)

SOUNDS = audio.SOUND_NAMES  # every sound the game plays


def test_every_sound_is_a_short_small_wav() -> None:
    """Each effect the game plays is synthesised and exists: mono 16-bit WAV, under 1 s (locust under 3 s), under 120 KB, not too loud."""
    assert set(SOUNDS) == set(synth_sounds.SOUNDS)
    for name in SOUNDS:
        path = asset("sounds", f"{name}.wav")
        with wave.open(str(path), "rb") as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            assert w.getframerate() in (22050, 44100)
            seconds = w.getnframes() / w.getframerate()
            frames = w.readframes(w.getnframes())
        assert 0.05 < seconds < (3.0 if name == "locust" else 1.0), (name, seconds)
        assert path.stat().st_size < 120_000, name
        peak = max(abs(v) for (v,) in struct.iter_unpack("<h", frames))
        assert peak < 0.6 * 32768, f"{name} is too loud for a default level"


def test_synth_script_regenerates_identical_files(tmp_path: Path) -> None:
    """The seeded synthesiser writes byte-identical sound files."""
    synth_sounds.main([str(tmp_path)])
    for name in SOUNDS:
        assert (tmp_path / f"{name}.wav").read_bytes() == asset(
            "sounds", f"{name}.wav"
        ).read_bytes(), name


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
