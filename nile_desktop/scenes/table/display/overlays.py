"""What covers the table in pass-and-play (the hand-off screen), and what stands in
for the actions while bots play ("Skip to my turn").

While the hand-off shows, the table beneath is drawn with no private card
(the turn flow reveals nobody), and only the named person's confirmation
reveals their hand.
"""

from __future__ import annotations

import pygame

from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.paint import Paint, as_rect
from nile_desktop.scenes.table.logic import flow as F
from nile_desktop.scenes.table.logic.view import TableView
from nile_desktop.text import controls as words
from nile_desktop.ui import theme


def draw_handoff(p: Paint, v: TableView) -> None:
    sw, sh = p.surface.get_size()
    theme.dim(p.surface, 200)
    name = v.names[v.active]
    w, h = min(sw - p.px(40), p.px(640)), p.px(280)
    box = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
    p.panel(as_rect(box))
    p.text(words.pass_the_computer(), (box.centerx, box.top + p.px(24)), 26, theme.LAPIS, bold=True,
           anchor="midtop", width=box.w - p.px(40))
    p.text(words.turn_of(name), (box.centerx, box.top + p.px(84)),
           20, bold=True, anchor="midtop", width=box.w - p.px(40))
    p.text(words.look_away(), (box.centerx, box.top + p.px(124)), 16,
           theme.INK_SOFT, anchor="midtop", width=box.w - p.px(40))
    bw, bh = min(box.w - p.px(60), p.px(420)), p.px(54)
    draw_button(p, "handoff.ready", words.show_my_cards(name),
                (box.centerx - bw // 2, box.bottom - bh - p.px(30), bw, bh), primary=True,
                hotkey="Enter")


def skip_offered(v: TableView) -> bool:
    """While the table shows others' turns before a person's, they may skip ahead (not once
    the person's own turn is opening: its flood is theirs to see)."""
    if not v.humans or v.over or v.phase not in (F.PLAYBACK, F.BOT) or v.composing:
        return False
    shown = v.board.active if 0 <= v.board.active < v.players else v.active
    return v.phase == F.BOT or shown not in v.humans


def draw_skip(p: Paint, v: TableView, rect: tuple[int, int, int, int]
              ) -> tuple[int, int, int, int]:
    """"Skip to my turn" at the right end of the action row while others play; returns
    the part of the row left for the actions."""
    if not skip_offered(v):
        return rect
    x, y, w, h = rect
    bw = min(w // 3, p.px(220))
    draw_button(p, "action.skip", words.skip_to_my_turn(), (x + w - bw, y, bw, h), primary=True,
                data={"action": "skip", "move": ""})
    return (x, y, w - bw - p.px(8), h)
