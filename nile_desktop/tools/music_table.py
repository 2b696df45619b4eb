"""The table's music: calmer than the title, three minutes before it comes round again.

A slow three-four on the harp, the river rocking, with the title's colour
(D hijaz) and its instruments, but each episode lit differently so the loop
can be heard a third and a fourth time without wearing thin:

- bars 1-8, the river: the harp alone over the drone;
- bars 9-24, the song: the flute sings the table's theme, a slower cousin of
  the title's opening, twice eight bars, the second climbing higher;
- bars 25-32, the plucked voice answers low, with a soft frame drum;
- bars 33-40, the light changes: D minor (E and F natural, C sharp), the
  flute's fragment answered by the strings, the only bars outside hijaz;
- bars 41-48, a chorale: pizzicato bass, the harp high, the flute in long notes;
- bars 49-64, the song again, first on the harp alone, then the flute, with
  held strings and two beats of the drum;
- bars 65-68, the harp thins out into the river where the loop began.
"""

from __future__ import annotations

import random

from nile_desktop.tools.music_ensemble import DOUM, TEK, ensemble
from nile_desktop.tools.music_score import (
    HARP_CHORDS,
    STRING_CHORDS,
    Piece,
    arpeggio,
    changes,
    hold,
    pitch,
    pitches,
    play,
    strum,
)

TEMPO, METER, BARS = 63, 3, 68

RIVER = "D | D | Eb | D | Cm | Cm | D | D"
SONG_CHORDS = "D | D | D | Bb+ | Gm | D | Cm | D"
HIGH_CHORDS = "D | Cm | D | Gm | Gm | Eb | D | D"
PLUCKED_CHORDS = "Gm | D | Eb | D | Gm | Cm | D | D"
MINOR_CHORDS = "Dm | Bb | Gm | A | Dm | Bb | Gm | A"
CHORALE_CHORDS = "D | Gm | Eb | Cm | D | Gm | Eb | D"
CLOSE = "Cm | Eb | D | D"

SONG = ("D5:2 F#5:1 | A5:2.5 G5:.5 | F#5:1 G5 Eb5 | D5:2 r:1 | G5:2 Bb5:1 | "
        "A5:1.5 G5:.5 F#5:1 | Eb5:2 C5:1 | D5:2 r:1")
SONG_HIGH = ("A5:2 Bb5:1 | C6:2 Bb5:1 | A5:1 G5 F#5 | G5:2 r:1 | D6:2 C6:1 | Bb5:1 A5 G5 | "
             "F#5:1.5 G5:.5 Eb5:1 | D5:3")
SONG_HIGH_AGAIN = ("A5:2 C6/Bb5:1 | C6:2 Bb5:1 | A5:1 G5 F#5 | G5:2 r:1 | D6:2 C6:1 | "
                   "Bb5:1 A5 G5 | F#5:1.5 G5:.5 F#5/Eb5:1 | D5:3")
PLUCKED = ("D4:1 G4:.5 A4 Bb4:1 | A4:1.5 G4:.5 F#4:1 | G4:1 Bb4:.5 G4 Eb4:1 | "
           "F#4:1 Eb4:.5 D4:1.5 | Bb3:1 D4 G4 | Eb4:1.5 D4:.5 C4:1 | D4:1 C4:.5 Bb3 A3:1 | D4:2 r:1")
MINOR_FLUTE = "A5:2 F5:1 | D5:1 F5 Bb5 | G5:2 Bb5:1 | A5:2 r:1"
MINOR_STRINGS = "D4:2 E4:1 | F4:2 D4:1 | G4:1.5 F4:.5 E4:1 | E4:2 C#4:1"
CHORALE = "F#5:3 | G5:3 | G5:2 Bb5:1 | C6:3 | A5:3 | Bb5:2 A5:1 | G5:3 | F#5:2 r:1"

#: Harp figures, one chord tone an eighth (indices into the chord's voicing).
FLOW = (0, 1, 2, 3, 4, 3)
LOW = (0, 1, 2, 3, 2, 1)
TURN = (0, 2, 1, 3, 2, 4)
HIGH = (2, 3, 4, 5, 4, 3)
THINNING = ((0, 1, 2, 3, 4, 3), (0, 1, 2, 3, 4, 3), (0, 1, 2, 3, 2, 1), (0, 1, 2, 3, 2, -1))


