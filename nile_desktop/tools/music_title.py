"""The title theme: a harp, a reed flute and strings, in D hijaz, 32 bars that loop.

D hijaz (D Eb F# G A Bb C) gives the Egyptian colour by its step from E-flat
to F-sharp and its fall from E-flat to D at every close; it is used as a
singer would use it, in slow steps and arches, never in the quick scale runs
that turned it into a cliché. Form:

- bars 1-4, the river: the harp alone over a low drone;
- bars 5-12, the theme on the flute: two arches, the second reaching its
  top D and falling home by the E-flat;
- bars 13-20, the answer: the strings sing lower, in G minor and C minor,
  an oud-like plucked voice doubles them as a second player would; halfway
  the frame drum comes in softly and the flute holds a long line above;
- bars 21-28, the theme again, ornamented, with the plucked voice an octave
  under the flute, held strings and the drum's full rhythm;
- bars 29-32, back to the river, so the loop closes where it opened.
"""

from __future__ import annotations

import random

from nile_desktop.tools.music_ensemble import DOUM, JINGLE, KA, TEK, ensemble
from nile_desktop.tools.music_score import (
    HARP_CHORDS,
    STRING_CHORDS,
    Piece,
    arpeggio,
    changes,
    hold,
    pitches,
    play,
)

TEMPO, METER, BARS = 84, 4, 32

INTRO = "D | D | Eb | D"
THEME_CHORDS = "D | D | Gm,Cm | D,Gm | Gm,D | Eb,D | Cm,D | D"
ANSWER_CHORDS = "Gm | Gm | Cm | Cm,D | Gm | D | Eb,Cm | D"
OUTRO = "D | Gm | Eb | D"

THEME = ("D5:1 F#5:.5 G5 A5:1.5 G5:.5 | F#5:1 Eb5 D5:2 | G5:1 A5:.5 Bb5 C6:1.5 Bb5:.5 | "
         "A5:1 G5:.5 F#5 G5:2 | D6:1.5 C6:.5 Bb5:1 A5 | Bb5:.5 A5 G5:1 F#5 G5:.5 F#5 | "
         "Eb5:1.5 F#5:.5 G5 F#5 Eb5:1 | D5:3 r:1")
#: The theme as it comes back: grace notes where a flute player would add them.
THEME_AGAIN = ("D5:1 F#5:.5 G5 Bb5/A5:1.5 G5:.5 | F#5:1 F#5/Eb5 D5:2 | "
               "G5:1 A5:.5 Bb5 D6/C6:1.5 Bb5:.5 | A5:1 G5:.5 F#5 G5:2 | "
               "D6:1.5 C6:.5 C6/Bb5:1 A5 | Bb5:.5 A5 G5:1 F#5 G5:.5 F#5 | "
               "Eb5:1.5 F#5:.5 G5 F#5 F#5/Eb5:1 | D5:4")
ANSWER = ("G4:2 Bb4:1 A4 | G4:1 F#4 G4:2 | C5:2 Eb5:1 D5 | C5:1 Bb4 A4:2 | "
          "Bb4:1.5 C5:.5 D5:1 Eb5 | F#5:2 G5:1 F#5 | Eb5:1 D5 C5 Bb4 | A4:3 r:1")
#: The plucked voice's version of the answer: long notes struck again, as an oud player does.
ANSWER_PLUCKED = ("G4:1 G4 Bb4 A4 | G4:1 F#4 G4:.5 A4 G4:1 | C5:1 C5 Eb5 D5 | C5:1 Bb4 A4 A4 | "
                  "Bb4:1.5 C5:.5 D5:1 Eb5 | F#5:1 F#5 G5 F#5 | Eb5:1 D5 C5 Bb4 | "
                  "A4:1 A4:.5 A4 A4:1 r:1")
#: The flute's long line over the second half of the answer.
ANSWER_ABOVE = "D6:4 | C6:2 A5:2 | Bb5:2 G5:2 | F#5:3 r:1"
#: A last echo of the theme's opening as the river returns.
ECHO = "r:1 D5:1 G5:1 A5:.5 Bb5:.5 | G5:3 r:1"

