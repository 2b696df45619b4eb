"""Drawing the game table: seats, flood and draw pile, the hand, the log.

Pure drawing from the engine state and the scene's choices (which seat's
hand is shown, the log lines); no game logic. The layout is fixed on the
logical 1280x720 surface: seats in a 2 x 3 grid on the left, the river's
cards (flood, draw pile, seasons, free Monuments) and the log on the right,
the shown hand along the bottom.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from nile_desktop.i18n import _, card_name
from nile_desktop.scenes.table_text import seat_kind_label
from nile_desktop.ui import theme, view

log = logging.getLogger(__name__)

SEAT_W, SEAT_H = 424, 150
SEATS_ORIGIN = (12, 12)
SIDEBAR = pygame.Rect(884, 12, 384, 212)
LOG_RECT = pygame.Rect(884, 234, 384, 474)
HAND_RECT = pygame.Rect(12, 492, 860, 216)
MONUMENTS = ("sphinx", "obelisk", "wall")


def seat_rect(seat: int) -> pygame.Rect:
    col, row = seat % 2, seat // 2
    return pygame.Rect(SEATS_ORIGIN[0] + col * (SEAT_W + 12), SEATS_ORIGIN[1] + row * (SEAT_H + 10),
                       SEAT_W, SEAT_H)


def card(name: str, width: int, label: bool = False) -> pygame.Surface | None:
    """A card face, or None (logged once per name) if its art is missing."""
    from nile_desktop import card_art

    try:
        return card_art.card_surface(name, width, card_name(name) if label else None)
    except Exception:
        if name not in _missing:
            _missing.add(name)
            log.warning("no card art for %s", name, exc_info=True)
        return None


_missing: set[str] = set()


def card_h(width: int) -> int:
    return round(width * 7 / 5)


def blit_card(surface: pygame.Surface, name: str, pos: tuple[int, int], width: int,
              label: bool = False) -> pygame.Rect:
    rect = pygame.Rect(pos, (width, card_h(width)))
    face = card(name, view.current().px_size(width), label)
    if face is None:
        view.rect(surface, theme.PAPYRUS, rect, border_radius=6)
        view.rect(surface, theme.INK, rect, width=1, border_radius=6)
        short = theme.fit_text(card_name(name) if ":" not in name else "?", 12, width - 4)
        theme.draw_text(surface, short, rect.center, 12, anchor="center")
    else:
        view.blit(surface, face, rect.topleft)
    return rect


def badge(surface: pygame.Surface, text: str, centre: tuple[int, int], *,
          fill: tuple[int, ...] = theme.LAPIS, size: int = 15) -> None:
    """A small round count in the corner of a card."""
    radius = max(11, round(theme.text_width(text, size, True)) // 2 + 5)
    view.circle(surface, fill, centre, radius)
    view.circle(surface, theme.GOLD, centre, radius, width=2)
    theme.draw_text(surface, text, centre, size, theme.PAPYRUS, bold=True, anchor="center")


def seat_colour_marker(surface: pygame.Surface, colour: int, centre: tuple[int, int],
                       size: int) -> None:
    try:
        from nile_desktop.card_art import seat_marker

        marker = seat_marker(colour, view.current().px_size(size))
        view.blit(surface, marker, None, center=centre)
    except Exception:
        view.circle(surface, theme.SEAT_COLOURS[colour % 6], centre, size // 2)
        view.circle(surface, theme.GOLD, centre, size // 2, width=2)


def draw_seat(surface: pygame.Surface, scene: Any, seat: int) -> None:
    state = scene.state
    rect = seat_rect(seat)
    info = scene.save.seats[seat]
    active = seat == state.active and not state.over
    theme.draw_panel(surface, rect, radius=12, shadow=True)
    if active:
        pulse = 2 + int(2 * (1 + scene.pulse))
        view.rect(surface, theme.GOLD_LIGHT, rect.inflate(6, 6), width=pulse,
                         border_radius=16)
    seat_colour_marker(surface, info.colour, (rect.left + 28, rect.top + 27), 32)
    name = theme.fit_text(info.name, theme.SIZE_BODY, 190, bold=True)
    theme.draw_text(surface, name, (rect.left + 50, rect.top + 12), bold=True)
    theme.draw_text(surface, seat_kind_label(info.kind), (rect.left + 52, rect.top + 40),
                    theme.SIZE_SMALL - 3, theme.INK_SOFT)
    counts = []
    if scene.settings().show_hand_sizes or seat == scene.viewer:
        counts.append(_("Hand {n}").format(n=state.hand_size(seat)))
    counts.append(_("Storage {n}").format(n=state.storage_size(seat)))
    theme.draw_text(surface, "  ·  ".join(counts), (rect.right - 18, rect.top + 14),
                    theme.SIZE_SMALL, theme.INK, anchor="topright")
    if active:
        theme.draw_text(surface, _("to play"), (rect.right - 18, rect.top + 38),
                        theme.SIZE_SMALL - 3, theme.LAPIS, bold=True, anchor="topright")
    items: list[tuple[str, int | None, str]] = []
    items += [(crop, n, "field") for crop, n in state.fields_of(seat).items()]
    items += [(mon, n, "monument") for mon, n in state.monuments_of(seat).items()]
    items += [(spec, None, "spec") for spec in state.speculation_of(seat)]
    width = 46
    top = rect.top + 62
    if not items:
        theme.draw_text(surface, _("No fields yet"), (rect.left + 24, top + 24), theme.SIZE_SMALL,
                        theme.INK_SOFT)
        return
    step = min(width + 12, (rect.w - 40 - width) // max(1, len(items) - 1)) if len(items) > 1 else 0
    x = rect.left + 20
    names_under = scene.settings().colourblind_symbols
    for name, count, kind in items:
        r = blit_card(surface, name, (x, top), width)
        if kind == "spec":
            view.rect(surface, theme.LAPIS, r.inflate(4, 4), width=2, border_radius=6)
            badge(surface, "?", (r.right - 4, r.bottom - 4), fill=theme.REEDS)
        elif count is not None:
            fill = theme.GOLD if kind == "monument" else theme.LAPIS
            badge(surface, str(count), (r.right - 4, r.bottom - 4), fill=fill)
        if names_under and kind != "spec":
            short = theme.fit_text(card_name(name), 12, step or width + 10)
            theme.draw_text(surface, short, (r.centerx, r.bottom + 3), 12, theme.INK,
                            anchor="midtop")
        x += step


def draw_river(surface: pygame.Surface, scene: Any) -> None:
    """Flood card, draw pile, season counter and the Monuments still in the centre."""
    state = scene.state
    theme.draw_panel(surface, SIDEBAR, radius=12)
    width = 92
    flood_pos = (SIDEBAR.left + 20, SIDEBAR.top + 18)
    if state.flood_card:
        face = card(state.flood_card, view.current().px_size(width), label=True)
        flip = max(0.05, scene.flood_flip)
        if face is not None:
            if flip < 1.0:  # only while the card turns over
                face = pygame.transform.smoothscale(
                    face, (max(1, int(face.get_width() * flip)), face.get_height()))
            view.blit(surface, face, None, midtop=(flood_pos[0] + width // 2, flood_pos[1]))
        else:
            blit_card(surface, state.flood_card, flood_pos, width)
    theme.draw_text(surface, _("Flood"), (flood_pos[0] + width // 2, flood_pos[1] + card_h(width) + 6),
                    theme.SIZE_SMALL, anchor="midtop", bold=True)
    deck_pos = (SIDEBAR.left + 132, SIDEBAR.top + 18)
    if state.deck_size:
        for i in range(min(3, state.deck_size) - 1, -1, -1):
            blit_card(surface, "back", (deck_pos[0] + i * 3, deck_pos[1] - i * 3), width)
    else:
        view.rect(surface, theme.PAPYRUS_SHADOW, (*deck_pos, width, card_h(width)), width=2,
                         border_radius=8)
    badge(surface, str(state.deck_size), (deck_pos[0] + width - 2, deck_pos[1] + card_h(width) - 4),
          size=16)
    theme.draw_text(surface, _("Draw pile"), (deck_pos[0] + width // 2, flood_pos[1] + card_h(width) + 6),
                    theme.SIZE_SMALL, anchor="midtop", bold=True)
    right = SIDEBAR.left + 250
    theme.draw_text(surface, _("Season {season} of {seasons}").format(
        season=state.season, seasons=state.seasons), (right, SIDEBAR.top + 20),
        theme.SIZE_SMALL, bold=True)
    try:
        from nile_desktop.card_art import season_surface

        suns = season_surface(state.season, state.seasons, view.current().px_size(18))
        view.blit(surface, suns, (right, SIDEBAR.top + 46))
    except Exception:
        log.debug("no season art", exc_info=True)
    if state.monuments_on:
        free = [m for i, m in enumerate(MONUMENTS) if state.monument_owner(i) is None]
        theme.draw_text(surface, _("In the centre"), (right, SIDEBAR.top + 82), theme.SIZE_SMALL - 3,
                        theme.INK_SOFT)
        for i, mon in enumerate(free):
            blit_card(surface, mon, (right + i * 40, SIDEBAR.top + 104), 36)


def draw_hand(surface: pygame.Surface, scene: Any) -> None:
    """The shown seat's hand (grouped by kind) and its storage."""
    state = scene.state
    theme.draw_panel(surface, HAND_RECT, radius=12)
    seat = scene.viewer
    if seat is None:
        return
    owner = scene.save.seats[seat].name
    title = _("Hand of {name}").format(name=owner)
    theme.draw_text(surface, title, (HAND_RECT.left + 22, HAND_RECT.top + 12), bold=True)
    hand = state.hand(seat)
    width = 78
    top = HAND_RECT.top + 50
    area = 560
    if not hand:
        theme.draw_text(surface, _("No cards in hand"), (HAND_RECT.left + 24, top + 40),
                        colour=theme.INK_SOFT)
    step = min(width + 10, (area - width) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
    x = HAND_RECT.left + 22
    for name, count in hand.items():
        r = blit_card(surface, name, (x, top), width, label=True)
        if count > 1:
            badge(surface, f"×{count}", (r.right - 8, r.top + 10))
        x += step
    left = HAND_RECT.left + 600
    theme.draw_text(surface, _("Storage"), (left, HAND_RECT.top + 12), bold=True)
    storage = state.storage_of(seat)
    per_row = 5 if len(state.crop_names) <= 5 else 4
    for i, crop in enumerate(state.crop_names):
        x, y = left + (i % per_row) * 47, HAND_RECT.top + 50 + (i // per_row) * 80
        r = blit_card(surface, crop, (x, y), 40)
        badge(surface, str(storage.get(crop, 0)), (r.right, r.bottom - 6),
              fill=theme.LAPIS if storage.get(crop) else theme.DISABLED)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> None:
    """The newest log lines at the bottom; only whole lines are shown."""
    theme.draw_panel(surface, rect, radius=12)
    theme.draw_text(surface, _("Game log"), (rect.left + 20, rect.top + 12), bold=True)
    line_h = 21
    top_limit = rect.top + 44
    y = rect.bottom - 16
    for line in reversed(lines):
        wrapped = theme.wrap_text(line, theme.SIZE_SMALL - 2, rect.w - 44)
        if y - line_h * len(wrapped) < top_limit:
            break
        for part in reversed(wrapped):
            y -= line_h
            theme.draw_text(surface, part, (rect.left + 22, y), theme.SIZE_SMALL - 2)


def draw_banner(surface: pygame.Surface, text: str, alpha: float) -> None:
    if alpha <= 1 or not text:
        return
    v = view.current()
    image = theme.render_text(text, theme.SIZE_HEADING + 6, theme.GOLD_LIGHT, True)
    box = image.get_rect().inflate(v.px_size(80), v.px_size(30))
    box.center = v.px_point((442, 240))
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.LAPIS, 235), layer.get_rect(), border_radius=v.px_size(16))
    pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=v.px_line(3),
                     border_radius=v.px_size(16))
    layer.blit(image, image.get_rect(center=layer.get_rect().center))
    layer.set_alpha(int(alpha))
    surface.blit(layer, box)
