"""The review of a finished game: where it was won and lost, decision by decision.

Opened from the results of a game and from Load for any finished game. The
review (:mod:`nile_desktop.review`) is taken from the save when it was kept
there, so a second look is instant; otherwise it is computed in the
background (:class:`~nile_desktop.review.runner.ReviewTask`, worker
processes) while a progress bar fills and Cancel stops it — the window keeps
drawing meanwhile. A finished review is kept in the save file and its
accuracy goes into the player's record. "Deeper review" computes it again
with more samples.

The screen shows every seat's win chance over the game (each from its own
view) as a chart in the seat colours, the chosen person's marked decisions
on it and in a list (the mark, the move played, the better move in
notation and words, why, the points lost), and that person's summary:
accuracy, the counts of each mark and the turning point. A click on a point
or Enter on a decision opens the replay of the game on the table at that
move (route ``"replay"``, when the game has one).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pygame

from nile_desktop import seats
from nile_desktop.i18n import _, format_number
from nile_desktop.review.analysis import Decision
from nile_desktop.review.cache import cached_review, with_review
from nile_desktop.review.cache import store_in_file as keep_in_file
from nile_desktop.review.evaluate import DEEPER_ITERATIONS, DEFAULT_ITERATIONS, Cancelled
from nile_desktop.review.runner import Game, Review, ReviewTask
from nile_desktop.review.summary import PersonSummary, decisions_of, mark_label, summarise
from nile_desktop.saves.record import RecordTask, had_takebacks, record_later
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene
from nile_desktop.scenes.review_chart import (
    ChartSpec,
    Figure,
    FigureTable,
    LineChart,
    Series,
)
from nile_desktop.scenes.review_rows import DecisionRow, ProgressBar, pct, whole_pct
from nile_desktop.text.table import describe_move
from nile_desktop.ui import Button, Choice, ListView, Panel, Toggle, theme

log = logging.getLogger(__name__)

REPLAY = "replay"


def seat_colour(save: Any, seat: int) -> tuple[int, int, int]:
    """The RGB of ``seat``'s chosen colour, as the table shows it."""
    colour = save.seats[seat].colour if seat < len(save.seats) else seat
    return seats.SEAT_COLOURS[colour % len(seats.SEAT_COLOURS)]


