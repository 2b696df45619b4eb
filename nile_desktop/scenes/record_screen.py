"""Your record: one player's games, wins, piles and accuracy over time.

Opened from the title screen and from the results of a game (then showing
the person who just played). The record is its own file
(:class:`~nile_desktop.saves.record.RecordStore`), so pruning saves never loses
it. Per player name — chosen with arrows when several people have played
on this computer — the screen shows the games and wins by opponent level and
by number of players, the average smallest pile, the best game and, as a
chart, the accuracy of every reviewed game in order. Games played with
take-backs are counted apart. "Export CSV" writes the record through the
in-game file chooser (a temporary file renamed into place); "Reset" forgets
the player's games after asking (only the games shown: one another copy of
the game recorded meanwhile stays). The file is read and changed on a thread
of its own (:class:`~nile_desktop.saves.record.RecordTask`), so a slow disk
or another copy's change never holds a frame: the screen says it is reading
until the record is there. A record that cannot be read or written is said
in a line on the screen, never a crash.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from nile_desktop.ai.levels import LEVELS
from nile_desktop.engine.seat_kinds import SeatKind
from nile_desktop.formats import format_date
from nile_desktop.i18n import format_number
from nile_desktop.saves import without_surrogates
from nile_desktop.saves.record import (
    PEOPLE,
    RecordStats,
    RecordStore,
    RecordTask,
    Tally,
    open_store,
    stats,
)
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.review_chart import ChartSpec, Figure, FigureTable, LineChart, Series
from nile_desktop.text import record as words
from nile_desktop.text import screens
from nile_desktop.text.table import seat_kind_label
from nile_desktop.ui import Button, Choice, Panel, theme

if TYPE_CHECKING:
    from nile_desktop.saves import SaveGame
    from nile_desktop.scenes.stack import Scene

log = logging.getLogger(__name__)


def date_text(value: str) -> str:
    """An entry's ISO date in the player's language (the text itself if it is not a date)."""
    try:
        return format_date(datetime.fromisoformat(value))
    except (TypeError, ValueError):
        return value


def tally_text(tally: Tally) -> str:
    return words.played_won(tally.games, tally.wins)


def level_name(level: str) -> str:
    return words.people_only() if level == PEOPLE else seat_kind_label(level)


def player_figures(stats: RecordStats) -> list[Figure]:
    """The record's main figures for one player's :func:`~nile_desktop.saves.record.stats`."""
    out = [Figure("games", words.games(), tally_text(Tally(stats.games, stats.wins)),
                  {"games": stats.games, "wins": stats.wins})]
    average = stats.average_smallest_pile
    out.append(Figure("smallest-pile", words.average_smallest_pile(),
                      "—" if average is None else format_number(average, 1),
                      {"average": average}))
    best = stats.best
    if best is not None:
        value = words.best_game_text(date_text(best.date), best.won, best.smallest_pile)
        out.append(Figure("best", words.best_game(), value, {"id": best.id}))
    takebacks = stats.takebacks
    out.append(Figure("takebacks", words.with_takebacks(),
                      tally_text(takebacks), {"games": takebacks.games, "wins": takebacks.wins}))
    return out


def level_figures(stats: RecordStats) -> list[Figure]:
    """Games and wins by the strongest opponent's level, people first, then weakest first."""
    order = (PEOPLE, *LEVELS)
    levels = sorted(stats.by_level.items(),
                    key=lambda item: (order.index(item[0]) if item[0] in order else len(order),
                                      item[0]))
    return [Figure(f"level-{level}", level_name(level), tally_text(tally),
                   {"level": level, "games": tally.games, "wins": tally.wins})
            for level, tally in levels]


def seat_figures(stats: RecordStats) -> list[Figure]:
    """Games and wins by the number of players."""
    return [Figure(f"seats-{count}",
                   words.players(count),
                   tally_text(tally), {"seats": count, "games": tally.games, "wins": tally.wins})
            for count, tally in stats.by_seats.items()]


