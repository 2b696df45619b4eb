"""A place that glows in a seat's panel keeps its rim below the seat's name and kind line.

A rival's field a picked card could take over (R-PLANT-4) pulses gold; its rim
must not cover who the seat is ("Easy bot") while the player decides.
"""

from __future__ import annotations

import pygame

from nile_desktop.scenes.table.display.frame import TableDrawer
from nile_desktop.scenes.table.display.paint import Element, Paint
from nile_desktop.scenes.table.display.seats_view import SEAT_HEAD_UNITS
from nile_desktop.scenes.table.logic.layout import TableLayout


def test_a_glowing_field_in_a_seat_stays_below_its_name_and_kind() -> None:
    lay = TableLayout.compute((1280, 720), 3)
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    p = Paint(surface, lay, hover=None, cursor=None, revealed=0)
    panel = pygame.Rect(lay.seat(1))
    head = panel.top + p.px(SEAT_HEAD_UNITS)
    field = Element("field.1.wheat", "field", "Wheat", (panel.left + 12, head + 4, 60, 90),
                    data={"zone": "field", "seat": 1, "target": "field:wheat"})
    TableDrawer._glow_place(p, field, 1.0)
    above = pygame.Rect(panel.left, panel.top, panel.w, head - panel.top)
    assert all(surface.get_at((x, y))[:3] == (0, 0, 0)
               for x in range(above.left, above.right, 2) for y in range(above.top, above.bottom))
    below = [surface.get_at((x, head + 1))[:3] for x in range(panel.left, panel.right)]
    assert any(c != (0, 0, 0) for c in below)  # the rim is drawn, only kept under the head
    assert surface.get_clip() == surface.get_rect()  # the clip is given back
