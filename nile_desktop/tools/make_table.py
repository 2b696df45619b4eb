"""Writes the table SVGs in ``assets/table/`` and the icon SVG in ``assets/icons/``.

The table background (fields, the river, reeds on its banks), the six seat
tokens, the card frames for highlight / selection / drop target, buttons,
panels and the app icon share the card palette, so they are generated from
the same constants as the cards. Deterministic: reed positions come from a
seeded generator, so reruns give identical files.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

from nile_desktop.card_art import FRAME_MARGIN, SEAT_RGB, SEATS, SLICE_UNITS, VIEW_H, VIEW_W
from nile_desktop.tools import card_emblems as em
from nile_desktop.tools.card_symbols import (
    GOLD_PAL,
    INK,
    LAPIS_PAL,
    NILE_PAL,
    PAPER,
    PAPER_SHADOW,
    Palette,
    gradient_defs,
    n,
    papyrus,
)
from nile_desktop.tools.make_faces import FRAME_DEFS, place, svg

TW, TH = 1600, 900
REED_PAL = Palette("reed", "#4E7A3A", "#9CC866", "#23401A")
SEAT_EMBLEMS = {
    "lapis": em.ankh,
    "turquoise": em.scarab,
    "ivory": em.lotus,
    "ebony": em.eye,
    "copper": em.feather,
    "teal": em.djed,
}


def nearest(points: list[tuple[float, float]], x: float) -> tuple[float, float]:
    """The first of ``points`` horizontally closest to ``x``."""
    return min(points, key=lambda p: abs(p[0] - x))


def hexc(rgb: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*rgb)


def _river_edge(y: float, amp: float, phase: float) -> list[tuple[float, float]]:
    """Points along one bank: two slow waves of different length, so it never repeats."""
    return [
        (x, y + amp * math.sin(x / 260 + phase) + amp * 0.45 * math.sin(x / 113 + 2.1 * phase))
        for x in range(-80, TW + 160, 80)
    ]


def _smooth(points: list[tuple[float, float]]) -> str:
    d = f"M{n(points[0][0])},{n(points[0][1])}"
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        mx = (x0 + x1) / 2
        d += f" C{n(mx)},{n(y0)} {n(mx)},{n(y1)} {n(x1)},{n(y1)}"
    return d


def background() -> str:
    """Fields above and below, the Nile across the middle, reeds on the banks.

    Kept dark and calm: the cards are the bright things on the table.
    """
    rng = random.Random(1907)
    top = _river_edge(345, 30, 0.4)
    bottom = _river_edge(565, 30, 1.3)
    river = _smooth(top) + " L" + _smooth(bottom[::-1])[1:] + " Z"
    bank_top = _smooth([(x, y - 26) for x, y in top]) + " L" + _smooth(top[::-1])[1:] + " Z"
    bank_bot = _smooth(bottom) + " L" + _smooth([(x, y + 26) for x, y in bottom[::-1]])[1:] + " Z"
    strips = "".join(
        f'<rect x="-10" y="{y}" width="{TW + 20}" height="{h}" fill="{c}" fill-opacity="0.55"/>'
        for y, h, c in [
            (0, 90, "#4C6A36"),
            (90, 110, "#6E6A34"),
            (200, 120, "#3F5E30"),
            (620, 100, "#6E6A34"),
            (720, 80, "#4C6A36"),
            (800, 100, "#5E5A2E"),
        ]
    )
    furrows = " ".join(
        f"M0,{y} L{TW},{y + 8}" for y in list(range(12, 320, 14)) + list(range(630, 900, 14))
    )
    ripples = " ".join(
        f"M{x},{y} q30,-8 60,0 t60,0"
        for x, y in ((rng.randrange(0, TW), rng.randrange(370, 540)) for _ in range(46))
    )
    reeds = []
    for edge, sign in ((top, -1), (bottom, 1)):
        for _ in range(38):
            x = rng.uniform(0, TW)
            y = nearest(edge, x)[1] + sign * 8
            for _blade in range(5):
                dx, h = rng.uniform(-14, 14), rng.uniform(22, 46)
                reeds.append(f"M{n(x)},{n(y)} q{n(dx * 0.3)},{n(-h * 0.6)} {n(dx)},{n(-h)}")
    return svg(
        '<linearGradient id="soil" x1="0%" y1="0%" x2="0%" y2="100%">'
        '<stop offset="0%" stop-color="#34482A"/><stop offset="50%" stop-color="#40532C"/>'
        '<stop offset="100%" stop-color="#2C3E24"/></linearGradient>'
        '<linearGradient id="water" x1="0%" y1="0%" x2="0%" y2="100%">'
        f'<stop offset="0%" stop-color="{NILE_PAL.dark}"/><stop offset="50%" stop-color="{NILE_PAL.base}"/>'
        f'<stop offset="100%" stop-color="{NILE_PAL.dark}"/></linearGradient>'
        '<radialGradient id="vignette" cx="50%" cy="50%" r="75%">'
        '<stop offset="55%" stop-color="#000000" stop-opacity="0"/>'
        '<stop offset="100%" stop-color="#000000" stop-opacity="0.55"/></radialGradient>',
        f'<rect width="{TW}" height="{TH}" fill="url(#soil)"/>'
        + strips
        + f'<path d="{furrows}" stroke="#1E2A14" stroke-width="3" stroke-opacity="0.25"/>'
        + f'<path d="{bank_top}" fill="#A88A52" fill-opacity="0.75"/>'
        + f'<path d="{bank_bot}" fill="#A88A52" fill-opacity="0.75"/>'
        + f'<path d="{river}" fill="url(#water)"/>'
        + f'<path d="{ripples}" fill="none" stroke="{NILE_PAL.light}" stroke-width="3" stroke-opacity="0.35" stroke-linecap="round"/>'
        + f'<path d="{" ".join(reeds)}" fill="none" stroke="#5E8A42" stroke-width="3" stroke-opacity="0.8" stroke-linecap="round"/>'
        + f'<rect width="{TW}" height="{TH}" fill="url(#vignette)"/>',
        TW,
        TH,
    )


def seat(colour: str) -> str:
    """A round token in the seat's colour, gold rim, and the seat's own emblem."""
    rgb = SEAT_RGB[colour]
    light = sum(rgb) > 3 * 128
    ink = INK if light else PAPER
    base = hexc(rgb)
    r, g, b = (min(255, c + 60) for c in rgb)
    rim = hexc((r, g, b))
    return svg(
        gradient_defs(GOLD_PAL)
        + f'<radialGradient id="seat" cx="38%" cy="32%" r="75%"><stop offset="0%" stop-color="{rim}"/>'
        f'<stop offset="100%" stop-color="{base}"/></radialGradient>',
        f'<circle cx="50" cy="50" r="48" fill="url(#{GOLD_PAL.key}-v)" stroke="{INK}" stroke-width="2"/>'
        f'<circle cx="50" cy="50" r="40" fill="url(#seat)" stroke="{INK}" stroke-width="1.5"/>'
        + place(SEAT_EMBLEMS[colour](ink, 2.4), 22, 22, 56),
        100,
        100,
    )


def card_frame(kind: str) -> str:
    """A frame that sits around a card, ``FRAME_MARGIN`` units outside it."""
    m = FRAME_MARGIN
    w, h = VIEW_W + 2 * m, VIEW_H + 2 * m

    def ring(inset: float, width: float, colour: str, opacity: float, extra: str = "") -> str:
        return (
            f'<rect x="{n(inset)}" y="{n(inset)}" width="{n(w - 2 * inset)}" height="{n(h - 2 * inset)}" '
            f'rx="{n(16 + m - inset)}" fill="none" stroke="{colour}" stroke-width="{n(width)}" '
            f'stroke-opacity="{opacity}"{extra}/>'
        )

    if kind == "highlight":
        body = (
            ring(2, 5, "#FFF1B0", 0.35)
            + ring(4, 6, "#F8E08A", 0.6)
            + ring(7.5, 6, GOLD_PAL.light, 1)
            + ring(10.5, 1.2, INK, 0.8)
        )
    elif kind == "select":
        gems = "".join(
            f'<path d="M{n(x)},{n(y - 9)} L{n(x + 9)},{n(y)} L{n(x)},{n(y + 9)} L{n(x - 9)},{n(y)} Z"/>'
            for x, y in ((w / 2, 6.5), (w / 2, h - 6.5), (6.5, h / 2), (w - 6.5, h / 2))
        )
        body = (
            ring(2, 3, INK, 0.9)
            + ring(5.5, 6, "#4FC9C2", 1)
            + ring(9, 1.5, INK, 0.9)
            + f'<g fill="{LAPIS_PAL.light}" stroke="{INK}" stroke-width="1.5">{gems}</g>'
        )
    else:
        body = ring(6, 5, INK, 0.5) + ring(6, 3.5, PAPER, 0.95, ' stroke-dasharray="14 9"')
    return svg("", body, w, h)


def button(state: str) -> str:
    """A lapis button with a gold rim; ``state`` shifts its light."""
    fills = {
        "normal": ("#3E63B8", "#1F3C88"),
        "hover": ("#5A80D2", "#2A4CA4"),
        "pressed": ("#1A3273", "#2A4CA4"),
        "disabled": ("#8A8478", "#5E594F"),
    }
    top, bottom = fills[state]
    rim = "url(#frame)" if state != "disabled" else PAPER_SHADOW
    gloss = (
        ""
        if state in ("pressed", "disabled")
        else (
            '<rect x="12" y="10" width="216" height="18" rx="9" fill="#FFFFFF" fill-opacity="0.14"/>'
        )
    )
    return svg(
        FRAME_DEFS
        + f'<linearGradient id="face" x1="0%" y1="0%" x2="0%" y2="100%"><stop offset="0%" stop-color="{top}"/>'
        f'<stop offset="100%" stop-color="{bottom}"/></linearGradient>',
        f'<rect x="1" y="1" width="238" height="62" rx="16" fill="{rim}" stroke="{INK}" stroke-width="2"/>'
        f'<rect x="6" y="6" width="228" height="52" rx="12" fill="url(#face)" stroke="{INK}" stroke-width="1.2"/>'
        + gloss,
        240,
        64,
    )


def panel(dark: bool) -> str:
    """A papyrus (or lapis, for overlays) panel with gold border and corner studs."""
    w, h = 320, 240
    fill = "url(#paper)" if not dark else f"url(#{LAPIS_PAL.key}-d)"
    opacity = "1" if not dark else "0.92"
    c = SLICE_UNITS / 2
    studs = "".join(
        f'<path d="M{n(x)},{n(y - 6)} L{n(x + 6)},{n(y)} L{n(x)},{n(y + 6)} L{n(x - 6)},{n(y)} Z"/>'
        for x, y in ((c, c), (w - c, c), (c, h - c), (w - c, h - c))
    )
    return svg(
        FRAME_DEFS + gradient_defs(LAPIS_PAL),
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="14" fill="url(#frame)" stroke="{INK}" stroke-width="2"/>'
        f'<rect x="6" y="6" width="{w - 12}" height="{h - 12}" rx="10" fill="{fill}" fill-opacity="{opacity}" '
        f'stroke="{INK}" stroke-width="1.2"/>'
        f'<g fill="url(#frame)" stroke="{INK}" stroke-width="1">{studs}</g>',
        w,
        h,
    )


def icon() -> str:
    """The app icon: a green papyrus umbel before the gold sun, over the Nile's zigzag water."""
    zig = " ".join(
        "M44,"
        + n(y)
        + " "
        + " ".join(f"L{x + 12},{n(y - 12)} L{x + 24},{n(y)}" for x in range(44, 200, 24))
        for y in (196.0, 222.0)
    )
    return svg(
        FRAME_DEFS + gradient_defs(NILE_PAL) + gradient_defs(GOLD_PAL) + gradient_defs(REED_PAL),
        f'<rect x="4" y="4" width="248" height="248" rx="52" fill="url(#frame)" stroke="{INK}" stroke-width="6"/>'
        f'<rect x="18" y="18" width="220" height="220" rx="40" fill="url(#{NILE_PAL.key}-v)" stroke="{INK}" stroke-width="3"/>'
        + place(em.sun(GOLD_PAL, 2.0), 38, 10, 180)
        + f'<path d="{zig}" fill="none" stroke="{INK}" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"/>'
        + f'<path d="{zig}" fill="none" stroke="{NILE_PAL.light}" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"/>'
        + place(papyrus(REED_PAL, 3.6), 58, 62, 140),
        256,
        256,
    )


def all_files() -> dict[str, str]:
    """Path under ``assets/`` -> SVG text of every file this script owns."""
    files = {"table/background.svg": background(), "icons/icon.svg": icon()}
    files.update({f"table/seat_{c}.svg": seat(c) for c in SEATS})
    files.update({f"table/frame_{k}.svg": card_frame(k) for k in ("highlight", "select", "target")})
    files.update(
        {f"table/button_{s}.svg": button(s) for s in ("normal", "hover", "pressed", "disabled")}
    )
    files["table/panel.svg"] = panel(dark=False)
    files["table/panel_dark.svg"] = panel(dark=True)
    return files


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "assets"
    files = all_files()
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files under {root}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
