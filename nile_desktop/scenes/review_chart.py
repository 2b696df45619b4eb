"""Charts and figure tables for the review and the record screens.

:class:`LineChart` draws one line per series over the same points (every
seat's win chance after each move, or a player's accuracy game after game),
with optional marks on single points (a decision marked as a blunder). The
pointer over it or the arrow keys pick a point; its words show in a strip
under the plot, so the mouse and the keyboard tell the same thing; a click
or Enter on a point calls ``on_pick``. Light seat colours (ivory) get an
ink outline so every line stands out on papyrus.

:class:`FigureTable` is a two-column table of named figures (accuracy,
counts, games and wins…). Both list themselves in the UI dump element by
element: every chart point, every mark and every figure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from nile_desktop.ui import Widget, dump, theme, view
from nile_desktop.ui.theme import TextSource, text_of
from nile_desktop.ui.widgets import CLICK_KEYS

RGB = tuple[int, int, int]

#: The colour and sign of each mark (the signs chess players know: ?! ? ??).
MARK_STYLE: dict[str, tuple[RGB, str]] = {
    "inaccuracy": (theme.INACCURACY, "?!"),
    "mistake": (theme.MISTAKE, "?"),
    "blunder": (theme.BLUNDER, "??"),
}


@dataclass(frozen=True)
class Series:
    """One line of a chart: a name for its key, a colour, a value per point (None: no point)."""

    name: str
    colour: RGB
    values: Sequence[float | None]


@dataclass
class ChartSpec:
    """What a chart shows besides its lines: the value range, the words of each point."""

    top: float
    ticks: Sequence[float]
    tick_text: Callable[[float], str]
    point_text: Callable[[int], str]
    point_data: Callable[[int], dict[str, Any]] = field(default=lambda i: {})
    #: Marked points: point index -> (series index, mark).
    marks: dict[int, tuple[int, str]] = field(default_factory=dict)
    caption: TextSource = ""
    empty_text: TextSource = ""


def _is_light(colour: RGB) -> bool:
    return sum(colour) > 560


class LineChart(Widget):
    """Lines over ``n`` points; Left/Right/Home/End and the pointer pick one, Enter opens it."""

    role = "chart"
    uses_keys = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)

    LEGEND_H = 26
    INFO_H = 48
    AXIS_W = 56

    def __init__(self, rect: Any, series: Sequence[Series], spec: ChartSpec, *,
                 on_pick: Callable[[int], None] | None = None, selected: int = -1,
                 uid: str | None = None) -> None:
        super().__init__(rect, uid=uid)
        self.series = list(series)
        self.spec = spec
        self.on_pick = on_pick
        self.count = max((len(s.values) for s in self.series), default=0)
        self.selected = selected if 0 <= selected < self.count else -1
        self.pointed = -1
        self.focusable = self.count > 0

    # -- geometry --------------------------------------------------------------------------
    @property
    def plot(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.left + self.AXIS_W, r.top + self.LEGEND_H + 6,
                           r.w - self.AXIS_W - 12, r.h - self.LEGEND_H - self.INFO_H - 16)

    def x_of(self, index: int) -> float:
        plot = self.plot
        if self.count <= 1:
            return plot.centerx
        return plot.left + plot.w * index / (self.count - 1)

    def y_of(self, value: float) -> float:
        plot = self.plot
        top = self.spec.top or 1.0
        return plot.bottom - plot.h * min(max(value, 0.0), top) / top

    def index_at(self, x: float) -> int:
        if self.count <= 1:
            return 0
        plot = self.plot
        return max(0, min(self.count - 1, round((x - plot.left) / plot.w * (self.count - 1))))

    def shown_index(self) -> int:
        """The point whose words show: the one under the pointer, else the selected one."""
        return self.pointed if self.pointed >= 0 else self.selected

    # -- input ------------------------------------------------------------------------------
    def _in_plot(self, pos: Any) -> bool:
        return self.plot.inflate(16, 16).collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.count == 0:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event)
            self.pointed = self.index_at(event.pos[0]) if self._in_plot(event.pos) else -1
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event):
            if self._in_plot(event.pos):
                self.pick(self.index_at(event.pos[0]))
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
            if event.key in step:
                self.select(max(0, self.selected) + step[event.key] if self.selected >= 0
                            else 0)
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.select(0 if event.key == pygame.K_HOME else self.count - 1)
                return True
            if event.key in CLICK_KEYS and self.selected >= 0:
                self.pick(self.selected)
                return True
        return False

    def select(self, index: int) -> None:
        self.selected = max(0, min(self.count - 1, index))
        self.pointed = -1

    def pick(self, index: int) -> None:
        self.select(index)
        if self.on_pick is not None:
            self.on_pick(self.selected)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        view.rect(surface, theme.PAPYRUS_LIGHT, self.rect, border_radius=8)
        view.rect(surface, theme.LAPIS if self.focused else theme.INK_SOFT, self.rect, width=2,
                  border_radius=8)
        self._draw_legend(surface)
        plot = self.plot
        if self.count == 0:
            theme.draw_fitted(surface, text_of(self.spec.empty_text), plot.inflate(-20, -10),
                              theme.SIZE_SMALL, theme.INK_SOFT)
            return
        self._draw_axes(surface, plot)
        shown = self.shown_index()
        if shown >= 0:
            x = self.x_of(shown)
            view.line(surface, theme.GOLD, (x, plot.top), (x, plot.bottom), 2)
        for series in self.series:
            self._draw_line(surface, series)
        for index, (which, mark) in sorted(self.spec.marks.items()):
            self._draw_mark(surface, index, which, mark)
        if shown >= 0:
            for series in self.series:
                value = series.values[shown] if shown < len(series.values) else None
                if value is not None:
                    pos = (self.x_of(shown), self.y_of(value))
                    view.circle(surface, theme.INK, pos, 6)
                    view.circle(surface, series.colour, pos, 4)
        info = pygame.Rect(self.rect.left + 14, self.rect.bottom - self.INFO_H - 4,
                           self.rect.w - 28, self.INFO_H)
        words = self.spec.point_text(shown) if shown >= 0 else text_of(self.spec.caption)
        self.shown = theme.draw_fitted(surface, words, info, theme.SIZE_SMALL, theme.INK,
                                       align="left")
        if self.focused:
            theme.draw_focus_ring(surface, self.rect, radius=8)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        x, y = self.rect.left + 14, self.rect.top + 6
        right = self.rect.right - 14
        for series in self.series if len(self.series) > 1 else []:
            key = pygame.Rect(x, y + 4, 14, 14)
            view.rect(surface, series.colour, key)
            view.rect(surface, theme.INK, key, width=1)
            room = right - (x + 20)
            if room < 40:
                break
            name = theme.fit_text(series.name, theme.SIZE_SMALL, min(room, 220))
            drawn = theme.draw_text(surface, name, (x + 20, y), theme.SIZE_SMALL)
            x = drawn.right + 18

    def _draw_axes(self, surface: pygame.Surface, plot: pygame.Rect) -> None:
        for tick in self.spec.ticks:
            y = self.y_of(tick)
            view.line(surface, theme.PAPYRUS_SHADOW, (plot.left, y), (plot.right, y), 1)
            theme.draw_text(surface, self.spec.tick_text(tick), (plot.left - 8, round(y)),
                            theme.SIZE_SMALL - 2, theme.INK_SOFT, anchor="midright")
        view.line(surface, theme.INK_SOFT, plot.bottomleft, plot.bottomright, 1)
        view.line(surface, theme.INK_SOFT, plot.topleft, plot.bottomleft, 1)

    def _points(self, series: Series) -> list[list[tuple[float, float]]]:
        """The series' points as runs without gaps."""
        runs: list[list[tuple[float, float]]] = [[]]
        for index, value in enumerate(series.values):
            if value is None:
                runs.append([])
            else:
                runs[-1].append((self.x_of(index), self.y_of(value)))
        return [run for run in runs if run]

    def _draw_line(self, surface: pygame.Surface, series: Series) -> None:
        light = _is_light(series.colour)
        for run in self._points(series):
            if len(run) == 1:
                view.circle(surface, theme.INK, run[0], 6)
                view.circle(surface, series.colour, run[0], 4)
                continue
            if light:
                for a, b in zip(run, run[1:], strict=False):
                    view.line(surface, theme.INK_SOFT, a, b, 5)
            for a, b in zip(run, run[1:], strict=False):
                view.line(surface, series.colour, a, b, 3)

    def _draw_mark(self, surface: pygame.Surface, index: int, which: int, mark: str) -> None:
        if not 0 <= which < len(self.series) or index >= len(self.series[which].values):
            return
        value = self.series[which].values[index]
        colour, sign = MARK_STYLE.get(mark, (theme.INK, "?"))
        if value is None:
            return
        pos = (self.x_of(index), self.y_of(value))
        view.circle(surface, theme.INK, pos, 9)
        view.circle(surface, colour, pos, 7)
        theme.draw_text(surface, sign, (round(pos[0]), round(pos[1]) - 11), theme.SIZE_SMALL - 2, colour,
                        bold=True, anchor="midbottom")

    # -- UI dump ----------------------------------------------------------------------------
    def dump_label(self) -> str:
        return text_of(self.spec.caption) or text_of(self.spec.empty_text)

    def dump_data(self) -> dict[str, Any]:
        return {"points": self.count, "selected": self.selected,
                "series": [{"name": s.name, "colour": list(s.colour)} for s in self.series]}

    def register(self, key: str) -> None:
        """The chart, then one ``chart-point`` per point and one ``chart-mark`` per mark."""
        super().register(key)
        if not dump.active() or self.count == 0:
            return
        base, v, plot = self.uid or key, view.current(), self.plot
        half = max(2, plot.w // max(1, 2 * (self.count - 1)))
        for index in range(self.count):
            x = round(self.x_of(index))
            values = [s.values[index] if index < len(s.values) else None for s in self.series]
            dump.add(f"{base}.point-{index}", "chart-point", self.spec.point_text(index),
                     v.px((x - half, plot.top, 2 * half, plot.h)), enabled=self.enabled,
                     selected=index == self.selected,
                     data={"index": index, "values": values, **self.spec.point_data(index)})
        for index, (which, mark) in sorted(self.spec.marks.items()):
            value = self.series[which].values[index] if which < len(self.series) else None
            if value is None:
                continue
            x, y = round(self.x_of(index)), round(self.y_of(value))
            dump.add(f"{base}.mark-{index}", "chart-mark", self.spec.point_text(index),
                     v.px((x - 9, y - 9, 18, 18)), enabled=self.enabled,
                     data={"index": index, "series": which, "mark": mark})


@dataclass(frozen=True)
class Figure:
    """One row of a :class:`FigureTable`: a stable key, what it is and its value."""

    key: str
    name: str
    value: str
    data: dict[str, Any] = field(default_factory=dict)


class FigureTable(Widget):
    """Named figures in two columns, read each frame from ``figures()`` (so a language switch
    shows at once); each row is a ``figure`` element of the UI dump."""

    focusable = False
    role = "figures"

    def __init__(self, rect: Any, figures: Callable[[], list[Figure]], *, row_h: int = 28,
                 name_share: float = 0.6, heading: TextSource = "",
                 uid: str | None = None) -> None:
        super().__init__(rect, uid=uid)
        self.figures = figures
        self.row_h = row_h
        self.name_share = name_share
        self.heading = heading
        self._rows: list[tuple[Figure, pygame.Rect]] = []

    LINE = 21
    WIDE = 26

    def wide(self, figure: Figure) -> bool:
        """A long value (a move, a date) goes under its name, on up to two lines."""
        return len(figure.value) > self.WIDE

    def _lines(self, text: str, width: int) -> int:
        return min(2, len(theme.wrap_text(text, theme.SIZE_SMALL, width)))

    def height_of(self, figure: Figure) -> int:
        """A wide figure's value goes under its name; a long name or value wraps (two lines
        at most)."""
        if self.wide(figure):
            return (self._lines(figure.name, self.rect.w - 16)
                    + self._lines(figure.value, self.rect.w - 16)) * self.LINE + 8
        width = round(self.rect.w * self.name_share) - 16
        return max(self.row_h, self._lines(figure.name, width) * self.LINE + 8)

    def _layout(self) -> list[tuple[Figure, pygame.Rect]]:
        top = self.rect.top + (34 if self.heading else 0)
        rows = []
        for figure in self.figures():
            height = self.height_of(figure)
            if top + height > self.rect.bottom:
                break
            rows.append((figure, pygame.Rect(self.rect.left, top, self.rect.w, height)))
            top += height
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        if self.heading:
            theme.draw_fitted(surface, text_of(self.heading),
                              pygame.Rect(self.rect.left, self.rect.top, self.rect.w, 30),
                              theme.SIZE_BODY, theme.LAPIS, bold=True, align="left")
        self._rows = self._layout()
        split = round(self.rect.w * self.name_share)
        for i, (figure, row) in enumerate(self._rows):
            if i % 2 == 0:
                view.rect(surface, theme.ROW_BAND, row, border_radius=4)
            if self.wide(figure):
                name_h = self._lines(figure.name, row.w - 16) * self.LINE + 4
                name_box = pygame.Rect(row.left + 8, row.top + 2, row.w - 16, name_h)
                value_box = pygame.Rect(row.left + 8, row.top + name_h, row.w - 16,
                                        row.h - name_h - 2)
            else:
                name_box = pygame.Rect(row.left + 8, row.top, split - 16, row.h)
                value_box = pygame.Rect(row.left + split, row.top, row.w - split - 8, row.h)
            theme.draw_fitted(surface, figure.name, name_box, theme.SIZE_SMALL, theme.INK_SOFT,
                              align="left")
            theme.draw_fitted(surface, figure.value, value_box, theme.SIZE_SMALL, theme.INK,
                              bold=True, align="left")

    def dump_label(self) -> str:
        return text_of(self.heading)

    def register(self, key: str) -> None:
        super().register(key)
        if not dump.active():
            return
        base, v = self.uid or key, view.current()
        for figure, row in self._rows:
            dump.add(f"{base}.{figure.key}", "figure", f"{figure.name}: {figure.value}",
                     v.px(row), data={"name": figure.name, "value": figure.value,
                                      **figure.data})
