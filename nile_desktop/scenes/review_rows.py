"""The review screen's smaller parts: a decision as a list row, the progress bar, percents.

A :class:`DecisionRow` tells one measured decision in two lines — the move
played with its mark and the points it lost, then the better move in
notation and words and why it is better — and lists the same facts in the
UI dump. :class:`ProgressBar` shows how far a background review has got.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from nile_desktop.i18n import _, format_number
from nile_desktop.review.analysis import ANY, FORCED, Decision
from nile_desktop.review.summary import kind_label, mark_label
from nile_desktop.scenes.review_chart import MARK_STYLE
from nile_desktop.text.table import describe_move, reason_text
from nile_desktop.ui import RichRow, Widget, theme, view


def pct(value: float) -> str:
    """A win chance in percent, in the player's language ("62.5%", "62,5 %")."""
    return _("{percent}%").format(percent=format_number(value, 1))


def whole_pct(value: float) -> str:
    """A percentage without decimals (a chart's scale)."""
    return _("{percent}%").format(percent=format_number(round(value)))


def played_line(index: int, decision: Decision, names: Sequence[str], move: str) -> str:
    """"12. Ana: offer wheat wheat (Offering to Hapi: …)"."""
    return _("{number}. {name}: {move} ({words})").format(
        number=index + 1, name=names[decision.seat] if decision.seat < len(names) else "",
        move=move, words=describe_move(move))


def verdict(decision: Decision) -> str:
    """"Blunder, 40.2 points lost", "Forced", or the win chance the move kept."""
    if decision.mark:
        return _("{mark}, {points} points lost").format(
            mark=mark_label(decision.mark).capitalize(), points=format_number(decision.loss, 1))
    if decision.kind:
        return kind_label(decision.kind).capitalize()
    return _("win chance {chance}").format(chance=pct(decision.played))


def better_line(decision: Decision, move: str) -> str:
    """The better move in notation and words and why, or that the move was the best found
    (or the search's own, or that the choice hardly mattered)."""
    if decision.kind == FORCED:
        return _("The only legal move: not judged.")
    if decision.kind == ANY:
        return _("Every move considered here kept the same chance within a point: not judged.")
    if decision.spared:
        return _("The Hard search plays this move too, so it is not marked ({points} points "
                 "below the best found).").format(points=format_number(decision.loss, 1))
    if decision.best == move or not decision.loss:
        return _("The best move found.")
    text = _("Better: {move} ({words}), win chance {chance}").format(
        move=decision.best, words=describe_move(decision.best), chance=pct(decision.best_chance))
    if decision.reason is not None:
        text += " — " + reason_text(decision.reason)
    return text


class DecisionRow(RichRow):
    """One decision of the review list."""

    def __init__(self, index: int, decision: Decision, names: Sequence[str], move: str) -> None:
        self.index, self.decision, self.names, self.move = index, decision, names, move

    def label(self) -> str:
        return (f"{played_line(self.index, self.decision, self.names, self.move)} — "
                f"{verdict(self.decision)}. {better_line(self.decision, self.move)}")

    def data(self) -> dict[str, Any]:
        d = self.decision
        return {"move_index": self.index, "move": self.move, "seat": d.seat, "mark": d.mark,
                "loss": d.loss, "best": d.best, "played": d.played, "best_chance": d.best_chance,
                "kind": d.kind, "search": d.search}

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, selected: bool) -> None:
        d = self.decision
        colour, sign = MARK_STYLE.get(d.mark, (theme.REEDS, ""))
        badge = pygame.Rect(rect.left + 10, rect.top + 9, 32, rect.h - 18)
        view.rect(surface, colour, badge, border_radius=6)
        if sign:
            theme.draw_text(surface, sign, badge.center, theme.SIZE_SMALL, theme.PAPYRUS,
                            bold=True, anchor="center")
        left = badge.right + 12
        said = verdict(d)
        right_w = min(round(theme.text_width(said, theme.SIZE_SMALL, bool(d.mark))) + 4,
                      (rect.right - left) * 2 // 5)
        first_w = rect.right - left - right_w - 40
        theme.draw_text(surface, theme.fit_text(played_line(self.index, d, self.names, self.move),
                                                theme.SIZE_SMALL, first_w, bold=True),
                        (left, rect.top + 4), theme.SIZE_SMALL, bold=True)
        theme.draw_text(surface, theme.fit_text(said, theme.SIZE_SMALL, right_w, bool(d.mark)),
                        (rect.right - 20, rect.top + 4), theme.SIZE_SMALL,
                        colour if d.mark else theme.INK_SOFT, bold=bool(d.mark),
                        anchor="topright")
        theme.draw_text(surface, theme.fit_text(better_line(d, self.move), theme.SIZE_SMALL,
                                                rect.right - left - 24),
                        (left, rect.top + 26), theme.SIZE_SMALL, theme.INK_SOFT)


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
        if not total:
            return _("Starting…")
        return _("{done} of {total} positions").format(done=format_number(done),
                                                          total=format_number(total))

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
