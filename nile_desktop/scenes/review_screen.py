"""The review of a finished game: where it was won and lost, decision by decision.

Opened from the results of a game and from Load for any finished game. The
review (:mod:`nile_desktop.review`) is taken from the save when it was kept
there, so a second look is instant; otherwise it is computed in the
background (:class:`~nile_desktop.review.runner.ReviewTask`, worker
processes) while a progress bar fills and Cancel stops it — the window keeps
drawing meanwhile. The review's first pass shows as soon as it is whole, and
a slim bar tells while it is refined. A finished review is kept in the save
file and its accuracy goes into the player's record. "Deeper review"
computes it again with more samples.

The screen answers one question at a time: every figure on it — the chart
(every seat's win chance over the game, adding up to 100% at every move),
the decision list, the marks, the accuracy, the counts and the turning point
— is of one point of view: by default the reviewed person's own (the game as
that person could judge it); the chooser switches to another person's, or to
all hands open (computed when first asked: the decisions are judged again
with every hand known). One line above the chart says which view every
figure is of and what the chances assume about the bots; while a view is
computed it says that the list and the summary still show the view before.
The list's win chance after a decision is the chart's point there. A better
move is named, and a decision marked, only where its lead is real (beyond
the estimate's margin and at least a point); a legend under the list says
what the marks mean. A click on a point or Enter on a decision opens the
replay of the game on the table at that move (route ``"replay"``, when the
game has one). Every sentence is :mod:`nile_desktop.text.review`'s.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pygame

from nile_desktop import seats
from nile_desktop.engine.seat_kinds import SeatKind
from nile_desktop.i18n import format_number
from nile_desktop.review.analysis import ANY, FORCED, MARKS, OPEN, Decision, seat_view, view_seat
from nile_desktop.review.cache import cached_review, with_review
from nile_desktop.review.cache import store_in_file as keep_in_file
from nile_desktop.review.evaluate import DEEPER_ITERATIONS, DEFAULT_ITERATIONS
from nile_desktop.review.runner import Cancelled, Game, Review, ReviewTask
from nile_desktop.review.summary import PersonSummary, assumption, summarise
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
from nile_desktop.scenes.review_rows import DecisionRow, MarkLegend, ProgressBar
from nile_desktop.text import review as words
from nile_desktop.ui import Button, Choice, Label, ListView, Panel, Toggle, theme

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
        #: The task adding a point of view to the review (computed when first chosen).
        self.view_task: ReviewTask | None = None
        self.failed = False
        self.notice = ""
        #: The accuracy going into the record, off the main thread.
        self.record_task: RecordTask[list[str]] | None = None
        self.person = self.game.people()[0] if self.game.people() else 0
        #: The view chosen, and the one whose figures show (the one before while the chosen
        #: one is computed).
        self.view = self.game.default_view()
        self.figures_view = self.view
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
        views = tuple(dict.fromkeys((self.game.default_view(), self.view)))
        self.task = ReviewTask(self.game, iterations=iterations, workers=self.workers,
                               views=views).start()
        if self.stack is not None:
            self.relayout()

    def deeper(self) -> None:
        if self.task is None:
            self.start(self.deeper_iterations)

    def cancel(self) -> None:
        """Stop the review being computed; without a review to show the screen closes."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
        if self.review is None or not self.review.final:
            self.close()
        else:
            self.relayout()

    def exit(self) -> None:
        for task in (self.task, self.view_task):
            if task is not None:
                task.cancel()
        self.task = self.view_task = None

    def update(self, dt: float) -> None:
        super().update(dt)
        task = self.task
        if task is not None and task.shown is not None and self.review is not task.shown \
                and not task.done and (self.review is None or not self.review.final):
            self.review = task.shown  # the first pass: the screen is usable while it refines
            self.relayout()
        if task is not None and task.done:
            self.finished(task)
        if self.view_task is not None and self.view_task.done:
            self.view_finished(self.view_task)
        self.want_view()
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
                if self.review is not None and not self.review.final:
                    self.review = None  # a first pass whose refinement failed is not shown
            self.relayout()
            return
        self.review = task.result
        self.keep(task.result)
        self.relayout()

    def want_view(self) -> None:
        """Start computing the chosen view if the review lacks it (once the review is final)."""
        review = self.review
        if review is None or not review.final or self.task is not None \
                or self.view_task is not None or self.view in review.views:
            return
        self.view_task = ReviewTask(self.game, iterations=review.iterations, seed=review.seed,
                                    workers=self.workers, views=(self.view,),
                                    have=review).start()
        self.relayout()

    def view_finished(self, task: ReviewTask) -> None:
        """A point of view was added: show it and keep it in the save."""
        self.view_task = None
        if task.result is None:
            if not isinstance(task.error, Cancelled):
                log.error("the review's view could not be computed", exc_info=task.error)
                self.notice = words.view_failed()
            if self.review is not None:
                self.view = self.figures_view
        else:
            self.review = task.result
            self.keep(task.result, record=False)
        self.relayout()

    def keep(self, review: Review, record: bool = True) -> None:
        """Keep ``review`` in the save (and its file) and, if ``record``, its accuracy in
        the player's record."""
        old = {"review": self.save.review} if self.save.review else {}
        self.save.review = with_review(old, self.game, review)["review"]
        notices = []
        if self.save.path is not None:
            try:
                keep_in_file(self.save.path, self.game, review)
            except (OSError, ValueError) as exc:
                log.warning("the review could not be kept in %s: %s", self.save.path, exc)
                notices.append(words.not_kept())
        humans = {seat for seat, s in enumerate(self.save.seats) if s.kind == SeatKind.HUMAN}
        losses = {p.seat: p.mean_loss for p in summarise(review)
                  if p.seat in humans and p.decisions}
        if losses and record:
            self.record_task = record_later(self.save, losses)
        self.notice = " ".join(notices)

    # -- words ---------------------------------------------------------------------------
    def shown_view(self) -> str:
        """The view whose figures show: the chosen one once computed, else the one before."""
        assert self.review is not None
        if self.view in self.review.views:
            self.figures_view = self.view
        if self.figures_view not in self.review.views:
            self.figures_view = self.review.view
        return self.figures_view

    def shown_person(self) -> int:
        """Whose decisions and summary show: the shown view's person (the chosen person in
        the open view)."""
        seat = view_seat(self.shown_view())
        return self.person if seat is None else seat

    def shown_chart(self) -> list[tuple[float, ...]]:
        """The chart of the view shown."""
        assert self.review is not None
        return self.review.chart(self.shown_view())

    def point_text(self, point: int) -> str:
        """Chart point ``point`` (0: the deal, n: after move n) in words, with the mark of the
        decision the shown view judges there."""
        review = self.review
        if review is None or not 0 <= point < len(review.steps) + 1:
            return ""
        chances = words.chances_line(self.names, self.shown_chart()[point])
        if point == 0:
            return words.point_text(0, "", "", chances, None)
        step = review.steps[point - 1]
        decision = review.decision(step.index, self.shown_view())
        return words.point_text(point, self.names[step.seat], step.move, chances, decision)

    def point_data(self, point: int) -> dict[str, Any]:
        if self.review is None or point == 0:
            return {"move": None}
        step = self.review.steps[point - 1]
        d = self.review.decision(step.index, self.shown_view())
        return {"move": step.move, "seat": step.seat, "mark": d.mark if d else "",
                "loss": d.loss if d else None, "best": d.best if d else None}

    def summary(self) -> PersonSummary | None:
        if self.review is None:
            return None
        person = self.shown_person()
        return next((p for p in summarise(self.review, self.shown_view()) if p.seat == person),
                    None)

    def figures(self) -> list[Figure]:
        person = self.summary()
        if person is None or self.review is None:
            return []
        named = words.figure_names()
        free = person.counts[FORCED] + person.counts[ANY]
        out = [Figure("accuracy", named["accuracy"], format_number(person.mean_loss, 1),
                      {"mean_loss": person.mean_loss}),
               Figure("decisions", named["decisions"], str(person.decisions),
                      {"count": person.decisions}),
               Figure("not-judged", named["not-judged"], str(free),
                      {"forced": person.counts[FORCED], "any": person.counts[ANY]})]
        for key in MARKS:
            out.append(Figure(key, named[key], str(person.counts[key]),
                              {"count": person.counts[key]}))
        turn = person.turning_point
        if turn is not None:
            chart = self.shown_chart()
            before, after = chart[turn.index][person.seat], chart[turn.index + 1][person.seat]
            value = words.turning_value(turn.index + 1, self.names[turn.seat], turn.move,
                                        before, after)
            out.append(Figure("turning-point", named["turning-point"], value,
                              {"index": turn.index, "swing": turn.swing, "before": before,
                               "after": after}))
        return out

    def decisions(self) -> list[tuple[int, Decision]]:
        """The shown person's decisions as the shown view judges them (only the marked ones
        unless "Every decision" is on)."""
        if self.review is None:
            return []
        found = self.review.decisions_in(self.shown_view(), self.shown_person())
        return found if self.every else [(i, d) for i, d in found if d.mark]

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        panel = pygame.Rect(30, 40, 1220, 660)
        self.panel = panel
        self.group.add(Panel(panel, words.title))
        self.chart = None
        if self.review is None:
            self.build_progress(panel)
        else:
            self.build_review(panel, self.review)

    def build_progress(self, panel: pygame.Rect) -> None:
        centre = panel.centerx
        said = words.buttons()
        if self.failed:
            self.group.add(Button((centre - 120, panel.bottom - 90, 240, 54), said["back"],
                                  self.close, uid="back"))
            return
        self.bar = ProgressBar((centre - 400, panel.centery - 20, 800, 48), self.progress,
                               uid="progress")
        self.group.add(self.bar)
        cancel = Button((centre - 120, panel.centery + 80, 240, 54), said["cancel"],
                        self.cancel, uid="cancel")
        self.group.add(cancel)
        self.group.focus(cancel)

    def progress(self) -> tuple[int, int]:
        """The first pass's progress (until the chart shows, half of all the work)."""
        if self.task is None:
            return (0, 0)
        done, total = self.task.progress
        return (min(done, total // 2), total // 2)

    def view_progress(self) -> tuple[int, int]:
        return self.view_task.progress if self.view_task is not None else (0, 0)

    def view_options(self) -> list[tuple[str, str]]:
        """The points of view to choose from: each person's, and all hands open."""
        people = [s for s in (self.review.seats if self.review else ()) if s < len(self.names)]
        options = [(seat_view(s), words.view_choice(self.names[s])) for s in people]
        return [*options, (OPEN, words.view_choice(None))]

    def build_review(self, panel: pygame.Rect, review: Review) -> None:
        said = words.buttons()
        line = pygame.Rect(panel.left + 30, panel.top + 32, 750, 24)
        self.group.add(Label(line, self.view_line, size=theme.SIZE_SMALL, bold=True))
        if review.assumes_bots():  # cut short, either line shows whole as its tooltip
            self.group.add(Label(line.move(0, 22), lambda: assumption(review),
                                 size=theme.SIZE_SMALL, colour=theme.INK_SOFT))
        chart_rect = pygame.Rect(panel.left + 30, panel.top + 86, 750, 300)  # below both lines
        if self.view in review.views:
            self.build_chart(chart_rect, review)
        else:  # the chosen view is being computed
            self.group.add(ProgressBar((chart_rect.left + 75, chart_rect.centery, 600, 48),
                                       self.view_progress, uid="view-progress"))
        right = pygame.Rect(panel.left + 800, panel.top + 40, 390, 350)
        self.group.add(Choice((right.left, right.top, right.w, 40), self.view_options(),
                              self.view, self.choose_view, uid="view"))
        top = right.top + 48
        self.group.add(FigureTable((right.left, top, right.w, right.bottom - top), self.figures,
                                   heading=lambda: self.names[self.shown_person()],
                                   uid="summary"))
        chart = self.shown_chart()
        rows = [DecisionRow(i, d, self.names, review.steps[i].move, chart[i + 1][d.seat])
                for i, d in self.decisions()]
        every = self.every
        self.list = ListView((panel.left + 30, panel.top + 394, panel.w - 60, 104), rows,
                             row_height=50, on_activate=self.open_decision,
                             empty_text=lambda: words.nothing_marked(every), uid="decisions")
        self.group.add(self.list)
        self.group.add(MarkLegend((panel.left + 30, panel.top + 504, panel.w - 60,
                                   2 * MarkLegend.LINE), uid="legend"))
        bottom, gap = panel.bottom - 72, 16
        width = (panel.w - 60 - 2 * gap) // 3
        left = panel.left + 30
        self.group.add(Toggle((left, bottom, width, 54), said["every"],
                              self.every, self.show_every, uid="every"))
        if self.task is not None and review.final:  # a deeper review is on its way
            self.group.add(Button((left + width + gap, bottom, width, 54),
                                  said["stop-deeper"], self.cancel, uid="deeper"))
        else:
            deeper = review.iterations < self.deeper_iterations and self.task is None \
                and self.view_task is None
            self.group.add(Button((left + width + gap, bottom, width, 54),
                                  said["deeper"], self.deeper, enabled=deeper,
                                  uid="deeper"))
        self.group.add(Button((left + 2 * (width + gap), bottom, width, 54), said["back"],
                              self.close, uid="back", primary=True))
        self.group.focus(self.chart if self.chart is not None else self.list)

    def build_chart(self, rect: pygame.Rect, review: Review) -> None:
        chart = review.chart(self.view)
        series = [Series(self.names[s], seat_colour(self.save, s), [point[s] for point in chart])
                  for s in range(len(chart[0]))]
        judged = review.decisions_in(self.shown_view(), self.shown_person())
        marks = {i + 1: (d.seat, d.mark) for i, d in judged if d.mark}
        spec = ChartSpec(top=100.0, ticks=(0, 25, 50, 75, 100), tick_text=words.whole_pct,
                         point_text=self.point_text, point_data=self.point_data, marks=marks,
                         caption=words.caption)
        self.chart = LineChart(rect, series, spec, on_pick=self.pick_point, selected=self.point,
                               uid="chart")
        self.group.add(self.chart)  # Left/Right walk the game at once (a rebuild keeps focus)

    # -- choices -------------------------------------------------------------------------
    def choose_view(self, view: str) -> None:
        """Show every figure of ``view`` (computed first if it is new); a person's view also
        shows that person's decisions."""
        self.view = view
        seat = view_seat(view)
        if seat is not None:
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
        if self.review is None:
            message = words.failed() if self.failed else words.computing()
            lines = theme.wrap_text(message, theme.SIZE_BODY, 900)
            y = panel.centery - 60 - 30 * len(lines)
            for line in lines:
                theme.draw_text(surface, line, (panel.centerx, y), anchor="midtop")
                y += 30
            return
        notes = [self.working()] if self.working() else []
        if had_takebacks(self.save):
            notes.append(words.with_takebacks())
        text = " ".join([*notes, self.notice] if self.notice else notes)
        if text:
            theme.draw_text(surface, theme.fit_text(text, theme.SIZE_SMALL, panel.w - 60),
                            (panel.left + 30, panel.bottom - 98), theme.SIZE_SMALL,
                            theme.ERROR if self.notice else theme.INK_SOFT)

    def view_line(self) -> str:
        """The one line above the chart: whose view every figure is of (while the chosen
        one is computed: that the list and summary are still of the view before)."""
        assert self.review is not None
        if self.view not in self.review.views:
            return words.computing_view()
        seat = view_seat(self.view)
        return words.view_label(None if seat is None else self.names[seat])

    def working(self) -> str:
        """What is still being computed behind the shown review, if anything."""
        task = self.task
        if task is None:
            return ""
        done, total = task.progress
        if self.review is not None and self.review.final:
            percent = round(100 * done / total) if total else 0
            return words.deeper_progress(percent)
        half = total // 2  # the second pass's share of the work
        percent = round(100 * (done - half) / half) if half else 0
        return words.refining(max(0, percent))

    def dump_info(self) -> dict[str, Any]:
        review = self.review
        return {"computing": self.task is not None, "person": self.person, "view": self.view,
                "figures_view": self.figures_view if review is not None else None,
                "views": list(review.views) if review is not None else [],
                "final": review.final if review is not None else False,
                "takebacks": had_takebacks(self.save), "notice": self.notice,
                "iterations": review.iterations if review is not None else None}
