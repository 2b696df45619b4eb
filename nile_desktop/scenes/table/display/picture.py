"""The table's picture, kept between frames and redrawn zone by zone.

Most frames change nothing on the table itself: only cards in flight, the
glow of places and the pointer move. The picture is therefore kept in one
surface and split into zones (each seat, the river, the hand, the storage,
the prompt line, the action buttons, the log). Each zone has a key: the
things it shows. A zone is redrawn (the still backdrop put back under it,
then its contents drawn) only when its key changed, so a harvest that lands
redraws one seat and the storage, not the whole window.

The elements each zone drew (for the pointer, the keyboard cursor and the
UI dump) are kept with it, in drawing order.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from nile_desktop.scenes.table.display.paint import Element, Hits, Paint

Draw = Callable[[Paint], None]


class Zone:
    def __init__(self, name: str) -> None:
        self.name = name
        self.key: object = None
        self.elements: list[Element] = []
        self.cards = 0
        self.private: list[int] = []
        #: Frames this zone has waited with a changed key (a frame budget put it off).
        self.waiting = 0


class Picture:
    """The kept surface, its zones and their elements."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.zones: dict[str, Zone] = {}
        self.base_key: object = None
        self.redraws = 0

    def reset(self) -> None:
        self.base_key = None

    def update(self, size: tuple[int, int], base_key: object, backdrop: pygame.Surface,
               zones: list[tuple[str, tuple[int, int, int, int], object, Draw]],
               make_paint: Callable[[pygame.Surface], Paint], *,
               budget: float | None = None, urgent: frozenset[str] = frozenset()) -> bool:
        """Redraw what changed; True if anything was drawn.

        ``zones`` lists (name, rect, key, draw) in drawing order; ``base_key``
        covers everything (size, seats, the backdrop): when it changes, every
        zone is drawn again. With a ``budget`` (seconds), the first changed
        zone is always drawn, and further ones not in ``urgent`` wait for a
        later frame once this frame has spent the budget, so a move that
        changes many zones spreads their drawing over a few frames. The zone
        that has waited longest goes first, so none waits more frames than
        there are zones.
        """
        started = time.perf_counter()
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                self.surface = self.surface.convert()
            self.base_key = None
        full = base_key != self.base_key
        if full:
            self.surface.blit(backdrop, (0, 0))
            self.zones = {}
            self.base_key = base_key
        pending: list[tuple[Zone, tuple[int, int, int, int], object, Draw]] = []
        for name, rect, key, draw in zones:
            zone = self.zones.get(name)
            if zone is None:
                zone = self.zones[name] = Zone(name)
            elif not full and zone.key == key:
                zone.waiting = 0
                continue
            pending.append((zone, rect, key, draw))
        spread = budget is not None and not full
        if spread:  # the longest waiting first; a stable sort keeps drawing order otherwise
            pending.sort(key=lambda item: -item[0].waiting)
        drawn = 0
        for zone, rect, key, draw in pending:
            if (spread and drawn and zone.key is not None and zone.name not in urgent
                    and time.perf_counter() - started > (budget or 0.0)):
                zone.waiting += 1
                continue  # drawn in a coming frame; its old picture and elements stay
            area = pygame.Rect(rect)
            if not full:
                self.surface.blit(backdrop, area.topleft, area)
            self.surface.set_clip(area)
            p = make_paint(self.surface)
            draw(p)
            self.surface.set_clip(None)
            zone.key = key
            zone.elements = list(p.hits.items)
            zone.cards = p.cards_drawn
            zone.private = list(p.private_faces)
            zone.waiting = 0
            drawn += 1
        for name in [n for n in self.zones if n not in {z[0] for z in zones}]:
            del self.zones[name]
        if drawn:
            self.redraws += 1
        return bool(drawn)

    def hits(self, order: list[str]) -> Hits:
        hits = Hits()
        for name in order:
            zone = self.zones.get(name)
            if zone is not None:
                for element in zone.elements:
                    hits.add(element)
        return hits

    def cards(self) -> int:
        return sum(z.cards for z in self.zones.values())

    def private_faces(self) -> list[int]:
        return [s for z in self.zones.values() for s in z.private]
