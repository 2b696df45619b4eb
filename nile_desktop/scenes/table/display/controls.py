"""The action buttons, the tools and the prompt line of the table.

Market, Offer to Hapi, Plant, Speculate and End turn are enabled only when
the person's picks make that move legal (the engine says so); a disabled
button's tooltip says why. End turn asks for a second press, and no button
answers in the moment after a move was played, so one stray click or a
double-click never plays a move by accident.
"""

from __future__ import annotations

import pygame

from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.overlays import draw_skip
from nile_desktop.scenes.table.display.paint import Element, Paint, as_rect
from nile_desktop.scenes.table.display.replay_view import draw_replay_bar, draw_replay_controls
from nile_desktop.scenes.table.logic import flow as F
from nile_desktop.scenes.table.logic.draft import Action
from nile_desktop.scenes.table.logic.view import TableView, Tone
from nile_desktop.text import controls as words
from nile_desktop.text.controls import action_label, tool_label, tool_rule
from nile_desktop.text.words import refusal_words
from nile_desktop.ui import theme

#: (action, hotkey) of the action row, in order.
ACTION_KEYS = ((Action.MARKET, "M"), (Action.OFFER, "O"), (Action.PLANT, "P"),
               (Action.SPECULATE, "S"), (Action.PASS, "E"))
#: The colour of each tone of the prompt line's messages.
TONE_COLOURS: dict[Tone, tuple[int, ...]] = {Tone.ERROR: theme.ERROR, Tone.NOTE: theme.LAPIS,
                                             Tone.SUGGESTION: theme.REEDS}
TOOL_KEYS = (("undo", "Ctrl+Z"), ("clear", "C"), ("suggest", "H"), ("moves", "A"))


def shown_tools(v: TableView) -> tuple[tuple[str, str], ...]:
    """The tools of this frame: Undo gives way to Take back my turn while it has nothing to
    undo and a take-back is offered (Ctrl+Z does the same)."""
    if not v.takeback:
        return TOOL_KEYS
    return tuple(("takeback", key) if tool == "undo" else (tool, key) for tool, key in TOOL_KEYS)


def _row(rect: tuple[int, int, int, int], n: int, gap: int) -> list[tuple[int, int, int, int]]:
    x, y, w, h = rect
    bw = (w - (n - 1) * gap) / n
    return [(round(x + i * (bw + gap)), y, round(bw), h) for i in range(n)]


def draw_actions(p: Paint, v: TableView) -> None:
    if v.replay is not None:  # a replay: its controls stand where the actions do
        draw_replay_controls(p, v, v.replay)
        return
    rect = p.lay.rect("actions")
    phase = v.phase
    if phase == F.REVIEW:
        nxt = v.active
        label = words.done_pass_to(v.names[nxt])
        draw_button(p, "done", label, rect, primary=True, hotkey="Enter")
        return
    if phase == F.OVER:
        return
    composing = v.composing
    rect = draw_skip(p, v, rect)
    for (action, key), r in zip(ACTION_KEYS, _row(rect, len(ACTION_KEYS), p.px(8)), strict=True):
        refusal = v.draft.action_refusal(action) if composing else None
        enabled = composing and refusal is None
        tip = refusal_words(v.names, refusal) if composing and refusal is not None else ""
        armed = action is Action.PASS and v.pass_armed
        draw_button(p, f"action.{action.value}", action_label(action.value, armed), r,
                    enabled=enabled, primary=action is Action.PLANT or armed, hotkey=key,
                    tooltip=tip, data={"action": action.value,
                                       "move": v.draft.move_text(action) if composing
                          else ""})


