"""The end of the game: ranking, every storage pile by crop, why it was decided.

Scoring compares the players' storage piles smallest first (R-END-3): the
results show each player's piles in that order with the crop's picture,
mark the pile that decided each place, say in a sentence how ties were
broken, and chart every player's storage crop by crop. From here the
player goes on: a rematch, the game's review, their record, a new game or
the title screen. After a game over the network there is no rematch (the host opens
the next game), and at a joining screen no review or record either: only the host's
computer holds every hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from nile_desktop import seats
from nile_desktop.engine import State, pile_order
from nile_desktop.i18n import card_name
from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import network, screens
from nile_desktop.text import table_screens as words
from nile_desktop.ui import theme


def bar_colour(colour: int) -> tuple[int, int, int]:
    """The RGB of a player's chosen seat colour, as their seat marker shows it."""
    return seats.SEAT_COLOURS[colour % len(seats.SEAT_COLOURS)]


def draw_results(p: Paint, v: TableView, aside: pygame.Rect | None = None) -> None:
    """The results over the dimmed table; ``aside`` is a panel to keep clear of (the
    tutorial's last lesson, in the log's column): the results then take the room left of it."""
    state = v.state
    names = v.names
    result = state.result
    sw, sh = p.surface.get_size()
    theme.dim(p.surface, 140)
    n = state.players
    room = pygame.Rect(0, 0, sw if aside is None else aside.left - p.px(4), sh)
    w = min(room.w - p.px(40), p.px(1100))
    row_h = p.px(44)
    chart_h = p.px(150)
    h = min(sh - p.px(30), p.px(140) + n * row_h + chart_h + p.px(90))
    box = pygame.Rect(room.left + (room.w - w) // 2, (sh - h) // 2, w, h)
    p.panel(as_rect(box))
    pad = p.px(24)
    p.text(words.game_over(), (box.centerx, box.top + p.px(14)), 28, theme.LAPIS, bold=True,
           anchor="midtop")
    p.text(words.how_won(result, names), (box.centerx, box.top + p.px(56)), 15, theme.INK,
           anchor="midtop", width=box.w - 2 * pad)
    p.text(words.piles_explained(), (box.centerx, box.top + p.px(82)), 12, theme.INK_SOFT,
           anchor="midtop", width=box.w - 2 * pad)
    ranked = result.places() if result is not None else []
    y = box.top + p.px(108)
    card_h = row_h - p.px(6)
    card_w = int(card_h * 5 / 7)
    for place, seat in ranked:
        colour = theme.LAPIS if place == 1 else theme.INK
        p.text(f"{place}.", (box.left + pad, y + row_h // 2), 18, colour, bold=True,
               anchor="midleft")
        p.text(names[seat], (box.left + pad + p.px(36), y + row_h // 2), 17, colour,
               bold=place == 1, anchor="midleft", width=p.px(200))
        decide = result.deciding_pile_of(seat) if result is not None else None
        x = box.left + pad + p.px(250)
        piles_of = pile_order(state.storage_of(seat), state.crop_names)
        turned = round(v.reveal * len(piles_of) + 0.499)  # piles turned over so far
        for i, (crop, count) in enumerate(piles_of):
            rect = (x, y + p.px(3), card_w, card_h)
            if i >= turned:
                p.card("back", rect)
                x += card_w + p.px(22)
                continue
            p.card(crop, rect)
            if i == decide and v.reveal >= 1.0:
                p.ring(rect, theme.GOLD, 3, 2)
            p.badge(str(count), (x + card_w, y + card_h - p.px(2)),
                    fill=theme.LAPIS if count else theme.DISABLED, size=12)
            p.add(Element(f"result.{seat}.{crop}", "pile", card_name(crop), rect, focusable=False,
                          selected=i == decide,
                          data={"seat": seat, "crop": crop, "count": count, "place": place}))
            x += card_w + p.px(22)
        y += row_h
    chart = pygame.Rect(box.left + pad, y + p.px(8), box.w - 2 * pad, chart_h)
    _draw_chart(p, state, names, [bar_colour(c) for c in v.colours], chart)
    labels: tuple[tuple[str, str], ...] = (
        ("result.rematch", words.rematch()), ("result.review", screens.review()),
        ("result.record", screens.your_record()), ("result.new", screens.new_game()),
        ("result.title", words.title_screen()))
    if v.statuses:  # a game over the network: the next one is opened by the host
        labels = labels[1:]
        if not v.reviewable:  # a joining screen: the review needs every hand, the host's
            labels = labels[2:]
            p.text(network.rematch_at_host(), (box.centerx, box.bottom - p.px(88)), 13,
                   theme.INK_SOFT, anchor="midtop", width=box.w - 2 * pad)
    gap, bh = p.px(14), p.px(44)
    bw = min(p.px(190), (box.w - 2 * pad - (len(labels) - 1) * gap) // len(labels))
    left = box.centerx - (len(labels) * bw + (len(labels) - 1) * gap) // 2
    for i, (bid, label) in enumerate(labels):
        draw_button(p, bid, label, (left + i * (bw + gap), box.bottom - bh - p.px(16), bw, bh),
                    primary=i == 0)


def _draw_chart(p: Paint, state: State, names: Sequence[str], colours: list[tuple[int, int, int]],
                box: pygame.Rect) -> None:
    """Bars of every player's storage, grouped by crop, each in the player's seat colour
    (outlined, so the light colours stand out on papyrus)."""
    crops = list(state.crop_names)
    counts = [[state.storage_of(s).get(c, 0) for c in crops] for s in range(state.players)]
    top = max([1] + [max(row) for row in counts])
    legend_h = p.px(18)
    plot = pygame.Rect(box.left, box.top + legend_h, box.w, box.h - legend_h - p.px(20))
    pygame.draw.line(p.surface, theme.INK_SOFT, plot.bottomleft, plot.bottomright, 1)
    group_w = plot.w / len(crops)
    bar_w = max(2, int(group_w * 0.8 / state.players))
    for ci, crop in enumerate(crops):
        gx = plot.left + ci * group_w + group_w * 0.1
        for s in range(state.players):
            v = counts[s][ci]
            bh = int(plot.h * v / top)
            bar = pygame.Rect(int(gx + s * bar_w), plot.bottom - bh, bar_w - 1, bh)
            pygame.draw.rect(p.surface, colours[s], bar)
            if bh > 2:
                pygame.draw.rect(p.surface, theme.INK_SOFT, bar, 1)
        p.text(card_name(crop), (int(plot.left + ci * group_w + group_w / 2), plot.bottom + p.px(2)),
               11, theme.INK, anchor="midtop", width=int(group_w))
    x = box.left
    keys = []
    for s, name in enumerate(names):
        key = pygame.Rect(x, box.top + p.px(3), p.px(12), p.px(12))
        pygame.draw.rect(p.surface, colours[s], key)
        pygame.draw.rect(p.surface, theme.INK_SOFT, key, 1)
        keys.append(tuple(key))
        r = p.text(name, (x + p.px(16), box.top), 11, theme.INK, width=p.px(140))
        x = r.right + p.px(14)
    p.add(Element("result.chart", "chart", words.storage_by_crop(), as_rect(box), focusable=False,
                  data={"crops": crops, "counts": counts, "colours": colours, "keys": keys}))
