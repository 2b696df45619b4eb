"""Predictions of the win chances and how well they hold, judged by whole games.

Shared by ``calibrate`` (which makes and fits the predictions) and ``png_chart``
(which draws their reliability chart), so that neither needs the other.

A game gives many predictions (one every move or two) and one outcome per
seat, so its predictions are not independent: an interval that counts each
prediction as a trial is far too narrow. Every interval here is therefore
**bootstrapped by game** (:func:`resample`): whole games are drawn again with
replacement, :data:`RESAMPLES` times, and the 2.5th and 97.5th percentiles of
what they give are the 95% interval. Per decile of the prediction, the
interval of the win rate must hold the decile's mean prediction
(:attr:`Decile.holds`) — where every prediction of a decile came out alike
(no game won, or every one), resampling cannot vary it, and the interval
is Wilson's over its games instead (no win in 40 games: 0 to 8.8%) — and the **expected calibration error** — the mean
gap between predicted and won over the deciles, each weighed by its share of
the predictions (:func:`calibration_error`) — must be at most
:data:`ECE_TARGET` points. The error of a perfectly calibrated estimate is
not 0 on finite data: :attr:`Verdict.floor` gives the part of it that
resampling alone produces, so a setting short of the target can be told
from one whose data cannot decide it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from nile_desktop.engine.seat_kinds import SeatKind

from .stats import wilson

#: A person's kind, as the predictions keep it.
PERSON = SeatKind.HUMAN.value
#: Whole-game resamples per interval.
RESAMPLES = 1000
#: The target: the expected calibration error at most this many points.
ECE_TARGET = 3.0
#: Deciles with fewer predictions than this, or from fewer games than MIN_GAMES, are
#: listed but not judged (a handful of games gives an interval of nothing).
COUNTED = 30
MIN_GAMES = 10
#: The old criterion's band (a decile within this many points), kept for the chart.
TARGET = 5.0


@dataclass(frozen=True)
class Prediction:
    players: int
    game: int  # the game's seed
    move: int
    seat: int
    predicted: float
    actual: float
    raw: tuple[float, ...] = ()  # every seat's uncalibrated chance (for --fit)
    levels: tuple[str, ...] = ()  # every seat's level, as seated (who played it)
    kinds: tuple[str, ...] = ()  # every seat's kind as the chances were told (a person…)

    @property
    def told(self) -> tuple[str, ...]:
        """The kinds the chances assumed: as told, else the levels that played."""
        return self.kinds or self.levels

    @property
    def matchup(self) -> str:
        """The setting of the game, as the app shows it: "people" (every seat a person),
        "person–medium" (a person against Medium), or the levels: "easy+medium"."""
        told = self.told
        if not told:
            return "?"
        bots = sorted(set(told) - {PERSON})
        if not bots:
            return "people"
        return ("person–" if PERSON in told else "") + "+".join(bots)

    @property
    def game_key(self) -> tuple[int, tuple[str, ...], int]:
        """The game a prediction belongs to (what the bootstrap resamples)."""
        return (self.players, self.levels, self.game)


def decile_of(p: float) -> int:
    return min(9, int(p * 10))


@dataclass(frozen=True)
class Decile:
    """One row of the table: predictions whose chance fell in ``[low, low + 0.1)``, from
    ``games`` games; ``interval`` is the win rate's 95% interval bootstrapped by game."""

    low: float
    n: int
    games: int
    predicted: float
    actual: float
    interval: tuple[float, float]

    @property
    def gap(self) -> float:
        return self.actual - self.predicted

    @property
    def counted(self) -> bool:
        return self.n >= COUNTED and self.games >= MIN_GAMES

    @property
    def holds(self) -> bool:
        """Whether the interval holds the mean prediction."""
        lo, hi = self.interval
        return lo <= self.predicted <= hi


#: Per decile: (count, sum of predictions, sum of outcomes).
_Tally = list[tuple[int, float, float]]
#: One game's predictions: (decile, count, sum of predictions, sum of outcomes) for each
#: decile it has predictions in.
_Game = tuple[tuple[int, int, float, float], ...]


