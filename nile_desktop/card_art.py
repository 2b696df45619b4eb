"""Card faces, markers and table pieces as pygame Surfaces, at any size.

The art ships as SVG (``assets/cards``, ``assets/table``) and is rasterised
by pygame's SVG loader at exactly the size the window needs, so cards stay
crisp at every window size. SVGs carry no text (the loader does not draw
it); card names come from the caller, already translated, and are written
here into each face's cartouche with the game's font. Files are loaded through
the game's shared asset loader (``nile_desktop.assets``), and every render is
cached per name and size: the returned surfaces are shared, so blit them and
copy before drawing on them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pygame

from nile_desktop import seats
from nile_desktop.assets import get_assets
from nile_desktop.paths import asset
from nile_desktop.surface_cache import surface_cache

# Card geometry in SVG units (5:7 portrait, like a 63 x 88 mm card).
VIEW_W, VIEW_H = 250, 350
#: Inside of the cartouche where the name goes: x, y, width, height.
LABEL_BOX: tuple[float, float, float, float] = (30.0, 296.0, 142.0, 30.0)
INK = (0x2A, 0x21, 0x18)
DISPLAY_FONT = "fonts/NotoSerifDisplay-Bold.ttf"

#: Faces that are not cards of the deck: card back, Flood marker, season sun.
MARKER_FACES: tuple[str, ...] = ("back", "flood", "sun")
#: Seat colours in seat order; ``assets/table/seat_<colour>.svg`` each (from nile_desktop.seats).
SEATS, SEAT_RGB = seats.SEATS, seats.SEAT_RGB
FRAMES: tuple[str, ...] = ("highlight", "select", "target")
#: Margin of a frame SVG around the card it surrounds, in card units.
FRAME_MARGIN = 12
#: Buttons and panels keep corners and ornaments this close to their edges.
SLICE_UNITS = 24


def face_filename(name: str) -> str:
    """File name of a face: ``spec:wheat+flax`` -> ``spec_wheat_flax.svg``."""
    if name.startswith("spec:"):
        a, b = name[5:].split("+")
        return f"spec_{a}_{b}.svg"
    return f"{name}.svg"


def face_path(name: str) -> Path:
    """SVG of a card face, a monument or a marker (see ``MARKER_FACES``)."""
    return asset("cards", face_filename(name))


def card_height(width: int) -> int:
    return round(width * VIEW_H / VIEW_W)


def svg_surface(relpath: str, size: tuple[int, int]) -> pygame.Surface:
    """The SVG ``assets/<relpath>`` at ``size``, from the game's shared loader.

    The loader caches recent sizes and fits the picture inside ``size``,
    centred, keeping its proportions.
    """
    return get_assets().svg(relpath, size)


def font(size: int, bold: bool = True) -> pygame.font.Font:
    """The game's font (Noto Sans, full Czech coverage) at ``size`` pixels."""
    return get_assets().font(max(6, size), bold=bold)


