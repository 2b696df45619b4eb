"""The players of the game's music and where they sit, shared by every score and effect.

The same small ensemble plays the title, the table and the musical effects,
seated the same way each time (harp a little left, the plucked voice further
left, the flute right of centre, the frame drum right), so the sounds of the
table belong to its music. Instruments are General MIDI programs of the
FluidR3 sound font; the drum is voiced by its percussion keys.
"""

from __future__ import annotations

from nile_desktop.tools.music_score import Part, Piece

#: General MIDI programs (0-based). The reed flute, a ney, is voiced by General MIDI's
#: end-blown bamboo flute: like the ney it is breathy, soft at the top, plain in its harmonics,
#: where the orchestral flute would sound too polished for this music.
HARP, NEY, STRINGS, SLOW_STRINGS, PIZZICATO, NYLON = 46, 77, 48, 49, 45, 24
#: Percussion keys voicing the frame drum: its deep centre stroke (doum), its sharp rim
#: stroke (tek), a light ghost stroke (ka), and the jingles of a riq.
DOUM, TEK, KA, JINGLE = 41, 62, 60, 54

#: Part name -> (program, pan 0..127, reverb send 0..127): the seating.
SEATS: dict[str, tuple[int, int, int]] = {
    "harp": (HARP, 48, 64),
    "flute": (NEY, 76, 76),
    "strings": (STRINGS, 70, 74),
    "pad": (SLOW_STRINGS, 60, 82),
    "oud": (NYLON, 36, 58),
    "pizzicato": (PIZZICATO, 80, 64),
    "drums": (0, 90, 50),
}


def seat(name: str, volume: int = 100) -> Part:
    """A player of the ensemble in its seat, at ``volume`` (MIDI channel volume, 0..127)."""
    program, pan, reverb = SEATS[name]
    return Part(name, program, drums=name == "drums", pan=pan, reverb=reverb, volume=volume)


def ensemble(piece: Piece, **volumes: int) -> dict[str, Part]:
    """Seat the named players in ``piece`` at their volumes; returns them by name."""
    parts = {name: seat(name, volume) for name, volume in volumes.items()}
    piece.parts += parts.values()
    return parts