def _games(rows: Sequence[Prediction]) -> list[_Game]:
    cells: dict[tuple[int, tuple[str, ...], int], dict[int, list[float]]] = {}
    for r in rows:
        cell = cells.setdefault(r.game_key, {}).setdefault(decile_of(r.predicted),
                                                           [0, 0.0, 0.0])
        cell[0] += 1
        cell[1] += r.predicted
        cell[2] += r.actual
    return [tuple((d, int(n), p, a) for d, (n, p, a) in sorted(game.items()))
            for game in cells.values()]


def _sum(games: Sequence[_Game], picks: Sequence[int] | None = None) -> _Tally:
    n, p, a = [0] * 10, [0.0] * 10, [0.0] * 10
    for i in range(len(games)) if picks is None else picks:
        for d, count, predicted, won in games[i]:
            n[d] += count
            p[d] += predicted
            a[d] += won
    return list(zip(n, p, a, strict=True))


def _ece(total: _Tally) -> float:
    """The expected calibration error of summed tallies, in points."""
    n = sum(cell[0] for cell in total)
    return 100.0 * sum(abs(a - p) for count, p, a in total if count) / n if n else 0.0


def resample(games: Sequence[_Game], resamples: int = RESAMPLES, seed: int = 1) -> list[_Tally]:
    """The summed tallies of ``resamples`` sets of games drawn with replacement (the same
    sets for the same seed)."""
    rng = random.Random(seed)
    g = len(games)
    return [_sum(games, [rng.randrange(g) for _ in range(g)]) for _ in range(resamples if g else 0)]