def compose() -> Piece:
    piece = Piece("table", TEMPO, METER, BARS)
    players = ensemble(piece, harp=127, flute=96, strings=100, pad=80, oud=127, pizzicato=110,
                       drums=112)
    harp, flute, strings, pad, oud, pizz, drums = players.values()
    rng = random.Random("nile-table")
    bar = piece.bar

    def harp_figures(first: int, chords: str, figure: tuple[int, ...], velocity: float) -> None:
        for beat, _length, name in changes(chords, METER):
            arpeggio(harp, bar(first) + beat, pitches(HARP_CHORDS[name]), figure,
                     velocity=velocity, ring=2.5, rng=rng)

    harp_figures(1, RIVER, FLOW, 54)
    harp_figures(9, SONG_CHORDS, LOW, 46)
    harp_figures(17, HIGH_CHORDS, LOW, 46)
    harp_figures(33, MINOR_CHORDS, TURN, 50)
    harp_figures(41, CHORALE_CHORDS, HIGH, 44)
    harp_figures(57, HIGH_CHORDS, LOW, 46)
    for i, (beat, _length, name) in enumerate(changes(CLOSE, METER)):
        arpeggio(harp, bar(65) + beat, pitches(HARP_CHORDS[name]), THINNING[i],
                 velocity=54 - 2 * i, ring=3.0, rng=rng)
    for beat, _length, name in changes(PLUCKED_CHORDS, METER):  # light rolled chords
        strum(harp, bar(25) + beat, pitches(HARP_CHORDS[name])[2:], 3.0, velocity=42)
    for beat, _length, name in changes(SONG_CHORDS, METER):
        strum(harp, bar(49) + beat, pitches(HARP_CHORDS[name])[:3], 3.0, velocity=44)
    play(harp, bar(49), SONG, METER, velocity=80, rng=rng, legato=1.4)

    # The drone: a low D, struck again every four bars; A under the minor episode's A chords.
    for first in range(1, BARS + 1, 4):
        if first in (33, 37):
            for offset, low in ((0, "D2 D3"), (3, "A1 A2")):
                hold(pad, bar(first + offset), pitches(low), 3 * METER if offset == 0 else METER,
                     velocity=46, rise=1.5, fall=1.0, low=64, high=92)
            continue
        hold(pad, bar(first), pitches("D2 D3"), 4 * METER - 0.25, velocity=46, rise=2.0,
             fall=2.0, low=64, high=92)
    for beat, length, name in changes(HIGH_CHORDS, METER):
        hold(strings, bar(57) + beat, pitches(STRING_CHORDS[name]), length - 0.1,
             velocity=56, rise=1.0, fall=1.0, low=64, high=100)

    def sing(first: int, text: str, velocity: float) -> None:
        play(flute, bar(first), text, METER, velocity=velocity, rng=rng, swell=True,
             vibrato=0.12, tempo=TEMPO)

    sing(9, SONG, 68)
    sing(17, SONG_HIGH, 70)
    sing(33, MINOR_FLUTE, 62)
    sing(41, CHORALE, 52)
    sing(57, SONG_HIGH_AGAIN, 70)
    play(strings, bar(37), MINOR_STRINGS, METER, velocity=70, rng=rng, swell=True, legato=1.0)
    play(oud, bar(25), PLUCKED, METER, velocity=72, rng=rng, legato=0.9)

    for beat, _length, name in changes(CHORALE_CHORDS, METER):
        root = pitches(HARP_CHORDS[name])[:3]
        down = -12 if root[0] >= pitch("D3") else 0
        for i, midi in enumerate(root):
            pizz.add(bar(41) + beat + i, 0.9, midi + down, 62 - 4 * i + rng.uniform(-3, 3))

    for number in range(25, 33):
        hits = ((0.0, DOUM, 56),) if number in (28, 32) else ((0.0, DOUM, 56), (2.0, TEK, 38))
        for beat, key, velocity in hits:
            drums.add(bar(number) + beat, 0.25, key, velocity + rng.uniform(-4, 4))
    for number in (57, 61):
        drums.add(bar(number), 0.25, DOUM, 50)
    return piece
