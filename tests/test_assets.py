"""Tests of the art set: every card has a face, every SVG loads, crops read apart.

Pixel measures use greyscale renders because colour must never be the only
cue (R-COMP-1: every crop has its own symbol, for colour-blind players).
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from nile_desktop import card_art
from nile_desktop.engine.cards import ALL_CARD_NAMES, CROPS, MONUMENTS, SPEC_PAIRS, spec_name
from nile_desktop.paths import assets_dir
from nile_desktop.tools.card_symbols import CROP_PALETTES

TABLE_WIDTH = 90  # a card on the table at 1280 x 720


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def _grid(surface: pygame.Surface, size: tuple[int, int]) -> bytes:
    """Greyscale values of ``surface`` averaged down to a coarse ``size`` grid."""
    small = pygame.transform.smoothscale(pygame.transform.grayscale(surface), size)
    return pygame.image.tobytes(small, "RGB")[::3]


def _face(crop: str, width: int) -> pygame.Surface:
    """A crop's face as its SVG draws it, ``width`` pixels wide, no label."""
    size = (width, card_art.card_height(width))
    image = pygame.image.load_sized_svg(str(card_art.face_path(crop)), size)
    return image.subsurface((0, 0, *size))  # the loader may round one pixel over


def _mad(a: bytes, b: bytes) -> float:
    """Mean absolute difference of two greyscale grids, in grey levels (0..255)."""
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


def _region(box: tuple[float, float, float, float]):
    def cut(surface: pygame.Surface) -> pygame.Surface:
        scale = surface.get_width() / card_art.VIEW_W
        return surface.subsurface(pygame.Rect(*(round(v * scale) for v in box)))

    return cut


# Where a crop's identity lives on its face, in card units: the whole card,
# the top-left corner index (all a player sees of a card in a fanned hand)
# and the centre medallion; each compared on a grid coarse enough to ignore
# sub-pixel rendering, as a glance would.
REGIONS = {
    "card": (lambda s: s, (20, 28)),
    "corner": (_region((14, 14, 52, 52)), (12, 12)),
    "medallion": (_region((37, 70, 176, 176)), (16, 16)),
}


def test_every_card_kind_has_a_face() -> None:
    """R-COMP-1..6: each card kind the engine knows, each monument and marker has an SVG face."""
    names = ALL_CARD_NAMES + MONUMENTS + card_art.MARKER_FACES
    missing = [name for name in names if not card_art.face_path(name).is_file()]
    assert not missing, f"no face for {missing}"
    assert len(ALL_CARD_NAMES) == 7 + 21 + 2


def test_speculation_faces_show_their_two_crops() -> None:
    """R-COMP-3: a speculation face carries both its crops' colours, whatever the pair."""
    for a, b in SPEC_PAIRS:
        text = card_art.face_path(spec_name(a, b)).read_text(encoding="utf-8")
        for crop in (CROPS[a], CROPS[b]):
            assert CROP_PALETTES[crop].base in text, (spec_name(a, b), crop)


def test_every_svg_loads_at_three_sizes() -> None:
    """Every SVG in assets/ rasterises at small, table and large size, and draws something."""
    svgs = sorted(assets_dir().rglob("*.svg"))
    assert len(svgs) >= 50
    for path in svgs:
        text = path.read_text(encoding="utf-8")
        assert "<text" not in text and "<use" not in text, f"{path.name}: the loader ignores these"
        for size in (24, 120, 480):
            surface = pygame.image.load_sized_svg(str(path), (size, size))
            # the loader rounds some scales up, one pixel over at most
            assert size <= max(surface.get_size()) <= size + 1, (path.name, size)
            drawn = surface.get_bounding_rect()
            assert drawn.width * drawn.height > 0.25 * size * size / 2, (path.name, size)


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_crop_faces_differ_pairwise_in_greyscale(region: str) -> None:
    """R-COMP-1: the 7 crop faces differ pairwise in greyscale, at table size, by a clear margin.

    The margin is measured against the noise floor: the same face rendered
    another way (drawn at three times the size, then scaled down) differs
    from itself by a few grey levels; any two crops must differ by at least
    twice that, and never by less than 10 grey levels (4% of the range),
    on average over the region. At the time of writing the closest pairs
    measure about 14 (whole card, wheat and flax, both light fields), 23
    (corner, wheat and onions) and 14 (medallion, wheat and flax), against a
    noise floor of 2 to 4.
    """
    cut, grid_size = REGIONS[region]
    direct = {c: _face(c, TABLE_WIDTH) for c in CROPS}
    grids = {c: _grid(cut(s), grid_size) for c, s in direct.items()}
    noise = 0.0
    for crop, surface in direct.items():
        big = _face(crop, TABLE_WIDTH * 3)
        resampled = pygame.transform.smoothscale(big, surface.get_size())
        noise = max(noise, _mad(grids[crop], _grid(cut(resampled), grid_size)))
    threshold = max(10.0, 2 * noise)
    for a, b in itertools.combinations(CROPS, 2):
        diff = _mad(grids[a], grids[b])
        assert diff >= threshold, f"{region}: {a} vs {b} differ by {diff:.1f} < {threshold:.1f}"


