"""Emblems of the cards that are not crops, and of the table pieces.

Stone, locust, the three monuments and their powers, the Flood's waves, the
season sun, the lotus rosette of the card back, the speculation mark and
the six seat emblems: SVG fragments in a 100 x 100 box, like the crop
symbols in ``card_symbols`` (same outline, same gradient scheme).
"""

from __future__ import annotations

from nile_desktop.tools.card_symbols import INK, Palette, n, outline, polar, pt


def stone(p: Palette, sw: float) -> str:
    """A cut limestone block in three-quarter view, with chisel marks."""
    marks = " ".join(
        f"M{pt(x, y)} l3,-4"
        for x, y in [
            (24, 56),
            (34, 52),
            (46, 58),
            (56, 54),
            (28, 70),
            (40, 66),
            (52, 74),
            (30, 82),
            (48, 84),
        ]
    )
    side_marks = "M72,48 l0,6 M76,60 l0,6 M71,70 l0,5"
    return (
        f'<path d="M14,42 L34,26 L88,26 L68,42 Z" fill="{p.light}" {outline(sw)}/>'
        f'<path d="M68,42 L88,26 L88,72 L68,90 Z" fill="{p.dark}" {outline(sw)}/>'
        f'<path d="M14,42 L68,42 L68,90 L14,90 Z" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<path d="{marks}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.6)}" stroke-linecap="round"/>'
        f'<path d="{side_marks}" fill="none" stroke="{INK}" stroke-width="{n(sw * 0.5)}" stroke-opacity="0.5" stroke-linecap="round"/>'
        f'<path d="M20,36 L36,32 M42,34 L60,30" fill="none" stroke="#FFFFFF" stroke-width="{n(sw * 0.6)}" stroke-opacity="0.6" stroke-linecap="round"/>'
    )


def storm(p: Palette) -> str:
    """Swirls of blown sand behind the locust."""
    return (
        f'<g fill="none" stroke="{p.light}" stroke-width="2.4" stroke-opacity="0.55" stroke-linecap="round">'
        '<path d="M2,24 C22,12 44,30 66,18 C78,12 90,14 98,20"/>'
        '<path d="M4,52 C18,44 30,58 46,50"/><path d="M60,80 C72,72 86,84 98,74"/>'
        '<path d="M6,88 C20,80 34,94 52,86"/><path d="M70,40 C80,34 90,42 97,38"/></g>'
    )


def locust(p: Palette, sw: float) -> str:
    """A locust seen from above: wings spread, long jumping legs, antennae."""
    dark, mid = "#2A2118", "#5A4326"
    legs = (
        "M44,38 L28,30 L22,20 M56,38 L72,30 L78,20 "
        "M44,44 L26,48 L16,58 M56,44 L74,48 L84,58 "
        "M45,52 L24,60 L30,90 M55,52 L76,60 L70,90"
    )
    return (
        f'<path d="M47,16 C42,8 36,4 28,2 M53,16 C58,8 64,4 72,2" fill="none" stroke="{dark}" stroke-width="{n(sw * 0.8)}" stroke-linecap="round"/>'
        f'<path d="{legs}" fill="none" stroke="{dark}" stroke-width="{n(sw * 1.4)}" stroke-linecap="round" stroke-linejoin="round"/>'
        f'<path d="M47,34 C34,50 26,70 28,88 C36,78 44,60 49,42 Z" fill="{mid}" fill-opacity="0.9" {outline(sw * 0.8)}/>'
        f'<path d="M53,34 C66,50 74,70 72,88 C64,78 56,60 51,42 Z" fill="{mid}" fill-opacity="0.9" {outline(sw * 0.8)}/>'
        f'<path d="M34,66 L44,52 M66,66 L56,52 M31,78 L45,58 M69,78 L55,58" fill="none" stroke="{p.light}" stroke-width="{n(sw * 0.4)}" stroke-opacity="0.5"/>'
        f'<ellipse cx="50" cy="62" rx="6.5" ry="24" fill="{dark}" {outline(sw * 0.6)}/>'
        f'<ellipse cx="50" cy="34" rx="8" ry="9" fill="{mid}" {outline(sw * 0.8)}/>'
        f'<ellipse cx="50" cy="20" rx="6" ry="6.5" fill="{dark}" {outline(sw * 0.6)}/>'
        f'<circle cx="46.5" cy="18" r="1.8" fill="{p.light}"/><circle cx="53.5" cy="18" r="1.8" fill="{p.light}"/>'
    )