class RecordScene(MenuScene):
    """The record screen; ``save`` (a game just played) picks whose record shows first.

    ``table`` is the table it was opened from (the table's routes pass it); ``store`` a
    record other than the user's own file (tests).
    """

    dump_name = "record"

    def __init__(self, save: SaveGame | None = None, *, table: Scene | None = None,
                 name: str | None = None, store: RecordStore | None = None) -> None:
        super().__init__()
        self.store = store
        self.name = name
        if name is None and save is not None:
            self.name = next((seat.shown_name for seat in save.seats if seat.kind == SeatKind.HUMAN),
                             None)
        self.notice = ""
        #: The reading or the change of the record under way, off the main thread.
        self.record_task: RecordTask[object] | None = None
        self._after: Callable[[RecordTask[object]], None] | None = None

    def enter(self) -> None:
        if self.store is None and self.record_task is None:
            self.run(open_store, self.read)  # the games still pending are added first
        elif self.store is not None:
            self.shown(self.store)
        super().enter()

    def run(self, work: Callable[[], object], then: Callable[[RecordTask[object]], None]
            ) -> None:
        """Do ``work`` on the record off the main thread; ``then`` gets the task once done."""
        self.record_task, self._after = RecordTask(work, "record-screen"), then

    def update(self, dt: float) -> None:
        super().update(dt)
        task, then = self.record_task, self._after
        if task is not None and task.done and then is not None:
            self.record_task = self._after = None
            then(task)
            self.relayout()

    def read(self, task: RecordTask[object]) -> None:
        if isinstance(task.result, RecordStore):
            self.shown(task.result)
        else:
            log.error("could not read the record: %s", task.error)
            self.notice = words.not_read()

    def shown(self, store: RecordStore) -> None:
        """Show ``store``: the person named first, else the first player."""
        self.store = store
        self.notice = store.notice
        names = store.names()
        if self.name not in names:
            self.name = names[0] if names else None

    @property
    def busy(self) -> bool:
        return self.record_task is not None

    def names(self) -> list[str]:
        return self.store.names() if self.store is not None else []

    def stats(self) -> RecordStats | None:
        if self.store is None or self.name is None:
            return None
        return self.store.stats(self.name)

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        panel = pygame.Rect(40, 50, 1200, 640)
        self.panel = panel
        self.group.add(Panel(panel, screens.your_record))
        names = self.names()
        left = panel.left + 40
        if len(names) > 1:
            self.group.add(Choice((left, panel.top + 44, 520, 44),
                                  [(n, n) for n in names], self.name, self.choose, uid="player"))
        shown = self.stats()
        top = panel.top + (100 if len(names) > 1 else 44)
        right = panel.left + 600
        if self.name is not None:
            heading = self.name if len(names) == 1 else ""
            self.group.add(FigureTable((left, top, 520, 200),
                                       lambda: player_figures(self.stats() or stats([])),
                                       heading=heading, uid="figures"))
            self.group.add(FigureTable((left, top + 210, 520, panel.bottom - 110 - top - 210),
                                       lambda: level_figures(self.stats() or stats([])),
                                       heading=words.by_strongest_opponent,
                                       uid="levels"))
            self.group.add(FigureTable((right, panel.top + 300, 560, 220),
                                       lambda: seat_figures(self.stats() or stats([])),
                                       heading=words.by_number_of_players, uid="seats"))
        accuracy = shown.accuracy if shown is not None else []
        self.group.add(self.accuracy_chart((right, panel.top + 44, 560, 240), accuracy))
        bottom, width, gap = panel.bottom - 76, 240, 16
        start = panel.centerx - (3 * width + 2 * gap) // 2
        has = self.name is not None and not self.busy
        self.group.add(Button((start, bottom, width, 54), words.export_csv,
                              self.ask_export, enabled=has, uid="export"))
        self.group.add(Button((start + width + gap, bottom, width, 54), screens.reset,
                              self.ask_reset, enabled=has, uid="reset"))
        back = Button((start + 2 * (width + gap), bottom, width, 54), screens.back,
                      self.close, primary=True, uid="back")
        self.group.add(back)
        self.group.focus(back)

    def accuracy_chart(self, rect: tuple[int, int, int, int],
                       accuracy: list[tuple[str, float]]) -> LineChart:
        losses = [loss for _date, loss in accuracy]
        top = max(10.0, math.ceil(max(losses, default=0.0) / 5) * 5)

        def point_text(i: int) -> str:
            if not 0 <= i < len(accuracy):
                return ""
            return words.points_lost(date_text(accuracy[i][0]), format_number(accuracy[i][1], 1))

        spec = ChartSpec(top=top, ticks=(0, top / 2, top),
                         tick_text=lambda v: format_number(v, 1), point_text=point_text,
                         point_data=lambda i: {"date": accuracy[i][0], "mean_loss": accuracy[i][1]},
                         caption=words.accuracy_caption, empty_text=words.no_accuracy_yet)
        return LineChart(rect, [Series(self.name or "", theme.LAPIS, losses)], spec,
                         uid="accuracy")

    def choose(self, name: str) -> None:
        self.name = name
        self.relayout()

    # -- reset and export ----------------------------------------------------------------
    def ask_reset(self) -> None:
        name = self.name
        if name is None or self.stack is None:
            return
        self.stack.push(DialogScene(
            words.reset_title, lambda: words.reset_question(name),
            [(screens.reset, lambda: self.reset(name)), (screens.keep_it, None)]))

    def reset(self, name: str) -> None:
        store = self.store
        if store is None or self.busy:
            return
        self.run(lambda: store.reset(name), lambda task: self.was_reset(task, name))
        self.relayout()

    def was_reset(self, task: RecordTask[object], name: str) -> None:
        if task.error is not None:
            log.error("could not reset the record: %s", task.error)
            self.notice = words.not_changed()
            return
        self.notice = words.was_reset(name)
        names = self.names()
        self.name = names[0] if names else None

    def ask_export(self) -> None:
        if self.name is None or self.busy:
            return
        nav.push(self.on_stack, "file-chooser", title=words.export_to,
                 folder=Path.home(), on_chosen=self.export, saving=True,
                 file_name="nile-record.csv", suffix=".csv")

    def export(self, target: Path, replace: bool = False) -> None:
        """Write the player's record as CSV to ``target``, asking before replacing a file."""
        if target.exists() and not replace and self.stack is not None:
            shown = without_surrogates(target.name)
            self.stack.push(DialogScene(
                screens.replace_file_title, lambda: words.replace_with_record(shown),
                [(screens.replace, lambda: self.export(target, replace=True)),
                 (screens.cancel, None)]))
            return
        if self.store is None:
            return
        try:
            self.store.export_csv(target, self.name)
        except (OSError, ValueError) as exc:
            log.warning("could not export the record to %s: %s", target, exc)
            self.notice = words.not_written(without_surrogates(str(target)))
            return
        self.notice = words.exported(without_surrogates(str(target)))

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = self.panel
        if self.store is None and self.busy:
            theme.draw_text(surface, theme.fit_text(words.reading(), theme.SIZE_BODY, 520),
                            (panel.left + 40, panel.top + 60), colour=theme.INK_SOFT)
        elif self.name is None:
            theme.draw_text(surface, theme.fit_text(
                words.no_games_yet(),
                theme.SIZE_BODY, 520), (panel.left + 40, panel.top + 60), colour=theme.INK_SOFT)
        if self.notice:
            theme.draw_text(surface, theme.fit_text(self.notice, theme.SIZE_SMALL, panel.w - 80),
                            (panel.left + 40, panel.bottom - 104), theme.SIZE_SMALL, theme.INK_SOFT)

    def dump_info(self) -> dict[str, Any]:
        return {"player": self.name, "notice": self.notice, "busy": self.busy}
