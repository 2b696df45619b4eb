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
from nile_desktop.engine import Decided, State, pile_order
from nile_desktop.i18n import _, card_name, ngettext
from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import network as words
from nile_desktop.ui import theme


def bar_colour(colour: int) -> tuple[int, int, int]:
    """The RGB of a player's chosen seat colour, as their seat marker shows it."""
    return seats.SEAT_COLOURS[colour % len(seats.SEAT_COLOURS)]


def tie_sentence(state: State, names: Sequence[str]) -> str:
    """How the winner was found, in one sentence."""
    result = state.result
    if result is None or not result.ranking:
        return ""
    if result.reason is Decided.SHARED_WIN:
        return _("Shared win: {names} are equal on every pile.").format(
            names=", ".join(names[s] for s in result.winners))
    ranking, piles = result.ranking, result.piles
    winner, runner = ranking[0][0], ranking[1][0]
    i = result.deciding_pile
    if i is None:
        return ""
    if result.reason is Decided.SMALLEST_PILE:
        return ngettext("{winner} wins: the smallest pile holds {a} card, against {b} for {other}.",
                        "{winner} wins: the smallest pile holds {a} cards, against {b} for {other}.",
                        piles[winner][0]).format(winner=names[winner], a=piles[winner][0],
                                                 b=piles[runner][0], other=names[runner])
    return _("{winner} and {other} tie on the smallest piles; pile {n} decides: "
             "{a} against {b}.").format(winner=names[winner], other=names[runner], n=i + 1,
                                        a=piles[winner][i], b=piles[runner][i])


def draw_results(p: Paint, v: TableView) -> None:
    state = v.state
    names = v.names
    result = state.result
    sw, sh = p.surface.get_size()
    theme.dim(p.surface, 140)
    n = state.players
    w = min(sw - p.px(40), p.px(1100))
    row_h = p.px(44)
    chart_h = p.px(150)
    h = min(sh - p.px(30), p.px(140) + n * row_h + chart_h + p.px(90))
    box = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
    p.panel(as_rect(box))
    pad = p.px(24)
    p.text(_("The game is over"), (box.centerx, box.top + p.px(14)), 28, theme.LAPIS, bold=True,
           anchor="midtop")
    p.text(tie_sentence(state, names), (box.centerx, box.top + p.px(56)), 15, theme.INK,
           anchor="midtop", width=box.w - 2 * pad)
    p.text(_("Storage piles, smallest first: the smallest pile decides. Gold ring: the pile "
             "that decided the place."), (box.centerx, box.top + p.px(82)), 12, theme.INK_SOFT,
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
        ("result.rematch", _("Rematch")), ("result.review", _("Review")),
              ("result.record", _("Your record")), ("result.new", _("New game")),
              ("result.title", _("Title screen")))
    if v.statuses:  # a game over the network: the next one is opened by the host
        labels = labels[1:]
        if not v.reviewable:  # a joining screen: the review needs every hand, the host's
            labels = labels[2:]
            p.text(words.rematch_at_host(), (box.centerx, box.bottom - p.px(88)), 13,
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
    p.add(Element("result.chart", "chart", _("Storage by crop"), as_rect(box), focusable=False,
                  data={"crops": crops, "counts": counts, "colours": colours, "keys": keys}))
