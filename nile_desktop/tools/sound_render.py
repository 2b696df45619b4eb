"""Turning scores into sound files with real instrument samples, at matched loudness.

Build-time only (``pip install -e ".[assets]"`` and, from Debian,
``apt-get install fluidsynth fluid-soundfont-gm sox vorbis-tools``): a score
from :mod:`music_score` is written as MIDI with ``pretty_midi``, played by
FluidSynth through the FluidR3 General MIDI sound font (MIT licence), and
the result measured with ``pyloudnorm`` (ITU-R BS.1770 loudness) so every
effect sits at one level and the music a fixed step under it.

The levels below are the contract the shipped files keep (the tests read
them): effects at ``EFFECT_LUFS`` within ``EFFECT_WINDOW``, the music
``MUSIC_UNDER`` below, nothing above ``PEAK_DBFS``.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pyloudnorm
import soundfile

from nile_desktop.tools.music_score import (
    CHORUS,
    EXPRESSION,
    MODULATION,
    PAN,
    REVERB,
    VOLUME,
    Note,
    Part,
    Piece,
    loop_notes,
)

RATE = 44100
#: The General MIDI sound font of Debian's ``fluid-soundfont-gm`` (FluidR3, MIT licence).
SOUND_FONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
#: Integrated loudness of every effect (LUFS), and how far one may stray from it (LU).
EFFECT_LUFS = -22.0
EFFECT_WINDOW = 1.0
#: The music sits this far (LU) under the effects: present, never in the way.
MUSIC_UNDER = 6.0
MUSIC_LUFS = EFFECT_LUFS - MUSIC_UNDER
#: No sample louder than this (dBFS): room for the mixer to add sounds together.
PEAK_DBFS = -1.0
#: BS.1770 measures in 400 ms blocks: a shorter sound is measured as if followed by silence.
BLOCK = 0.4
#: FluidSynth's room: a warm, medium hall; no chorus (it would smear the loop seam).
REVERB_SETTINGS = {"room-size": 0.62, "damp": 0.35, "width": 0.9, "level": 0.8}

Samples = np.ndarray


def samples(x: object) -> Samples:
    """``x`` as the array it is: numpy's arithmetic and scipy's filters are typed as
    returning anything, and this says what they gave back (no copy is made)."""
    return np.asarray(x)


# --- loudness --------------------------------------------------------------------------


def loudness(x: Samples, rate: int = RATE) -> float:
    """Integrated loudness (LUFS) of mono or stereo samples; short sounds padded to one block."""
    need = int(round(BLOCK * rate))
    if len(x) < need:
        pad = np.zeros((need - len(x),) + x.shape[1:])
        x = np.concatenate([x, pad])
    return float(pyloudnorm.Meter(rate).integrated_loudness(x))


def peak_db(x: Samples) -> float:
    top = float(np.max(np.abs(x))) if len(x) else 0.0
    return 20 * np.log10(top) if top > 0 else -np.inf


def normalise(x: Samples, target: float, rate: int = RATE) -> Samples:
    """``x`` scaled to ``target`` LUFS; refuses (rather than clips) if that would peak too high."""
    y = x * 10 ** ((target - loudness(x, rate)) / 20)
    if peak_db(y) > PEAK_DBFS:
        raise ValueError(f"at {target} LUFS the peak would be {peak_db(y):.1f} dBFS")
    return y


# --- shaping -----------------------------------------------------------------------------


def fade(x: Samples, fade_in: float, fade_out: float, rate: int = RATE) -> Samples:
    """Raised-cosine fades at both ends: the first and last samples are silent."""
    y = np.array(x, dtype=float)
    for seconds, tail in ((fade_in, False), (fade_out, True)):
        n = min(len(y), max(2, int(seconds * rate)))
        ramp = 0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, n))
        if y.ndim == 2:
            ramp = ramp[:, None]
        if tail:
            y[-n:] *= ramp[::-1]
        else:
            y[:n] *= ramp
    return y


def trim_tail(x: Samples, floor_db: float = -66.0, rate: int = RATE, keep: float = 0.03) -> Samples:
    """Cut what follows the last moment louder than ``floor_db`` (below the peak)."""
    level = np.abs(x) if x.ndim == 1 else np.max(np.abs(x), axis=1)
    loud = np.nonzero(level > 10 ** (floor_db / 20) * level.max())[0]
    end = min(len(x), int(loud[-1] + keep * rate)) if len(loud) else len(x)
    return x[:end]


def mono(x: Samples) -> Samples:
    return x.mean(axis=1) if x.ndim == 2 else x


# --- MIDI and FluidSynth ----------------------------------------------------------------


def write_midi(piece: Piece, path: Path, cycles: int = 1, tail: float = 3.0) -> None:
    """The piece as a MIDI file, ``cycles`` times over, with ``tail`` seconds to ring out."""
    import pretty_midi  # build-time only

    whole = loop_notes(piece, cycles) if cycles > 1 else piece
    midi = pretty_midi.PrettyMIDI(initial_tempo=piece.tempo)
    midi.time_signature_changes.append(pretty_midi.TimeSignature(piece.meter, 4, 0.0))
    seconds = piece.seconds_at
    for part in whole.parts:
        inst = pretty_midi.Instrument(program=part.program, is_drum=part.drums, name=part.name)
        for number, time, value in _controls(part):
            inst.control_changes.append(pretty_midi.ControlChange(number, value, seconds(time)))
        for start, end, midi_pitch, velocity in _untangled(part.notes):
            inst.notes.append(pretty_midi.Note(velocity, midi_pitch, seconds(start), seconds(end)))
        midi.instruments.append(inst)
    # A last, silent event keeps the file (and so the render) going while the notes ring.
    last = seconds(whole.beats) + tail
    midi.instruments[0].control_changes.append(
        pretty_midi.ControlChange(REVERB, whole.parts[0].reverb, last))
    midi.write(str(path))


def _controls(part: Part) -> list[tuple[int, float, int]]:
    """The part's controller changes as (number, beat, value), its mixer settings first.

    Two changes of one controller at one moment would be played in an order
    of the MIDI writer's choosing; only the last one written is kept.
    """
    latest: dict[tuple[int, float], int] = {}
    for number, value in ((VOLUME, part.volume), (PAN, part.pan), (REVERB, part.reverb),
                          (CHORUS, 0), (EXPRESSION, 110), (MODULATION, 0)):
        latest[(number, 0.0)] = value
    for c in sorted(part.controls, key=lambda c: c.time):
        latest[(c.number, round(c.time, 6))] = c.value
    return sorted(((number, time, value) for (number, time), value in latest.items()),
                  key=lambda item: item[1])


def _untangled(notes: list[Note]) -> list[tuple[float, float, int, int]]:
    """Notes as (start, end, pitch, velocity), a note cut short where the same key sounds again.

    A synthesizer releases a key when its note-off arrives, even if that key
    was struck again meanwhile; cutting the first note just before the next
    keeps the second ringing its full length.
    """
    out: list[tuple[float, float, int, int]] = []
    last: dict[int, int] = {}
    for n in sorted(notes, key=lambda n: (n.start, n.pitch)):
        if n.pitch in last:
            i = last[n.pitch]
            s, e, p, v = out[i]
            if e > n.start - 0.01:
                out[i] = (s, max(s + 0.01, n.start - 0.01), p, v)
        last[n.pitch] = len(out)
        out.append((n.start, n.start + n.length, n.pitch, n.velocity))
    return out


def fluidsynth(midi: Path, wav: Path, gain: float = 0.5) -> Samples:
    """Render ``midi`` with the FluidR3 sound font; float stereo samples at 44.1 kHz."""
    if shutil.which("fluidsynth") is None or not SOUND_FONT.is_file():
        raise RuntimeError("needs `apt-get install fluidsynth fluid-soundfont-gm`")
    settings = [f"synth.reverb.{k}={v}" for k, v in REVERB_SETTINGS.items()]
    command = ["fluidsynth", "-q", "-n", "-i", "-R", "1", "-C", "0", "-r", str(RATE),
               "-g", str(gain), "-O", "float", "-T", "wav", "-F", str(wav)]
    for setting in settings:
        command += ["-o", setting]
    subprocess.run([*command, str(SOUND_FONT), str(midi)], check=True, capture_output=True)
    x, rate = soundfile.read(str(wav), dtype="float64", always_2d=True)
    assert rate == RATE
    return samples(x)


def render(piece: Piece, cycles: int = 1, keep: Path | None = None) -> Samples:
    """``piece`` played by FluidSynth (``cycles`` times over); MIDI kept in ``keep`` if given."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        midi = folder / f"{piece.name}.mid"
        write_midi(piece, midi, cycles)
        return fluidsynth(midi, Path(tmp) / f"{piece.name}.wav")


