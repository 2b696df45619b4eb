"""The table's sound button, beside the menu: a speaker that mutes all sound.

It shows the mute key (the same on every screen) like the other buttons show
theirs, so a player who wants quiet at the table finds it there; the speaker
wears a cross while the sound is off.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from nile_desktop.app_sound import MUTE_KEY_NAME
from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.paint import Paint
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import controls as words

#: Drawn this many times larger, then smoothly scaled down: soft edges at any size.
OVERSAMPLE = 4


def draw_sound_button(p: Paint, v: TableView) -> None:
    muted = bool(v.prefs.muted)
    name = words.sound_button(muted)

    def glyph(surface: pygame.Surface, square: pygame.Rect, colour: tuple[int, ...]) -> None:
        surface.blit(speaker(square.w, tuple(colour), muted), square)

    draw_button(p, "sound", name, v.layout.rect("sound"), hotkey=MUTE_KEY_NAME, size=13,
                tooltip=f"{name} ({MUTE_KEY_NAME})", glyph=glyph)


@lru_cache(maxsize=16)
def speaker(side: int, colour: tuple[int, ...], muted: bool) -> pygame.Surface:
    """A speaker of ``side`` pixels: with two sound waves, or with a cross when muted."""
    big = max(1, side) * OVERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    u = big / 16
    body = [(1 * u, 5.5 * u), (4 * u, 5.5 * u), (8.5 * u, 1.5 * u), (8.5 * u, 14.5 * u),
            (4 * u, 10.5 * u), (1 * u, 10.5 * u)]
    pygame.draw.polygon(canvas, colour, body)
    line = max(1, round(1.5 * u))
    if muted:
        cross = max(1, round(1.8 * u))  # as wide as the waves reach: clear at a glance
        pygame.draw.line(canvas, colour, (10 * u, 4.5 * u), (15.5 * u, 11.5 * u), cross)
        pygame.draw.line(canvas, colour, (10 * u, 11.5 * u), (15.5 * u, 4.5 * u), cross)
    else:
        for radius in (4.5, 8.0):
            box = pygame.Rect(0, 0, round(2 * radius * u), round(2 * radius * u))
            box.center = (round(6.5 * u), round(8 * u))
            pygame.draw.arc(canvas, colour, box, -0.75, 0.75, line)
    return pygame.transform.smoothscale(canvas, (max(1, side), max(1, side)))
