"""The shown person's hand and storage, along the bottom of the table.

Private cards are drawn only for the seat the turn flow reveals; for
anyone else the tray says the cards are hidden. The hand shows each kind
once with a count that sits on the part of the card that is never covered,
and squeezes to fit 30 and more cards. The storage is grouped by crop with
the smallest pile marked, since the smallest pile decides the score.
"""

from __future__ import annotations

import pygame

from nile_desktop.engine import CROPS, KIND_BY_NAME, CardRef, smallest_pile
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect, card_label
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import panels as words
from nile_desktop.ui import theme


def hand_order(hand: dict[str, int]) -> list[str]:
    """Kinds in rule order: crops in play, speculations, stones, anything else."""
    return sorted(hand, key=lambda k: KIND_BY_NAME.get(k, 99))


def hand_area(lay: TableLayout) -> pygame.Rect:
    """Where the hand's cards stand: below its title, with room for a picked card to lift.
    Its height is the height of a hand card (unless very many kinds make them smaller)."""
    box = pygame.Rect(lay.rect("hand"))
    pad, lift = lay.px(12), lay.px(12)
    return pygame.Rect(box.left + pad, box.top + lay.px(32) + lift, box.w - 2 * pad,
                       box.h - lay.px(32) - lift - pad)


def draw_hand(p: Paint, v: TableView) -> None:
    box = pygame.Rect(p.lay.rect("hand"))
    seat = v.revealed
    pad = p.px(12)
    state = v.board
    if seat is None:
        p.text(words.hidden_cards(replay=v.replay is not None),
               (box.left + pad, box.centery), 15, theme.INK_SOFT, anchor="midleft",
               width=box.w - 2 * pad)
        return
    hand = state.hand(seat)
    total = sum(hand.values())
    title = words.hand_title(v.names[seat], total)
    shown = p.text(title, (box.left + pad, box.top + p.px(8)), 15, bold=True, width=box.w // 2)
    if theme.fit_text(title, p.fs(15), box.w // 2, True) != title:  # a long name: whole on hover
        p.add(Element("hand.title", "label", title, as_rect(shown), focusable=False,
                      tooltip=title))
    if not hand:
        p.text(words.no_cards_in_hand(), (box.left + pad, box.centery), 15, theme.INK_SOFT,
               anchor="midleft")
        return
    kinds = hand_order(hand)
    lift = p.px(12)  # a picked card stands this much higher (hand_area leaves the room)
    area = hand_area(p.lay)
    card_h = area.h
    card_w = int(card_h * 5 / 7)
    n = len(kinds)
    gap = p.px(6)
    step: float = card_w + gap
    if n * step - gap > area.w:
        step = (area.w - card_w) / max(1, n - 1)
        if step < p.px(24):  # very many kinds: smaller cards keep every count readable
            card_w = max(p.px(24), int(area.w / (n * 0.45 + 0.55)))
            card_h = int(card_w * 7 / 5)
            step = (area.w - card_w) / max(1, n - 1)
    draft = v.draft if v.composing and seat == state.active else None
    x = float(area.left)
    for kind in kinds:
        held = hand[kind]
        picked = draft.picked_count(kind) if draft is not None else 0
        staged = draft.staged_kinds()[kind] if draft is not None else 0
        left = held - staged
        rect = (int(x), area.top - (lift if picked else 0), card_w, card_h)
        eid = f"hand.{kind}"
        if left <= 0:
            p.card(kind, rect, alpha=90, label=card_w >= p.px(64))
        else:
            p.card(kind, rect, label=card_w >= p.px(64))
        if picked:
            p.ring(rect, theme.REEDS, 3, 1)
        strip = min(step, card_w)
        badge_x = rect[0] + max(p.px(12), int(strip / 2))
        if left > 0:
            p.badge(f"×{left}", (badge_x, rect[1] + int(card_h * 0.42)), size=13)
        if picked:
            p.badge(str(picked), (badge_x, rect[1] + int(card_h * 0.42) + p.px(26)),
                    fill=theme.REEDS, size=12)
        label = card_label(kind)
        tip = words.in_hand(label, held)
        # the hit area is what shows of the card (the next card covers the rest)
        hit = (rect[0], rect[1], int(min(card_w, step)) if kind != kinds[-1] else card_w,
               card_h + (lift if picked else 0))
        p.add(Element(eid, "card", label, hit, enabled=draft is not None and left > 0,
                      selected=picked > 0, tooltip=tip,
                      data={"kind": kind, "zone": "hand", "seat": seat, "count": held,
                            "picked": picked, "staged": staged}))
        x += step


def draw_storage(p: Paint, v: TableView) -> None:
    box = pygame.Rect(p.lay.rect("storage"))
    seat = v.revealed
    pad = p.px(12)
    state = v.board
    if seat is None:
        p.text(words.storage_title(None), (box.left + pad, box.top + p.px(8)), 15, bold=True)
        return
    storage = state.storage_of(seat)
    total = sum(storage.values())
    p.text(words.storage_title(total),
           (box.left + pad, box.top + p.px(8)), 15, bold=True, width=box.w - 2 * pad)
    crops = list(state.crop_names)
    smallest = smallest_pile(storage, crops)
    cols = len(crops) if len(crops) <= 4 else (len(crops) + 1) // 2
    rows = 1 if len(crops) <= 4 else 2
    area = pygame.Rect(box.left + pad, box.top + p.px(34), box.w - 2 * pad,
                       box.h - p.px(34) - pad - p.px(14))
    cell_w = area.w / cols
    cell_h = area.h / rows
    card_w = int(min(cell_w - p.px(10), (cell_h - p.px(8)) * 5 / 7))
    card_h = int(card_w * 7 / 5)
    draft = v.draft if v.composing and seat == state.active else None
    for i, crop in enumerate(crops):
        col, row = i % cols, i // cols
        x = int(area.left + col * cell_w + (cell_w - card_w) / 2 - p.px(4))
        y = int(area.top + row * cell_h + (cell_h - card_h) / 2)
        count = storage.get(crop, 0)
        picked = draft.picked_count(CardRef(crop, storage=True)) if draft is not None else 0
        rect = (x, y - (p.px(8) if picked else 0), card_w, card_h)
        p.card(crop, rect, alpha=255 if count else 110)
        if count == smallest:
            p.ring(rect, theme.ERROR, 2, 2)
        if picked:
            p.ring(rect, theme.REEDS, 3, 1)
        p.badge(str(count), (rect[0] + card_w, rect[1] + card_h - p.px(6)),
                fill=theme.LAPIS if count else theme.DISABLED, size=12)
        if picked:
            p.badge(str(picked), (rect[0] + card_w, rect[1] + p.px(8)), fill=theme.REEDS,
                    size=11)
        label = card_label(crop)
        tip = words.in_storage(label, count, smallest=count == smallest)
        p.add(Element(f"storage.{crop}", "card", label, rect,
                      enabled=draft is not None and count - picked > 0, selected=picked > 0,
                      tooltip=tip,
                      data={"kind": crop, "zone": "storage", "seat": seat, "count": count,
                            "picked": picked, "smallest": count == smallest}))
    top = storage_top(v, seat)
    # the rule-book variant: only the top cards can be traded
    legend = words.storage_legend(None if top is None else [card_label(c) for c in top])
    colour = theme.INK_SOFT if top is None else theme.LAPIS
    shown = p.text(legend, (box.left + pad, box.bottom - pad), 11, colour,
                   anchor="bottomleft", width=box.w - 2 * pad)
    p.add(Element("storage.legend", "note", legend, as_rect(shown), focusable=False,
                  tooltip=legend))


def storage_top(v: TableView, seat: int) -> list[str] | None:
    """With the rule-book option ``storage: top`` (R-TRADE-1), the crops of the top two
    cards of ``seat``'s storage pile, top first; None when storage is free to choose from."""
    state = v.state
    if not getattr(state.rules, "storage_top", False):
        return None
    pile = state.stacks[seat]
    return [CROPS[c] for c in reversed(pile[-2:])]
