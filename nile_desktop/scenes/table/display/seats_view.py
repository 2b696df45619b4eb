"""The seat panels: each player's fields, Monuments, speculations and counts.

Fields, Monuments and speculations are public and drawn for every seat.
The shown person's staged plantings are drawn where they will land: on
their own fields, on new plots in their panel, or on a rival's field they
mean to take over; the places a picked card may go glow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from nile_desktop import card_art
from nile_desktop.assets import AssetError
from nile_desktop.engine import Place, PlaceKind, Role
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect, card_label
from nile_desktop.scenes.table.display.tray_view import hand_order
from nile_desktop.scenes.table.logic.chances import SeatChance
from nile_desktop.scenes.table.logic.draft import MoveDraft, Target
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import panels as words
from nile_desktop.text.network import seat_status_label
from nile_desktop.text.powers import power_of
from nile_desktop.text.table import cards_label, seat_kind_label
from nile_desktop.ui import theme


def _marker(p: Paint, colour: int, centre: tuple[int, int], size: int) -> None:
    try:
        image = card_art.seat_marker(colour % len(card_art.SEATS), size)
        p.surface.blit(image, image.get_rect(center=centre))
    except (AssetError, FileNotFoundError, ValueError, pygame.error):
        pygame.draw.circle(p.surface, theme.SEAT_COLOURS[colour % 6], centre, size // 2)


def chance_text(chance: SeatChance, names: Sequence[str] = ()) -> str:
    """What the win chance means, for its tooltip: every seat's, from the same view."""
    return words.chance_tooltip(chance.chance, chance.error, chance.everyone, names,
                                chance.assumes_bots)


