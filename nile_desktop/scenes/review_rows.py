"""The review screen's smaller parts: a decision as a list row, the marks' legend, the
progress bar.

A :class:`DecisionRow` tells one measured decision in two lines — the move
played with its mark and the points it lost (or its win chance: the chart's
point after it, the same figure), then the better move in notation and words
and why it is better, or that the move played was as good — and lists the
same facts in the UI dump. :class:`MarkLegend` says what each mark's sign
means and when a better move is named at all. :class:`ProgressBar` shows how
far a background review has got. Every sentence is :mod:`nile_desktop.text.review`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from nile_desktop.review.analysis import MARKS, Decision
from nile_desktop.scenes.review_chart import MARK_STYLE
from nile_desktop.text import review as words
from nile_desktop.ui import RichRow, Widget, dump, theme, view

pct, whole_pct = words.pct, words.whole_pct


class DecisionRow(RichRow):
    """One decision of the review list; ``chance`` is the mover's win chance after it on the
    chart of the view shown."""

    def __init__(self, index: int, decision: Decision, names: Sequence[str], move: str,
                 chance: float | None = None) -> None:
        self.index, self.decision, self.names, self.move = index, decision, names, move
        self.chance = decision.played if chance is None else chance

    def played(self) -> str:
        return words.played_line(self.index, self.decision.seat, self.names, self.move)

    def verdict(self) -> str:
        return words.verdict(self.decision, self.chance)

    def better(self) -> str:
        return words.better_line(self.decision, self.move, self.names)

    def label(self) -> str:
        return f"{self.played()} — {self.verdict()}. {self.better()}"

    def data(self) -> dict[str, Any]:
        d = self.decision
        return {"move_index": self.index, "move": self.move, "seat": d.seat, "mark": d.mark,
                "loss": d.loss, "best": d.best, "played": self.chance,
                "best_chance": d.best_chance, "kind": d.kind, "search": d.search,
                "error": d.error, "better": d.better}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, selected: bool) -> None:
        d = self.decision
        colour, sign = MARK_STYLE.get(d.mark, (theme.REEDS, ""))
        badge = pygame.Rect(rect.left + 10, rect.top + 9, 32, rect.h - 18)
        view.rect(surface, colour, badge, border_radius=6)
        if sign:
            theme.draw_text(surface, sign, badge.center, theme.SIZE_SMALL, theme.PAPYRUS,
                            bold=True, anchor="center")
        left = badge.right + 12
        said = self.verdict()
        right_w = min(round(theme.text_width(said, theme.SIZE_SMALL, bool(d.mark))) + 4,
                      (rect.right - left) * 2 // 5)
        first_w = rect.right - left - right_w - 40
        theme.draw_text(surface, theme.fit_text(self.played(), theme.SIZE_SMALL, first_w,
                                                bold=True),
                        (left, rect.top + 4), theme.SIZE_SMALL, bold=True)
        theme.draw_text(surface, theme.fit_text(said, theme.SIZE_SMALL, right_w, bool(d.mark)),
                        (rect.right - 20, rect.top + 4), theme.SIZE_SMALL,
                        colour if d.mark else theme.INK_SOFT, bold=bool(d.mark),
                        anchor="topright")
        theme.draw_text(surface, theme.fit_text(self.better(), theme.SIZE_SMALL,
                                                rect.right - left - 24),
                        (left, rect.top + 26), theme.SIZE_SMALL, theme.INK_SOFT)


class MarkLegend(Widget):
    """What the marks mean: each sign in its colour with its least loss, and when a better
    move is named. Listed in the UI dump with one ``legend-mark`` per mark."""

    focusable = False
    role = "legend"

    def lines(self) -> list[tuple[str, str]]:
        """(mark, its words) for each mark, mildest first."""
        return [(mark, words.mark_floor(mark)) for mark in MARKS]

    def dump_label(self) -> str:
        return " · ".join([words.legend_title(), *(text for _, text in self.lines()),
                           words.legend_note()])

    #: The height of one of its two lines.
    LINE = 24

    def draw(self, surface: pygame.Surface) -> None:
        x, y = self.rect.left, self.rect.top
        size = theme.SIZE_SMALL
        title = words.legend_title() + ":"
        title = theme.fit_text(title, size, self.rect.w // 5, bold=True)
        drawn = theme.draw_text(surface, title, (x, y), size, theme.INK_SOFT, bold=True)
        x = drawn.right + 12
        items = self.lines()
        room = (self.rect.right - x) // len(items)
        self._keys: list[tuple[str, pygame.Rect]] = []
        for mark, text in items:
            colour, sign = MARK_STYLE[mark]
            badge = pygame.Rect(x, y + 1, 30, 20)
            view.rect(surface, colour, badge, border_radius=5)
            theme.draw_text(surface, sign, badge.center, size - 2, theme.PAPYRUS, bold=True,
                            anchor="center")
            shown = theme.fit_text(text, size, room - badge.w - 18)
            said = theme.draw_text(surface, shown, (badge.right + 6, y), size, theme.INK_SOFT)
            self._keys.append((mark, badge.union(said)))
            x += room
        note = theme.fit_text(words.legend_note(), size, self.rect.w)
        theme.draw_text(surface, note, (self.rect.left, y + self.LINE), size, theme.INK_SOFT)

    def register(self, key: str) -> None:
        super().register(key)
        if not dump.active():
            return
        base, v = self.uid or key, view.current()
        for mark, rect in getattr(self, "_keys", []):
            dump.add(f"{base}.{mark}", "legend-mark", words.mark_floor(mark), v.px(rect),
                     data={"mark": mark, "sign": MARK_STYLE[mark][1]})


class ProgressBar(Widget):
    """How far a background job has got: ``progress()`` gives (done, total)."""

    focusable = False
    role = "progress"

    def __init__(self, rect: Any, progress: Callable[[], tuple[int, int]], *,
                 uid: str | None = None) -> None:
        super().__init__(rect, uid=uid)
        self.progress = progress

    @property
    def fraction(self) -> float:
        done, total = self.progress()
        return done / total if total else 0.0

    def text(self) -> str:
        done, total = self.progress()
        return words.positions_done(done, total)

    def dump_label(self) -> str:
        return self.text()

    def dump_data(self) -> dict[str, Any]:
        done, total = self.progress()
        return {"done": done, "total": total, "fraction": round(self.fraction, 4)}

    def draw(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.rect.left, self.rect.top, self.rect.w, 18)
        view.rect(surface, theme.PAPYRUS_SHADOW, track, border_radius=9)
        filled = pygame.Rect(track.left, track.top, round(track.w * self.fraction), track.h)
        if filled.w:
            view.rect(surface, theme.NILE_LIGHT, filled, border_radius=9)
        view.rect(surface, theme.INK, track, width=1, border_radius=9)
        theme.draw_text(surface, self.text(), (self.rect.centerx, track.bottom + 4),
                        theme.SIZE_SMALL, theme.INK_SOFT, anchor="midtop")
