"""Contact sheet of the whole art set, to review it in one picture.

``python -m nile_desktop.tools.assets_sheet OUT.png`` draws, on the table
background: every card face at table size and at large size, in colour and
in greyscale (as colour-blind players may see them), a fanned hand and a
field stack (cards overlap in play, so the corners must carry the card), the
seat tokens beside the crop colours, the card frames, buttons, panels, the
season counter and the icon. Runs headless (``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import os
import sys

import pygame

from nile_desktop import card_art
from nile_desktop.engine.cards import ALL_CARD_NAMES, CROPS, MONUMENTS
from nile_desktop.tools.card_symbols import CROP_PALETTES

SMALL, LARGE, GAP = 90, 240, 12
WIDTH = 8 * (LARGE + GAP) + GAP
PAPER = (0xEF, 0xE3, 0xC2)
FACES: tuple[str, ...] = ALL_CARD_NAMES + MONUMENTS + ("flood", "back")
#: Crop colours as the card fields show them, for the seat comparison row.
CROP_RGB = [pygame.Color(p.base)[:3] for p in CROP_PALETTES.values()]


def label(name: str) -> str | None:
    """A plain English name for the sheet (the game passes translated names)."""
    if name == "back":
        return None
    if name.startswith("spec:"):
        return " + ".join(part.title() for part in name[5:].split("+"))
    return name.title()


class Sheet:
    """Lays pictures out left to right, row by row, with section headings."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.x, self.y, self.row_h = GAP, GAP, 0

    def heading(self, text: str) -> None:
        self.newline()
        img = card_art.font(22).render(text, True, PAPER)
        self.surface.blit(img, (GAP, self.y))
        self.y += img.get_height() + 6

    def newline(self) -> None:
        if self.row_h:
            self.y += self.row_h + GAP
        self.x, self.row_h = GAP, 0

    def put(self, img: pygame.Surface) -> pygame.Rect:
        if self.x + img.get_width() > WIDTH - GAP:
            self.newline()
        rect = self.surface.blit(img, (self.x, self.y))
        self.x += img.get_width() + GAP
        self.row_h = max(self.row_h, img.get_height())
        return rect


def _faces(sheet: Sheet, width: int, grey: bool) -> None:
    for name in FACES:
        sheet.put(card_art.card_surface(name, width, label(name), grey))


def _overlaps(width: int) -> pygame.Surface:
    """A hand fanned left to right and three field stacks going down."""
    hand = [*CROPS, "spec:wheat+flax", "spec:papyrus+onions", "stone", "locust"]
    step = round(width * 0.27)
    h = card_art.card_height(width)
    out = pygame.Surface(
        (step * (len(hand) - 1) + width + 40 + 3 * (width + 10), h * 2), pygame.SRCALPHA
    )
    for i, name in enumerate(hand):
        out.blit(card_art.card_surface(name, width, label(name)), (i * step, 0))
        out.blit(card_art.card_surface(name, width, label(name), True), (i * step, h + 6))
    x0 = step * (len(hand) - 1) + width + 40
    for j, crop in enumerate(("wheat", "castor", "flax")):
        for k in range(4):
            out.blit(
                card_art.card_surface(crop, width, label(crop)), (x0 + j * (width + 10), k * step)
            )
    return out


def _swatches(grey: bool) -> pygame.Surface:
    """Seat tokens next to crop colour chips, to check they never meet."""
    size = 56
    out = pygame.Surface(((size + 8) * 14, size), pygame.SRCALPHA)
    for i in range(len(card_art.SEATS)):
        out.blit(card_art.seat_marker(i, size), (i * (size + 8), 0))
    for j, rgb in enumerate(CROP_RGB):
        pygame.draw.rect(out, rgb, ((7 + j) * (size + 8), 6, size, size - 12), border_radius=8)
    return pygame.transform.grayscale(out) if grey else out


def _buttons() -> pygame.Surface:
    out = pygame.Surface((4 * 200 + 3 * GAP, 56), pygame.SRCALPHA)
    for i, state in enumerate(("normal", "hover", "pressed", "disabled")):
        img = card_art.nine_slice(f"button_{state}", (200, 56))
        text = card_art.font(20).render(state.title(), True, PAPER)
        out.blit(img, (i * (200 + GAP), 0))
        out.blit(text, text.get_rect(center=(i * (200 + GAP) + 100, 28)))
    return out


def render(path: str) -> None:
    pygame.init()
    height = 5200
    surface = pygame.Surface((WIDTH, height))
    table = card_art.table_background((WIDTH, WIDTH * 9 // 16))  # the table as a window shows it
    for y in range(0, height, table.get_height()):
        surface.blit(table, (0, y))
    sheet = Sheet(surface)
    sheet.heading("Table size, colour")
    _faces(sheet, SMALL, False)
    sheet.heading("Table size, greyscale")
    _faces(sheet, SMALL, True)
    sheet.heading("Overlapping at table size: a hand (colour, greyscale) and field stacks")
    sheet.put(_overlaps(SMALL))
    sheet.heading("Seats beside the crop colours, colour and greyscale; frames; season counter")
    sheet.put(_swatches(False))
    sheet.put(_swatches(True))
    sheet.newline()
    for kind in card_art.FRAMES:
        frame = card_art.frame_surface(kind, 120).copy()
        card = card_art.card_surface("wheat", 120, "Wheat")
        frame.blit(card, card.get_rect(center=frame.get_rect().center))
        sheet.put(frame)
    for done in (1, 3):
        sheet.put(card_art.season_surface(done, 4, 48))
    sheet.heading("Buttons, panels, icon")
    sheet.put(_buttons())
    sheet.newline()
    sheet.put(card_art.nine_slice("panel", (420, 200)))
    sheet.put(card_art.nine_slice("panel_dark", (420, 200)))
    for size in (16, 32, 48, 64, 128, 256):
        sheet.put(card_art.icon_surface(size))
    sheet.heading("Large, colour")
    _faces(sheet, LARGE, False)
    sheet.heading("Large, greyscale")
    _faces(sheet, LARGE, True)
    sheet.newline()
    pygame.image.save(surface.subsurface((0, 0, WIDTH, min(height, sheet.y))), path)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m nile_desktop.tools.assets_sheet OUT.png", file=sys.stderr)
        return 2
    # A picture, not a window: headless unless the caller chose a display.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    render(argv[0])
    print(f"wrote {argv[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
