"""The crop symbols and card emblems, as SVG fragments in a 100 x 100 box.

Every crop has its own silhouette (docs/ART.md, "Symbols") so cards stay apart in
greyscale, and each symbol is written once here and placed by
``make_faces`` in the card centre, the corners and the speculation halves.
pygame's SVG loader (nanosvg) ignores ``<use>``, clip paths and text, so the
fragments are plain shapes that get copied into every file that shows them.

A fragment function takes the palette of its card and ``sw``, the outline
width in the fragment's own units: corner copies are drawn small, so they get
a thicker outline to keep the same weight on screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

INK = "#2A2118"
PAPER = "#EFE3C2"
PAPER_SHADOW = "#C9B68A"


@dataclass(frozen=True)
class Palette:
    """Colours of one card family; ``key`` prefixes its gradient ids."""

    key: str
    base: str
    light: str
    dark: str


# R-COMP-1: red, yellow, green, brown, pink, purple, grey, tuned for papyrus and
# spread in lightness (castor darkest ... wheat lightest) so fields differ in greyscale.
CROP_PALETTES: dict[str, Palette] = {
    "papyrus": Palette("papyrus", "#D0402C", "#EE7C5E", "#74190F"),
    "wheat": Palette("wheat", "#F2C12A", "#FBE27A", "#8A600C"),
    "lettuce": Palette("lettuce", "#5AA032", "#98D062", "#2C5915"),
    "castor": Palette("castor", "#5E3519", "#94602F", "#30190A"),
    "flax": Palette("flax", "#E58AB0", "#F9C4D8", "#9A3F66"),
    "grapes": Palette("grapes", "#6E3C94", "#A274C6", "#331848"),
    "onions": Palette("onions", "#96928A", "#CAC6BA", "#4C4943"),
}
STONE_PAL = Palette("stone", "#D8C79C", "#F4EBD0", "#9C8A5E")
LOCUST_PAL = Palette("locust", "#B87A3C", "#E6BE7A", "#5E3A18")
GOLD_PAL = Palette("gold", "#C9A227", "#F3DA7A", "#8A6A10")
LAPIS_PAL = Palette("lapis", "#1F3C88", "#3E63B8", "#0F1F4C")
NILE_PAL = Palette("nile", "#14507A", "#3C8DBC", "#0A2C46")


def n(v: float) -> str:
    """A coordinate with at most two decimals, so the files stay small."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def polar(cx: float, cy: float, r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def pt(x: float, y: float) -> str:
    return f"{n(x)},{n(y)}"


def outline(sw: float) -> str:
    return f'stroke="{INK}" stroke-width="{n(sw)}" stroke-linejoin="round"'


def gradient_defs(p: Palette) -> str:
    """The three gradients every fragment of palette ``p`` may use."""
    k = p.key
    return (
        f'<linearGradient id="{k}-v" x1="0%" y1="0%" x2="0%" y2="100%">'
        f'<stop offset="0%" stop-color="{p.light}"/><stop offset="100%" stop-color="{p.base}"/>'
        "</linearGradient>"
        f'<linearGradient id="{k}-d" x1="0%" y1="0%" x2="0%" y2="100%">'
        f'<stop offset="0%" stop-color="{p.base}"/><stop offset="100%" stop-color="{p.dark}"/>'
        "</linearGradient>"
        f'<radialGradient id="{k}-r" cx="35%" cy="30%" r="75%">'
        f'<stop offset="0%" stop-color="{p.light}"/><stop offset="55%" stop-color="{p.base}"/>'
        f'<stop offset="100%" stop-color="{p.dark}"/></radialGradient>'
    )


