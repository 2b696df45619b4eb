"""A review summed up per person, and told as text.

Per reviewed seat: how many decisions were judged (a forced move, or one
where any move did as well, is not), the **accuracy** — the mean win chance
lost per judged decision, in percentage points (lower is better; GNU
Backgammon rates a game the same way by equity lost per move) — the number
of inaccuracies, mistakes and blunders, and the **turning point**: the move
(anyone's) after which that seat's win chance changed most, as the seat
itself could judge it (its own view's chart, else the review's first).

:func:`review_lines` writes the review as lines for the command line; the
words for a move and a reason come from callables the caller passes, so
this module needs no user-interface code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nile_desktop.i18n import _, format_number

from .analysis import ANY, FORCED, MARKS, Decision, seat_view, view_seat
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


def decisions_of(review: Review, seat: int) -> list[tuple[int, Decision]]:
    """The measured decisions of ``seat`` with their move numbers (0-based)."""
    return [(step.index, step.decision) for step in review.steps
            if step.decision is not None and step.seat == seat]


def own_view(review: Review, seat: int) -> str:
    """The view ``seat``'s own figures come from: its own, else the review's first chart."""
    own = seat_view(seat)
    return own if own in review.views else review.view


def turning_point(review: Review, seat: int) -> TurningPoint | None:
    """The move with the largest change of ``seat``'s win chance (the first of equals), on
    the chart of :func:`own_view`."""
    chart = review.chart(own_view(review, seat))
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
        every = [d for _, d in decisions_of(review, seat)]
        judged = [d for d in every if d.judged]
        counts = {mark: sum(1 for d in judged if d.mark == mark) for mark in MARKS}
        counts.update({kind: sum(1 for d in every if d.kind == kind) for kind in (FORCED, ANY)})
        mean = round(sum(d.loss for d in judged) / len(judged), 2) if judged else 0.0
        name = review.names[seat] if seat < len(review.names) else str(seat)
        out.append(PersonSummary(seat, name, len(judged), mean, counts,
                                 turning_point(review, seat)))
    return out


def review_data(review: Review, view: str | None = None) -> dict[str, Any]:
    """The review, the chart of ``view`` (default: its first) and its summaries as JSON
    data (the command line's ``--json``)."""
    shown = review.view if view is None else view
    return {**review.to_dict(), "view": shown, "view_label": view_label(review, shown),
            "chart": [list(point) for point in review.chart(shown)],
            "summary": [s.to_dict() for s in summarise(review)]}


def view_label(review: Review, view: str, assumed: bool = True) -> str:
    """One line saying whose eyes a chart sees the game through, and (``assumed``) what
    it assumes."""
    seat = view_seat(view)
    if seat is None:
        text = _("Win chances with every hand open; the cards still to come dealt at random.")
    else:
        name = review.names[seat] if seat < len(review.names) else str(seat)
        text = _("Win chances as {name} could judge them at each move.").format(name=name)
    return " ".join(filter(None, [text, assumption(review) if assumed else ""]))


def mark_label(mark: str) -> str:
    """A mark in the player's language."""
    return {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"),
            "blunder": _("blunder")}.get(mark, "")


def kind_label(kind: str) -> str:
    """A decision that was not judged, in the player's language: why not."""
    return {FORCED: _("forced"), ANY: _("any move")}.get(kind, "")


def _pct(value: float) -> str:
    return _("{percent}%").format(percent=format_number(value, 1))


def assumption(review: Review) -> str:
    """What the chances assume about how the seats play, if there are bots (else "")."""
    if not review.assumes_bots():
        return ""
    return _("They assume each bot plays as its level does, and each person as an average "
             "player.")


def review_lines(review: Review, describe: Callable[[str], str] = str,
                 reason_text: Callable[[Any], str] = str) -> list[str]:
    """The review as text: whose view the decisions are judged from, one line per measured
    decision, then each person's summary.

    A marked decision names the better move, in notation and in the words of
    ``describe``, with the reason ``reason_text`` gives for it.
    """
    lines = [" ".join(filter(None, [_("Each decision is judged by the win chances its player "
                                      "could see at the time."), assumption(review)]))]
    for step in review.steps:
        d = step.decision
        if d is None:
            continue
        name = review.names[step.seat]
        line = _("{number}. {name}: {move} — {before} → {after}").format(
            number=step.index + 1, name=name, move=step.move, before=_pct(d.before),
            after=_pct(d.played))
        if d.kind:
            line += f" ({kind_label(d.kind)})"
        elif d.spared:
            line += " (" + _("−{points}, the search plays it too").format(
                points=format_number(d.loss, 1)) + ")"
        elif d.mark:
            line += f" (−{format_number(d.loss, 1)}, {mark_label(d.mark)})"
            better = _("better: {move} ({words}), {chance}").format(
                move=d.best, words=describe(d.best), chance=_pct(d.best_chance))
            if d.reason is not None:
                better += " — " + reason_text(d.reason)
            line += "; " + better
        lines.append(line)
    for person in summarise(review):
        lines.append(_("{name} — points lost per decision: {points}; decisions judged: {count} "
                       "(not judged, forced or any move: {free}); inaccuracies: "
                       "{inaccuracies}, mistakes: {mistakes}, blunders: {blunders}")
                     .format(name=person.name, points=format_number(person.mean_loss, 2),
                             count=person.decisions,
                             free=person.counts[FORCED] + person.counts[ANY],
                             inaccuracies=person.counts["inaccuracy"],
                             mistakes=person.counts["mistake"], blunders=person.counts["blunder"]))
        turn = person.turning_point
        if turn is not None:
            swing = ("+" if turn.swing > 0 else "−" if turn.swing < 0 else "") + format_number(
                abs(turn.swing), 1)
            lines.append(_("Turning point for {name}: move {number}, {mover}: {move} ({swing})")
                         .format(name=person.name, number=turn.index + 1,
                                 mover=review.names[turn.seat], move=turn.move, swing=swing))
    return lines