def sphinx(p: Palette, sw: float) -> str:
    """A recumbent sphinx in profile: lion body, paws forward, head in the nemes."""
    body = (
        "M6,86 C3,74 7,62 18,58 C28,55 42,57 52,56 L58,52 L64,64 "
        "C68,72 70,76 74,78 L92,78 C97,78 98,84 96,86 Z"
    )
    nemes = "M54,60 L56,34 C56,22 62,14 70,13 C76,13 80,16 82,21 L74,24 L72,50 L66,58 Z"
    face = "M72,22 L82,21 C83,25 83,28 86,33 L83,35 L83,40 L79,42 L79,47 L72,50 Z"
    return (
        f'<path d="M2,86 L98,86 L98,94 L2,94 Z" fill="{p.dark}" {outline(sw)}/>'
        f'<path d="{body}" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<path d="M12,84 C18,78 26,78 34,82 M62,70 C64,76 66,80 68,84" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.7)}" stroke-linecap="round"/>'
        f'<path d="{face}" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<path d="{nemes}" fill="{p.light}" {outline(sw)}/>'
        f'<path d="M57,28 L73,26 M56,36 L73,34 M56,44 L73,42 M55,52 L71,50" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.9)}"/>'
        f'<path d="M77,28 L80,28" fill="none" stroke="{INK}" stroke-width="{n(sw)}" stroke-linecap="round"/>'
    )


def obelisk(p: Palette, sw: float) -> str:
    """A tall tapering shaft with its pyramidion, on a plinth."""
    carvings = "M46,30 L54,30 M47,40 L53,40 M50,46 L50,54 M47,60 L53,60 M46,68 L54,68 M48,74 L52,78"
    return (
        f'<path d="M41,88 L44,20 L56,20 L59,88 Z" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<path d="M50,20 L56,20 L59,88 L50,88 Z" fill="{p.dark}" fill-opacity="0.35"/>'
        f'<path d="M44,20 L50,4 L56,20 Z" fill="{p.light}" {outline(sw)}/>'
        f'<path d="{carvings}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.7)}" stroke-linecap="round"/>'
        f'<path d="M30,88 L70,88 L74,96 L26,96 Z" fill="{p.dark}" {outline(sw)}/>'
    )


def wall(p: Palette, sw: float) -> str:
    """A battered wall of dressed blocks in running bond, with a crenel top."""
    joints = (
        "M12,76 L88,76 M14,62 L86,62 M16,48 L84,48 M18,34 L82,34 "
        "M30,90 L30,76 M50,90 L50,76 M70,90 L70,76 M22,76 L22,62 M40,76 L40,62 M60,76 L60,62 M78,76 L78,62 "
        "M32,62 L32,48 M50,62 L50,48 M68,62 L68,48 M26,48 L26,34 M42,48 L42,34 M58,48 L58,34 M74,48 L74,34"
    )
    top = "M18,34 L18,22 L28,22 L28,28 L38,28 L38,22 L48,22 L48,28 L58,28 L58,22 L68,22 L68,28 L74,28 L74,22 L82,22 L82,34"
    return (
        f'<path d="M10,90 L18,34 L82,34 L90,90 Z" fill="url(#{p.key}-v)" {outline(sw)}/>'
        f'<path d="{top} Z" fill="{p.light}" {outline(sw)}/>'
        f'<path d="{joints}" fill="none" stroke="{p.dark}" stroke-width="{n(sw * 0.7)}"/>'
        f'<path d="M4,90 L96,90 L96,96 L4,96 Z" fill="{p.dark}" {outline(sw)}/>'
    )


def power_equal(p: Palette, sw: float) -> str:
    """Sphinx's power: an equal sign (ties go its way)."""
    return (
        f'<rect x="22" y="30" width="56" height="14" rx="4" fill="{p.light}" {outline(sw)}/>'
        f'<rect x="22" y="56" width="56" height="14" rx="4" fill="{p.light}" {outline(sw)}/>'
    )


