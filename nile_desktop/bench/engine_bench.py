"""Engine speed: whole random games per second on one core, and the cost of
``clone()`` and ``legal_moves()`` on the positions those games pass through.

The search bot calls these thousands of times per decision, so they are the
figures that decide how strong it can be within its time budget.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable

from nile_desktop.engine import Rules, State, new_game


def _random_game(players: int, seed: int, rng: random.Random,
                 sample: list[State] | None = None) -> int:
    state = new_game(Rules(players), seed)
    moves = 0
    while not state.over:
        legal = state.legal_moves()
        if sample is not None and rng.random() < 0.05:
            sample.append(state.clone())
        state.apply(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def run(games: int = 2000, players: int = 4, seed: int = 1) -> None:
    rng = random.Random(seed)
    sample: list[State] = []
    for g in range(20):  # warm up and collect positions
        _random_game(players, seed + 10_000 + g, rng, sample)
    total_moves = 0
    start = time.perf_counter()
    for g in range(games):
        total_moves += _random_game(players, seed + g, rng)
    elapsed = time.perf_counter() - start

    def per_call(fn: Callable[[State], object]) -> float:
        reps = max(1, 20_000 // len(sample))
        t0 = time.perf_counter()
        for _ in range(reps):
            for st in sample:
                fn(st)
        return (time.perf_counter() - t0) / (reps * len(sample)) * 1e6

    clone_us = per_call(lambda st: st.clone())
    legal_us = per_call(lambda st: st.legal_moves())
    sizes = [len(st.legal_moves()) for st in sample]
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    print(f"random games, {players} players: {games} games in {elapsed:.2f} s = "
          f"{games / elapsed:.0f} games/s ({total_moves / games:.0f} moves/game, "
          f"{total_moves / elapsed:,.0f} moves/s)")
    print(f"clone():       {clone_us:.2f} µs (mean over {len(sample)} positions)")
    print(f"legal_moves(): {legal_us:.2f} µs (mean; {statistics.mean(sizes):.0f} moves on "
          f"average, max {max(sizes)})")