def draw_seat(p: Paint, v: TableView, seat: int) -> None:
    state = v.board
    rect = pygame.Rect(p.lay.seat(seat))
    active = seat == v.to_play
    me = seat == v.revealed
    pad = p.px(10)
    head = p.px(34)
    marker = p.px(26)
    _marker(p, v.colours[seat], (rect.left + pad + marker // 2, rect.top + pad + head // 2 - 2),
            marker)
    name_x = rect.left + pad * 2 + marker
    # the setting may hide how many cards the others hold
    shown_hand = state.hand_size(seat) if v.prefs.show_hand_sizes or seat == v.revealed else None
    stats = words.seat_counts(shown_hand, state.storage_size(seat))
    stats_rect = p.text(stats, (rect.right - pad - p.px(4), rect.top + pad), 13, theme.INK_SOFT,
                        anchor="topright")
    name_w = stats_rect.left - name_x - pad
    name = v.names[seat]
    if me and len(v.humans) == 1 and v.kinds[seat].is_human:
        name = words.you(name)
    p.text(name, (name_x, rect.top + pad - p.px(2)), 16, theme.INK, bold=True, width=name_w)
    kind = v.kinds[seat]
    sub = seat_kind_label(kind)
    if v.statuses:  # a game over the network: where the seat's person is
        sub = seat_status_label(sub, v.statuses[seat])
    chance = v.chance_for(seat)
    subline = sub if chance is None else words.kind_and_chance(sub, chance.chance)
    sub_right = rect.right - pad - p.px(4)
    if active:
        to_play = p.text(words.to_play(), (sub_right, rect.top + pad + p.px(18)), 12, theme.LAPIS,
                         bold=True, anchor="topright")
        sub_right = to_play.left - pad
    sub_rect = p.text(subline, (name_x, rect.top + pad + p.px(17)), 11, theme.INK_SOFT,
                      width=sub_right - name_x)
    p.add(Element(f"seat.{seat}", "seat", v.names[seat], as_rect(rect), focusable=False,
                  tooltip=f"{name} · {sub}", data={"seat": seat, "hand": state.hand_size(seat),
                        "storage": state.storage_size(seat), "active": active}))
    if chance is not None:  # after the panel, so pointing at it shows its own tooltip
        p.add(Element(f"seat.{seat}.chance", "chance", words.win_chance(), as_rect(sub_rect),
                      focusable=False, tooltip=chance_text(chance, v.names),
                      data={"seat": seat, "chance": round(chance.chance, 3),
                            "error": round(chance.error, 3)}))
    below = head + p.px(4) + p.px(STAGED_LIFT_UNITS)  # a staged card lifted above its field stays clear
    body = pygame.Rect(rect.left + pad, rect.top + below, rect.w - 2 * pad, rect.h - below - pad)
    if open_hand(v, seat):  # a finished game's replay with all hands shown: this seat's hand
        line = theme.font(p.fs(12)).get_linesize()
        body.h -= line + p.px(4)
        hand = [kind for kind in hand_order(state.hand(seat)) for _n in range(state.hand(seat)[kind])]
        text = words.open_hand(cards_label(hand) if hand else "")
        p.text(text, (body.left, body.bottom + p.px(4)), 12, theme.INK, width=body.w)
        p.add(Element(f"seat.{seat}.hand", "hand", text, (body.left, body.bottom + p.px(4), body.w,
                      line), focusable=False, tooltip=text,
                      data={"seat": seat, "hand": state.hand(seat)}))
    _draw_items(p, v, seat, body)


def open_hand(v: TableView, seat: int) -> bool:
    """Whether ``seat``'s hand is written in its panel: "Show all hands" is on in a replay, and
    the tray shows another seat's hand."""
    return v.replay is not None and v.replay.open_hands and seat != v.revealed


def _items(v: TableView, seat: int) -> list[tuple[str, str, int]]:
    """(role, name, count) of what sits in front of ``seat``, plots for the draft included."""
    state = v.board
    items: list[tuple[str, str, int]] = []
    items += [("field", crop, n) for crop, n in state.fields_of(seat).items()]
    items += [("monument", mon, n) for mon, n in state.monuments_of(seat).items()]
    draft = v.draft if v.composing and seat == v.active else None
    if draft is not None:
        plots = [tg for tg in v.targets if tg.role is Role.PLOT]
        staged_plots = [place.name for place, _card in draft.staged
                        if place.kind is PlaceKind.FIELD
                        and (tg := draft.target(place)) is not None and tg.role is Role.PLOT]
        # plots already used keep their place; new ones are added after them
        names = dict.fromkeys(staged_plots + [tg.name for tg in plots])
        items += [("plot", crop, 0) for crop in names]
    items += [("spec", spec, 0) for spec in state.speculation_of(seat)]
    return items


#: How far a staged card is lifted above its field (layout units).
STAGED_LIFT_UNITS = 10
#: The top of a seat's panel that holds its name and kind (layout units): glows stay below it.
SEAT_HEAD_UNITS = 43
#: What lies in front of a seat and may glow as a place.
SEAT_ZONES = frozenset({"field", "monument", "plot"})
#: Cards of a field drawn overlapping before the pile stops growing (a count says the rest).
FAN = 6
#: How much of each card under the top one shows, as a share of the card's height.
FAN_STEP = 0.13
#: Fields of this many cards or more carry their count as well.
COUNTED = 4


def _draw_items(p: Paint, v: TableView, seat: int, body: pygame.Rect) -> None:
    items = _items(v, seat)
    if not items:
        p.text(words.no_fields_yet(), (body.left + p.px(6), body.centery), 13, theme.INK_SOFT,
               anchor="midleft")
        return
    caption = p.px(14) if v.prefs.colourblind_symbols else 0  # room for names under cards
    # the same card size and overlap in every panel, so fields compare across the table
    card_h = min(int((body.h - p.px(6) - caption) / (1 + FAN_STEP * (FAN - 1))), p.px(112))
    card_w = int(card_h * 5 / 7)
    n = len(items)
    gap = p.px(8)
    step = card_w + gap if n * (card_w + gap) - gap <= body.w else (body.w - card_w) / max(1, n - 1)
    if step < card_w * 0.34:  # too crowded: smaller cards
        card_w = max(p.px(18), int((body.w - gap) / (n * 0.6 + 0.4)))
        card_h = int(card_w * 7 / 5)
        step = (body.w - card_w) / max(1, n - 1)
    dy = max(1, round(card_h * FAN_STEP))
    glowing = {tg.id: tg for tg in v.targets}
    draft = v.draft if v.composing else None
    x = float(body.left)
    top = body.top + p.px(3)
    for role, name, count in items:
        rect = (int(x), top, card_w, card_h)
        if role == "plot":
            _draw_plot(p, v, name, rect, glowing)
        elif role == "spec":
            p.card(name, rect)
            p.ring(rect, theme.LAPIS, 2, 1)
            p.badge("?", (rect[0] + card_w - p.px(4), rect[1] + card_h - p.px(6)), fill=theme.REEDS)
            p.add(Element(f"spec.{seat}.{name}", "card", card_label(name), rect,
                          tooltip=words.pending_speculation(card_label(name)),
                          data={"kind": name, "zone": "speculation", "seat": seat}))
        else:
            _draw_pile(p, v, seat, role, name, count, rect, dy, glowing, draft,
                       int(step) if n > 1 else card_w)
        x += step


def _draw_pile(p: Paint, v: TableView, seat: int, role: str, name: str, count: int,
               rect: tuple[int, int, int, int], dy: int, glowing: dict[str, Target],
               draft: MoveDraft | None, caption_w: int) -> None:
    """A field as its cards overlapping (as tall as it is big, up to :data:`FAN` cards),
    or a Monument as its card with its stones on it; the count where a glance is not enough."""
    x, top, card_w, card_h = rect
    monument = role == "monument"
    shown = min(count, FAN)
    # a Monument: its stones (as many as it has, up to the fan) with the Monument in front
    layers = [name] * shown if not monument else ["stone"] * min(count, FAN - 1) + [name]
    for i, card in enumerate(layers):
        p.card(card, (x, top + i * dy, card_w, card_h),
               label=card_w >= p.px(70) and i == len(layers) - 1 and not monument)
    pile = (x, top, card_w, card_h + (len(layers) - 1) * dy)
    bottom = pile[1] + pile[3]
    if v.prefs.colourblind_symbols:
        # the colour-blind aid: the crop's name written under every field
        p.text(card_label(name), (x + card_w // 2, bottom + p.px(1)), 10, theme.INK, bold=True,
               anchor="midtop", width=caption_w)
    if monument:  # the stones' count beside the stones
        p.badge(str(count), (x + card_w - p.px(4), bottom - p.px(6)), fill=theme.GOLD, size=12)
    elif count >= COUNTED or count > shown:
        p.badge(str(count), (x + card_w - p.px(4), bottom - p.px(6)), fill=theme.LAPIS)
    target_id = str(Place.field(name) if role == "field" else Place.monument_of(name))
    staged = draft.staged_on(target_id) if draft is not None else 0
    target = glowing.get(target_id)
    # a rival's field or Monument a picked card may take
    taking = target if target is not None and target.role in (Role.TAKEOVER, Role.TAKE) else None
    if staged:
        _draw_staged(p, v, target_id, (x, bottom - card_h, card_w, card_h), staged)
    elif taking is not None:  # the cards the take-over needs
        p.badge(f"0/{taking.need}", (x + p.px(12), bottom - card_h + p.px(10)), fill=theme.REEDS,
                size=12)
    if monument:
        what = f"{words.monument_pile(card_label(name), count)} · {power_of(name)}"
    else:
        what = words.field_pile(card_label(name), count)
    elem_role = "monument" if monument else "field"
    data: dict[str, Any] = {"kind": name, "zone": elem_role, "seat": seat, "count": count}
    place = draft.target(target_id) if draft is not None else None
    if place is not None and place.seat == seat:
        data["target"] = target_id  # a click stages there, or says why it cannot
    if taking is not None:
        data["need"] = taking.need
        data["why"] = need_text(taking)
        what = f"{what} · {data['why']}"
    p.add(Element(f"{elem_role}.{seat}.{name}", elem_role, card_label(name), pile,
                  tooltip=what, data=data, selected=bool(staged),
                  enabled=target is not None or bool(staged)))


def need_text(target: Target) -> str:
    """Why a take-over needs the cards it needs (R-PLANT-4)."""
    return words.takeover_need(target.need, target.size, target.terms,
                               monument=target.role is Role.TAKE)


def _draw_plot(p: Paint, v: TableView, crop: str, rect: tuple[int, int, int, int],
               glowing: dict[str, Target]) -> None:
    """An empty plot in the shown person's panel: a new field of ``crop`` may start here."""
    target_id = str(Place.field(crop))
    staged = v.draft.staged_on(target_id)
    r = pygame.Rect(rect)
    pygame.draw.rect(p.surface, theme.PAPYRUS_SHADOW, r, width=max(1, p.px(2)),
                     border_radius=p.px(8))
    if staged:
        _draw_staged(p, v, target_id, rect, staged, ghost=False)
    else:
        p.card(crop, rect, alpha=90)
        p.text(words.new_field(), r.center, 11, theme.INK, bold=True, anchor="center",
               width=r.w - 4)
    p.add(Element(f"plot.{crop}", "plot", words.new_crop_field(crop),
                  rect, selected=bool(staged), data={"kind": crop, "zone": "plot",
                                                      "seat": v.draft.seat, "target": target_id},
                  tooltip=words.new_crop_field(crop)))


def _draw_staged(p: Paint, v: TableView, target_id: str, rect: tuple[int, int, int, int], staged: int,
                 ghost: bool = True) -> None:
    """Cards waiting on a place until Confirm: a lifted card with "+N" (and the need)."""
    target = v.draft.target(target_id)
    kind = Place.parse(target_id).card_kind
    r = pygame.Rect(rect).move(p.px(6), -p.px(STAGED_LIFT_UNITS))
    p.card(kind, as_rect(r), alpha=235 if ghost else 255)
    p.ring(as_rect(r), theme.GOLD_LIGHT, 3, 2)
    text = f"+{staged}"
    if target is not None and target.role in (Role.TAKEOVER, Role.TAKE):
        text = f"{staged}/{target.need}"
    elif target is not None and target.role in (Role.PLOT, Role.BUILD):
        text = str(staged)
    p.badge(text, (r.left + p.px(8), r.top + p.px(8)), fill=theme.REEDS, size=13)