def power_card(p: Palette, sw: float) -> str:
    """Obelisk's power: an extra card, a small card with a plus."""
    return (
        f'<rect x="18" y="20" width="40" height="56" rx="6" fill="{p.dark}" {outline(sw)}/>'
        f'<rect x="32" y="28" width="40" height="56" rx="6" fill="{p.light}" {outline(sw)}/>'
        f'<path d="M52,44 L52,68 M40,56 L64,56" fill="none" stroke="{INK}" stroke-width="{n(sw * 2.2)}" stroke-linecap="round"/>'
    )


def power_shield(p: Palette, sw: float) -> str:
    """Wall's power: a shield."""
    return (
        f'<path d="M50,14 C62,22 74,24 84,24 C84,56 72,76 50,88 C28,76 16,56 16,24 C26,24 38,22 50,14 Z" fill="{p.light}" {outline(sw)}/>'
        f'<path d="M50,24 C58,30 66,32 74,32 C73,56 64,70 50,78 Z" fill="{p.dark}" fill-opacity="0.45"/>'
    )


def waves(p: Palette, sw: float) -> str:
    """The Flood: three bands of zigzag water, the old sign for water, over reeds."""
    reeds = "M16,97 L12,76 M24,97 L26,72 M32,97 L36,78 M68,97 L64,76 M76,97 L78,72 M84,97 L90,78"
    heads = "M26,72 C21,67 22,62 26,58 C30,62 31,67 26,72 Z M78,72 C73,67 74,62 78,58 C82,62 83,67 78,72 Z"
    zig = " ".join(
        f"M6,{n(y)} "
        + " ".join(f"L{n(x + 6)},{n(y - 7)} L{n(x + 12)},{n(y)}" for x in range(6, 90, 12))
        for y in (22.0, 38.0, 54.0)
    )
    return (
        f'<path d="{reeds}" fill="none" stroke="#2F5A18" stroke-width="{n(sw * 1.8)}" stroke-linecap="round"/>'
        f'<path d="{heads}" fill="#6E9A48" {outline(sw * 0.7)}/>'
        f'<path d="{zig}" fill="none" stroke="{INK}" stroke-width="{n(sw + 6)}" stroke-linejoin="round" stroke-linecap="round"/>'
        f'<path d="{zig}" fill="none" stroke="{p.light}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>'
    )