def draw_tools(p: Paint, v: TableView) -> int:
    """Undo, Clear, Suggest and All moves, right-aligned in the status row, each as wide
    as its label; returns the left edge they leave free."""
    x, y, w, h = p.lay.rect("status")
    composing = v.composing
    gap = p.px(6)
    size = 13
    # room for the label and, beside it, the key hint (which never covers the label)
    tools = shown_tools(v)
    widths = [min(p.px(170), theme.font(p.fs(size), True).size(
        tool_label(tool, v.takeback_armed))[0] + theme.font(p.fs(11), False).size(key)[0]
        + p.px(24)) for tool, key in tools]
    left = x + w - sum(widths) - gap * (len(widths) - 1)
    cx = left
    for (tool, key), bw in zip(tools, widths, strict=True):
        r = (cx, y + p.px(2), bw, h - p.px(4))
        cx += bw + gap
        if tool == "takeback":
            enabled = True
        elif tool == "undo":
            enabled = composing and v.draft.can_undo()
        elif tool == "clear":
            enabled = composing and not v.draft.empty
        elif tool == "suggest":
            enabled = composing and not v.suggesting
        else:
            enabled = composing
        label = tool_label(tool, v.takeback_armed)
        rule = tool_rule(tool) if enabled else ""  # (a disabled tool's tip is said on a click)
        tip = f"{label} ({key}): {rule}" if rule else ""
        draw_button(p, f"tool.{tool}", label, r, enabled=enabled,
                    hotkey=key, size=size, tooltip=tip,
                    primary=tool == "takeback" and v.takeback_armed)
    return left


def status_text(v: TableView) -> tuple[str, tuple[int, ...]]:
    """The prompt line: a refusal first, then what the table is waiting for."""
    if v.message:
        return v.message, TONE_COLOURS[v.message_tone]
    phase = v.phase
    name = v.names[v.active] if not v.over else ""
    if phase == F.OVER:
        return words.game_over(), theme.INK
    if phase == F.BOT:
        return words.thinking(name), theme.INK_SOFT
    if phase == F.HANDOFF:
        return words.pass_computer_to(name), theme.LAPIS
    if phase == F.REVIEW:
        return words.see_new_cards(), theme.LAPIS
    if phase == F.PLAYBACK:  # the seat whose move the table is showing, not the engine's next
        shown = v.board.active if 0 <= v.board.active < v.players else v.active
        if not (v.revealed == shown == v.active and shown in v.humans):
            return words.plays(v.names[shown]), theme.INK_SOFT
    if v.suggesting:
        return words.looking_for_move(), theme.INK_SOFT
    if v.draft.staged:
        refusal = v.draft.action_refusal(Action.PLANT)
        if refusal is not None:  # not a whole planting yet: say what it still needs
            return words.not_yet(refusal_words(v.names, refusal)), theme.LAPIS
        return words.press_plant(), theme.LAPIS
    if not v.draft.empty and not v.targets:  # a trade's cards, or a crop that cannot go now
        return words.picked_cannot_plant(), theme.LAPIS
    if not v.draft.empty:
        return words.picked(), theme.LAPIS
    return words.your_turn(name), theme.LAPIS


def draw_status(p: Paint, v: TableView) -> None:
    if v.replay is not None:  # a replay: the seek bar stands where the prompt line does
        draw_replay_bar(p, v, v.replay)
        return
    x, y, w, h = p.lay.rect("status")
    left_free = draw_tools(p, v)
    text, colour = status_text(v)
    bar = pygame.Rect(x, y, left_free - x - p.px(8), h)
    pygame.draw.rect(p.surface, theme.PAPYRUS_LIGHT, bar, border_radius=p.px(8))
    pygame.draw.rect(p.surface, theme.INK_SOFT, bar, width=1, border_radius=p.px(8))
    size = 14
    lines = theme.wrap_text(text, p.fs(size), bar.w - p.px(16))
    if len(lines) > 1:
        size = 12
        lines = theme.wrap_text(text, p.fs(size), bar.w - p.px(16))
    if len(lines) > 2:
        lines = [lines[0], theme.fit_text(" ".join(lines[1:]), p.fs(size), bar.w - p.px(16))]
    line_h = theme.font(p.fs(size)).get_linesize()
    top = bar.centery - line_h * len(lines) // 2
    for i, line in enumerate(lines):
        theme.draw_text(p.surface, line, (bar.left + p.px(8), top + i * line_h), p.fs(size),
                        colour, bold=colour == theme.ERROR)
    p.hits.add(Element("status", "status", text, as_rect(bar), focusable=False))
