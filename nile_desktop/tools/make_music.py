"""Composes and renders the game's music: ``assets/music/title.ogg`` and ``table.ogg``.

Remake both with (Debian packages, then the build-time Python tools)::

    apt-get install -y fluidsynth fluid-soundfont-gm sox vorbis-tools
    pip install -e ".[assets]"
    python -m nile_desktop.tools.make_music [--midi DIR] [--look DIR] [OUT_DIR]

The scores are :mod:`music_title` and :mod:`music_table`; each is written as
MIDI (kept in ``--midi DIR`` if asked, to open in any sequencer), played by
FluidSynth with the FluidR3 General MIDI samples, cut to one seamless cycle
(see :func:`sound_render.render_loop`), brought to the music's loudness and
encoded as Ogg Vorbis (44.1 kHz stereo, quality 3: about 1 MB a minute).
``--look DIR`` also draws a spectrogram of each track there. The game plays
the files on repeat, streamed, never whole in memory.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nile_desktop.tools import music_table, music_title, sound_render
from nile_desktop.tools.music_score import Piece

#: Track name -> the score it is made from.
TRACKS = {"title": music_title.compose, "table": music_table.compose}
QUALITY = 3


def make(piece: Piece, out: Path, midi: Path | None = None) -> str:
    """Render one piece to ``out/<name>.ogg``; returns a line saying what it measured."""
    x = sound_render.render_loop(piece, keep=midi)
    x = sound_render.normalise(x, sound_render.MUSIC_LUFS)
    path = out / f"{piece.name}.ogg"
    sound_render.write_ogg(path, x, QUALITY, f"Nile desktop: {piece.name}")
    y, _rate = sound_render.read(path)
    step, level = sound_render.seam(y)
    return (f"{path.name}: {len(y) / sound_render.RATE:.1f} s, "
            f"{sound_render.loudness(y):.1f} LUFS, peak {sound_render.peak_db(y):.1f} dBFS, "
            f"seam step {step:.2f}, seam level {level:+.1f} LU, {path.stat().st_size} bytes")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="make_music", description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path,
                        default=Path(__file__).resolve().parents[2] / "assets" / "music")
    parser.add_argument("--midi", type=Path, help="keep the MIDI files in this folder")
    parser.add_argument("--look", type=Path, help="draw spectrograms in this folder")
    parser.add_argument("--only", choices=sorted(TRACKS), help="make one track")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, compose in TRACKS.items():
        if args.only and name != args.only:
            continue
        print(make(compose(), args.out, args.midi), flush=True)
        if args.look:
            args.look.mkdir(parents=True, exist_ok=True)
            sound_render.spectrogram(args.out / f"{name}.ogg", args.look / f"{name}.png", name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
