"""A review summed up per person, and told as text.

Per reviewed seat: how many decisions were measured, the **accuracy** — the
mean win chance lost per decision, in percentage points (lower is better;
GNU Backgammon rates a game the same way by equity lost per move) — the
number of inaccuracies, mistakes and blunders, and the **turning point**:
the move (anyone's) after which that seat's own win chance changed most.

:func:`review_lines` writes the review as lines for the command line; the
words for a move and a reason come from callables the caller passes, so
this module needs no user-interface code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nile_desktop.i18n import _, format_number

from .analysis import MARKS, Decision
from .runner import Review


@dataclass(frozen=True)
class TurningPoint:
    """The move after which a seat's chance swung most: ``swing`` in points, signed."""

    index: int
    seat: int
    move: str
    swing: float


@dataclass(frozen=True)
class PersonSummary:
    """One reviewed seat's game in numbers; ``mean_loss`` is the accuracy."""

    seat: int
    name: str
    decisions: int
    mean_loss: float
    counts: dict[str, int]
    turning_point: TurningPoint | None

    def to_dict(self) -> dict[str, Any]:
        turn = self.turning_point
        return {"seat": self.seat, "name": self.name, "decisions": self.decisions,
                "mean_loss": self.mean_loss, "counts": dict(self.counts),
                "turning_point": None if turn is None else
                {"index": turn.index, "seat": turn.seat, "move": turn.move, "swing": turn.swing}}


def decisions_of(review: Review, seat: int) -> list[tuple[int, Decision]]:
    """The measured decisions of ``seat`` with their move numbers (0-based)."""
    return [(step.index, step.decision) for step in review.steps
            if step.decision is not None and step.seat == seat]


def turning_point(review: Review, seat: int) -> TurningPoint | None:
    """The move with the largest change of ``seat``'s own win chance (the first of equals)."""
    chart = review.chart
    best: TurningPoint | None = None
    for step in review.steps:
        swing = round(chart[step.index + 1][seat] - chart[step.index][seat], 1)
        if best is None or abs(swing) > abs(best.swing):
            best = TurningPoint(step.index, step.seat, step.move, swing)
    return best


def summarise(review: Review) -> list[PersonSummary]:
    """One summary per reviewed seat, in seat order."""
    out = []
    for seat in review.seats:
        decisions = [d for _, d in decisions_of(review, seat)]
        counts = {mark: sum(1 for d in decisions if d.mark == mark) for mark in MARKS}
        mean = round(sum(d.loss for d in decisions) / len(decisions), 2) if decisions else 0.0
        name = review.names[seat] if seat < len(review.names) else str(seat)
        out.append(PersonSummary(seat, name, len(decisions), mean, counts,
                                 turning_point(review, seat)))
    return out


def review_data(review: Review) -> dict[str, Any]:
    """The review, its chart and its summaries as JSON data (the command line's ``--json``)."""
    return {**review.to_dict(), "chart": [list(point) for point in review.chart],
            "summary": [s.to_dict() for s in summarise(review)]}


def mark_label(mark: str) -> str:
    """A mark in the player's language."""
    return {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"),
            "blunder": _("blunder")}.get(mark, "")


def _pct(value: float) -> str:
    return _("{percent}%").format(percent=format_number(value, 1))


def review_lines(review: Review, describe: Callable[[str], str] = str,
                 reason_text: Callable[[Any], str] = str) -> list[str]:
    """The review as text: one line per measured decision, then each person's summary.

    A marked decision names the better move, in notation and in the words of
    ``describe``, with the reason ``reason_text`` gives for it.
    """
    lines = []
    for step in review.steps:
        d = step.decision
        if d is None:
            continue
        name = review.names[step.seat]
        line = _("{number}. {name}: {move} — {before} → {after}").format(
            number=step.index + 1, name=name, move=step.move, before=_pct(d.before),
            after=_pct(d.played))
        if d.mark:
            line += f" (−{format_number(d.loss, 1)}, {mark_label(d.mark)})"
            better = _("better: {move} ({words}), {chance}").format(
                move=d.best, words=describe(d.best), chance=_pct(d.best_chance))
            if d.reason is not None:
                better += " — " + reason_text(d.reason)
            line += "; " + better
        lines.append(line)
    for person in summarise(review):
        lines.append(_("{name} — points lost per decision: {points}; decisions: {count}; "
                       "inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: {blunders}")
                     .format(name=person.name, points=format_number(person.mean_loss, 2),
                             count=person.decisions, inaccuracies=person.counts["inaccuracy"],
                             mistakes=person.counts["mistake"], blunders=person.counts["blunder"]))
        turn = person.turning_point
        if turn is not None:
            swing = ("+" if turn.swing > 0 else "−" if turn.swing < 0 else "") + format_number(
                abs(turn.swing), 1)
            lines.append(_("Turning point for {name}: move {number}, {mover}: {move} ({swing})")
                         .format(name=person.name, number=turn.index + 1,
                                 mover=review.names[turn.seat], move=turn.move, swing=swing))
    return lines
