"""Makes every sound effect of the game into ``assets/sounds/``: 44.1 kHz, one loudness.

Remake them with (Debian packages, then the build-time Python tools)::

    apt-get install -y fluidsynth fluid-soundfont-gm sox
    pip install -e ".[assets]"
    python -m nile_desktop.tools.make_sounds [--look DIR] [--only NAME] [OUT_DIR]

Two kinds of sound. The musical ones (harvest, offering, a Monument built, a
field taken over, the winner's phrase) are short scores in the music's key,
D hijaz, played by the music's own instruments (the FluidR3 harp, flute,
strings and frame drum through FluidSynth), with a touch of material sound
where the moment has one. The material ones (cards, clay counters, water,
locusts, stone) are built in :mod:`sound_synth`. Every effect is mono, so
the game can place it left or right where it happens, faded in and out so
it starts and ends in silence, and brought to ``EFFECT_LUFS`` (within a
small, deliberate offset) so none jumps out. ``--look DIR`` draws each
sound's spectrogram there.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from nile_desktop.tools import sound_render, sound_synth
from nile_desktop.tools.music_ensemble import DOUM, seat
from nile_desktop.tools.music_score import Part, Piece, pitches, play, strum
from nile_desktop.tools.sound_render import Samples
from nile_desktop.tools.sound_synth import Rng, place


def player(name: str) -> Part:
    """A player of the music's ensemble, in the middle: an effect is placed by the game."""
    part = seat(name)
    part.pan = 64
    return part


def score(name: str, *parts: Part) -> Piece:
    """A one-off score of one bar at 60 beats a minute, so a beat is a second."""
    return Piece(name, 60.0, 4, 1, list(parts))


def played(piece: Piece) -> Samples:
    return sound_render.mono(sound_render.render(piece))


def mixed(music: Samples, seconds: float, *extras: tuple[Samples, float, float]) -> Samples:
    """``music`` cut to ``seconds``, material sounds laid over it as (sound, at, gain).

    ``gain`` is the sound's peak as a share of the music's, so a touch of
    rustle stays a touch however loud the instruments came out.
    """
    out = sound_synth.silence(seconds)
    place(out, music, 0.0)
    for sound, at, gain in extras:
        place(out, sound * gain * max(1e-9, abs(music).max()) / max(1e-9, abs(sound).max()), at)
    return out


def harvest(rng: Rng) -> Samples:
    """The harp runs up the D chord while dry stalks rustle."""
    harp = player("harp")
    for i, (note, velocity) in enumerate(zip(pitches("A4 D5 F#5 A5"), (76, 80, 84, 90),
                                             strict=True)):
        harp.add(0.045 * i, 1.4 - 0.045 * i, note, velocity)
    return mixed(played(score("harvest", harp)), 0.95, (sound_synth.rustle(rng), 0.0, 0.35))


def offering(rng: Rng) -> Samples:
    """A low rolled chord on the harp and two finger cymbals."""
    harp = player("harp")
    strum(harp, 0.0, pitches("D3 A3 D4 F#4"), 1.2, velocity=76, spread=0.03)
    return mixed(played(score("offering", harp)), 1.0,
                 (sound_synth.zill(rng), 0.0, 0.25), (sound_synth.zill(rng, 2380.0), 0.11, 0.15))


def monument_built(rng: Rng) -> Samples:
    """A block set down, the frame drum, and strings and harp sounding D major together."""
    harp = player("harp")
    strum(harp, 0.02, pitches("D2 A2 D3 A3 D4 F#4"), 1.3, velocity=84, spread=0.025)
    strings = player("strings")
    for note in pitches("D3 A3 D4 F#4"):
        strings.add(0.0, 1.0, note, 78)
    drum = player("drums")
    drum.add(0.0, 0.3, DOUM, 96)
    music = played(score("monument_built", harp, strings, drum))
    return mixed(music, 1.35, (sound_synth.stone_thud(rng), 0.0, 0.8))


def takeover(_rng: Rng) -> Samples:
    """The half step of hijaz, E-flat falling to D, plucked: a field changes hands."""
    pizz = player("pizzicato")
    harp = player("harp")
    play(pizz, 0.0, "Eb3+Eb4:.13 D3+D4:.8", 4, velocity=84, legato=1.0)
    play(harp, 0.13, "D4+D5:.8", 4, velocity=88)  # a harp string would ring on: only the D
    return mixed(played(score("takeover", pizz, harp)), 0.85)


def win(rng: Rng) -> Samples:
    """The title theme's opening on the flute, crowned by the harp and a finger cymbal."""
    flute = player("flute")
    play(flute, 0.0, "D5:.16 F#5:.12 G5 A5:1", 4, velocity=88, legato=1.0, swell=True,
         vibrato=0.14, tempo=60.0)
    harp = player("harp")
    strum(harp, 0.4, pitches("D3 A3 D4 F#4 A4 D5"), 1.1, velocity=78, spread=0.02)
    strings = player("strings")
    for note in pitches("D3 A3 F#4"):
        strings.add(0.36, 1.0, note, 60)
    return mixed(played(score("win", flute, harp, strings)), 1.5,
                 (sound_synth.zill(rng), 0.4, 0.2))


#: name -> (maker, made with instrument samples, level offset in LU from EFFECT_LUFS).
#: The card sounds come often and sit a little lower; every offset stays within the window.
EFFECTS: dict[str, tuple[Callable[[Rng], Samples], bool, float]] = {
    "flip": (sound_synth.flip, False, -0.8),
    "slide": (sound_synth.slide, False, -0.8),
    "deal": (sound_synth.deal, False, -0.8),
    "harvest": (harvest, True, 0.0),
    "market": (sound_synth.market, False, 0.0),
    "offering": (offering, True, 0.0),
    "flood": (sound_synth.flood, False, 0.0),
    "locust": (sound_synth.locust, False, 0.0),
    "monument_built": (monument_built, True, 0.0),
    "monument_crumbles": (sound_synth.monument_crumbles, False, 0.0),
    "takeover": (takeover, True, 0.0),
    "win": (win, True, 0.0),
}


def finish(name: str, x: Samples) -> Samples:
    """High-passed, in the room (material sounds), faded at both ends, at its loudness."""
    maker, sampled, offset = EFFECTS[name]
    x = sound_synth.highpass(x, 30)
    if not sampled:
        x = sound_synth.room(x, sound_synth.generator(name + "-room"))
    x = sound_render.fade(x, 0.002, min(0.25, len(x) / sound_render.RATE / 3))
    return sound_render.normalise(x, sound_render.EFFECT_LUFS + offset)


def make(name: str) -> Samples:
    maker, _sampled, _offset = EFFECTS[name]
    return finish(name, maker(sound_synth.generator(name)))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="make_sounds", description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path,
                        default=Path(__file__).resolve().parents[2] / "assets" / "sounds")
    parser.add_argument("--look", type=Path, help="draw spectrograms in this folder")
    parser.add_argument("--only", choices=sorted(EFFECTS), action="append",
                        help="make only this sound (may be repeated)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or EFFECTS:
        x = make(name)
        path = args.out / f"{name}.wav"
        sound_render.write_wav(path, x)
        print(f"{path.name}: {len(x) / sound_render.RATE:.2f} s, "
              f"{sound_render.loudness(x):.1f} LUFS, peak {sound_render.peak_db(x):.1f} dBFS",
              flush=True)
        if args.look:
            args.look.mkdir(parents=True, exist_ok=True)
            sound_render.spectrogram(path, args.look / f"{name}.png", name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
