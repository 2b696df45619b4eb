"""Win chances: each seat's chance to win, as one seat can judge it, with its error.

    >>> from nile_desktop.ai import win_chances
    >>> chances = win_chances(observe(state, seat), budget=400)   # doctest: +SKIP
    >>> chances.p[seat], chances.error[seat]                       # doctest: +SKIP

The estimate uses the search's own machinery and nothing the seat cannot
see: ``budget`` times, the hidden cards are dealt afresh consistently with
the view (:class:`~nile_desktop.engine.view.Dealer`), the game is played on
for a few turns by the search's rollout policy (to its end, late in the last
season), and the position reached
is scored by the search's evaluation
(:func:`~nile_desktop.ai.search.evaluate`: the real result if the game
ended, else each seat's win share, here at a temperature that shrinks as the
end nears). The
chance is the mean over those samples, and ``error`` its standard error
(the spread of the samples over the square root of their number), so more
budget gives a steadier figure. The same view and seed always give the same
chances, whatever the hidden cards really are (the fairness tests check).

It is independent of any bot level: the table, a review of a finished game
or a tutor can all ask it. How well calibrated it is — do positions it
calls 30% end in a win three times in ten? — is measured by
``python -m nile_desktop.ai.calibrate`` (docs/BOTS.md, "Win chances").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from nile_desktop.engine import Dealer, View
from nile_desktop.engine.rng import EngineRandom

from .search import evaluate, result_shares, rollout

#: Turn-ending moves each sample is played on before it is scored.
HORIZON = 4
#: In the last season, once the draw pile holds at most this many cards, each sample
#: is played on to the end of the game and scored by its real result (R-END-3's
#: tie-breaks and all): the evaluation alone hedges where the end is near and
#: nearly settled (docs/BOTS.md, "Win chances").
ENDGAME = 25
#: The temperature turning a sample's scores into win shares: ``a + b`` × the floods
#: still expected per seat. The search's fixed temperature suits its comparisons of
#: moves; a chance needs the ranking's real uncertainty, which shrinks as the game
#: nears its end. Fitted by log loss on the positions of 700 arena games with
#: ``python -m nile_desktop.ai.fit_temperature`` (docs/BOTS.md, "Win chances").
TEMPERATURE = (0.1, 0.06)
#: Samples when no budget is given.
DEFAULT_BUDGET = 400
#: Per table size, the power that turns the mean win shares into calibrated chances
#: (below 1 softens, above sharpens: the mean over samples hedges more the more seats
#: there are), each fitted by ``python -m nile_desktop.ai.calibrate --fit`` on 50 Medium
#: games per size, seed 1, and checked on other games (docs/BOTS.md, "Win chances").
CALIBRATION_POWERS: dict[int, float] = {2: 0.9, 3: 0.9, 4: 1.8, 5: 1.5, 6: 2.7}


def calibrated(raw: tuple[float, ...] | list[float], power: float | None = None
               ) -> tuple[float, ...]:
    """``raw`` chances raised to ``power`` and scaled to sum to 1 (sharper for power > 1);
    by default the power fitted for ``len(raw)`` seats."""
    if power is None:
        power = CALIBRATION_POWERS.get(len(raw), 2.0)
    lifted = [x ** power for x in raw]
    total = sum(lifted) or 1.0
    return tuple(x / total for x in lifted)


@dataclass(frozen=True)
class Chances:
    """Per seat: the chance to win (``p``, summing to 1) and its standard error.

    ``raw`` is the mean of the samples before calibration.
    """

    p: tuple[float, ...]
    error: tuple[float, ...]
    samples: int
    raw: tuple[float, ...] = ()


def win_chances(view: View, budget: int = DEFAULT_BUDGET, seed: int = 0,
                horizon: int = HORIZON) -> Chances:
    """Each seat's chance to win from ``view`` (see the module docstring).

    ``budget`` is the number of samples (about 0.1 ms each on one core, more
    for six players); ``seed`` fixes them. A finished game gives its result.
    """
    players = view.rules.players
    if view.over and view.result is not None:
        result = tuple(result_shares(view.result, players))
        return Chances(result, (0.0,) * players, 0, result)
    n = max(1, budget)
    rng = EngineRandom(seed, 7)
    deal = Dealer(view).deal
    sums = [0.0] * players
    squares = [0.0] * players
    for _ in range(n):
        state = deal(rng)
        rollout(state, rng, horizon, ENDGAME)
        for s, x in enumerate(evaluate(state, TEMPERATURE)):
            sums[s] += x
            squares[s] += x * x
    raw = tuple(x / n for x in sums)
    power = CALIBRATION_POWERS.get(players, 2.0)
    p = calibrated(raw, power)
    # The delta method: d(p)/d(raw) is about power * p / raw for each seat.
    error = tuple((math.sqrt(max(0.0, q / n - m * m) / (n - 1)) if n > 1 else 1.0)
                  * (power * c / m if m > 0 else 1.0)
                  for q, m, c in zip(squares, raw, p, strict=True))
    return Chances(p, error, n, raw)
