"""The music as written: the notation, the mode, the length, phrases that breathe.

The scores in ``nile_desktop/tools/music_title.py`` and ``music_table.py``
are read here as data, without any MIDI library or synthesizer, so these
checks run anywhere.
"""

from __future__ import annotations

import pytest

from nile_desktop.tools import music_table, music_title
from nile_desktop.tools.music_score import Note, Piece, loop_notes, parse, pitch, pitch_classes

#: D hijaz: D E-flat F-sharp G A B-flat C (pitch classes, C = 0).
HIJAZ = {2, 3, 6, 7, 9, 10, 0}
#: What the table's minor episode adds: E, F and C-sharp.
MINOR_EPISODE = {4, 5, 1}


def test_note_names() -> None:
    assert [pitch(n) for n in ("C4", "A4", "D5", "Eb5", "F#4", "Bb3")] == [60, 69, 74, 75, 66, 58]
    with pytest.raises(ValueError):
        pitch("H4")


def test_a_bar_that_does_not_add_up_is_refused() -> None:
    """A slip of the pen (a bar of 3.5 beats in 4/4) is caught when the score is read."""
    assert len(parse("D5:1 F#5:.5 G5 A5:2 | D5:4", 4)) == 5
    with pytest.raises(ValueError, match="bar"):
        parse("D5:1 F#5:.5 A5:2 | D5:4", 4)


def test_grace_notes_chords_and_rests() -> None:
    events = parse("Eb5/D5:1 D4+A4:2 r:1", 4)
    assert events[0].grace == pitch("Eb5") and events[0].midis == (pitch("D5"),)
    assert events[1].midis == (pitch("D4"), pitch("A4")) and events[1].offset == 1.0
    assert events[2].midis == () and events[2].length == 1.0


@pytest.fixture(scope="module")
def title() -> Piece:
    return music_title.compose()


@pytest.fixture(scope="module")
def table() -> Piece:
    return music_table.compose()


def test_title_is_in_d_hijaz(title: Piece) -> None:
    """Every note of the title theme is in D hijaz, and its colour is there: E-flat and F-sharp."""
    assert pitch_classes(title) <= HIJAZ
    assert {3, 6} <= pitch_classes(title)


def test_table_keeps_to_hijaz_but_for_its_minor_episode(table: Piece) -> None:
    """Outside bars 33-40 the table's music is in D hijaz; the episode adds only E, F, C-sharp."""
    start, end = table.bar(33), table.bar(41)
    outside = {n.pitch % 12 for p in table.parts if not p.drums for n in p.notes
               if not start <= n.start < end}
    assert outside <= HIJAZ
    assert pitch_classes(table) - HIJAZ == MINOR_EPISODE


def test_lengths_before_repeating(title: Piece, table: Piece) -> None:
    """The table's music runs at least two minutes before it comes round; the title a minute."""
    assert table.seconds >= 120
    assert title.seconds >= 60


@pytest.mark.parametrize("which", ["title", "table"])
def test_the_flute_breathes(which: str, title: Piece, table: Piece) -> None:
    """The flute never plays more than eight bars without a breath (a gap of half a beat)."""
    piece = title if which == "title" else table
    notes = sorted(piece.part("flute").notes, key=lambda n: n.start)
    phrase_start = notes[0].start
    longest = 0.0
    for before, after in zip(notes, notes[1:], strict=False):
        if after.start - (before.start + before.length) >= 0.5:
            longest = max(longest, before.start + before.length - phrase_start)
            phrase_start = after.start
    assert longest <= 8 * piece.meter


def test_the_table_varies_its_instruments(table: Piece) -> None:
    """Who plays changes at least every sixteen bars, through five or more different line-ups,
    so the loop does not sound the same all the way round."""
    def players(first: int) -> frozenset[str]:
        start, end = table.bar(first), table.bar(first + 8)
        return frozenset(p.name for p in table.parts
                         if any(start <= n.start < end for n in p.notes))

    line_ups = [players(first) for first in range(1, table.bars, 8)]
    assert all(not a == b == c for a, b, c in zip(line_ups, line_ups[1:], line_ups[2:],
                                                   strict=False))
    assert len(set(line_ups)) >= 5


def test_frame_drums_are_sparing(title: Piece, table: Piece) -> None:
    """The drum plays in under half the bars of either piece."""
    for piece in (title, table):
        bars = {int(n.start // piece.meter) for n in piece.part("drums").notes}
        assert 0 < len(bars) < piece.bars / 2


def test_loop_notes_repeats_the_piece(title: Piece) -> None:
    """Written out twice, every note comes back exactly one piece-length later."""
    twice = loop_notes(title, 2)
    harp = title.part("harp").notes
    again = twice.part("harp").notes
    assert len(again) == 2 * len(harp)
    assert again[len(harp)] == Note(harp[0].start + title.beats, harp[0].length,
                                    harp[0].pitch, harp[0].velocity)
