"""The statistics of bot matches: intervals for win rates and a sequential test.

A match between bots is a run of games whose outcome for one bot is a score
in [0, 1] (a win 1, a shared win a share, a loss 0). :func:`wilson` gives
the 95% interval of a win rate; :class:`Sprt` is Wald's sequential
probability ratio test, which stops a match as soon as the games so far
decide between "the bot scores ``p0``" and "it scores ``p1``", with error
rates ``alpha`` and ``beta`` — far fewer games than a fixed-size match when
one bot is clearly stronger (Wald 1945). :func:`sign_test` is the exact
two-sided test of a split of games, such as the games two runs of the same
deals did not agree on (McNemar's test).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(k: int, m: int) -> float:
    """Two-sided p of ``k`` against ``m`` under a fair coin (binomial, exact)."""
    n = k + m
    if n == 0:
        return 1.0
    low = min(k, m)
    tail = sum(math.comb(n, i) for i in range(low + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


@dataclass
class Sprt:
    """Wald's test of H0: score ``p0`` against H1: score ``p1`` (``p0 < p1``).

    Feed scores with :meth:`add`; :attr:`verdict` is ``"H1"`` (the bot is at
    least ``p1``-strong), ``"H0"`` (at most ``p0``) or ``""`` while undecided.
    A fractional score (a shared win) counts as that share of a win.
    """

    p0: float = 0.5
    p1: float = 0.65
    alpha: float = 0.05
    beta: float = 0.05
    llr: float = 0.0
    games: int = 0

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    def add(self, score: float) -> str:
        """Add one game's score; return the verdict so far."""
        self.games += 1
        self.llr += (score * math.log(self.p1 / self.p0)
                     + (1 - score) * math.log((1 - self.p1) / (1 - self.p0)))
        return self.verdict

    @property
    def verdict(self) -> str:
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return ""
