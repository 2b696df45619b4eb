"""The river: the flood pile, the draw pile, the discard pile, the seasons and
the Monuments still in the centre, each with its count."""

from __future__ import annotations

from typing import Any

import pygame

from nile_desktop.assets import AssetError
from nile_desktop.card_art import season_surface
from nile_desktop.engine import MONUMENTS, Place
from nile_desktop.i18n import card_name
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect, card_label
from nile_desktop.scenes.table.logic.board import TableBoard
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import panels as words
from nile_desktop.text.powers import power_text
from nile_desktop.ui import theme


def draw_river(p: Paint, v: TableView) -> None:
    state = v.board
    flood = pygame.Rect(p.lay.rect("flood"))
    under = sum(state.flood_stack)
    if under:
        for i in range(min(3, under), 0, -1):
            p.card("flood", as_rect(flood.move(p.px(3) * i, -p.px(3) * i)))
    if state.flood_card:
        p.card(state.flood_card, as_rect(flood), label=flood.w >= p.px(60))
    else:
        pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, flood, width=2, border_radius=p.px(8))
    # the count is of the earlier floods under the shown one: none, no badge (a "0" on a
    # face-up card read as "no cards")
    flood_badge = (p.corner_badge(str(under), as_rect(flood), fill=theme.NILE_DEEP, size=12,
                                  top=True) if under else None)
    tip = words.flood_tooltip(card_label(state.flood_card) if state.flood_card else "", under)
    _pile(p, "flood", words.flood(), flood, flood_badge, tip,
          {"zone": "flood", "kind": state.flood_card, "count": under}, 13)

    deck = pygame.Rect(p.lay.rect("deck"))
    if state.deck_size:
        for i in range(min(3, state.deck_size) - 1, -1, -1):
            p.card("back", as_rect(deck.move(p.px(2) * i, -p.px(2) * i)))
    else:
        pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, deck, width=2, border_radius=p.px(8))
    deck_badge = p.corner_badge(str(state.deck_size), as_rect(deck))
    _pile(p, "deck", words.draw_pile(), deck, deck_badge,
          words.draw_pile_tooltip(state.deck_size), {"zone": "deck", "count": state.deck_size},
          13)

    discard = pygame.Rect(p.lay.rect("discard"))
    n_discard = sum(state.discard)
    if n_discard:
        p.card("back", as_rect(discard), alpha=170)
    else:
        pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, discard, width=2, border_radius=p.px(6))
    discard_badge = p.corner_badge(str(n_discard), as_rect(discard), fill=theme.INK_SOFT)
    _pile(p, "discard", words.discards(), discard, discard_badge,
          words.discards_tooltip(n_discard), {"zone": "discard", "count": n_discard}, 12)
    _draw_season(p, state)
    if state.monuments_on:
        _draw_centre(p, v)


def _pile(p: Paint, eid: str, label: str, rect: pygame.Rect, badge: pygame.Rect | None,
          tooltip: str, data: dict[str, Any], size: int) -> None:
    """A pile's element and its name under it, below its count and no wider than its
    column (a smaller type where a language's name is long); both rects go in the data."""
    column = rect.w + p.px(22)
    while size > 9 and theme.render_text(label, p.fs(size), theme.INK, True).get_width() > column:
        size -= 1
    if theme.render_text(label, p.fs(size), theme.INK, True).get_width() > column:
        tooltip = f"{label} · {tooltip}"  # cut even in the smallest type: whole on hover
    y = max(rect.bottom, badge.bottom if badge is not None else 0) + p.px(3)
    shown = p.text(label, (rect.centerx, y), size, bold=True, anchor="midtop", width=column)
    data = dict(data, label_rect=list(as_rect(shown)))
    if badge is not None:
        data["badge_rect"] = list(as_rect(badge))
    p.add(Element(eid, "pile", label, as_rect(rect), tooltip=tooltip, data=data))


def _draw_season(p: Paint, state: TableBoard) -> None:
    box = pygame.Rect(p.lay.rect("season"))
    title = words.season_of(state.season, state.seasons)
    lines = theme.wrap_text(title, p.fs(14), box.w, bold=True)[:2]  # beside the piles: narrow
    for i, line in enumerate(lines):
        p.text(line, (box.left, box.top + i * p.px(18)), 14, bold=True, width=box.w)
    height = min(p.px(22), max(8, (box.w - p.px(4)) // max(1, state.seasons) - p.px(3)))
    try:
        suns = season_surface(state.season, state.seasons, height)
        p.surface.blit(suns, (box.left, box.top + p.px(6 + 18 * len(lines))))
    except (AssetError, FileNotFoundError, ValueError, pygame.error):
        pass
    p.add(Element("season", "marker", title,
                  (box.left, box.top, box.w, p.px(6 + 18 * len(lines)) + height),
                  focusable=False, data={"zone": "season", "season": state.season,
                                         "seasons": state.seasons}))


def _draw_centre(p: Paint, v: TableView) -> None:
    state = v.board
    box = pygame.Rect(p.lay.rect("centre"))
    p.text(words.in_the_centre(), (box.left, box.top), 12, theme.INK_SOFT, width=box.w)
    gap = p.px(6)
    size = min((box.w - 2 * gap) // 3, int((box.h - p.px(20)) * 5 / 7))
    left = box.left + (box.w - 3 * size - 2 * gap) // 2
    glowing = {tg.id: tg for tg in v.targets}
    draft = v.draft if v.composing else None
    for i, mon in enumerate(MONUMENTS):  # each keeps its place while the others are taken
        if state.monument_owner(i) is not None:
            continue
        rect = (left + i * (size + gap), box.top + p.px(20), size, round(size * 7 / 5))
        target_id = str(Place.monument_of(mon))
        staged = draft.staged_on(target_id) if draft is not None else 0
        p.card(mon, rect, label=size >= p.px(64))
        if staged:
            r = pygame.Rect(rect).move(p.px(4), -p.px(8))
            p.card("stone", as_rect(r))
            p.ring(as_rect(r), theme.GOLD_LIGHT, 3, 2)
            p.badge(str(staged), (r.left + p.px(7), r.top + p.px(7)), fill=theme.REEDS, size=12)
        p.add(Element(f"monument.centre.{mon}", "monument", card_name(mon), rect,
                      selected=bool(staged), enabled=target_id in glowing or bool(staged),
                      tooltip=power_text(mon),
                      data={"kind": mon, "zone": "centre", "seat": None, "target": target_id}))