def papyrus(p: Palette, sw: float) -> str:
    """A tall stem crowned by a fan-shaped umbel with a scalloped rim."""
    cx, cy, r = 50.0, 47.0, 41.0
    angles = [-146 + i * (112 / 7) for i in range(8)]
    rim = [polar(cx, cy, r, a) for a in angles]
    d = f"M{pt(cx, cy)} L{pt(*rim[0])}"
    for i in range(7):
        ctrl = polar(cx, cy, r + 8, (angles[i] + angles[i + 1]) / 2)
        d += f" Q{pt(*ctrl)} {pt(*rim[i + 1])}"
    rays = "".join(
        f'<line x1="{n(cx)}" y1="{n(cy)}" x2="{n(x)}" y2="{n(y)}"/>'
        for x, y in (polar(cx, cy, r - 4, a) for a in [-146 + i * 8 for i in range(1, 14)])
    )
    return (
        f'<path d="M50,97 C40,93 34,86 33,77 C41,82 46,87 50,91 Z" fill="url(#{p.key}-d)" {outline(sw)}/>'
        f'<path d="M50,97 C60,93 66,86 67,77 C59,82 54,87 50,91 Z" fill="url(#{p.key}-d)" {outline(sw)}/>'
        f'<path d="M47.6,97 L52.4,97 L51.4,47 L48.6,47 Z" fill="{p.dark}" {outline(sw * 0.8)}/>'
        f'<path d="{d} Z" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<g stroke="{p.dark}" stroke-width="{n(sw * 0.55)}" stroke-linecap="round">{rays}</g>'
        f'<path d="M39,53 Q45,47 50,39 Q55,47 61,53 Q50,49 39,53 Z" fill="{p.dark}" {outline(sw * 0.8)}/>'
    )


def wheat(p: Palette, sw: float) -> str:
    """An upright ear of grain, kernels in two rows, long awns, one leaf."""
    awns, kernels = [], []
    for k in range(6):
        y = 72 - k * 8.6
        for side in (-1, 1):
            kx = 50 + side * 5.6
            tip = (
                kx + side * 8.4 * math.sin(math.radians(28)),
                y - 8.4 * math.cos(math.radians(28)),
            )
            end = (
                tip[0] + side * 17 * math.sin(math.radians(36)),
                tip[1] - 17 * math.cos(math.radians(36)),
            )
            awns.append(f"M{pt(*tip)} L{pt(*end)}")
            kernels.append(
                f'<ellipse cx="{n(kx)}" cy="{n(y)}" rx="5.2" ry="8.6" '
                f'transform="rotate({side * 28} {n(kx)} {n(y)})"/>'
            )
    awns.append("M50,14 L50,1")
    kernels.append('<ellipse cx="50" cy="20" rx="4.8" ry="8.4"/>')
    return (
        f'<path d="M50,96 C53,70 58,62 84,48 C66,66 60,74 52,90 Z" fill="url(#{p.key}-d)" {outline(sw)}/>'
        f'<path d="M50,97 Q52,76 50,28" fill="none" stroke="{p.dark}" stroke-width="{n(3.2)}" stroke-linecap="round"/>'
        f'<path d="{" ".join(awns)}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.7)}" stroke-linecap="round"/>'
        f'<g fill="url(#{p.key}-r)" {outline(sw)}>{"".join(kernels)}</g>'
    )


def _ring(cx: float, cy: float, leaf: str, angles: list[float], scale: float, attrs: str) -> str:
    return "".join(
        f'<path d="{leaf}" transform="translate({n(cx)} {n(cy)}) rotate({n(a)}) scale({n(scale)})" {attrs}/>'
        for a in angles
    )