def sun(p: Palette, sw: float) -> str:
    """A sun disk with sixteen rays: one season on the season counter."""
    rays = " ".join(
        f"M{pt(*polar(50, 50, 30, a - 7))} L{pt(*polar(50, 50, 48, a))} L{pt(*polar(50, 50, 30, a + 7))} Z"
        for a in range(0, 360, 360 // 16)
    )
    return (
        f'<path d="{rays}" fill="{p.light}" {outline(sw * 0.8)}/>'
        f'<circle cx="50" cy="50" r="32" fill="url(#{p.key}-r)" {outline(sw)}/>'
        f'<circle cx="50" cy="50" r="24" fill="none" stroke="{p.light}" stroke-width="{n(sw * 0.8)}" stroke-opacity="0.7"/>'
    )


def lotus_rosette(gold: Palette, paper: str, sw: float) -> str:
    """Two rings of pointed lotus petals round a disk: the card back's centre."""
    petal = "M0,-10 C-9,-18 -9,-34 0,-46 C9,-34 9,-18 0,-10 Z"
    outer = "".join(
        f'<path d="{petal}" transform="translate(50 50) rotate({a})"/>' for a in range(0, 360, 30)
    )
    inner = "".join(
        f'<path d="{petal}" transform="translate(50 50) rotate({a}) scale(0.66)"/>'
        for a in range(15, 360, 30)
    )
    return (
        f'<g fill="url(#{gold.key}-v)" {outline(sw)}>{outer}</g>'
        f'<g fill="{paper}" stroke="{INK}" stroke-width="{n(sw / 0.66)}">{inner}</g>'
        f'<circle cx="50" cy="50" r="11" fill="url(#{gold.key}-r)" {outline(sw)}/>'
        f'<circle cx="50" cy="50" r="5" fill="{paper}" {outline(sw * 0.6)}/>'
    )


def question(p: Palette, sw: float) -> str:
    """The speculation mark: a question mark drawn as a path on a gold disk."""
    return (
        f'<circle cx="50" cy="50" r="44" fill="url(#{p.key}-r)" {outline(sw)}/>'
        '<path d="M36,38 C36,24 64,22 64,38 C64,48 52,50 52,62" fill="none" '
        f'stroke="{INK}" stroke-width="{n(sw * 4.2)}" stroke-linecap="round"/>'
        f'<circle cx="52" cy="76" r="{n(sw * 2.6)}" fill="{INK}"/>'
    )


# Seat emblems: one silhouette per seat so seats differ without colour.
def ankh(c: str, sw: float) -> str:
    return (
        f'<path d="M50,8 C36,8 30,20 30,28 C30,38 40,46 46,50 L14,50 L14,62 L44,62 L44,94 '
        f"L56,94 L56,62 L86,62 L86,50 L54,50 C60,46 70,38 70,28 C70,20 64,8 50,8 Z "
        f'M50,18 C56,18 60,22 60,28 C60,34 54,40 50,44 C46,40 40,34 40,28 C40,22 44,18 50,18 Z" '
        f'fill="{c}" fill-rule="evenodd" {outline(sw)}/>'
    )


def scarab(c: str, sw: float) -> str:
    return (
        f'<path d="M30,30 L16,22 M70,30 L84,22 M28,52 L10,52 M72,52 L90,52 M30,72 L16,84 M70,72 L84,84" '
        f'fill="none" stroke="{c}" stroke-width="{n(sw * 3)}" stroke-linecap="round"/>'
        f'<ellipse cx="50" cy="20" rx="12" ry="9" fill="{c}" {outline(sw)}/>'
        f'<ellipse cx="50" cy="56" rx="24" ry="30" fill="{c}" {outline(sw)}/>'
        f'<path d="M50,30 L50,86 M28,42 L72,42" fill="none" stroke="{INK}" stroke-width="{n(sw)}"/>'
    )


def lotus(c: str, sw: float) -> str:
    """A lotus flower in profile: three broad petals in a cupped base, on its stem."""
    return (
        f'<path d="M46,74 L46,95 L54,95 L54,74 Z" fill="{c}" {outline(sw)}/>'
        f'<path d="M50,68 C30,68 14,54 10,30 C28,34 44,46 50,68 Z '
        f'M50,68 C70,68 86,54 90,30 C72,34 56,46 50,68 Z" fill="{c}" {outline(sw)}/>'
        f'<path d="M50,8 C66,26 66,52 50,70 C34,52 34,26 50,8 Z" fill="{c}" {outline(sw)}/>'
        f'<path d="M26,62 C36,80 64,80 74,62 C64,70 36,70 26,62 Z" fill="{c}" {outline(sw)}/>'
    )


def feather(c: str, sw: float) -> str:
    """The feather of truth: a broad plume curling over at the top."""
    return (
        f'<path d="M40,95 L40,44 C40,22 52,8 74,4 C70,14 72,24 70,40 '
        f'C68,60 62,76 60,84 L60,95 Z" fill="{c}" {outline(sw)}/>'
        f'<path d="M50,92 C52,62 56,34 68,10" fill="none" stroke="{INK}" '
        f'stroke-width="{n(sw * 0.8)}" stroke-opacity="0.6"/>'
    )


def djed(c: str, sw: float) -> str:
    bars = "".join(f'<rect x="26" y="{y}" width="48" height="7" rx="2"/>' for y in (14, 24, 34, 44))
    return (
        f'<path d="M38,8 L62,8 L62,86 L74,86 L74,94 L26,94 L26,86 L38,86 Z" fill="{c}" {outline(sw)}/>'
        f'<g fill="{c}" {outline(sw)}>{bars}</g>'
    )


def eye(c: str, sw: float) -> str:
    return (
        f'<path d="M8,46 C24,24 70,22 92,44 C70,62 30,64 8,46 Z" fill="{c}" {outline(sw)}/>'
        f'<circle cx="50" cy="44" r="11" fill="{INK}"/>'
        f'<path d="M10,30 C30,18 64,16 90,30" fill="none" stroke="{c}" stroke-width="{n(sw * 3.2)}" stroke-linecap="round"/>'
        f'<path d="M44,58 L40,84 M40,84 C38,92 28,92 28,84 M58,58 C66,66 76,74 86,88" fill="none" '
        f'stroke="{c}" stroke-width="{n(sw * 3.2)}" stroke-linecap="round"/>'
    )
