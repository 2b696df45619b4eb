"""Music written as data: notes, parts and pieces, in a notation a musician can read.

The game's music is composed here, in the repository, rather than kept as an
opaque recording: ``music_title`` and ``music_table`` write their pieces with
the small vocabulary below, and ``make_music`` turns them into MIDI and then
into sound. This module is plain Python (no MIDI library, no numbers crunched)
so tests can read a score and check what it promises: the mode it is in, the
bars adding up, the length before it repeats.

A phrase is written as text, one token a note, bars separated by ``|``::

    "D5:1 F#5:.5 G5 A5:1.5 G5:.5 | F#5:1 Eb5 D5:2"

``pitch:beats`` (a beat is a quarter note; a token without ``:beats`` keeps the
previous length), ``r`` a rest, ``D4+A4`` a chord, ``Eb5/D5`` a grace note
(Eb5 touched lightly before D5). Every bar must add up to the metre, which
catches a slip of the pen at once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: Semitones above C of each letter.
LETTERS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
#: Length of a grace note, in beats (a sixteenth of a beat is a quick touch).
GRACE = 0.12
#: MIDI controller numbers used by the scores.
MODULATION, VOLUME, PAN, EXPRESSION, REVERB, CHORUS = 1, 7, 10, 11, 91, 93


def pitch(name: str) -> int:
    """MIDI number of a note name such as ``D4``, ``F#5`` or ``Eb3`` (C4 = 60)."""
    letter, rest = name[0].upper(), name[1:]
    accidentals = rest.rstrip("-0123456789")
    octave = int(rest[len(accidentals):])
    shift = accidentals.count("#") - accidentals.count("b")
    if letter not in LETTERS or len(accidentals) != abs(shift):
        raise ValueError(f"not a note name: {name!r}")
    return 12 * (octave + 1) + LETTERS[letter] + shift


def pitches(names: str) -> list[int]:
    """MIDI numbers of space-separated note names, e.g. ``"D3 A3 D4"``."""
    return [pitch(n) for n in names.split()]


@dataclass(frozen=True)
class Note:
    """One note: when it starts and how long it lasts (beats), how high and how hard."""

    start: float
    length: float
    pitch: int
    velocity: int


@dataclass(frozen=True)
class Control:
    """A controller change (expression, vibrato, pan...) at a time in beats."""

    time: float
    number: int
    value: int


@dataclass
class Part:
    """One player: a General MIDI instrument and what it plays.

    ``program`` is the 0-based General MIDI program (46 is the harp); a
    percussion part sets ``drums`` and its pitches name drums, not notes.
    """

    name: str
    program: int
    drums: bool = False
    pan: int = 64
    reverb: int = 50
    volume: int = 100
    notes: list[Note] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)

    def add(self, start: float, length: float, midi: int, velocity: float) -> None:
        self.notes.append(Note(start, length, midi, max(1, min(127, round(velocity)))))

    def control(self, time: float, number: int, value: float) -> None:
        self.controls.append(Control(time, number, max(0, min(127, round(value)))))


@dataclass
class Piece:
    """A loop of ``bars`` bars of ``meter`` beats at ``tempo`` beats a minute."""

    name: str
    tempo: float
    meter: int
    bars: int
    parts: list[Part] = field(default_factory=list)

    @property
    def beats(self) -> float:
        return float(self.bars * self.meter)

    @property
    def seconds(self) -> float:
        """How long the piece plays before it starts again."""
        return self.seconds_at(self.beats)

    def seconds_at(self, beats: float) -> float:
        return beats * 60.0 / self.tempo

    def bar(self, number: int) -> float:
        """The beat where bar ``number`` (counted from 1, as musicians do) starts."""
        return float((number - 1) * self.meter)

    def part(self, name: str) -> Part:
        for p in self.parts:
            if p.name == name:
                return p
        raise KeyError(name)


# --- reading phrases -----------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """A parsed token: notes sounding together (none for a rest), an optional grace note."""

    offset: float
    length: float
    midis: tuple[int, ...]
    grace: int | None = None


