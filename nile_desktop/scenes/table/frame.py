"""Drawing the table each frame: the kept picture, zone by zone, and what moves over it.

The picture (:mod:`picture`) holds everything still; each zone has a key made
of what it shows, and only zones whose key changed are drawn again. Over the
picture, every frame, come the glow of places, the active seat's ring, cards in
flight, banners, a lesson or hint, the dragged card and the tooltip. The
elements drawn are the table's hits, published to the UI dump.
"""

from __future__ import annotations

from typing import Any

import pygame

from nile_desktop.engine import KIND_NAMES, MONUMENTS
from nile_desktop.i18n import _, current_language
from nile_desktop.scenes.table import flow as F
from nile_desktop.scenes.table.buttons import draw_button, draw_tooltip
from nile_desktop.scenes.table.controls import draw_actions, draw_status, status_text
from nile_desktop.scenes.table.layout import TableLayout
from nile_desktop.scenes.table.overlays import draw_handoff
from nile_desktop.scenes.table.paint import Paint
from nile_desktop.scenes.table.paint import warm as paint_warm
from nile_desktop.scenes.table.results_view import draw_results
from nile_desktop.scenes.table.river_view import draw_river
from nile_desktop.scenes.table.seats_view import draw_seat
from nile_desktop.scenes.table.sprites import draw_sprites
from nile_desktop.scenes.table.tray_view import draw_hand, draw_storage, hand_area
from nile_desktop.ui import dump, textlog, theme

#: Seconds of zone drawing a frame may spend (after its first zone) before further zones
#: wait for the next frames: while the table plays by itself, one zone a frame.
FRAME_BUDGET = 0.0
#: Zones always drawn in the frame they change (a cover over everything).
URGENT_ZONES = frozenset({"cover"})


def table_zones(t: Any) -> list[tuple[str, tuple[int, int, int, int], Any, Any]]:
    """The zones of the picture in drawing order: (name, area, key, draw)."""
    lay = t.layout
    b = t.board
    rev = t.flow.revealed
    m = lay.px(5)

    def area(name: str) -> tuple[int, int, int, int]:
        x, y, w, h = lay.rect(name)
        return (x - m, y - m, w + 2 * m, h + 2 * m)

    hover, pressed = t.input.hover or "", t.input.pressed or ""
    prefs = t.settings()
    common = (current_language(), t.input.cursor, prefs.show_hand_sizes,
              prefs.colourblind_symbols)
    # the draft matters only while a person composes (a new draft each move otherwise)
    drafting: tuple[Any, ...] = (False,)
    if t.composing():
        drafting = (True, id(t.draft), t.draft.version,
                    tuple(sorted(tg.id for tg in t.targets_shown())))
    zones: list[tuple[str, tuple[int, int, int, int], Any, Any]] = []
    for i in range(t.session.players):
        key = (common, drafting, b.fields_of(i), b.monuments_of(i), b.speculation_of(i),
               b.hand_size(i), b.storage_size(i), b.active == i, b.over, rev == i)
        zones.append((f"seat.{i}", area(f"seat.{i}"), key,
                      lambda p, i=i: draw_seat(p, t, i)))
    owners = tuple(b.monument_owner(k) for k in range(3)) if b.monuments_on else ()
    zones.append(("river", area("river"), (common, drafting, b.flood_card, b.flood_under,
                                           b.deck_size, b.discard_size, b.season, owners),
                  lambda p: draw_river(p, t)))
    private = rev is not None and 0 <= rev < b.players
    zones.append(("hand", area("hand"), (common, drafting, rev, b.active,
                                         b.hand(rev) if private else None),
                  lambda p: draw_hand(p, t)))
    zones.append(("storage", area("storage"), (common, drafting, rev, b.active,
                                               b.storage_of(rev) if private else None),
                  lambda p: draw_storage(p, t)))
    zones.append(("status", area("status"),
                  (common, drafting, status_text(t), t.suggesting, t.flow.phase,
                   hover if hover.startswith("tool.") else "", pressed),
                  lambda p: draw_status(p, t)))
    zones.append(("actions", area("actions"),
                  (common, drafting, t.flow.phase, t.pass_armed > 0, t.session.active,
                   rev, hover if hover.startswith("action.") or hover == "done" else "",
                   pressed), lambda p: draw_actions(p, t)))
    zones.append(("log", area("log"),
                  (common, t.session.log.version, t.logview.back, t.logview.cover, rev,
                   hover == "menu", pressed == "menu"), lambda p: draw_log(t, p)))
    return zones


def draw_log(t: Any, p: Paint) -> None:
    t.logview.draw(p, t)
    draw_button(p, "menu", _("Menu"), t.layout.rect("menu"), hotkey="Esc", size=13)


