"""A review summed up per person, and told as text, in one point of view.

Per reviewed seat: how many decisions were judged (a forced move, or one
where any move did as well, is not), the **accuracy** — the mean win chance
lost per judged decision, in percentage points (lower is better; GNU
Backgammon rates a game the same way by equity lost per move), a loss that
is not real (within the estimate's margin: ``Decision.real``) counting as
none — the number of inaccuracies, mistakes and blunders, and the **turning
point**: the move (anyone's) after which that seat's win chance changed
most. Every figure is of one point of view: the view asked for, by default
each seat's own (its decisions as it could judge them, its own chart); the
open view judges the same decisions with every hand known.

:func:`review_lines` writes the review as lines for the command line (the
words are :mod:`nile_desktop.text.review`'s); a decision's chances there are
its view's chart's, so the lines, the JSON and the screen give one figure
for one question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nile_desktop.i18n import format_number
from nile_desktop.text import review as words
from nile_desktop.text import review_cli as printed

from .analysis import ANY, FORCED, MARKS, OPEN, Decision, seat_view, view_seat
from .charts import Review


@dataclass(frozen=True)
class TurningPoint:
    """The move after which a seat's chance swung most: ``swing`` in points, signed."""

    index: int
    seat: int
    move: str
    swing: float


@dataclass(frozen=True)
class PersonSummary:
    """One reviewed seat's game in numbers; ``mean_loss`` is the accuracy, over the
    ``decisions`` judged; ``counts`` holds the marks and the decisions not judged."""

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


def decisions_of(review: Review, seat: int, view: str | None = None) -> list[tuple[int, Decision]]:
    """The measured decisions of ``seat`` with their move numbers (0-based), as ``view``
    judges them (default: the seat's own view)."""
    return review.decisions_in(seat_view(seat) if view is None else view, seat)


def own_view(review: Review, seat: int) -> str:
    """The view ``seat``'s own figures come from: its own, else the review's first chart."""
    own = seat_view(seat)
    return own if own in review.views else review.view


def chart_view(review: Review, seat: int, view: str | None) -> str:
    """The chart a seat's figures are read from: ``view``'s, by default the seat's own."""
    return own_view(review, seat) if view is None else view


def turning_point(review: Review, seat: int, view: str | None = None) -> TurningPoint | None:
    """The move with the largest change of ``seat``'s win chance (the first of equals), on
    the chart of ``view`` (default :func:`own_view`)."""
    chart = review.chart(chart_view(review, seat, view))
    best: TurningPoint | None = None
    for step in review.steps:
        swing = round(chart[step.index + 1][seat] - chart[step.index][seat], 1)
        if best is None or abs(swing) > abs(best.swing):
            best = TurningPoint(step.index, step.seat, step.move, swing)
    return best


def summarise(review: Review, view: str | None = None) -> list[PersonSummary]:
    """One summary per reviewed seat, in seat order, as ``view`` judges the game (default:
    each seat's own view)."""
    out = []
    for seat in review.seats:
        every = [d for _, d in decisions_of(review, seat, view)]
        judged = [d for d in every if d.judged]
        counts = {mark: sum(1 for d in judged if d.mark == mark) for mark in MARKS}
        counts.update({kind: sum(1 for d in every if d.kind == kind) for kind in (FORCED, ANY)})
        mean = round(sum(d.lost for d in judged) / len(judged), 2) if judged else 0.0
        name = review.names[seat] if seat < len(review.names) else str(seat)
        out.append(PersonSummary(seat, name, len(judged), mean, counts,
                                 turning_point(review, seat, view)))
    return out


def review_data(review: Review, view: str | None = None) -> dict[str, Any]:
    """The review, the chart of ``view`` (default: its first) and its summaries in that
    view as JSON data (the command line's ``--json``)."""
    shown = review.view if view is None else view
    return {**review.to_dict(), "view": shown, "view_label": view_label(review, shown),
            "chart": [list(point) for point in review.chart(shown)],
            "summary": [s.to_dict() for s in summarise(review, shown)]}


def view_label(review: Review, view: str, assumed: bool = True) -> str:
    """One line saying whose eyes the figures see the game through, and (``assumed``) what
    the chances assume."""
    seat = view_seat(view)
    name = None if seat is None else (review.names[seat] if seat < len(review.names)
                                      else str(seat))
    return " ".join(filter(None, [words.view_label(name),
                                  assumption(review) if assumed else ""]))


def assumption(review: Review) -> str:
    """What the chances assume about how the seats play, if there are bots (else "")."""
    return words.assumption() if review.assumes_bots() else ""


def review_lines(review: Review, reason_text: Callable[[Any, Any], str] = words.reason_words,
                 view: str | None = None) -> list[str]:
    """The review as text: how the decisions are judged, one line per measured decision
    (its chances before and after it from the chart of its view: the open view's if
    ``view`` is :data:`OPEN`, else the mover's own), then each person's summary in
    that view.

    A marked decision names the better move, in notation and in words, with the reason
    ``reason_text(reason, names)`` gives for it; a loss within the estimate's margin is
    "as good".
    """
    hindsight = view == OPEN
    names = review.names
    lines = [" ".join(filter(None, [words.judged_by(hindsight), assumption(review)]))]
    judged = review.decisions_in(OPEN) if hindsight else [
        (step.index, step.decision) for step in review.steps if step.decision is not None]
    for index, d in judged:
        before, after = chances_around(review, index, d, OPEN if hindsight else None)
        line = printed.decision_line(index + 1, names[d.seat], review.steps[index].move,
                                   before, after)
        if d.kind:
            line += f" ({words.kind_label(d.kind)})"
        elif d.spared:
            line += f" ({printed.spared_note(d.loss)})"
        elif d.mark:
            line += f" (−{format_number(d.loss, 1)}, {words.mark_label(d.mark)})"
            better = printed.better_note(d.best, d.best_chance)
            if d.reason is not None:
                better += " — " + reason_text(d.reason, names)
            line += "; " + better
        elif d.best != review.steps[index].move and d.loss and not d.better:
            line += f" ({printed.as_good_note(d.loss)})"
        lines.append(line)
    for person in summarise(review, OPEN if hindsight else None):
        lines.append(printed.summary_line(person.name, person.mean_loss, person.decisions,
                                        person.counts[FORCED] + person.counts[ANY],
                                        person.counts))
        turn = person.turning_point
        if turn is not None:
            lines.append(printed.turning_line(person.name, turn.index + 1, names[turn.seat],
                                            turn.move, turn.swing))
    return lines


def chances_around(review: Review, index: int, decision: Decision,
                   view: str | None = None) -> tuple[float, float]:
    """The mover's chance before and after decision ``index``: its view's chart's points
    (``view``, default the mover's own), or the decision's own figures if that chart is
    not computed."""
    key = seat_view(decision.seat) if view is None else view
    if key not in review.views:
        return decision.before, decision.played
    chart = review.chart(key)
    return chart[index][decision.seat], chart[index + 1][decision.seat]
