"""Predictions of the win chances and how well they hold: deciles, the target, the table.

Shared by ``calibrate`` (which makes and fits the predictions) and ``png_chart``
(which draws their reliability chart), so that neither needs the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .stats import wilson


@dataclass(frozen=True)
class Prediction:
    players: int
    game: int  # the game's seed
    move: int
    seat: int
    predicted: float
    actual: float
    raw: tuple[float, ...] = ()  # every seat's uncalibrated chance (for --fit)
    levels: tuple[str, ...] = ()  # every seat's level, as seated

    @property
    def matchup(self) -> str:
        """The levels of the game, whatever the seats: "easy+medium"."""
        return "+".join(sorted(set(self.levels))) if self.levels else "?"


@dataclass(frozen=True)
class Decile:
    """One row of the table: predictions whose chance fell in ``[low, low + 0.1)``."""

    low: float
    n: int
    predicted: float
    actual: float
    interval: tuple[float, float]

    @property
    def gap(self) -> float:
        return self.actual - self.predicted


def deciles(rows: Sequence[Prediction]) -> list[Decile]:
    """The predictions grouped by decile: count, mean prediction, win rate and its interval."""
    out = []
    for d in range(10):
        group = [r for r in rows if min(9, int(r.predicted * 10)) == d]
        if group:
            n = len(group)
            wins = sum(r.actual for r in group)
            out.append(Decile(d / 10, n, sum(r.predicted for r in group) / n, wins / n,
                              wilson(wins, n)))
    return out


#: The least predictions in a decile for its gap to count against the target.
COUNTED = 50
#: The target: every counted decile within this many points.
TARGET = 5.0


def table(rows: list[Prediction]) -> str:
    """Deciles of the prediction: count, mean predicted, actual with its interval, gap."""
    lines = [f"{len(rows)} predictions from "
             f"{len({(r.players, r.levels, r.game) for r in rows})} games",
             f"{'decile':<10}{'n':>6}{'predicted':>11}{'actual':>9}  {'95% CI':<15}{'gap':>7}"]
    for d in deciles(rows):
        lo, hi = d.interval
        lines.append(f"{d.low:.1f}-{d.low + 0.1:.1f}   {d.n:>6}{100 * d.predicted:>10.1f}%"
                     f"{100 * d.actual:>8.1f}%  [{100 * lo:4.1f}, {100 * hi:4.1f}]"
                     f"{100 * d.gap:>+7.1f}")
    if rows:
        brier = sum((r.predicted - r.actual) ** 2 for r in rows) / len(rows)
        base = sum((1 / r.players - r.actual) ** 2 for r in rows) / len(rows)
        counted = [d for d in deciles(rows) if d.n >= COUNTED]
        line = f"Brier score {brier:.4f} (always 1/players: {base:.4f}); "
        if counted:
            worst = max(abs(100 * d.gap) for d in counted)
            line += (f"largest gap in a decile of {COUNTED} or more: {worst:.1f} points "
                     f"({'within' if worst <= TARGET else 'beyond'} {TARGET:g})")
        else:
            line += f"no decile holds {COUNTED} predictions"
        lines.append(line)
    return "\n".join(lines)


def groups(rows: Sequence[Prediction]) -> dict[tuple[int, str], list[Prediction]]:
    """The predictions per table size and levels of the game."""
    out: dict[tuple[int, str], list[Prediction]] = {}
    for r in rows:
        out.setdefault((r.players, r.matchup), []).append(r)
    return dict(sorted(out.items()))
