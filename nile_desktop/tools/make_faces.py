"""Writes every card face and table marker SVG in ``assets/cards/``.

All faces share one layout (gold frame, coloured field, corner indices, a
papyrus medallion, an empty cartouche where the app writes the card's name),
so they are generated from the symbols in ``card_symbols`` rather than kept
as 40 hand-edited copies. Run ``python -m nile_desktop.tools.make_faces`` after
changing a symbol or the layout; the output is deterministic, and a test
checks the shipped files match it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from nile_desktop.card_art import LABEL_BOX, VIEW_H, VIEW_W, face_filename
from nile_desktop.engine.cards import CROPS, SPEC_PAIRS, spec_name
from nile_desktop.tools import card_emblems as em
from nile_desktop.tools.card_symbols import (
    CROP_PALETTES,
    CROP_SYMBOLS,
    GOLD_PAL,
    INK,
    LAPIS_PAL,
    LOCUST_PAL,
    NILE_PAL,
    PAPER,
    PAPER_SHADOW,
    STONE_PAL,
    Palette,
    gradient_defs,
    n,
    polar,
    pt,
)

W, H = VIEW_W, VIEW_H
CORNER = 52.0  # side of a corner index plate, in card units
INSET = 14.0  # corner plates sit this far from the card's edge
MED_X, MED_Y, MED_R = 125.0, 158.0, 88.0  # the centre medallion
FRAME_DEFS = (
    '<linearGradient id="frame" x1="0%" y1="0%" x2="100%" y2="100%">'
    '<stop offset="0%" stop-color="#F3DA7A"/><stop offset="45%" stop-color="#C9A227"/>'
    '<stop offset="100%" stop-color="#8A6A10"/></linearGradient>'
    '<radialGradient id="paper" cx="40%" cy="35%" r="75%">'
    f'<stop offset="0%" stop-color="#FBF4DE"/><stop offset="70%" stop-color="{PAPER}"/>'
    f'<stop offset="100%" stop-color="{PAPER_SHADOW}"/></radialGradient>'
)
SKY_DEFS = (
    '<linearGradient id="sky" x1="0%" y1="0%" x2="0%" y2="100%">'
    '<stop offset="0%" stop-color="#FBF4DE"/><stop offset="100%" stop-color="#BFD9E6"/>'
    "</linearGradient>"
)
Symbol = Callable[[Palette, float], str]


def place(fragment: str, x: float, y: float, size: float, rotate: bool = False) -> str:
    """The 100-unit ``fragment`` scaled into the square at (x, y) of side ``size``."""
    spin = " rotate(180 50 50)" if rotate else ""
    return f'<g transform="translate({n(x)} {n(y)}) scale({n(size / 100)}){spin}">{fragment}</g>'


def svg(defs: str, body: str, w: float = W, h: float = H) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n(w)} {n(h)}" '
        f'width="{n(w)}" height="{n(h)}"><defs>{defs}</defs>{body}</svg>\n'
    )


def frame(field: str) -> str:
    """Gold frame with rounded corners around a field painted with ``field``."""
    return (
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="16" fill="url(#frame)" stroke="{INK}" stroke-width="2"/>'
        f'<rect x="8" y="8" width="{W - 16}" height="{H - 16}" rx="10" fill="{field}" stroke="{INK}" stroke-width="1.2"/>'
    )


def inner_line() -> str:
    return f'<rect x="11.5" y="11.5" width="{W - 23}" height="{H - 23}" rx="8" fill="none" stroke="{PAPER}" stroke-width="1" stroke-opacity="0.5"/>'


def sunburst(cx: float, cy: float, r: float) -> str:
    """Faint rays behind the medallion, the sun over the fields."""
    rays = " ".join(
        f"M{n(cx)},{n(cy)} L{pt(*polar(cx, cy, r, a - 4))} L{pt(*polar(cx, cy, r, a + 4))} Z"
        for a in range(0, 360, 20)
    )
    return f'<path d="{rays}" fill="#FFFFFF" fill-opacity="0.11"/>'


def medallion(cx: float, cy: float, r: float, fill: str = "url(#paper)") -> str:
    return (
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r + 5)}" fill="url(#frame)" stroke="{INK}" stroke-width="1.4"/>'
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{fill}" stroke="{INK}" stroke-width="1"/>'
    )


def cartouche() -> str:
    """The name plate, a cartouche with its tie bar, left empty for the app."""
    x, y, w, h = LABEL_BOX
    r = h / 2
    return (
        f'<rect x="{n(x - 10)}" y="{n(y - 5)}" width="6" height="{n(h + 10)}" rx="2" '
        f'fill="url(#frame)" stroke="{INK}" stroke-width="1"/>'
        f'<rect x="{n(x - 4)}" y="{n(y - 4)}" width="{n(w + 8)}" height="{n(h + 8)}" rx="{n(r + 4)}" '
        f'fill="url(#frame)" stroke="{INK}" stroke-width="1.2"/>'
        f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}" rx="{n(r)}" fill="url(#paper)" '
        f'stroke="{INK}" stroke-width="0.8"/>'
    )


def plate(x: float, y: float, h: float) -> str:
    return (
        f'<rect x="{n(x)}" y="{n(y)}" width="{n(CORNER)}" height="{n(h)}" rx="10" fill="url(#paper)" '
        f'stroke="{INK}" stroke-width="1.4"/>'
    )


def corners(*fragments: str) -> str:
    """Index plates top-left and (turned) bottom-right: the symbols stacked.

    Cards overlap in hands and fields, so the corner alone must name the
    card; a speculation card's plate shows both its crops.
    """
    h = CORNER + (len(fragments) - 1) * (CORNER - 6)
    step = CORNER - 6
    tl = plate(INSET, INSET, h) + "".join(
        place(f, INSET + 2, INSET + 2 + i * step, CORNER - 4) for i, f in enumerate(fragments)
    )
    bx, by = W - INSET - CORNER, H - INSET - h
    br = plate(bx, by, h) + "".join(
        place(f, bx + 2, by + h - CORNER + 2 - i * step, CORNER - 4, rotate=True)
        for i, f in enumerate(fragments)
    )
    return tl + br


def standard_face(
    field: str, defs: str, centre: str, corner: str, disk: str = "url(#paper)", extra: str = ""
) -> str:
    """The common layout: frame, field, medallion with ``centre``, cartouche, corners.

    ``extra`` is drawn last, over everything (a monument's power seal).
    """
    size = MED_R * 1.7
    body = (
        frame(field)
        + sunburst(MED_X, MED_Y, 160)
        + inner_line()
        + medallion(MED_X, MED_Y, MED_R, disk)
        + place(centre, MED_X - size / 2, MED_Y - size / 2, size)
        + cartouche()
        + corners(corner)
        + extra
    )
    return svg(FRAME_DEFS + defs, body)


def symbol_face(
    sym: Symbol, p: Palette, field: str | None = None, disk: str = "url(#paper)", defs: str = ""
) -> str:
    """The standard layout showing ``sym`` in the palette ``p``."""
    return standard_face(
        field or f"url(#{p.key}-v)", gradient_defs(p) + defs, sym(p, 2.0), sym(p, 3.6), disk
    )


def spec_face(a: str, b: str) -> str:
    """Two crops on a diagonally split field, a medallion each, a question mark between."""
    pa, pb = CROP_PALETTES[a], CROP_PALETTES[b]
    sa, sb = CROP_SYMBOLS[a], CROP_SYMBOLS[b]
    r, (ax, ay), (bx, by) = 50.0, (170.0, 96.0), (80.0, 210.0)
    half_a = f"M18,8 L{W - 18},8 Q{W - 8},8 {W - 8},18 L{W - 8},{H - 18} L18,8 Z"
    body = (
        frame(f"url(#{pb.key}-v)")
        + f'<path d="{half_a}" fill="url(#{pa.key}-v)"/>'
        + f'<path d="M12,12 L{W - 12},{H - 12}" stroke="{INK}" stroke-width="5"/>'
        + f'<path d="M12,12 L{W - 12},{H - 12}" stroke="url(#frame)" stroke-width="3"/>'
        + inner_line()
        + medallion(ax, ay, r)
        + place(sa(pa, 2.4), ax - r * 0.85, ay - r * 0.85, r * 1.7)
        + medallion(bx, by, r)
        + place(sb(pb, 2.4), bx - r * 0.85, by - r * 0.85, r * 1.7)
        + place(em.question(GOLD_PAL, 1.6), 125 - 17, 153 - 17, 34)
        + cartouche()
        + corners(sa(pa, 3.6), sb(pb, 3.6))
    )
    return svg(FRAME_DEFS + gradient_defs(pa) + gradient_defs(pb) + gradient_defs(GOLD_PAL), body)


def locust_face() -> str:
    p = LOCUST_PAL
    sand = f"url(#{p.key}-r)"
    return standard_face(
        f"url(#{p.key}-d)",
        gradient_defs(p),
        em.storm(p) + em.locust(p, 2.0),
        em.locust(p, 3.2),
        disk=sand,
    )


def monument_face(sym: Symbol, power: Symbol) -> str:
    """Gold monument on lapis, its power on a gold seal at the medallion's edge."""
    p, g = LAPIS_PAL, GOLD_PAL
    seal = (
        f'<circle cx="50" cy="50" r="46" fill="url(#{p.key}-r)" stroke="{INK}" stroke-width="3"/>'
        + place(power(g, 4.0), 18, 18, 64)
    )
    sx, sy = MED_X + MED_R * 0.72 - 22, MED_Y + MED_R * 0.72 - 22
    return standard_face(
        f"url(#{p.key}-d)",
        gradient_defs(p) + gradient_defs(g),
        sym(g, 2.0),
        sym(g, 3.6),
        disk=f"url(#{p.key}-r)",
        extra=place(seal, sx, sy, 44),
    )


def back_face() -> str:
    """Deep Nile blue, a gold lotus rosette, a border of gold studs."""
    p, g = NILE_PAL, GOLD_PAL
    studs = "".join(
        f'<circle cx="{n(x)}" cy="{n(y)}" r="2.6"/>'
        for x, y in [(x, 22) for x in range(34, 220, 16)]
        + [(x, H - 22) for x in range(34, 220, 16)]
        + [(22, y) for y in range(38, 320, 16)]
        + [(W - 22, y) for y in range(38, 320, 16)]
    )
    lattice = (
        " ".join(f"M{x},30 L{x + 160},350" for x in range(-150, 250, 28))
        + " "
        + " ".join(f"M{x},30 L{x - 160},350" for x in range(0, 400, 28))
    )
    body = (
        frame(f"url(#{p.key}-d)")
        + f'<rect x="30" y="30" width="{W - 60}" height="{H - 60}" rx="6" fill="url(#{p.key}-r)" stroke="{g.base}" stroke-width="2"/>'
        + f'<path d="{lattice}" stroke="{g.light}" stroke-width="0.8" stroke-opacity="0.16"/>'
        + f'<rect x="30" y="30" width="{W - 60}" height="{H - 60}" rx="6" fill="none" stroke="{INK}" stroke-width="1"/>'
        + f'<g fill="{g.light}" stroke="{INK}" stroke-width="0.8">{studs}</g>'
        + f'<circle cx="125" cy="175" r="82" fill="{p.dark}" fill-opacity="0.55" stroke="{g.base}" stroke-width="3"/>'
        + place(em.lotus_rosette(g, PAPER, 1.4), 125 - 80, 175 - 80, 160)
        + place(em.lotus_rosette(g, PAPER, 2.4), 125 - 22, 52, 44)
        + place(em.lotus_rosette(g, PAPER, 2.4), 125 - 22, H - 52 - 44, 44)
    )
    return svg(FRAME_DEFS + gradient_defs(p) + gradient_defs(g), body)


def sun_face() -> str:
    g = GOLD_PAL
    return svg(gradient_defs(g), em.sun(g, 2.4), 100, 100)


def all_faces() -> dict[str, str]:
    """File name -> SVG text of every face this script owns."""
    faces = {face_filename(c): symbol_face(CROP_SYMBOLS[c], CROP_PALETTES[c]) for c in CROPS}
    for a, b in SPEC_PAIRS:
        faces[face_filename(spec_name(a, b))] = spec_face(CROPS[a], CROPS[b])
    lapis = LAPIS_PAL.key
    faces["stone.svg"] = symbol_face(
        em.stone,
        STONE_PAL,
        field=f"url(#{lapis}-d)",
        disk=f"url(#{lapis}-r)",
        defs=gradient_defs(LAPIS_PAL),
    )
    faces["locust.svg"] = locust_face()
    faces["sphinx.svg"] = monument_face(em.sphinx, em.power_equal)
    faces["obelisk.svg"] = monument_face(em.obelisk, em.power_card)
    faces["wall.svg"] = monument_face(em.wall, em.power_shield)
    faces["flood.svg"] = symbol_face(em.waves, NILE_PAL, disk="url(#sky)", defs=SKY_DEFS)
    faces["back.svg"] = back_face()
    faces["sun.svg"] = sun_face()
    return faces


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "assets" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    faces = all_faces()
    for name, text in faces.items():
        (out / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(faces)} faces to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