def parse(text: str, meter: int) -> list[Event]:
    """The events of a phrase, offsets in beats from its start; bars are checked."""
    events: list[Event] = []
    offset, length, bar_start = 0.0, 1.0, 0.0
    for token in text.replace("|", " | ").split():
        if token == "|":
            if not math.isclose(offset - bar_start, meter):
                raise ValueError(f"a bar of {offset - bar_start} beats, not {meter}: {text!r}")
            bar_start = offset
            continue
        body, _, beats = token.partition(":")
        if beats:
            length = float(beats)
        grace = None
        if "/" in body:
            before, body = body.split("/")
            grace = pitch(before)
        midis = () if body == "r" else tuple(pitch(n) for n in body.split("+"))
        events.append(Event(offset, length, midis, grace))
        offset += length
    if offset - bar_start > meter + 1e-9:
        raise ValueError(f"the last bar is {offset - bar_start} beats, over {meter}: {text!r}")
    return events


def phrase_length(text: str, meter: int) -> float:
    events = parse(text, meter)
    return events[-1].offset + events[-1].length if events else 0.0


# --- harmony ----------------------------------------------------------------------------

#: How the harp spreads each chord the music uses, lowest string first. Every one
#: but the two of the minor episode (Dm, A) keeps to D hijaz: D Eb F# G A Bb C.
HARP_CHORDS = {
    "D": "D3 A3 D4 F#4 A4 D5",
    "Eb": "Eb3 Bb3 Eb4 G4 Bb4 Eb5",
    "Cm": "C3 G3 C4 Eb4 G4 C5",
    "Gm": "G2 D3 G3 Bb3 D4 G4",
    "Bb+": "Bb2 F#3 Bb3 D4 F#4 Bb4",
    "Dm": "D3 A3 D4 F4 A4 D5",
    "Bb": "Bb2 F3 Bb3 D4 F4 Bb4",
    "A": "A2 E3 A3 C#4 E4 A4",
}
#: The same chords as strings hold them, close and low.
STRING_CHORDS = {
    "D": "D3 F#3 A3", "Eb": "Eb3 G3 Bb3", "Cm": "Eb3 G3 C4", "Gm": "D3 G3 Bb3",
    "Bb+": "D3 F#3 Bb3", "Dm": "D3 F3 A3", "Bb": "D3 F3 Bb3", "A": "C#3 E3 A3",
}


def changes(text: str, meter: int) -> list[tuple[float, float, str]]:
    """Chords of ``"D | D | Gm,Cm"``, one bar each (a comma halves a bar): (beat, beats, name)."""
    out: list[tuple[float, float, str]] = []
    for bar, cell in enumerate(text.split("|")):
        names = cell.split(",")
        for i, name in enumerate(names):
            name = name.strip()
            if name not in HARP_CHORDS:
                raise ValueError(f"no voicing for chord {name!r}")
            share = meter / len(names)
            out.append((bar * meter + i * share, share, name))
    return out


# --- writing parts ----------------------------------------------------------------------


def play(part: Part, at: float, text: str, meter: int, velocity: float = 80,
         legato: float = 0.95, rng: random.Random | None = None, swell: bool = False,
         vibrato: float = 0.0, tempo: float = 60.0, shift: int = 0) -> float:
    """Write a phrase into ``part`` from beat ``at``; returns the beat after it.

    Notes on the bar's first beat and long notes lean a little harder, as a
    player leans on them. ``swell`` shapes the phrase with the expression
    controller (a breath that rises to the phrase's high point and eases off),
    ``vibrato`` (0..1) warms long notes after they have sounded a moment,
    as a flute player does. ``rng`` varies loudness a touch from note to note;
    ``shift`` moves the phrase by semitones (an octave lower is -12).
    """
    events = parse(text, meter)
    end = at + (events[-1].offset + events[-1].length if events else 0.0)
    for e in events:
        if not e.midis:
            continue
        start, length = at + e.offset, e.length
        lean = (6 if (start % meter) < 1e-6 else 0) + min(6, 3 * (length - 1))
        jitter = rng.uniform(-4, 4) if rng else 0.0
        if e.grace is not None:
            part.add(start, GRACE, e.grace + shift, velocity - 12 + jitter)
            start, length = start + GRACE, length - GRACE
        for midi in e.midis:
            part.add(start, length * legato, midi + shift, velocity + lean + jitter)
        if vibrato and e.length * 60.0 / tempo > 0.7:
            _vibrato(part, start, length, vibrato, tempo)
    if swell:
        _swell(part, at, end, events)
    return end


