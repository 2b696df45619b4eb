"""The coach on the table: the lesson panel, its highlight and arrow, its buttons.

:class:`CoachView` is what :class:`TableScene` is given as ``coach=``. It
wraps a display-free :class:`~nile_desktop.tutorial.coach.Coach` and is the
table's single point of contact with the tutorial: the table asks it before
a person's move (:meth:`refusal`), before a bot's (:meth:`hold_bot`,
:meth:`bot_move`), tells it every move (a table listener) and every event as
its effect lands (hints answer what the table shows, lessons appear once the
table is still), and lets it draw.
It acts on the table only through :class:`~nile_desktop.scenes.table.logic.commands.TableCommands`
(hold the flow for a lesson, stage the lesson's move, play, leave) and draws
from the frame's :class:`~nile_desktop.scenes.table.logic.view.TableView`.

The panel lies over the top of the game log, as tall as the lesson needs,
and the log's newest lines show below it. The
part of the table a lesson speaks of — a layout area such as ``flood`` or
``seat.1``, or an element id — gets a pulsing ring and an arrow from the
panel. The buttons ("Next", also the N key; "Show me", "Skip lesson", "Leave tutorial") and
the panel itself are table elements, so the UI dump and scripted players
see them (the panel's data names the lesson and the move it waits for).

The same view shows one-line hints in normal games (``hints=``).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence

import pygame

from nile_desktop.engine import RefusalCode
from nile_desktop.engine.events import Event
from nile_desktop.i18n import current_language
from nile_desktop.scenes.table.display.buttons import draw_button
from nile_desktop.scenes.table.display.paint import Element, Hits, Paint, as_rect
from nile_desktop.scenes.table.logic.commands import Listener, TableCommands
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.session import GameSession
from nile_desktop.scenes.table.logic.view import TableView, Tone
from nile_desktop.settings import Settings
from nile_desktop.text import screens
from nile_desktop.text import table_screens as words
from nile_desktop.text.refusals import TableRefusalCode
from nile_desktop.tutorial.coach import Coach
from nile_desktop.tutorial.hints import Hints, hints_wanted
from nile_desktop.ui import theme

log = logging.getLogger(__name__)

HOLD = "lesson"


def highlight_rect(p: Paint, highlight: str) -> tuple[int, int, int, int] | None:
    """The rect of the first of ``highlight``'s names (``a|b``) that is an element drawn
    this frame or a layout area."""
    for name in highlight.split("|"):
        element = p.hits.get(name)
        if element is not None:
            return element.rect
        if name in p.lay.areas:
            return p.lay.rect(name)
    return None


def spotlight(surface: pygame.Surface, holes: list[pygame.Rect], alpha: int = 70) -> None:
    """Dim the whole window a little, except ``holes``."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((*theme.BLACK, alpha))
    for hole in holes:
        shade.fill(theme.CLEAR, hole)
    surface.blit(shade, (0, 0))