def render_loop(piece: Piece, keep: Path | None = None, seam: float = 0.25) -> Samples:
    """One seamless cycle of ``piece``: what a listener hears from the second time round.

    The piece is played twice and the second cycle kept, so its opening
    already carries the ringing of the close before it, exactly as when it
    loops. The last ``seam`` seconds are blended into the first cycle's
    last moments, which lead without a break into the kept cycle's first
    sample: playing the file on repeat has no step at the join.
    """
    x = render(piece, cycles=2, keep=keep)
    n = int(round(piece.seconds * RATE))
    cycle = x[n:2 * n].copy()
    m = int(seam * RATE)
    w = (0.5 - 0.5 * np.cos(np.linspace(0.0, np.pi, m)))[:, None]
    cycle[-m:] = (1 - w) * cycle[-m:] + w * x[n - m:n]
    return samples(cycle)


# --- files ---------------------------------------------------------------------------------


def write_wav(path: Path, x: Samples) -> None:
    """16-bit PCM WAV at 44.1 kHz, written under a temporary name and renamed."""
    pcm = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    tmp = path.with_suffix(".tmp.wav")
    soundfile.write(str(tmp), pcm, RATE, subtype="PCM_16")
    tmp.replace(path)


def write_ogg(path: Path, x: Samples, quality: float, title: str) -> None:
    """Ogg Vorbis by ``oggenc`` from a 16-bit master; renamed into place when done."""
    if shutil.which("oggenc") is None:
        raise RuntimeError("needs `apt-get install vorbis-tools`")
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "master.wav"
        write_wav(master, x)
        out = Path(tmp) / "out.ogg"
        subprocess.run(["oggenc", "-Q", "-q", str(quality), "-t", title,
                        "-a", "Nile desktop developers", "-c", "LICENSE=MIT",
                        "-o", str(out), str(master)], check=True)
        shutil.move(str(out), path)


