"""The replay's controls, where the table otherwise has its actions and its prompt line.

The action row holds First, Step back, Play or Pause, Step forward and Last;
the prompt line becomes the seek bar (the move counter and a track to click
or drag) and, for a finished game, the "Show all hands" switch; for a game
not yet over, a note says whose cards show. Each control is an element, so
the keyboard cursor, the tooltips and the UI dump reach it like any button.
"""

from __future__ import annotations

import pygame

from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect
from nile_desktop.scenes.table.logic.layout import Rect
from nile_desktop.scenes.table.logic.view import ReplayState, TableView
from nile_desktop.text import table_screens as words
from nile_desktop.ui import theme

#: (control, hotkey) of the replay's row, in order.
CONTROLS = (("first", "Home"), ("back", "Left"), ("play", "Space"), ("forward", "Right"),
            ("last", "End"), ("speed", "F"))


def draw_replay_controls(p: Paint, v: TableView, r: ReplayState) -> None:
    x, y, w, h = p.lay.rect("actions")
    gap = p.px(8)
    bw = (w - gap * (len(CONTROLS) - 1)) / len(CONTROLS)
    for i, (control, key) in enumerate(CONTROLS):
        rect = (round(x + i * (bw + gap)), y, round(bw), h)
        at_start, at_end = r.cursor <= 0, r.cursor >= r.total
        enabled = {"first": not at_start, "back": not at_start, "forward": not at_end,
                   "last": not at_end}.get(control, r.total > 0)
        draw_button(p, f"step.{control}", words.control_label(control, r.playing, r.rate), rect,
                    enabled=enabled, primary=control == "play", hotkey=key,
                    data={"control": control, "cursor": r.cursor, "total": r.total,
                          "rate": r.rate})


def track_rect(p: Paint, bar: pygame.Rect, label_w: int) -> Rect:
    """Where the seek track lies in the bar (the input turns a click's x into a move)."""
    left = bar.left + label_w + p.px(18)
    return (left, bar.top, max(p.px(40), bar.right - p.px(14) - left), bar.h)


def _paper(p: Paint, rect: pygame.Rect) -> None:
    """The prompt line's strip of papyrus, under the seek bar and the note."""
    pygame.draw.rect(p.surface, theme.PAPYRUS_LIGHT, rect, border_radius=p.px(8))
    pygame.draw.rect(p.surface, theme.INK_SOFT, rect, width=1, border_radius=p.px(8))


def draw_replay_bar(p: Paint, v: TableView, r: ReplayState) -> None:
    x, y, w, h = p.lay.rect("status")
    side_w = min(p.px(260), w // 3)
    bar = pygame.Rect(x, y, w - side_w - p.px(8), h)
    _paper(p, bar)
    counter = words.moves_played(r.cursor, r.total)
    label_w = min(theme.font(p.fs(14), True).size(counter)[0], bar.w // 2)
    p.text(counter, (bar.left + p.px(10), bar.centery), 14, theme.LAPIS, bold=True,
           anchor="midleft", width=label_w)
    track = track_rect(p, bar, label_w)
    tx, ty, tw, th = track
    line_y = ty + th // 2
    pygame.draw.line(p.surface, theme.INK_SOFT, (tx, line_y), (tx + tw, line_y), max(2, p.px(4)))
    share = r.cursor / r.total if r.total else 1.0
    knob = (round(tx + share * tw), line_y)
    pygame.draw.line(p.surface, theme.LAPIS, (tx, line_y), knob, max(2, p.px(4)))
    pygame.draw.circle(p.surface, theme.GOLD, knob, p.px(9))
    pygame.draw.circle(p.surface, theme.INK, knob, p.px(9), 1)
    p.add(Element("seek", "slider", counter, track, data={
        "cursor": r.cursor, "total": r.total},
        tooltip=words.seek_tooltip()))
    side = (bar.right + p.px(8), y + p.px(2), side_w, h - p.px(4))
    if r.finished:
        button = draw_button(p, "hands", words.show_all_hands(), side, primary=r.open_hands,
                             hotkey="H", size=13, data={"switch": True, "on": r.open_hands},
                             tooltip=words.show_all_hands_tooltip())
        button.selected = r.open_hands
        return
    note = words.cards_seen_by(v.names[r.seen_by] if r.seen_by is not None else None)
    box = pygame.Rect(side[0], y, side_w, h)
    _paper(p, box)
    sx, sw = box.left + p.px(8), box.w - p.px(16)
    lines = theme.wrap_text(note, p.fs(11), sw)
    if len(lines) > 2:
        lines = [lines[0], theme.fit_text(" ".join(lines[1:]), p.fs(11), sw)]
    line_h = theme.font(p.fs(11)).get_linesize()
    top = box.centery - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        p.text(line, (sx, top + i * line_h), 11, theme.INK, width=sw)
    p.add(Element("note", "note", note, as_rect(box), focusable=False, tooltip=note))