def lettuce(p: Palette, sw: float) -> str:
    """A round head of broad, ruffled leaves seen from above."""
    leaf = (
        "M0,-4 C-16,-6 -25,-20 -23,-32 Q-21,-41 -13,-42 Q-7,-49 0,-45 "
        "Q7,-49 13,-42 Q21,-41 23,-32 C25,-20 16,-6 0,-4 Z"
    )
    vein = "M0,-6 L0,-40 M0,-22 L-9,-32 M0,-22 L9,-32"
    cx, cy = 50.0, 52.0
    outer = [i * 360 / 7 for i in range(7)]
    inner = [a + 360 / 14 for a in outer]
    return (
        _ring(cx, cy, leaf, outer, 1.0, f'fill="url(#{p.key}-d)" {outline(sw)}')
        + _ring(
            cx,
            cy,
            vein,
            outer,
            1.0,
            f'fill="none" stroke="{p.light}" stroke-width="{n(sw * 0.6)}" stroke-opacity="0.7"',
        )
        + _ring(
            cx,
            cy,
            leaf,
            inner,
            0.68,
            f'fill="url(#{p.key}-v)" stroke="{INK}" stroke-width="{n(sw / 0.68)}" stroke-linejoin="round"',
        )
        + f'<circle cx="{n(cx)}" cy="{n(cy)}" r="10" fill="url(#{p.key}-r)" {outline(sw)}/>'
        + f'<path d="M44,50 Q50,43 56,50 M46,55 Q50,51 54,55" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.6)}"/>'
    )


def castor(p: Palette, sw: float) -> str:
    """A star-shaped palmate leaf with seven pointed lobes and a spiky pod."""
    cx, cy, tip, sinus = 44.0, 40.0, 37.0, 12.0
    step = 360 / 7
    d = ""
    for k in range(7):
        a = -90 + k * step
        s0 = polar(cx, cy, sinus, a - step / 2)
        c0 = polar(cx, cy, tip * 0.82, a - 12)
        t = polar(cx, cy, tip, a)
        c1 = polar(cx, cy, tip * 0.82, a + 12)
        s1 = polar(cx, cy, sinus, a + step / 2)
        d += ("M" if k == 0 else " L") + f"{pt(*s0)} Q{pt(*c0)} {pt(*t)} Q{pt(*c1)} {pt(*s1)}"
    veins = " ".join(
        f"M{pt(cx, cy)} L{pt(*polar(cx, cy, tip - 5, -90 + k * step))}" for k in range(7)
    )
    px, py, pr = 75.0, 79.0, 9.5
    spikes = " ".join(
        f"M{pt(*polar(px, py, pr - 1, a - 9))} L{pt(*polar(px, py, pr + 6.5, a))} L{pt(*polar(px, py, pr - 1, a + 9))}"
        for a in range(0, 360, 30)
    )
    return (
        f'<path d="M{pt(cx, cy)} Q47,70 40,97" fill="none" stroke="{p.dark}" stroke-width="3.4" stroke-linecap="round"/>'
        f'<path d="M45,76 Q58,70 68,76" fill="none" stroke="{p.dark}" stroke-width="2.4" stroke-linecap="round"/>'
        f'<path d="{d} Z" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<path d="{veins}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.6)}" stroke-linecap="round"/>'
        f'<path d="{spikes}" fill="{p.dark}" {outline(sw * 0.6)}/>'
        f'<circle cx="{n(px)}" cy="{n(py)}" r="{n(pr)}" fill="url(#{p.key}-r)" {outline(sw)}/>'
    )


def _flower(x: float, y: float, p: Palette, sw: float) -> str:
    petals = "".join(
        f'<ellipse cx="{n(x)}" cy="{n(y - 7.5)}" rx="5.4" ry="7.6" transform="rotate({a} {n(x)} {n(y)})"/>'
        for a in range(0, 360, 72)
    )
    return (
        f'<g fill="url(#{p.key}-r)" {outline(sw * 0.8)}>{petals}</g>'
        f'<circle cx="{n(x)}" cy="{n(y)}" r="3.6" fill="{p.dark}" {outline(sw * 0.5)}/>'
    )


