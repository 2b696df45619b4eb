"""How soon a game review is ready: ``python -m nile_desktop.bench review``.

A review (:mod:`nile_desktop.review`) is computed as the review screen does
it, on worker processes (``--workers``, default two), for stored games of
2, 4 and 6 players (``review_games.json``: a person in seat 0 against bots,
the moves made by Medium bots, so every version of the code reviews exactly
the same games). Two times are printed per game: when the whole chart is
shown (the first pass of the review, with every decision marked) and when
the review is complete (refined), both wall clock from the start, with the
processor time the review took (this process and its workers). A code
whose review has no first pass shows its chart when it is complete.

The machine may be busy, which wall clock shows and processor time mostly
does not. ``--compare PATH`` reviews the same games with the code of
another checkout in the same run, alternating the two game by game in
fresh processes (:mod:`.checkouts`):

    python -m nile_desktop.bench review --compare /path/to/other/checkout

This file reads only what every version of the review has (``Game``,
``compute_review``), so ``--compare`` can load it against an older checkout.
"""

from __future__ import annotations

import inspect
import json
import random
import resource
import threading
import time
from pathlib import Path
from typing import Any

GAMES_FILE = Path(__file__).with_name("review_games.json")
#: The stored games: (players, seed, the seat kinds: a person in seat 0, then bots).
STORED = ((2, 21, ("human", "medium")),
          (4, 7, ("human", "medium", "easy", "medium")),
          (6, 5, ("human", "easy", "medium", "easy", "medium", "hard")))


def make_games() -> list[dict[str, Any]]:
    """The stored games, played by Medium bots (the seat kinds are labels only)."""
    # the bots and the engine are loaded only to remake the stored games
    from nile_desktop.ai import make_bot
    from nile_desktop.engine import Rules, new_game, observe  # (the same reason)

    out = []
    for players, seed, kinds in STORED:
        state = new_game(Rules(players), seed)
        bot, rng, moves = make_bot("medium"), random.Random(seed), []
        while not state.over:
            move, _reason = bot.choose(observe(state, state.active), state.legal_moves(), rng)
            state.apply(move)
            moves.append(str(move))
        out.append({"rules": {"players": players}, "seed": seed, "moves": moves,
                    "names": [f"P{s}" for s in range(players)], "kinds": list(kinds)})
    return out


def write_games() -> None:
    GAMES_FILE.write_text(json.dumps(make_games(), indent=1) + "\n", encoding="utf-8")


def _cpu() -> float:
    """Processor time of this process and of its ended children, in seconds."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def review_pass(players: int, iterations: int, workers: int) -> dict[str, Any]:
    """Review the stored game of ``players`` players: its size and the times."""
    # Imported when the pass runs, from whichever checkout is on the path (--compare).
    from nile_desktop.review.runner import Game, compute_review

    entry = next(g for g in json.loads(GAMES_FILE.read_text(encoding="utf-8"))
                 if g["rules"]["players"] == players)
    game = Game(entry["rules"], entry["seed"], tuple(entry["moves"]), tuple(entry["names"]),
                tuple(entry["kinds"]))
    shown: list[float] = []
    options: dict[str, Any] = {}
    if "shown" in inspect.signature(compute_review).parameters:
        options["shown"] = lambda review: shown.append(time.perf_counter())
    cpu, start = _cpu(), time.perf_counter()
    review = compute_review(game, iterations, 0, workers=workers, **options)
    complete = time.perf_counter() - start
    for thread in threading.enumerate():  # the workers' processor time counts once they end
        if thread.name == "review-pool-closer":
            thread.join()
    steps = review.steps
    return {"players": players, "moves": len(game.moves),
            "decisions": sum(1 for s in steps if s.decision is not None),
            "shown": shown[0] - start if shown else complete, "complete": complete,
            "cpu": _cpu() - cpu}


def measure(sizes: list[int], iterations: int, workers: int, repeats: int,
            compare: str | None) -> dict[str, Any]:
    """Every size ``repeats`` times, alternating with ``compare``'s code if given."""
    # the other checkout's tools are needed only by a measurement
    from nile_desktop.bench.checkouts import interval, run_in

    runs: dict[str, dict[int, list[dict[str, Any]]]] = {"this": {}}
    if compare:
        runs["other"] = {}
    for _ in range(repeats):
        for p in sizes:
            for key, root in (("this", None), ("other", compare)):
                if key in runs:
                    figures = run_in(__file__, root, f"review_pass({p}, {iterations}, {workers})")
                    runs[key].setdefault(p, []).append(figures)
    result: dict[str, Any] = {"iterations": iterations, "workers": workers, "repeats": repeats}
    for key, by_size in runs.items():
        result[key] = {}
        for p, passes in by_size.items():
            summary = {name: interval([f[name] for f in passes])
                       for name in ("shown", "complete", "cpu")}
            result[key][str(p)] = {"moves": passes[0]["moves"],
                                   "decisions": passes[0]["decisions"], **summary}
    return result


def report(result: dict[str, Any]) -> str:
    lines = [f"Game review at {result['iterations']} samples on {result['workers']} workers, "
             f"{result['repeats']} pass(es) a game (mean ± 95% interval; wall clock, and the "
             f"processor time of the review)"]
    for key, title in (("this", "this checkout"), ("other", "compared checkout")):
        if key not in result:
            continue
        lines.append(f"{title}:")
        for p, r in result[key].items():
            def fig(name: str, r: dict[str, Any] = r) -> str:
                mean, half = r[name]
                return f"{mean:5.1f} s" + (f" ± {half:.1f}" if half else "")

            lines.append(f"  {p} players, {r['moves']} moves, {r['decisions']} decisions "
                         f"reviewed: chart shown {fig('shown')}, complete {fig('complete')} "
                         f"(processor {fig('cpu')})")
    return "\n".join(lines)


def run(sizes: list[int], iterations: int, workers: int, repeats: int = 1,
        compare: str | None = None, as_json: bool = False) -> None:
    result = measure(sizes, iterations, workers, repeats, compare)
    print(json.dumps(result, indent=1) if as_json else report(result))
