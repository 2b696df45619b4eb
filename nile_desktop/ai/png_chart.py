"""The win chances' reliability chart as a PNG, drawn without a display or a plotting library.

``python -m nile_desktop.ai.calibrate --plot FILE.png`` calls
:func:`reliability_chart`: for each table size and set of levels, the mean
prediction of every decile against how often it came true, with its 95%
interval, beside the diagonal of perfect calibration and the band of the
target (5 points either way). The bots' package never imports pygame
(tests/test_layers.py), so this module paints into a plain RGB buffer with a
small built-in 5×7 pixel font and writes the PNG itself (zlib, one IDAT), whole and only
over a PNG or nothing (:func:`~.arena_files.replace_file`).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from .arena_files import check_ours, replace_file
from .reliability import COUNTED, TARGET, Prediction, deciles, groups

RGB = tuple[int, int, int]
#: A PNG's first line (its signature up to the line feed): only such a file is replaced.
PNG_HEAD = b"\x89PNG"
PNG_FILE = "a PNG image"

#: 5×7 glyphs, one string of seven 5-pixel rows each ("#" set).
_FONT_ROWS = {
    "0": ".###.#...##..###.#.###..##...#.###.", "1": "..#...##....#....#....#....#...###.",
    "2": ".###.#...#....#...#...#...#...#####", "3": "#####...#...#...###.....##...#.###.",
    "4": "...#...##..#.#.#..#.#####...#....#.", "5": "######....####.....#....##...#.###.",
    "6": "..##..#...#....####.#...##...#.###.", "7": "#####....#...#...#...#....#....#...",
    "8": ".###.#...##...#.###.#...##...#.###.", "9": ".###.#...##...#.####....#...#..##..",
    "A": ".###.#...##...#######...##...##...#", "B": "####.#...##...#####.#...##...#####.",
    "C": ".###.#...##....#....#....#...#.###.", "D": "###..#..#.#...##...##...##..#.###..",
    "E": "######....#....####.#....#....#####", "F": "######....#....####.#....#....#....",
    "G": ".###.#...##....#.####...##...#.####", "H": "#...##...##...#######...##...##...#",
    "I": ".###...#....#....#....#....#...###.", "J": "..###...#....#....#....##..#..##...",
    "K": "#...##..#.#.#..##...#.#..#..#.#...#", "L": "#....#....#....#....#....#....#####",
    "M": "#...###.###.#.##...##...##...##...#", "N": "#...##...###..##.#.##..###...##...#",
    "O": ".###.#...##...##...##...##...#.###.", "P": "####.#...##...#####.#....#....#....",
    "Q": ".###.#...##...##...##.#.##..#..##.#", "R": "####.#...##...#####.#.#..#..#.#...#",
    "S": ".####.....#.....###.....#....#####.", "T": "#####..#....#....#....#....#....#..",
    "U": "#...##...##...##...##...##...#.###.", "V": "#...##...##...##...##...#.#.#...#..",
    "W": "#...##...##...##.#.##.#.##.#..#.#..", "X": "#...##...#.#.#...#...#.#.#...##...#",
    "Y": "#...##...##...#.#.#...#....#....#..", "Z": "#####....#...#...#...#...#....#####",
    " ": "." * 35, ".": "." * 25 + ".##...##..", ",": "." * 25 + ".##....#..",
    "-": "." * 15 + "#####" + "." * 15, "+": ".......#....#..#####..#....#.......",
    "%": "##...##..#...#...#...#...#..##...##", "(": "...#...#...#....#....#.....#.....#.",
    ")": ".#.....#.....#....#....#...#...#...", ":": "......##...##........##...##.......",
    "/": ".........#...#...#...#...#.........", "=": "..........#####.....#####..........",
    "×": "......#...#.#.#...#...#.#.#...#....", "–": "." * 15 + "#####" + "." * 15,
    "[": ".###..#....#....#....#....#....###.", "]": ".###....#....#....#....#....#..###.",
}
GLYPHS: dict[str, tuple[int, ...]] = {
    ch: tuple(int(rows[r * 5:(r + 1) * 5].replace("#", "1").replace(".", "0").ljust(5, "0"), 2)
              for r in range(7))
    for ch, rows in _FONT_ROWS.items()
}

WHITE: RGB = (0xFB, 0xF6, 0xE8)
INK: RGB = (0x2B, 0x24, 0x1C)
GRID: RGB = (0xDD, 0xD3, 0xBA)
BAND: RGB = (0xEC, 0xE4, 0xCC)
#: One colour per group of predictions (table size and levels), in order.
COLOURS: tuple[RGB, ...] = ((0x1F, 0x4E, 0x8C), (0xB0, 0x3A, 0x2E), (0x2E, 0x7D, 0x32),
                            (0x8E, 0x5A, 0x0B), (0x6A, 0x3D, 0x9A), (0x00, 0x83, 0x8F),
                            (0xC2, 0x18, 0x5B), (0x55, 0x55, 0x55))


class Canvas:
    """An RGB image in memory with the few strokes a chart needs."""

    def __init__(self, width: int, height: int, background: RGB = WHITE) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(background) * (width * height))

    def dot(self, x: int, y: int, colour: RGB) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = 3 * (y * self.width + x)
            self.pixels[i:i + 3] = bytes(colour)

    def rect(self, x: int, y: int, w: int, h: int, colour: RGB) -> None:
        row = bytes(colour) * max(0, min(w, self.width - x))
        for yy in range(max(0, y), min(self.height, y + h)):
            i = 3 * (yy * self.width + max(0, x))
            self.pixels[i:i + len(row)] = row

    def line(self, x0: float, y0: float, x1: float, y1: float, colour: RGB,
             width: int = 1) -> None:
        steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0))))
        half = width // 2
        for k in range(steps + 1):
            x = round(x0 + (x1 - x0) * k / steps)
            y = round(y0 + (y1 - y0) * k / steps)
            self.rect(x - half, y - half, width, width, colour)

    def disc(self, cx: float, cy: float, r: float, colour: RGB) -> None:
        for yy in range(int(cy - r), int(cy + r) + 1):
            for xx in range(int(cx - r), int(cx + r) + 1):
                if (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r:
                    self.dot(xx, yy, colour)

    def text(self, x: int, y: int, words: str, colour: RGB = INK, scale: int = 2,
             anchor: str = "left") -> None:
        words = words.upper()
        width = len(words) * 6 * scale
        if anchor == "centre":
            x -= width // 2
        elif anchor == "right":
            x -= width
        for ch in words:
            for r, bits in enumerate(GLYPHS.get(ch, GLYPHS[" "])):
                for c in range(5):
                    if bits >> (4 - c) & 1:
                        self.rect(x + c * scale, y + r * scale, scale, scale, colour)
            x += 6 * scale

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(self.pixels[3 * y * self.width:3 * (y + 1) * self.width])
                       for y in range(self.height))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def reliability_chart(path: str, rows: Sequence[Prediction], width: int = 1000,
                      height: int = 760) -> None:
    """Draw the predictions' reliability chart into ``path`` (a PNG), one series per table
    size and levels; deciles of fewer than 10 predictions are left out."""
    canvas = Canvas(width, height)
    left, top, size = 110, 70, min(width - 420, height - 160)
    right, bottom = left + size, top + size

    def x_of(p: float) -> float:
        return left + size * p

    def y_of(p: float) -> float:
        return bottom - size * p

    band = TARGET / 100
    for k in range(size + 1):  # the target's band around the diagonal
        p = k / size
        lo, hi = max(0.0, p - band), min(1.0, p + band)
        canvas.line(x_of(p), y_of(lo), x_of(p), y_of(hi), BAND)
    for k in range(11):
        p = k / 10
        canvas.line(x_of(p), top, x_of(p), bottom, GRID)
        canvas.line(left, y_of(p), right, y_of(p), GRID)
        canvas.text(int(x_of(p)), bottom + 12, f"{k * 10}", anchor="centre")
        canvas.text(left - 12, int(y_of(p)) - 7, f"{k * 10}%", anchor="right")
    canvas.line(left, bottom, right, top, INK)
    canvas.line(left, top, left, bottom, INK, 2)
    canvas.line(left, bottom, right, bottom, INK, 2)
    canvas.text((left + right) // 2, bottom + 40, "predicted chance (%)", anchor="centre")
    canvas.text(left - 90, top - 40, "won", scale=2)
    canvas.text(left, 16, "win chances: predicted against won", scale=3)
    legend_y = top
    for (players, matchup), group in groups(rows).items():
        colour = COLOURS[(legend_y - top) // 56 % len(COLOURS)]
        points = [d for d in deciles(group) if d.n >= 10]
        for d in points:
            lo, hi = d.interval
            canvas.line(x_of(d.predicted), y_of(lo), x_of(d.predicted), y_of(hi), colour)
        for a, b in zip(points, points[1:], strict=False):
            canvas.line(x_of(a.predicted), y_of(a.actual), x_of(b.predicted), y_of(b.actual),
                        colour, 2)
        for d in points:
            canvas.disc(x_of(d.predicted), y_of(d.actual), 6 if d.n >= COUNTED else 3, colour)
        canvas.rect(right + 30, legend_y + 2, 18, 18, colour)
        canvas.text(right + 58, legend_y, f"{players} players", scale=2)
        canvas.text(right + 58, legend_y + 22, f"{matchup.replace('+', ' ')} ({len(group)})",
                    scale=2)
        legend_y += 56
    canvas.text(right + 30, legend_y + 10, f"band: {TARGET:g} points", scale=2)
    canvas.text(right + 30, legend_y + 34, f"big dots: {COUNTED} or more", scale=2)
    replace_file(path, canvas.png(), (PNG_HEAD,), PNG_FILE)


def check_target(path: str) -> None:
    """Refuse (CsvError) a ``path`` the chart could not be written to, or whose file is not a
    PNG: checked before a long run, so that it does not end on the refusal."""
    check_ours(path, (PNG_HEAD,), PNG_FILE)