def draw_table(t: Any, surface: pygame.Surface) -> None:
    size = surface.get_size()
    if t.layout is None or t.layout.size != size:
        t.layout = TableLayout.compute(size, t.session.players)
    if t.coach is not None:  # a lesson panel over the log: the log knows where it ends
        t.coach.arrange(Paint(surface, t.layout), t)
    zones = table_zones(t)
    base: tuple[Any, ...] = (size, t.flow.phase, current_language())
    if textlog.active():  # text is being checked: every zone is drawn in this frame
        t.picture.reset()
    phase = t.flow.phase
    if phase in (F.HANDOFF, F.OVER):  # a cover over everything: redraw it all on change
        cover = draw_handoff if phase == F.HANDOFF else draw_results
        base = (base, tuple(z[2] for z in zones), round(t.reveal, 2), t.reveal >= 1.0,
                t.input.hover, t.input.pressed)  # the rings show only once all is turned
        zones.append(("cover", (0, 0, size[0], size[1]), base,
                      lambda p: cover(p, t)))
    backdrop = t.backdrop.get(t.layout)

    def paint(target: pygame.Surface) -> Paint:
        return Paint(target, t.layout, hover=t.input.hover, cursor=t.input.cursor,
                     revealed=t.flow.revealed)

    # a new viewer, a cover or a check of the text: everything now; else spread the work
    # (only while the table plays by itself: a person composing sees every change at once)
    steady = (t.flow.revealed == t._last_revealed and not textlog.active()
              and not t.composing())
    t._last_revealed = t.flow.revealed
    budget = FRAME_BUDGET if steady else None
    if t.picture.update(size, base, backdrop, zones, paint, budget=budget,
                        urgent=URGENT_ZONES) or t._picture_hits is None:
        t._picture_hits = t.picture.hits([z[0] for z in zones])
    # this frame's elements: the picture's, then what the overlay adds (a lesson panel)
    t.hits = t._picture_hits.copy()
    t.input.after_draw(t.hits)
    surface.blit(t.picture.surface, (0, 0))
    warm_faces(t)
    t.cards_drawn = t.picture.cards()
    t.private_faces = t.picture.private_faces()
    draw_overlay(t, surface)


def warm_faces(t: Any) -> None:
    """Draw a couple of card faces ahead of need each frame, at the largest size this
    layout shows cards at, so no frame later stalls drawing card art."""
    if t._warm_key != t.layout.size:
        t._warm_key = t.layout.size
        hand_w = int(hand_area(t.layout).h * 5 / 7)  # the largest size a card is drawn at
        names = [n for n in KIND_NAMES if n != "locust" and (
            ":" not in n or all(c in t.board.crop_names for c in n[5:].split("+")))
            and (n in t.board.crop_names or ":" in n or n == "stone")]
        names += ["locust", *MONUMENTS]
        t._warm_queue = [(n, hand_w, lab) for lab in (True, False) for n in names]
        t._warm_queue += [("back", hand_w, False), ("flood", hand_w, False)]
    done = 0
    while t._warm_queue and done < 2:
        name, width, label = t._warm_queue.pop(0)
        done += paint_warm(name, width, label)


def draw_overlay(t: Any, surface: pygame.Surface) -> None:
    """What moves every frame: the glow of places, the active seat's ring, cards in
    flight, banners, the dragged card and the tooltip."""
    p = Paint(surface, t.layout, hover=t.input.hover, cursor=t.input.cursor,
              revealed=t.flow.revealed)
    p.hits = t.hits
    if t.flow.phase not in (F.HANDOFF, F.OVER):
        active = t.board.active
        if not t.board.over and 0 <= active < t.session.players:
            p.ring(t.layout.seat(active), theme.GOLD_LIGHT,
                   2 + round(1.5 * (1 + t.pulse)), 3)
        places = {tg.id: tg for tg in t.targets_shown()}
        if places:
            for e in t.hits.items:
                target = places.get(e.data.get("target", ""))
                if target is not None and e.data.get("seat") in (target.seat, None) \
                        and not e.selected:
                    p.glow(e.rect, t.pulse)
    draw_sprites(p, t.stage.sprites)
    seats = t.layout.rect("table")
    t.stage.banners.draw(p, (seats[0] + seats[2] // 2, t.layout.rect("status")[1]
                                - t.layout.px(70)))
    if t.coach is not None:  # the lesson or hint, over the table, with its buttons
        t.coach.draw(p, t)
    t.input.draw_drag(p)
    tip = t.input.tooltip(t.hits)
    if tip:
        draw_tooltip(p, tip, t.input.mouse)
    t.cards_drawn += p.cards_drawn
    t.private_faces = t.private_faces + p.private_faces
    if dump.active():
        for e in t.hits.items:
            dump.add(e.id, e.role, e.label, e.rect, e.enabled, e.selected, e.data,
                     tooltip=e.tooltip or None)
