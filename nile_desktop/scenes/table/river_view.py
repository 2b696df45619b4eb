"""The river: the flood pile, the draw pile, the discard pile, the seasons and
the Monuments still in the centre, each with its count."""

from __future__ import annotations

import pygame

from nile_desktop.assets import AssetError
from nile_desktop.card_art import season_surface
from nile_desktop.engine import MONUMENTS, Place
from nile_desktop.i18n import _, card_name, ngettext
from nile_desktop.scenes.table.board import Board
from nile_desktop.scenes.table.paint import Element, Paint, as_rect, card_label
from nile_desktop.scenes.table.view import TableView
from nile_desktop.ui import theme

SPHINX, OBELISK, WALL = MONUMENTS


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
    p.badge(str(under), (flood.right - p.px(2), flood.bottom - p.px(4)), fill=theme.NILE_DEEP)
    flood_name = card_label(state.flood_card) if state.flood_card else ""
    p.add(Element("flood", "pile", _("Flood"), as_rect(flood),
                  tooltip=ngettext("Flood: {card}, {n} earlier flood under it",
                                   "Flood: {card}, {n} earlier floods under it", under).format(
                      card=flood_name, n=under),
                  data={"zone": "flood", "kind": state.flood_card, "count": under}))
    p.text(_("Flood"), (flood.centerx, flood.bottom + p.px(4)), 13, bold=True, anchor="midtop")

    deck = pygame.Rect(p.lay.rect("deck"))
    if state.deck_size:
        for i in range(min(3, state.deck_size) - 1, -1, -1):
            p.card("back", as_rect(deck.move(p.px(2) * i, -p.px(2) * i)))
    else:
        pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, deck, width=2, border_radius=p.px(8))
    p.badge(str(state.deck_size), (deck.right - p.px(2), deck.bottom - p.px(4)))
    p.add(Element("deck", "pile", _("Draw pile"), as_rect(deck),
                  tooltip=ngettext("Draw pile: {n} card", "Draw pile: {n} cards",
                                   state.deck_size).format(n=state.deck_size),
                  data={"zone": "deck", "count": state.deck_size}))
    p.text(_("Draw pile"), (deck.centerx, deck.bottom + p.px(4)), 13, bold=True, anchor="midtop")

    discard = pygame.Rect(p.lay.rect("discard"))
    n_discard = sum(state.discard)
    if n_discard:
        p.card("back", as_rect(discard), alpha=170)
    else:
        pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, discard, width=2, border_radius=p.px(6))
    p.badge(str(n_discard), (discard.right - p.px(2), discard.bottom - p.px(4)),
            fill=theme.INK_SOFT)
    p.add(Element("discard", "pile", _("Discards"), as_rect(discard),
                  tooltip=ngettext("Discard pile: {n} card", "Discard pile: {n} cards",
                                   n_discard).format(n=n_discard),
                  data={"zone": "discard", "count": n_discard}))
    p.text(_("Discards"), (discard.centerx, discard.bottom + p.px(4)), 12, bold=True,
           anchor="midtop")
    _draw_season(p, state)
    if state.monuments_on:
        _draw_centre(p, v)


def _draw_season(p: Paint, state: Board) -> None:
    box = pygame.Rect(p.lay.rect("season"))
    p.text(_("Season {season} of {seasons}").format(season=state.season, seasons=state.seasons),
           (box.left, box.top), 14, bold=True, width=box.w)
    height = min(p.px(22), max(8, (box.w - p.px(4)) // max(1, state.seasons) - p.px(3)))
    try:
        suns = season_surface(state.season, state.seasons, height)
        p.surface.blit(suns, (box.left, box.top + p.px(24)))
    except (AssetError, FileNotFoundError, ValueError, pygame.error):
        pass
    p.add(Element("season", "marker", _("Season {season} of {seasons}").format(
        season=state.season, seasons=state.seasons), (box.left, box.top, box.w, p.px(24) + height),
        focusable=False, data={"zone": "season", "season": state.season,
                               "seasons": state.seasons}))


def _draw_centre(p: Paint, v: TableView) -> None:
    state = v.board
    box = pygame.Rect(p.lay.rect("centre"))
    p.text(_("In the centre"), (box.left, box.top), 12, theme.INK_SOFT, width=box.w)
    free = [m for i, m in enumerate(MONUMENTS) if state.monument_owner(i) is None]
    size = min((box.w - p.px(8)) // 3 - p.px(4), int((box.h - p.px(22)) * 5 / 7))
    glowing = {tg.id: tg for tg in v.targets}
    draft = v.draft if v.composing else None
    for i, mon in enumerate(free):
        rect = (box.left + i * (size + p.px(6)), box.top + p.px(20), size, round(size * 7 / 5))
        target_id = str(Place.monument_of(mon))
        staged = draft.staged_on(target_id) if draft is not None else 0
        p.card(mon, rect)
        if staged:
            r = pygame.Rect(rect).move(p.px(4), -p.px(8))
            p.card("stone", as_rect(r))
            p.ring(as_rect(r), theme.GOLD_LIGHT, 3, 2)
            p.badge(str(staged), (r.left + p.px(7), r.top + p.px(7)), fill=theme.REEDS, size=12)
        p.add(Element(f"monument.centre.{mon}", "monument", card_name(mon), rect,
                      selected=bool(staged), enabled=target_id in glowing or bool(staged),
                      tooltip=_power(mon),
                      data={"kind": mon, "zone": "centre", "seat": None, "target": target_id}))


def _power(monument: str) -> str:
    if monument == SPHINX:
        return _("Sphinx: your take-overs need only an equal field")
    if monument == OBELISK:
        return _("Obelisk: draw 3 cards at the end of your turn, and 4 per matching speculation")
    return _("Wall: rivals need two more cards, not one, to take over your fields")