def read(path: Path) -> tuple[Samples, int]:
    """Samples (float, frames x channels) and rate of a WAV or Ogg file."""
    x, rate = soundfile.read(str(path), dtype="float64", always_2d=True)
    return x, int(rate)


def spectrogram(path: Path, png: Path, title: str) -> None:
    """A picture of the sound (``sox ... spectrogram``) to look at beside another."""
    subprocess.run(["sox", str(path), "-n", "remix", "-", "spectrogram", "-x", "900", "-y", "257",
                    "-z", "90", "-t", title, "-o", str(png)], check=True)


def seam(x: Samples, rate: int = RATE, window: float = 3.0) -> tuple[float, float]:
    """How a loop joins itself: (step, level).

    ``step`` is the jump from the last sample to the first as a share of the
    largest jumps inside the file (its 99.9th percentile): at most 1 means
    the join is no sharper than the music itself. ``level`` is the loudness
    difference (LU) between the last and the first ``window`` seconds.
    """
    steps = np.abs(np.diff(x, axis=0))
    typical = np.percentile(steps[::8], 99.9, axis=0)  # every 8th step is plenty to judge by
    join = np.abs(x[0] - x[-1])
    n = int(window * rate)
    return float(np.max(join / np.maximum(typical, 1e-9))), loudness(x[-n:]) - loudness(x[:n])