def test_seat_colours_stay_apart_from_each_other_and_the_crops() -> None:
    """Seat colours differ from each other in greyscale and from every crop colour."""

    def lum(rgb: tuple[int, int, int]) -> float:
        r, g, b = rgb
        return 0.299 * r + 0.587 * g + 0.114 * b

    seats = [card_art.SEAT_RGB[s] for s in card_art.SEATS]
    # 25 grey levels apart: side by side, as seat tokens are, that reads as a clear step.
    for a, b in itertools.combinations(seats, 2):
        assert abs(lum(a) - lum(b)) >= 25, (a, b)
    # 60 in RGB distance: well past "similar colour" for tokens next to cards.
    for seat in seats:
        for pal in CROP_PALETTES.values():
            crop = pygame.Color(pal.base)[:3]
            dist = sum((x - y) ** 2 for x, y in zip(seat, crop, strict=True)) ** 0.5
            assert dist >= 60, (seat, pal.key, dist)


def test_card_surface_size_label_and_greyscale() -> None:
    """card_surface gives a 5:7 face, writes the label, greys on request, and caches."""
    plain = card_art.card_surface("wheat", 100)
    assert plain.get_size() == (100, 140)
    labelled = card_art.card_surface("wheat", 100, "Pšenice")
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(labelled, "RGBA")
    assert card_art.card_surface("wheat", 100, "Pšenice") is labelled
    grey = card_art.card_surface("spec:wheat+flax", 60, "Pšenice + Len", greyscale=True)
    r, g, b, _ = grey.get_at((30, 42))
    assert r == g == b


def test_table_pieces_render() -> None:
    """Seat tokens, frames, buttons, panels, season counter and background draw at any size."""
    for seat in range(len(card_art.SEATS)):
        assert card_art.seat_marker(seat, 40).get_size() == (40, 40)
    for kind in card_art.FRAMES:
        frame = card_art.frame_surface(kind, 100)
        assert frame.get_width() > 100 and frame.get_height() > 140
    for name in (
        "button_normal",
        "button_hover",
        "button_pressed",
        "button_disabled",
        "panel",
        "panel_dark",
    ):
        assert card_art.nine_slice(name, (300, 50)).get_size() == (300, 50)
        assert card_art.nine_slice(name, (90, 200)).get_size() == (90, 200)
    assert card_art.season_surface(2, 4, 30).get_height() == 30
    assert card_art.table_background((1280, 720)).get_size() == (1280, 720)


def test_fonts_cover_czech() -> None:
    """The shipped fonts draw every Czech letter (no missing glyphs)."""
    czech = "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"
    for font in (card_art.font(20), card_art.font(20, bold=False), card_art.display_font(20)):
        assert all(m is not None for m in font.metrics(czech))


def test_licenses_lists_every_asset() -> None:
    """assets/LICENSES.md names every file in assets/ (origin and licence of each)."""
    root = assets_dir()
    listing = (root / "LICENSES.md").read_text(encoding="utf-8")
    files = [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]
    missing = [f for f in files if f"`{f}`" not in listing]
    assert not missing, f"not in assets/LICENSES.md: {missing}"