class ReviewScene(MenuScene):
    """The review screen of one saved game (``save``, a finished :class:`SaveGame`).

    ``table`` is the table it was opened from (the table's routes pass it; the review needs
    only the save); ``iterations``, ``deeper`` and ``workers`` are the review's depths and
    processes (tests make them small).
    """

    dump_name = "review"

    def __init__(self, save: Any, *, table: Any = None, iterations: int = DEFAULT_ITERATIONS,
                 deeper: int = DEEPER_ITERATIONS, workers: int | None = None) -> None:
        super().__init__()
        self.save = save
        self.game = Game.from_save(save)
        self.names: Sequence[str] = save.shown_names
        self.iterations, self.deeper_iterations, self.workers = iterations, deeper, workers
        self.review: Review | None = None
        self.task: ReviewTask | None = None
        self.failed = False
        self.notice = ""
        #: The accuracy going into the record, off the main thread.
        self.record_task: RecordTask[list[str]] | None = None
        self.person = self.game.people()[0] if self.game.people() else 0
        self.every = False
        self.point = -1
        self.chart: LineChart | None = None

    # -- computing -----------------------------------------------------------------------
    def enter(self) -> None:
        record = {"review": self.save.review} if self.save.review else {}
        for iterations in (self.deeper_iterations, self.iterations):
            found = cached_review(record, self.game, iterations)
            if found is not None:
                self.review = found
                break
        if self.review is None:
            self.start(self.iterations)
        super().enter()

    def start(self, iterations: int) -> None:
        self.failed = False
        self.task = ReviewTask(self.game, iterations=iterations, workers=self.workers).start()
        if self.stack is not None:
            self.relayout()

    def deeper(self) -> None:
        if self.task is None:
            self.start(self.deeper_iterations)

    def cancel(self) -> None:
        """Stop the review being computed; without an earlier review the screen closes."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.review is None:
            self.close()
        else:
            self.relayout()

    def exit(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.task is not None and self.task.done:
            self.finished(self.task)
        if self.chart is not None:
            self.point = self.chart.selected
        if self.record_task is not None and self.record_task.done:
            self.notice = " ".join([self.notice, *(self.record_task.result or [])]).strip()
            self.record_task = None

    def finished(self, task: ReviewTask) -> None:
        """The background review ended: show it, keep it in the save and the record."""
        self.task = None
        if task.result is None:
            if not isinstance(task.error, Cancelled):
                log.error("the review failed", exc_info=task.error)
                self.failed = True
            self.relayout()
            return
        self.review = task.result
        self.keep(task.result)
        self.relayout()

    def keep(self, review: Review) -> None:
        """Keep ``review`` in the save (and its file) and its accuracy in the record."""
        old = {"review": self.save.review} if self.save.review else {}
        self.save.review = with_review(old, self.game, review)["review"]
        notices = []
        if self.save.path is not None:
            try:
                keep_in_file(self.save.path, self.game, review)
            except (OSError, ValueError) as exc:
                log.warning("the review could not be kept in %s: %s", self.save.path, exc)
                notices.append(_("The review could not be kept in the save file."))
        humans = {seat for seat, s in enumerate(self.save.seats) if s.kind == "human"}
        losses = {p.seat: p.mean_loss for p in summarise(review)
                  if p.seat in humans and p.decisions}
        if losses:
            self.record_task = record_later(self.save, losses)
        self.notice = " ".join(notices)

    # -- words ---------------------------------------------------------------------------
    def chances_text(self, point: int) -> str:
        assert self.review is not None
        chart = self.review.chart[point]
        return ", ".join(f"{self.names[s]} {pct(c)}" for s, c in enumerate(chart)
                         if s < len(self.names))

    def point_text(self, point: int) -> str:
        """Chart point ``point`` (0: the deal, n: after move n) in words."""
        review = self.review
        if review is None or not 0 <= point < len(review.chart):
            return ""
        chances = _("Win chances: {chances}").format(chances=self.chances_text(point))
        if point == 0:
            return _("The deal. {chances}").format(chances=chances)
        step = review.steps[point - 1]
        text = _("Move {number}, {name}: {move} ({words}). {chances}").format(
            number=point, name=self.names[step.seat], move=step.move,
            words=describe_move(step.move), chances=chances)
        d = step.decision
        if d is not None and d.mark:
            text += " " + _("{mark}: {points} points lost; better: {move}.").format(
                mark=mark_label(d.mark).capitalize(), points=format_number(d.loss, 1),
                move=d.best)
        return text

    def point_data(self, point: int) -> dict[str, Any]:
        if self.review is None or point == 0:
            return {"move": None}
        step = self.review.steps[point - 1]
        d = step.decision
        return {"move": step.move, "seat": step.seat, "mark": d.mark if d else "",
                "loss": d.loss if d else None, "best": d.best if d else None}

    def summary(self) -> PersonSummary | None:
        if self.review is None:
            return None
        return next((p for p in summarise(self.review) if p.seat == self.person), None)

    def figures(self) -> list[Figure]:
        person = self.summary()
        if person is None or self.review is None:
            return []
        out = [Figure("accuracy", _("Accuracy (points lost per decision)"),
                      format_number(person.mean_loss, 1), {"mean_loss": person.mean_loss}),
               Figure("decisions", _("Decisions measured"), str(person.decisions),
                      {"count": person.decisions})]
        for key, name in (("inaccuracy", _("Inaccuracies")), ("mistake", _("Mistakes")),
                          ("blunder", _("Blunders"))):
            out.append(Figure(key, name, str(person.counts[key]), {"count": person.counts[key]}))
        turn = person.turning_point
        if turn is not None:
            chart = self.review.chart
            value = _("move {number}, {name}: {move}; win chance from {before} to {after}").format(
                number=turn.index + 1, name=self.names[turn.seat], move=turn.move,
                before=pct(chart[turn.index][self.person]),
                after=pct(chart[turn.index + 1][self.person]))
            out.append(Figure("turning-point", _("Turning point"), value,
                              {"index": turn.index, "swing": turn.swing}))
        return out

    def decisions(self) -> list[tuple[int, Decision]]:
        if self.review is None:
            return []
        found = decisions_of(self.review, self.person)
        return found if self.every else [(i, d) for i, d in found if d.mark]

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        panel = pygame.Rect(30, 40, 1220, 660)
        self.panel = panel
        self.group.add(Panel(panel, lambda: _("Game review")))
        self.chart = None
        if self.review is None or self.task is not None:
            self.build_progress(panel)
        else:
            self.build_review(panel, self.review)

    def build_progress(self, panel: pygame.Rect) -> None:
        centre = panel.centerx
        if self.failed:
            self.group.add(Button((centre - 120, panel.bottom - 90, 240, 54), lambda: _("Back"),
                                  self.close, uid="back"))
            return
        self.bar = ProgressBar((centre - 400, panel.centery - 20, 800, 48), self.progress,
                               uid="progress")
        self.group.add(self.bar)
        cancel = Button((centre - 120, panel.centery + 80, 240, 54), lambda: _("Cancel"),
                        self.cancel, uid="cancel")
        self.group.add(cancel)
        self.group.focus(cancel)

    def progress(self) -> tuple[int, int]:
        return self.task.progress if self.task is not None else (0, 0)

    def build_review(self, panel: pygame.Rect, review: Review) -> None:
        series = [Series(self.names[s], seat_colour(self.save, s),
                         [point[s] for point in review.chart])
                  for s in range(len(review.start))]
        marks = {i + 1: (self.person, d.mark) for i, d in decisions_of(review, self.person)
                 if d.mark}
        spec = ChartSpec(top=100.0, ticks=(0, 25, 50, 75, 100), tick_text=whole_pct,
                         point_text=self.point_text, point_data=self.point_data, marks=marks,
                         caption=lambda: _("Win chance of every seat after each move, each "
                                           "from its own view. Click a move to replay it."))
        self.chart = chart = LineChart((panel.left + 30, panel.top + 40, 750, 350), series, spec,
                                       on_pick=self.pick_point, selected=self.point, uid="chart")
        self.group.add(chart)
        right = pygame.Rect(panel.left + 800, panel.top + 40, 390, 356)
        people = [s for s in review.seats if s < len(self.names)]
        top = right.top
        if len(people) > 1:
            self.group.add(Choice((right.left, top, right.w, 44),
                                  [(s, self.names[s]) for s in people], self.person,
                                  self.choose_person, uid="person"))
            top += 54
        heading = self.names[self.person] if len(people) <= 1 else ""
        self.group.add(FigureTable((right.left, top, right.w, right.bottom - top), self.figures,
                                   heading=heading, uid="summary"))
        rows = [DecisionRow(i, d, self.names, review.steps[i].move) for i, d in self.decisions()]
        empty = (lambda: _("No decision of this player lost 5 points or more.")) \
            if not self.every else (lambda: _("No decisions were measured."))
        self.list = ListView((panel.left + 30, panel.top + 406, panel.w - 60, 150), rows,
                             row_height=50, on_activate=self.open_decision, empty_text=empty,
                             uid="decisions")
        self.group.add(self.list)
        bottom, gap = panel.bottom - 72, 16
        width = (panel.w - 60 - 2 * gap) // 3
        left = panel.left + 30
        self.group.add(Toggle((left, bottom, width, 54), lambda: _("Every decision"),
                              self.every, self.show_every, uid="every"))
        deeper = review.iterations < self.deeper_iterations
        self.group.add(Button((left + width + gap, bottom, width, 54),
                              lambda: _("Deeper review"), self.deeper, enabled=deeper,
                              uid="deeper"))
        self.group.add(Button((left + 2 * (width + gap), bottom, width, 54), lambda: _("Back"),
                              self.close, uid="back", primary=True))
        self.group.focus(chart)  # Left/Right walk the game at once (a rebuild keeps the focus)

    # -- choices -------------------------------------------------------------------------
    def choose_person(self, seat: int) -> None:
        self.person = seat
        self.relayout()

    def show_every(self, on: bool) -> None:
        self.every = on
        self.relayout()

    def pick_point(self, point: int) -> None:
        self.open_replay(max(0, point - 1))

    def open_decision(self, row: int) -> None:
        found = self.decisions()
        if 0 <= row < len(found):
            self.open_replay(found[row][0])

    def open_replay(self, index: int) -> None:
        """The replay of this game on the table at move ``index`` (0-based), if it exists."""
        if REPLAY in nav.ROUTES and self.stack is not None:
            nav.push(self.stack, REPLAY, save=self.save, at=index)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self.panel
        if self.review is None or self.task is not None:
            if self.failed:
                message = _("The review could not be computed. The log file says why.")
            elif self.review is None:
                message = _("Reviewing the game move by move…")
            else:
                message = _("Reviewing the game more deeply…")
            lines = theme.wrap_text(message, theme.SIZE_BODY, 900)
            y = panel.centery - 60 - 30 * len(lines)
            for line in lines:
                theme.draw_text(surface, line, (panel.centerx, y), anchor="midtop")
                y += 30
            return
        notes = [_("This game was played with take-backs.")] if had_takebacks(self.save) else []
        text = " ".join([*notes, self.notice] if self.notice else notes)
        if text:
            theme.draw_text(surface, theme.fit_text(text, theme.SIZE_SMALL, panel.w - 60),
                            (panel.left + 30, panel.bottom - 98), theme.SIZE_SMALL,
                            theme.ERROR if self.notice else theme.INK_SOFT)

    def dump_info(self) -> dict[str, Any]:
        return {"computing": self.task is not None, "person": self.person,
                "takebacks": had_takebacks(self.save), "notice": self.notice,
                "iterations": self.review.iterations if self.review is not None else None}