def _interval(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 1.0
    ordered = sorted(values)
    k = len(ordered)
    return ordered[int(0.025 * (k - 1))], ordered[int(round(0.975 * (k - 1)))]


def deciles(rows: Sequence[Prediction], resamples: int = RESAMPLES,
            seed: int = 1) -> list[Decile]:
    """The predictions grouped by decile: count, games, mean prediction, win rate and its
    95% interval bootstrapped by game."""
    games = _games(rows)
    return _deciles(games, resample(games, resamples, seed))


def _deciles(games: Sequence[_Game], sets: Sequence[_Tally]) -> list[Decile]:
    total = _sum(games)
    out = []
    for d in range(10):
        n, p, a = total[d]
        if not n:
            continue
        played = sum(1 for game in games if any(cell[0] == d for cell in game))
        # a set without the decile says nothing new of it: it counts as the whole data
        spread = [won / count if count else a / n for count, _p, won in (s[d] for s in sets)]
        interval = _interval(spread)
        if a in (0, n):  # every outcome alike: resampling cannot vary it (see the module doc)
            interval = wilson(a / n * played, played)
        out.append(Decile(d / 10, n, played, p / n, a / n, interval))
    return out


def calibration_error(rows: Sequence[Prediction]) -> float:
    """The expected calibration error, in points: per decile the gap between the mean
    prediction and the win rate, weighed by the decile's share of the predictions."""
    return _ece(_sum(_games(rows)))


@dataclass(frozen=True)
class Verdict:
    """A setting judged: its deciles, its expected calibration error with a 95% interval
    bootstrapped by game, and ``floor``, the error that resampling the games alone gives
    (the mean distance of a resample's deciles from the whole data's, weighed alike)."""

    predictions: int
    games: int
    deciles: list[Decile]
    ece: float
    ece_interval: tuple[float, float]
    floor: float

    @property
    def deciles_hold(self) -> bool:
        return all(d.holds for d in self.deciles if d.counted)

    @property
    def met(self) -> bool:
        """Both targets: every counted decile's interval holds its prediction, and the
        expected calibration error is at most :data:`ECE_TARGET`."""
        return self.deciles_hold and self.ece <= ECE_TARGET


def judge(rows: Sequence[Prediction], resamples: int = RESAMPLES, seed: int = 1) -> Verdict:
    """``rows`` judged by decile and by expected calibration error (see the module doc)."""
    games = _games(rows)
    whole = _sum(games)
    sets = resample(games, resamples, seed)

    def floor(summed: _Tally) -> float:
        n = sum(cell[0] for cell in summed)
        return 100.0 * sum(c * abs(a / c - wa / wc) for (c, _p, a), (wc, _wp, wa)
                           in zip(summed, whole, strict=True) if c and wc) / n if n else 0.0

    floors = [floor(s) for s in sets]
    return Verdict(len(rows), len(games), _deciles(games, sets), _ece(whole),
                   _interval([_ece(s) for s in sets]),
                   sum(floors) / len(floors) if floors else 0.0)


def table(rows: list[Prediction], resamples: int = RESAMPLES) -> str:
    """Deciles of the prediction: count, games, mean predicted, won with its interval
    (bootstrapped by game) and whether it holds the prediction; then the Brier score and
    the expected calibration error with its interval, and the verdict."""
    verdict = judge(rows, resamples)
    lines = [f"{verdict.predictions} predictions from {verdict.games} games",
             f"{'decile':<10}{'n':>6}{'games':>7}{'predicted':>11}{'won':>8}  "
             f"{'95% (by game)':<16}{'gap':>7}  holds"]
    for d in verdict.deciles:
        lo, hi = d.interval
        holds = ("yes" if d.holds else "NO") if d.counted else "(few)"
        lines.append(f"{d.low:.1f}-{d.low + 0.1:.1f}   {d.n:>6}{d.games:>7}"
                     f"{100 * d.predicted:>10.1f}%{100 * d.actual:>7.1f}%  "
                     f"[{100 * lo:5.1f}, {100 * hi:5.1f}] {100 * d.gap:>+7.1f}  {holds}")
    if rows:
        brier = sum((r.predicted - r.actual) ** 2 for r in rows) / len(rows)
        base = sum((1 / r.players - r.actual) ** 2 for r in rows) / len(rows)
        lo, hi = verdict.ece_interval
        counted = [d for d in verdict.deciles if d.counted]
        held = sum(1 for d in counted if d.holds)
        lines.append(f"Brier score {brier:.4f} (always 1/players: {base:.4f})")
        lines.append(f"expected calibration error {verdict.ece:.1f} points (95% by game: "
                     f"{lo:.1f}-{hi:.1f}; from resampling alone: {verdict.floor:.1f}); "
                     f"deciles of {COUNTED}+ predictions from {MIN_GAMES}+ games holding their "
                     f"prediction: {held} of {len(counted)}")
        lines.append("target met" if verdict.met else
                     f"target not met: {'' if verdict.deciles_hold else 'a decile misses; '}"
                     f"{'' if verdict.ece <= ECE_TARGET else f'error above {ECE_TARGET:g}'}"
                     .rstrip("; "))
    return "\n".join(lines)


def text_chart(rows: Sequence[Prediction], resamples: int = RESAMPLES, width: int = 50) -> str:
    """The reliability chart in text: per decile, the interval of the win rate (-), the
    rate won (o) and the mean prediction (|), on a scale from 0 to 100%."""
    lines = [f"{'':9}0%{'':{width - 6}}100%"]
    for d in deciles(rows, resamples):
        cells = [" "] * (width + 1)
        lo, hi = d.interval
        for x in range(round(lo * width), round(hi * width) + 1):
            cells[x] = "-"
        cells[round(d.actual * width)] = "o"
        cells[round(d.predicted * width)] = "|"
        lines.append(f"{d.low:.1f}-{d.low + 0.1:.1f} [{''.join(cells)}]")
    lines.append(f"{'':9}| predicted, o won, - its 95% interval by game")
    return "\n".join(lines)


def groups(rows: Sequence[Prediction]) -> dict[tuple[int, str], list[Prediction]]:
    """The predictions per table size and setting (:attr:`Prediction.matchup`)."""
    out: dict[tuple[int, str], list[Prediction]] = {}
    for r in rows:
        out.setdefault((r.players, r.matchup), []).append(r)
    return dict(sorted(out.items()))