#: The frame drum: (beat, drum, velocity) within a bar.
Beats = tuple[tuple[float, int, int], ...]
LIGHT: Beats = ((0.0, DOUM, 62), (1.5, TEK, 42), (3.0, TEK, 46))
MAQSUM: Beats = ((0.0, DOUM, 70), (0.5, TEK, 48), (1.5, TEK, 52), (2.0, DOUM, 62), (2.5, KA, 28),
          (3.0, TEK, 54), (3.5, KA, 30), (1.0, JINGLE, 26), (3.0, JINGLE, 30))

#: Harp figures, one chord tone an eighth (indices into the chord's voicing, low to high).
FLOW = (0, 1, 2, 3, 4, 3, 2, 1)
RISE = (0, 1, 2, 3, 4, 5, 4, 3)
BROKEN = (0, 2, 1, 3, 2, 4, 3, 2)


def compose() -> Piece:
    piece = Piece("title", TEMPO, METER, BARS)
    players = ensemble(piece, harp=127, flute=106, strings=115, pad=80, oud=127, drums=127)
    harp, flute, strings, pad, oud, drums = players.values()
    rng = random.Random("nile-title")
    bar = piece.bar

    sections = ((1, INTRO, FLOW, 58), (5, THEME_CHORDS, FLOW, 50), (13, ANSWER_CHORDS, BROKEN, 50),
                (21, THEME_CHORDS, RISE, 54), (29, OUTRO, FLOW, 56))
    for first, chords, figure, velocity in sections:
        for beat, length, name in changes(chords, METER):
            steps = int(length / 0.5)
            arpeggio(harp, bar(first) + beat, pitches(HARP_CHORDS[name]), figure[:steps],
                     velocity=velocity, rng=rng)

    # The drone: a low D under everything but the return of the theme, where strings hold chords.
    for first, bars in ((1, 4), (5, 4), (9, 4), (13, 4), (17, 4), (29, 4)):
        hold(pad, bar(first), pitches("D2 D3"), bars * METER - 0.25, velocity=52,
             rise=2.0, fall=2.0, low=64, high=96)
    for beat, length, name in changes(THEME_CHORDS, METER):
        hold(pad, bar(21) + beat, pitches("D2 " + STRING_CHORDS[name]), length - 0.1,
             velocity=50, rise=0.5, fall=0.5, low=78, high=100)

    play(flute, bar(5), THEME, METER, velocity=78, rng=rng, swell=True, vibrato=0.12, tempo=TEMPO)
    play(flute, bar(17), ANSWER_ABOVE, METER, velocity=48, rng=rng, swell=True, vibrato=0.1,
         tempo=TEMPO)
    play(flute, bar(21), THEME_AGAIN, METER, velocity=82, rng=rng, swell=True, vibrato=0.14,
         tempo=TEMPO)
    play(flute, bar(29) + 4, ECHO, METER, velocity=62, rng=rng, swell=True, vibrato=0.1,
         tempo=TEMPO)

    play(strings, bar(13), ANSWER, METER, velocity=74, rng=rng, swell=True, legato=1.0)
    play(oud, bar(13), ANSWER_PLUCKED, METER, velocity=64, rng=rng, legato=0.9)
    play(oud, bar(21), THEME_AGAIN, METER, velocity=72, rng=rng, legato=0.85, shift=-12)

    drum_bars: list[tuple[int, Beats]] = [(1, ((0.0, DOUM, 48),)), (5, ((0.0, DOUM, 54),))]
    drum_bars += [(b, LIGHT) for b in range(17, 21)]
    drum_bars += [(b, MAQSUM) for b in range(21, 28)] + [(28, ((0.0, DOUM, 66),))]
    for number, pattern in drum_bars:
        for beat, key, velocity in pattern:
            drums.add(bar(number) + beat, 0.25, key, velocity + rng.uniform(-4, 4))
    return piece