def draw_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
               colour: tuple[int, ...], width: int) -> None:
    """A thick arrow from ``start`` to ``end`` with a head at ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 8:
        return
    ux, uy = dx / length, dy / length
    head = width * 4
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, theme.INK, start, base, width + 4)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, theme.INK, [end, left, right])
    inner = [end, (left[0] * 0.8 + end[0] * 0.2, left[1] * 0.8 + end[1] * 0.2),
             (right[0] * 0.8 + end[0] * 0.2, right[1] * 0.8 + end[1] * 0.2)]
    pygame.draw.polygon(surface, colour, inner)


def _edge_towards(rect: pygame.Rect, point: tuple[float, float]) -> tuple[int, int]:
    """The point on ``rect``'s border nearest the line from its centre to ``point``."""
    cx, cy = rect.center
    dx, dy = point[0] - cx, point[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    sx = (rect.w / 2) / abs(dx) if dx else math.inf
    sy = (rect.h / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy)
    return (round(cx + dx * s), round(cy + dy * s))


class CoachView:
    """The tutorial's lessons (and the hints of normal games) drawn on the table."""

    def __init__(self, coach: Coach | None = None, *, hints: Hints | None = None,
                 on_leave: Callable[[object], object] | None = None,
                 on_change: Callable[[], object] | None = None) -> None:
        self.coach = coach
        self.hints = hints
        self.on_leave = on_leave
        if coach is not None and on_change is not None:
            coach.on_change.append(on_change)
        self._table: TableCommands | None = None
        self._down: str | None = None
        #: The lesson panel as last measured: (what it was measured for, box, title, lines).
        self._measured: tuple[object, pygame.Rect, list[str], list[str]] | None = None

    # -- wiring ----------------------------------------------------------------------
    def attach(self, table: TableCommands, listeners: list[Listener],
               landed: list[Callable[[Sequence[Event]], None]]) -> None:
        """Act on ``table`` from now on, told of every move through ``listeners`` and of
        its events as their effects land through ``landed``."""
        self._table = table
        listeners.append(self._moved)
        landed.append(self._landed)

    @property
    def table(self) -> TableCommands:
        assert self._table is not None, "attach() the coach to a table first"
        return self._table

    @property
    def session(self) -> GameSession:
        return self.table.session

    def _moved(self, _game: object, events: list[Event]) -> None:
        if not events:
            return
        session = self.session
        seat = getattr(events[0], "seat", session.active)
        move = session.save.moves[-1] if session.save.moves else ""
        if self.coach is not None:
            self.coach.moved(seat, move, events, session.state)
            self._hold()
        if self.hints is not None:
            self.hints.moved(seat)

    def _landed(self, events: Sequence[Event]) -> None:
        """Events landed on the table: a hint answers them now, as the person sees them."""
        if self.hints is not None:
            self.hints.landed(events, self.table.revealed)

    def _hold(self) -> None:
        if self.coach is not None and self.coach.holding(self.session.state):
            self.table.hold(HOLD)
        else:
            self.table.release(HOLD)

    # -- asked by the table -------------------------------------------------------------
    def refusal(self, move: str) -> str | None:
        """The lesson's friendly word if the person may not play ``move`` now."""
        if self.coach is None:
            return None
        if not self.table.effects_busy():  # the table is still: the lesson due is on show
            self.coach.refresh(self.session.state)
        why = self.coach.allows(str(move), self.session.active)
        return None if why is None else str(why)

    def hold_bot(self) -> bool:
        if self.coach is None:
            return False
        if not self.table.effects_busy():
            self.coach.refresh(self.session.state)
        self._hold()
        return self.coach.holding(self.session.state)

    def bot_move(self) -> str | None:
        if self.coach is None:
            return None
        return self.coach.bot_move(self.session.state, self.session.save.moves)

    def refused(self, code: RefusalCode | TableRefusalCode) -> None:
        """The table refused something for the rule ``code``: a lesson that invited the
        attempt says why in its own words; hints note new reasons."""
        words = self.coach.tried(code) if self.coach is not None else None
        if words is not None:
            self.table.say(words, Tone.NOTE)
        if self.hints is not None:
            self.hints.refused(code)

    def update(self, dt: float) -> None:
        busy = self.table.effects_busy()
        if self.coach is not None and not busy:
            self.coach.refresh(self.session.state)
        self._hold()
        if self.hints is not None:
            self.hints.tick(dt)
            if self.table.composing() and not busy:
                self.hints.situation(self.session.state)

    # -- buttons ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, hits: Hits) -> bool:
        """Clicks on the lesson panel (over the top of the log) are the coach's own, and so
        is N, the key of "Next" while a lesson only asks to be read."""
        if event.type == pygame.KEYDOWN:
            lesson = self.coach.shown if self.coach is not None else None
            if event.key == pygame.K_n and lesson is not None and lesson.move is None \
                    and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                self.press("coach.next")
                return True
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if getattr(event, "button", 1) != 1:
            return False
        panel = hits.get("coach.panel") or hits.get("hint.panel")
        if panel is None or not panel.contains(event.pos):
            self._down = None
            return False
        element = hits.at(event.pos)
        eid = element.id if element is not None and element.role == "button" else None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down = eid
        elif eid is not None and eid == self._down and element is not None and element.enabled:
            self._down = None
            self.press(eid)
        return True

    def press(self, bid: str) -> None:
        coach = self.coach
        table = self.table
        if bid == "coach.leave":
            self.leave()
            return
        if bid == "hint.close" and self.hints is not None:
            self.hints.close()
            return
        if coach is None:
            return
        state = self.session.state
        if bid == "coach.next":
            coach.next(state)
            if coach.finished:
                self.leave()
        elif bid == "coach.show":
            lesson = coach.shown
            if lesson is not None and lesson.move and table.composing():
                table.load_move(lesson.move)
        elif bid == "coach.skip":
            lesson = coach.shown
            if lesson is None or (lesson.move and not table.composing()):
                return
            move = coach.skip(state)
            if move is not None:
                table.play(move)
            if coach.finished:
                self.leave()
        self._hold()

    def leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave(self.table)
        self.table.to_title()

    # -- drawing ------------------------------------------------------------------------
    def draw(self, p: Paint, view: TableView) -> None:
        if self.coach is not None:
            self._draw_lesson(p, view)
        if self.hints is not None and self.hints.current is not None:
            self._draw_hint(p, view)

    def panel_rect(self, lay: TableLayout) -> pygame.Rect:
        """The most room the lesson panel may take: the log's area below the Menu button."""
        lx, ly, lw, lh = lay.rect("log")
        top = lay.rect("menu")[1] + lay.rect("menu")[3] + lay.px(6)
        return pygame.Rect(lx, top, lw, ly + lh - top)

    def point_at(self, p: Paint, highlight: str, source: pygame.Rect, pulse: float,
                 dim: bool = True) -> None:
        rect = highlight_rect(p, highlight)
        if rect is None:
            return
        r = pygame.Rect(rect)
        if dim:
            spotlight(p.surface, [r.inflate(p.px(16), p.px(16)), source])
        p.ring(as_rect(r), theme.GOLD_LIGHT, 4 + round(2 * pulse), 4)
        p.ring(as_rect(r), theme.INK, 1, 9)
        end = _edge_towards(r.inflate(p.px(18), p.px(18)), source.center)
        start = _edge_towards(source, r.center)
        if math.dist(start, end) < p.px(80):  # right beside the panel: point into the target
            end = _edge_towards(r.inflate(-r.w // 2, -r.h // 2), source.center)
            start = (source.left + p.px(40), source.top + p.px(14))
        draw_arrow(p.surface, start, end, theme.GOLD_LIGHT, max(3, p.px(5)))

    def arrange(self, lay: TableLayout) -> tuple[pygame.Rect, list[str], list[str]] | None:
        """Size the lesson panel to its words and buttons (measured once per lesson, language
        and size); the panel, title and text lines, or None with no lesson on show."""
        lesson = self.coach.shown if self.coach is not None else None
        if lesson is None:
            return None
        room = self.panel_rect(lay)
        key = (lesson.id, current_language(), tuple(room), lay.unit)
        if self._measured is None or self._measured[0] != key:  # words wrap once, not a frame
            px, fs = lay.px, lay.font
            pad, bh, gap, size = px(12), px(34), px(8), fs(14)
            width = room.w - 2 * pad
            titles = theme.wrap_text(str(lesson.title), fs(17), width, True)
            lines = theme.wrap_text(str(lesson.text), size, width)
            words_h = (fs(13) + px(4) + len(titles) * (fs(17) + px(2)) + px(4)
                       + len(lines) * (size + px(3)))
            box = pygame.Rect(room.left, room.top, room.w,
                              min(room.h, pad + words_h + px(10) + 2 * bh + gap + pad))
            self._measured = (key, box, titles, lines)
        _key, box, titles, lines = self._measured
        return box, titles, lines

    def lesson_rect(self, lay: TableLayout) -> pygame.Rect | None:
        """Where the lesson panel lies now (a dialog over the table keeps clear of it), or
        None with no lesson on show."""
        measured = self.arrange(lay)
        return pygame.Rect(measured[0]) if measured is not None else None

    def log_cover(self, lay: TableLayout) -> int:
        """The window y down to which the lesson panel lies over the log (0: none)."""
        measured = self.arrange(lay)
        return measured[0].bottom if measured is not None else 0

    def _draw_lesson(self, p: Paint, view: TableView) -> None:
        """The lesson panel, as tall as its words and buttons; the log shows below it."""
        coach = self.coach
        assert coach is not None
        lesson = coach.shown
        measured = self.arrange(p.lay)
        if lesson is None or measured is None:
            return
        box, titles, lines = measured
        pad, bh, gap, size = p.px(12), p.px(34), p.px(8), p.fs(14)
        width = box.w - 2 * pad
        text = str(lesson.text)
        self.point_at(p, lesson.highlight, box, view.pulse)
        p.panel(as_rect(box), fill=theme.PAPYRUS_PALE)
        x, y = box.left + pad, box.top + pad
        step = words.lesson_of(coach.index + 1, len(coach.lessons))
        p.text(step, (x, y), 13, theme.INK_SOFT)
        y += p.fs(13) + p.px(4)
        for line in titles:
            theme.draw_text(p.surface, line, (x, y), p.fs(17), theme.LAPIS, bold=True)
            y += p.fs(17) + p.px(2)
        y += p.px(4)
        bottom = box.bottom - pad - bh * 2 - gap
        for line in lines:
            if y + size > bottom:
                break
            theme.draw_text(p.surface, line, (x, y), size, theme.INK)
            y += size + p.px(3)
        p.hits.add(Element("coach.panel", "lesson", str(lesson.title), as_rect(box),
                           focusable=False,
                           data={"lesson": lesson.id, "index": coach.index,
                                 "move": lesson.move or "", "highlight": lesson.highlight,
                                 "text": text, "waits": "move" if lesson.move else "next"}))
        bw = (width - pad) // 2
        row1 = box.bottom - pad - 2 * bh - gap
        row2 = box.bottom - pad - bh
        if lesson.move is None:
            last = coach.index == len(coach.lessons) - 1
            draw_button(p, "coach.next", words.next_lesson(last),
                        (x, row1, bw, bh), primary=True, size=14, hotkey="N",
                        tooltip=words.next_lesson_tooltip())
        else:
            draw_button(p, "coach.show", words.show_me(), (x, row1, bw, bh),
                        enabled=view.composing, size=14,
                        tooltip=words.show_me_tooltip())
        draw_button(p, "coach.skip", words.skip_lesson(), (x + bw + pad, row1, bw, bh),
                    enabled=lesson.move is None or view.composing, size=14)
        draw_button(p, "coach.leave", words.leave_tutorial(), (x, row2, width, bh), size=14,
                    tooltip=words.leave_tutorial_tooltip())

    def _draw_hint(self, p: Paint, view: TableView) -> None:
        """The hint on show: one line above the status line, pointing at the table."""
        hint = self.hints.current if self.hints is not None else None
        if hint is None:
            return
        sx, sy, sw, _sh = p.lay.rect("status")
        h = p.px(30)
        box = pygame.Rect(sx, sy - h - p.px(8), sw, h)
        if hint.highlight != "status":
            self.point_at(p, hint.highlight, box, view.pulse, dim=False)
        else:
            p.ring(p.lay.rect("status"), theme.GOLD_LIGHT, 3, 3)
        pygame.draw.rect(p.surface, theme.INK, box.move(0, p.px(2)), border_radius=p.px(8))
        pygame.draw.rect(p.surface, theme.PAPYRUS_PALE, box, border_radius=p.px(8))
        pygame.draw.rect(p.surface, theme.GOLD, box, width=max(1, p.px(2)), border_radius=p.px(8))
        close_w = p.px(64)
        text = words.hint(hint.words())
        p.text(text, (box.left + p.px(10), box.centery), 14, theme.INK, anchor="midleft",
               width=box.w - close_w - p.px(24))
        p.hits.add(Element("hint.panel", "hint", text, as_rect(box), focusable=False,
                           data={"hint": hint.id, "highlight": hint.highlight}))
        draw_button(p, "hint.close", screens.ok(), (box.right - close_w - p.px(4),
                    box.top + p.px(3), close_w, h - p.px(6)), size=12)


def hints_for(session: GameSession, settings: Settings,
              save_settings: Callable[[], None]) -> CoachView | None:
    """The hints of a normal game with people at the table, if the player wants them.
    A game that opens with no move counts as a new game started."""
    if not session.autosave_on or not session.humans:
        return None
    if not session.save.moves:
        settings.games_started = int(getattr(settings, "games_started", 0)) + 1
        _save_settings(save_settings)
    if not hints_wanted(settings):
        return None

    def remember(hint_id: str) -> None:
        seen = list(getattr(settings, "hints_seen", []))
        if hint_id not in seen:
            settings.hints_seen = seen + [hint_id]
            _save_settings(save_settings)

    return CoachView(hints=Hints(session.humans, getattr(settings, "hints_seen", []), remember,
                                 names=session.names))


def _save_settings(save: Callable[[], None]) -> None:
    try:
        save()
    except Exception:  # logged: a settings file that cannot be written is no reason to stop
        log.warning("settings could not be saved", exc_info=True)