def _vibrato(part: Part, start: float, length: float, depth: float, tempo: float) -> None:
    """No vibrato at the attack, then it grows in over half a second and stays."""
    delay = 0.35 * tempo / 60.0
    grow = 0.5 * tempo / 60.0
    part.control(start, MODULATION, 0)
    for i in range(1, 5):
        t = start + delay + grow * i / 4
        if t < start + length:
            part.control(t, MODULATION, 127 * depth * i / 4)


def _swell(part: Part, at: float, end: float, events: Sequence[Event]) -> None:
    """Expression over a phrase: from a soft start up to its highest note, then down."""
    sounding = [e for e in events if e.midis]
    if not sounding:
        return
    peak = at + max(sounding, key=lambda e: (max(e.midis), e.length)).offset
    step = 0.25
    t = at
    while t <= end + 1e-9:
        if t <= peak:
            shape = 0.5 - 0.5 * math.cos(math.pi * (t - at) / max(step, peak - at))
        else:
            shape = 0.5 + 0.5 * math.cos(math.pi * (t - peak) / max(step, end - peak))
        part.control(t, EXPRESSION, 84 + 36 * shape)
        t += step


def arpeggio(part: Part, at: float, chord: Sequence[int], figure: Iterable[int],
             step: float = 0.5, ring: float = 2.0, velocity: float = 60,
             rng: random.Random | None = None, accent: float = 8) -> float:
    """A broken chord: ``figure`` picks chord tones by index, one every ``step`` beats.

    A harp lets its strings ring, so each note lasts ``ring`` beats whatever
    the step; the first note of the figure is leant on by ``accent``. A
    negative index is a rest. Returns the beat after the figure.
    """
    t = at
    for i, index in enumerate(figure):
        if index >= 0:
            jitter = rng.uniform(-5, 5) if rng else 0.0
            part.add(t, ring, chord[index], velocity + (accent if i == 0 else 0) + jitter)
        t += step
    return t


def strum(part: Part, at: float, chord: Sequence[int], length: float, velocity: float = 64,
          spread: float = 0.06) -> None:
    """A rolled chord from the lowest note up, ``spread`` beats between strings."""
    for i, midi in enumerate(chord):
        part.add(at + i * spread, length - i * spread, midi, velocity - 2 * i)


def hold(part: Part, at: float, chord: Sequence[int], length: float, velocity: float = 60,
         rise: float = 1.0, fall: float = 1.0, low: float = 70, high: float = 110) -> None:
    """A held chord (strings) that swells in over ``rise`` beats and eases off at the end."""
    for midi in chord:
        part.add(at, length, midi, velocity)
    part.control(at, EXPRESSION, low)
    part.control(at + min(rise, length / 2), EXPRESSION, high)
    part.control(at + max(length - fall, length / 2), EXPRESSION, high)
    part.control(at + length, EXPRESSION, low)


def loop_notes(piece: Piece, cycles: int) -> Piece:
    """The piece written out ``cycles`` times one after the other (to render a loop)."""
    out = Piece(piece.name, piece.tempo, piece.meter, piece.bars * cycles)
    for p in piece.parts:
        q = Part(p.name, p.program, p.drums, p.pan, p.reverb, p.volume)
        for k in range(cycles):
            shift = k * piece.beats
            q.notes += [Note(n.start + shift, n.length, n.pitch, n.velocity) for n in p.notes]
            q.controls += [Control(c.time + shift, c.number, c.value) for c in p.controls]
        out.parts.append(q)
    return out


def pitch_classes(piece: Piece) -> set[int]:
    """Every pitch class (0 = C) the tuned parts of ``piece`` play."""
    return {n.pitch % 12 for p in piece.parts if not p.drums for n in p.notes}
