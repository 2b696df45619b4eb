"""Drawing the table each frame: the kept picture, zone by zone, and what moves over it.

:class:`TableDrawer` owns everything drawing keeps from frame to frame: the
layout, the kept picture (:mod:`picture`), the elements of the last frame
(the hits that input, the effects and the UI dump read), the card faces
warmed ahead of need, and what the last frame showed (for the frame bench and
the privacy tests). It reads one :class:`~nile_desktop.scenes.table.logic.view.TableView`
a frame and writes only its own state, pixels and elements.

The picture holds everything still; each zone has a key made of what it
shows, and only zones whose key changed are drawn again. Over the picture,
every frame, come the glow of places, the active seat's ring, cards in
flight, banners, a lesson or hint, the dragged card and the tooltip.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from nile_desktop.engine import KIND_NAMES, MONUMENTS
from nile_desktop.i18n import current_language
from nile_desktop.scenes.table.display.backdrop import Backdrop
from nile_desktop.scenes.table.display.buttons import draw_button, draw_tooltip
from nile_desktop.scenes.table.display.coach_view import CoachView
from nile_desktop.scenes.table.display.controls import draw_actions, draw_status, status_text
from nile_desktop.scenes.table.display.logview import LogView
from nile_desktop.scenes.table.display.overlays import draw_handoff
from nile_desktop.scenes.table.display.paint import Element, Hits, Paint
from nile_desktop.scenes.table.display.paint import warm as paint_warm
from nile_desktop.scenes.table.display.picture import Picture
from nile_desktop.scenes.table.display.results_view import draw_results
from nile_desktop.scenes.table.display.river_view import draw_river
from nile_desktop.scenes.table.display.seats_view import (
    SEAT_HEAD_UNITS,
    SEAT_ZONES,
    draw_seat,
    open_hand,
)
from nile_desktop.scenes.table.display.sound_button import draw_sound_button
from nile_desktop.scenes.table.display.sprite_draw import draw_banner, draw_sprites
from nile_desktop.scenes.table.display.tray_view import draw_hand, draw_storage, hand_area
from nile_desktop.scenes.table.logic.flow import Phase
from nile_desktop.scenes.table.logic.layout import Rect, TableLayout
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import controls as words
from nile_desktop.ui import dump, textlog, theme

#: Seconds of zone drawing a frame may spend (after its first zone) before further zones
#: wait for the next frames: while the table plays by itself, one zone a frame.
FRAME_BUDGET = 0.0
#: Zones always drawn in the frame they change: a cover over everything, and the prompt
#: line, the action row and the log, which tell the same moment (a bot's step, "Skip to my
#: turn", the newest line) and so change together; all three are text, cheap to draw.
URGENT_ZONES = frozenset({"cover", "status", "actions", "log"})

Zone = tuple[str, Rect, object, Callable[[Paint], None]]


def table_zones(v: TableView, logview: LogView) -> list[Zone]:
    """The zones of the picture in drawing order: (name, area, key, draw)."""
    lay = v.layout
    b = v.board
    rev = v.revealed
    m = lay.px(5)

    def area(name: str) -> Rect:
        x, y, w, h = lay.rect(name)
        return (x - m, y - m, w + 2 * m, h + 2 * m)

    hover, pressed = v.pointer.hover or "", v.pointer.pressed or ""
    common = (current_language(), v.pointer.cursor, v.prefs.show_hand_sizes,
              v.prefs.colourblind_symbols)
    # the draft matters only while a person composes (a new draft each move otherwise)
    drafting: tuple[object, ...] = (False,)
    if v.composing:
        drafting = (True, id(v.draft), v.draft.version, tuple(sorted(tg.id for tg in v.targets)))
    zones: list[Zone] = []
    for i in range(v.players):
        key = (common, drafting, b.fields_of(i), b.monuments_of(i), b.speculation_of(i),
               b.hand_size(i), b.storage_size(i), v.to_play == i, b.over, rev == i,
               b.hand(i) if open_hand(v, i) else None,
               v.chance_for(i), v.statuses[i] if v.statuses else None)
        zones.append((f"seat.{i}", area(f"seat.{i}"), key, partial(draw_seat, v=v, seat=i)))
    owners = tuple(b.monument_owner(k) for k in range(len(MONUMENTS))) if b.monuments_on else ()
    zones.append(("river", area("river"), (common, drafting, b.flood_card, b.flood_under,
                                           b.deck_size, b.discard_size, b.season, owners),
                  lambda p: draw_river(p, v)))
    private = rev is not None and 0 <= rev < b.players
    zones.append(("hand", area("hand"), (common, drafting, rev, b.active,
                                         b.hand(rev) if private and rev is not None else None),
                  lambda p: draw_hand(p, v)))
    zones.append(("storage", area("storage"), (common, drafting, rev, b.active,
                                               b.storage_of(rev) if private and rev is not None
                                               else None),
                  lambda p: draw_storage(p, v)))
    zones.append(("status", area("status"),
                  (common, drafting, status_text(v), v.suggesting, v.phase, v.takeback,
                   v.takeback_armed, v.replay,
                   hover if hover.startswith(("tool.", "seek", "hands")) else "", pressed),
                  lambda p: draw_status(p, v)))
    zones.append(("actions", area("actions"),
                  (common, drafting, v.phase, v.pass_armed, v.active, b.active, v.replay,
                   rev, hover if hover.startswith(("action.", "step.")) or hover == "done"
                   else "", pressed), lambda p: draw_actions(p, v)))
    zones.append(("log", area("log"),
                  (common, v.log.version, logview.back, logview.cover, rev,
                   hover == "menu", pressed == "menu", v.replay is None,
                   v.prefs.muted, hover == "sound", pressed == "sound"),
                  lambda p: draw_log(p, v, logview)))
    return zones


def draw_log(p: Paint, v: TableView, logview: LogView) -> None:
    logview.draw(p, v)
    draw_button(p, "menu", words.menu_button(replay=v.replay is not None), v.layout.rect("menu"), hotkey="Esc", size=13)
    draw_sound_button(p, v)


class TableDrawer:
    """The drawing state of the table, kept between frames, and the drawing of a frame."""

    def __init__(self, logview: LogView, backdrop: Backdrop) -> None:
        self.logview = logview
        self.backdrop = backdrop
        self.layout: TableLayout | None = None
        self.picture = Picture()
        #: The elements of the last frame, in draw order (input and the UI dump read them).
        self.hits = Hits()
        #: Card images blitted in the last frame (the frame bench compares against it).
        self.cards_drawn = 0
        #: Owners of the private cards the last frame showed face up (privacy tests).
        self.private_faces: list[int] = []
        self._last_revealed: int | None = None
        self._last_to_play: int | None = None
        self._picture_hits: Hits | None = None
        self._warm_key: tuple[int, int] | None = None
        self._warm_queue: list[tuple[str, int, bool]] = []
        #: The lesson or hint panel drawn over the table, if the game has a coach.
        self.coach: CoachView | None = None

    # -- what effects and input ask --------------------------------------------------------
    def element_rect(self, element_id: str) -> Rect | None:
        element = self.hits.get(element_id)
        return element.rect if element is not None else None

    def relayout(self) -> None:
        self.layout = None

    def layout_for(self, size: tuple[int, int], players: int, centre: bool = True
                   ) -> TableLayout:
        """The layout for a window of ``size`` (worked out again when the size changes);
        ``centre``: with room for the Monuments in the centre."""
        if self.layout is None or self.layout.size != size:
            self.layout = TableLayout.compute(size, players, centre)
        return self.layout

    # -- a frame ---------------------------------------------------------------------------------
    def draw(self, v: TableView, surface: pygame.Surface,
             on_hits: Callable[[Hits], None] | None = None) -> None:
        """Draw the frame of ``v``; ``on_hits`` sees the picture's elements before the
        overlay adds its own (the keyboard cursor stays only on what the picture holds)."""
        size = surface.get_size()
        zones = table_zones(v, self.logview)
        base: tuple[object, ...] = (size, v.phase, current_language())
        if textlog.active():  # text is being checked: every zone is drawn in this frame
            self.picture.reset()
        phase = v.phase
        if phase == Phase.HANDOFF or phase == Phase.OVER:  # a cover: redraw on change
            # the results leave the lesson panel's column free (the tutorial's last lesson)
            aside = self.coach.lesson_rect(v.layout) if self.coach is not None else None
            base = (base, tuple(z[2] for z in zones), round(v.reveal, 2), v.reveal >= 1.0,
                    v.pointer.hover, v.pointer.pressed,  # rings show once all is turned
                    None if aside is None else tuple(aside))
            zones.append(("cover", (0, 0, size[0], size[1]), base,
                          (lambda p: draw_handoff(p, v)) if phase == Phase.HANDOFF
                          else (lambda p: draw_results(p, v, aside))))
        backdrop = self.backdrop.get(v.layout)

        def paint(target: pygame.Surface) -> Paint:
            return Paint(target, v.layout, hover=v.pointer.hover, cursor=v.pointer.cursor,
                         revealed=v.revealed)

        # a new viewer, a cover or a check of the text: everything now; else spread the work
        # (only while the table plays by itself: a person composing sees every change at once)
        steady = (v.revealed == self._last_revealed and not textlog.active() and not v.composing
                  and (v.replay is None or v.replay.playing))  # a replay's step or seek: at once
        self._last_revealed = v.revealed
        budget = FRAME_BUDGET if steady else None
        urgent = URGENT_ZONES
        if v.to_play != self._last_to_play:  # "to play" moves from one seat to the next at once
            urgent = urgent | {f"seat.{i}" for i in range(v.players)}
            self._last_to_play = v.to_play
        if self.picture.update(size, base, backdrop, zones, paint, budget=budget,
                               urgent=urgent) or self._picture_hits is None:
            self._picture_hits = self.picture.hits([z[0] for z in zones])
        # this frame's elements: the picture's, then what the overlay adds (a lesson panel)
        self.hits = self._picture_hits.copy()
        if on_hits is not None:
            on_hits(self.hits)
        assert self.picture.surface is not None  # update() made it
        surface.blit(self.picture.surface, (0, 0))
        self._warm_faces(v)
        self.cards_drawn = self.picture.cards()
        self.private_faces = self.picture.private_faces()
        self._draw_overlay(v, surface)

    def _warm_faces(self, v: TableView) -> None:
        """Draw a couple of card faces ahead of need each frame, at the largest size this
        layout shows cards at, so no frame later stalls drawing card art."""
        if self._warm_key != v.layout.size:
            self._warm_key = v.layout.size
            hand_w = int(hand_area(v.layout).h * 5 / 7)  # the largest size a card is drawn at
            crops = v.board.crop_names
            names = [n for n in KIND_NAMES if n != "locust" and (
                ":" not in n or all(c in crops for c in n[5:].split("+")))
                and (n in crops or ":" in n or n == "stone")]
            names += ["locust", *MONUMENTS]
            self._warm_queue = [(n, hand_w, lab) for lab in (True, False) for n in names]
            self._warm_queue += [("back", hand_w, False), ("flood", hand_w, False)]
        done = 0
        while self._warm_queue and done < 2:
            name, width, label = self._warm_queue.pop(0)
            done += paint_warm(name, width, label)

    @staticmethod
    def _glow_place(p: Paint, e: Element, pulse: float) -> None:
        """A glowing place; in a seat's panel the rim stays below the seat's name and kind."""
        seat = e.data.get("seat")
        if e.data.get("zone") not in SEAT_ZONES or not isinstance(seat, int):
            p.glow(e.rect, pulse)
            return
        panel = pygame.Rect(p.lay.seat(seat))
        panel.top += p.px(SEAT_HEAD_UNITS)
        panel.h -= p.px(SEAT_HEAD_UNITS)
        old = p.surface.get_clip()
        p.surface.set_clip(panel.clip(old) if old else panel)
        p.glow(e.rect, pulse)
        p.surface.set_clip(old)

    def _draw_overlay(self, v: TableView, surface: pygame.Surface) -> None:
        """What moves every frame: the glow of places, the active seat's ring, cards in
        flight, banners, the dragged card and the tooltip."""
        lay = v.layout
        p = Paint(surface, lay, hover=v.pointer.hover, cursor=v.pointer.cursor,
                  revealed=v.revealed)
        p.hits = self.hits
        if v.phase not in (Phase.HANDOFF, Phase.OVER):
            active = v.board.active
            if not v.board.over and 0 <= active < v.players:
                p.ring(lay.seat(active), theme.GOLD_LIGHT, 2 + round(1.5 * (1 + v.pulse)), 3)
            places = {tg.id: tg for tg in v.targets}
            if places:
                for e in self.hits.items:
                    target = places.get(e.data.get("target", ""))
                    if target is not None and e.data.get("seat") in (target.seat, None) \
                            and not e.selected:
                        self._glow_place(p, e, v.pulse)
        draw_sprites(p, v.sprites)
        seats = lay.rect("table")
        draw_banner(p, v.banners, (seats[0] + seats[2] // 2, lay.rect("status")[1] - lay.px(70)),
                    bool(v.message))
        if self.coach is not None:  # the lesson or hint, over the table, with its buttons
            self.coach.draw(p, v)
        _draw_drag(p, v)
        tip, anchor = self._tooltip(v)
        if tip:
            draw_tooltip(p, tip, anchor)
        self.cards_drawn += p.cards_drawn
        self.private_faces = self.private_faces + p.private_faces
        if dump.active():
            for e in self.hits.items:
                dump.add(e.id, e.role, e.label, e.rect, e.enabled, e.selected, e.data,
                         tooltip=e.tooltip or None)

    def _tooltip(self, v: TableView) -> tuple[str, tuple[int, int]]:
        """The hovered or focused element's tooltip, and where it is shown: at the pointer,
        or under the element when the keyboard cursor is on it and the pointer is not."""
        if v.pointer.dragging is not None or v.pointer.hover is None:
            return "", v.pointer.mouse
        element = self.hits.get(v.pointer.hover)
        if element is None:
            return "", v.pointer.mouse
        if element.contains(v.pointer.mouse):
            return element.tooltip, v.pointer.mouse
        if element.id == v.pointer.cursor:
            x, y, w, h = element.rect
            return element.tooltip, (x + w // 4, y + h - v.layout.px(12))
        return "", v.pointer.mouse  # it moved from under the pointer: its tip is not shown


def _draw_drag(p: Paint, v: TableView) -> None:
    """The card being dragged, under the pointer."""
    kind = v.pointer.dragging
    if kind is None:
        return
    w = p.px(70)
    mouse = v.pointer.mouse
    rect = (mouse[0] - w // 2, mouse[1] - w * 7 // 10, w, w * 7 // 5)
    p.card(kind, rect)
    p.ring(rect, theme.GOLD_LIGHT, 3, 2)