def flax(p: Palette, sw: float) -> str:
    """Slender stems, each topped by a small five-petalled flower."""
    stems = (
        "M50,97 C48,76 40,56 29,35 M50,97 C51,72 54,48 55,22 "
        "M50,97 C54,80 65,64 77,47 M50,97 C46,84 32,74 19,69"
    )
    leaves = "".join(
        f'<ellipse cx="{n(x)}" cy="{n(y)}" rx="1.9" ry="5.5" transform="rotate({a} {n(x)} {n(y)})"/>'
        for x, y, a in [
            (44, 70, -35),
            (55, 62, 20),
            (60, 78, 45),
            (49, 50, -10),
            (36, 79, -60),
            (68, 60, 40),
        ]
    )
    return (
        f'<path d="{stems}" fill="none" stroke="{p.dark}" stroke-width="2.2" stroke-linecap="round"/>'
        f'<g fill="{p.dark}">{leaves}</g>'
        f'<ellipse cx="18" cy="66" rx="4" ry="6.5" transform="rotate(-55 18 66)" fill="url(#{p.key}-v)" {outline(sw * 0.8)}/>'
        + _flower(29, 32, p, sw)
        + _flower(55, 18, p, sw)
        + _flower(78, 44, p, sw)
    )


def grapes(p: Palette, sw: float) -> str:
    """A hanging bunch of round berries under a vine leaf and a tendril."""
    leaf = (
        "M48,22 C40,26 30,28 22,24 C24,21 22,18 17,17 C20,13 19,9 15,5 "
        "C21,5 25,3 28,0 C31,5 35,6 40,4 C40,9 43,12 48,12 C46,16 46,19 48,22 Z"
    )
    rows = [(30, 5), (41.5, 4), (53, 3), (64.5, 2), (76, 1)]
    berries = []
    for y, count in rows:
        for i in range(count):
            x = 50 + (i - (count - 1) / 2) * 12
            berries.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="7"/>')
            berries.append(
                f'<circle cx="{n(x - 2.2)}" cy="{n(y - 2.4)}" r="1.8" fill="#FFFFFF" fill-opacity="0.45" stroke="none"/>'
            )
    return (
        f'<path d="M50,26 Q51,14 60,8" fill="none" stroke="{p.dark}" stroke-width="3.4" stroke-linecap="round"/>'
        f'<path d="M58,11 C68,4 76,10 72,17 C69,22 63,18 67,14" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.8)}" stroke-linecap="round"/>'
        f'<path d="{leaf}" fill="url(#{p.key}-d)" {outline(sw)}/>'
        f'<path d="M46,18 L30,12 M38,15 L34,4 M30,13 L20,12" fill="none" stroke="{p.light}" stroke-width="{n(sw * 0.5)}" stroke-opacity="0.6"/>'
        f'<g fill="url(#{p.key}-r)" {outline(sw)}>{"".join(berries)}</g>'
    )


def onions(p: Palette, sw: float) -> str:
    """A bulb swelling from a pointed tip, striped, with a tuft of roots."""
    bulb = "M50,15 C56,31 83,41 83,64 C83,82 69,90 50,90 C31,90 17,82 17,64 C17,41 44,31 50,15 Z"
    stripes = "M50,17 C40,35 29,49 31,70 C32,80 40,87 50,89 M50,17 C60,35 71,49 69,70 C68,80 60,87 50,89 M50,17 C47,42 47,68 50,89"
    roots = "M44,89 Q40,94 36,98 M47,90 Q46,95 44,99 M50,90 L50,99 M53,90 Q54,95 56,99 M56,89 Q60,94 64,98"
    return (
        f'<path d="{roots}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.8)}" stroke-linecap="round"/>'
        f'<path d="M47,20 C48,11 51,6 56,1 C54,8 53,13 53,20 Z" fill="url(#{p.key}-d)" {outline(sw * 0.8)}/>'
        f'<path d="{bulb}" fill="url(#{p.key}-r)" {outline(sw)}/>'
        f'<path d="{stripes}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.55)}" stroke-opacity="0.8"/>'
        f'<path d="M30,58 C31,48 38,41 44,38" fill="none" stroke="#FFFFFF" stroke-width="2.6" stroke-opacity="0.5" stroke-linecap="round"/>'
    )


CROP_SYMBOLS: dict[str, Callable[[Palette, float], str]] = {
    "papyrus": papyrus,
    "wheat": wheat,
    "lettuce": lettuce,
    "castor": castor,
    "flax": flax,
    "grapes": grapes,
    "onions": onions,
}