@lru_cache(maxsize=8)
def display_font(size: int) -> pygame.font.Font:
    """The title face (Noto Serif Display Bold, full Czech coverage)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(get_assets().path(DISPLAY_FONT)), max(6, size))


def _fitted_text(text: str, max_w: int, max_h: int) -> pygame.Surface:
    size = max(6, round(max_h * 0.72))
    img = font(size).render(text, True, INK)
    while img.get_width() > max_w and size > 6:
        size -= 1
        img = font(size).render(text, True, INK)
    if img.get_width() > max_w:
        img = pygame.transform.smoothscale(img, (max_w, img.get_height()))
    return img


#: Faces kept, in windows' worth of pixels: every card kind, labelled and not, at the few
#: widths a table of six uses at once (the table keeps its own converted copies too).
CARD_CACHE_SCREENS = 3


@surface_cache(screens=CARD_CACHE_SCREENS)
def card_surface(
    name: str, width: int, label: str | None = None, greyscale: bool = False
) -> pygame.Surface:
    """A card face ``width`` pixels wide (5:7), its name in the cartouche.

    ``name`` is a card's notation name (``wheat``, ``spec:wheat+flax``,
    ``stone``, ``locust``), a monument (``sphinx``) or a marker face
    (``back``, ``flood``). ``label`` is that card's name in the player's
    language; ``None`` leaves the cartouche empty.
    """
    size = (width, card_height(width))
    face = svg_surface(f"cards/{face_filename(name)}", size)
    if label:
        face = face.copy()
        sx, sy = width / VIEW_W, size[1] / VIEW_H
        x, y, w, h = LABEL_BOX
        img = _fitted_text(label, int(w * sx), int(h * sy))
        face.blit(img, img.get_rect(center=(round((x + w / 2) * sx), round((y + h / 2) * sy))))
    if greyscale:
        face = pygame.transform.grayscale(face)
    return face


@lru_cache(maxsize=32)
def season_surface(done: int, total: int, height: int) -> pygame.Surface:
    """The season counter: ``total`` sun disks in a row, the first ``done`` lit.

    Suns not yet reached are drawn faded and grey, so the count reads
    without colour.
    """
    sun = svg_surface("cards/sun.svg", (height, height))
    dim = pygame.transform.grayscale(sun)
    dim.set_alpha(110)
    gap = max(2, height // 8)
    out = pygame.Surface((total * height + (total - 1) * gap, height), pygame.SRCALPHA)
    for i in range(total):
        out.blit(sun if i < done else dim, (i * (height + gap), 0))
    return out


def seat_marker(seat: int, size: int) -> pygame.Surface:
    """The round token of seat ``seat`` (0-based), ``size`` pixels across."""
    return svg_surface(f"table/seat_{SEATS[seat]}.svg", (size, size))


def frame_surface(kind: str, card_width: int) -> pygame.Surface:
    """A highlight/select/target frame for a card ``card_width`` wide.

    The frame is larger than the card by ``FRAME_MARGIN`` card units on each
    side: centre it on the card's rect.
    """
    scale = card_width / VIEW_W
    w = round((VIEW_W + 2 * FRAME_MARGIN) * scale)
    h = round((VIEW_H + 2 * FRAME_MARGIN) * scale)
    return svg_surface(f"table/frame_{kind}.svg", (w, h))


@lru_cache(maxsize=16)
def _view_size(relpath: str) -> tuple[float, float]:
    head = get_assets().path(relpath).read_text(encoding="utf-8")[:400]
    match = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', head)
    if not match:
        raise ValueError(f"{relpath} has no viewBox")
    return float(match.group(1)), float(match.group(2))


@surface_cache(screens=2)
def nine_slice(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A button or panel SVG of ``assets/table`` stretched to ``size``.

    The SVG is drawn at its own aspect, as large as fits; the strips within
    ``SLICE_UNITS`` of its edges (where those SVGs keep their rounded corners
    and ornaments) are kept and only the middle is stretched, so nothing
    distorts.
    """
    relpath = f"table/{name}.svg"
    vw, vh = _view_size(relpath)
    scale = min(size[0] / vw, size[1] / vh)
    sw, sh = max(1, round(vw * scale)), max(1, round(vh * scale))
    src = svg_surface(relpath, (sw, sh))
    if (sw, sh) == size:
        return src
    b = min(round(SLICE_UNITS * scale), sw // 2, sh // 2)
    out = pygame.Surface(size, pygame.SRCALPHA)
    cols = ((0, b, 0, b), (b, sw - b, b, size[0] - b), (sw - b, sw, size[0] - b, size[0]))
    rows = ((0, b, 0, b), (b, sh - b, b, size[1] - b), (sh - b, sh, size[1] - b, size[1]))
    for sx0, sx1, dx0, dx1 in cols:
        for sy0, sy1, dy0, dy1 in rows:
            if sx1 > sx0 and sy1 > sy0 and dx1 > dx0 and dy1 > dy0:
                piece = src.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
                out.blit(pygame.transform.smoothscale(piece, (dx1 - dx0, dy1 - dy0)), (dx0, dy0))
    return out


def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The river-and-fields table, scaled to cover ``size`` and centred."""
    w, h = size
    art = svg_surface("table/background.svg", (max(w, h * 16 // 9 + 1), max(h, w * 9 // 16 + 1)))
    out = pygame.Surface(size)
    out.blit(art, ((w - art.get_width()) // 2, (h - art.get_height()) // 2))
    return out


def icon_surface(size: int) -> pygame.Surface:
    """The app icon at ``size`` pixels (for ``pygame.display.set_icon``)."""
    return svg_surface("icons/icon.svg", (size, size))
