"""How fast the Hard bot searches: ``python -m nile_desktop.bench bots``.

The Hard bot's strength is bought with search iterations, so this is the
figure that says how much search a decision gets: iterations per second on
one core, on a fixed set of 18 positions (2, 4 and 6 players; early, middle
and late in a game; with and without Monuments), each searched from the
active seat's view with the bot's own root moves and a fixed seed and cap
(no clock, one process). The positions are stored in
``bots_positions.json`` (position JSON of NOTATION.md, made once by
:func:`make_positions` from Medium games), so every version of the code
searches exactly the same positions.

Beside the rate, the split of an iteration's time: *determinise* (dealing
the hidden cards: ``resample``, or the search's ``Dealer``), *rollout* (the heuristic play-out below the
tree, the control variate's included), *evaluation* (scoring the position
reached) and *tree* (everything else: choosing moves in the tree, applying
them, the control variate's copy of the state). The split is measured in a
second pass that wraps those three functions of the search module with a
timer, so the rate itself is measured untouched.

The machine may be busy, so times are the process's CPU time (what other
programs take from the core does not count against the search), and every
figure is a mean over ``--repeats`` passes with a 95% interval (Student's t). ``--compare PATH`` measures the
code under ``PATH`` (another checkout) in the same run, alternating the two
pass by pass in fresh processes, and prints the ratio with its interval:

    python -m nile_desktop.bench bots --repeats 5 --compare /path/to/other/checkout

The 300 iterations a position are a short search; a longer one settles on its
best root moves and gains less from sharing deals, so ``--iterations`` sets
another size, and ``--budget SECONDS`` measures Hard as it plays instead: one
real decision of that many seconds per position on the bot's usual worker
processes, and the iterations it made (wall clock, so a busy machine shows):

    python -m nile_desktop.bench bots --budget 1 --repeats 3 --compare /path/to/other/checkout

``--fingerprint`` prints instead one hash over what the search computes (see
:func:`fingerprint`); with ``--compare`` it says whether the other checkout
computes the same search, which is how speed work shows it changed no move.

This file reads only what every version of the bots has (``observe``,
``root_moves``, ``search``, ``rollout``, ``evaluate``; ``resample`` or ``Dealer``;
``make_bot`` and ``last_iterations``), so ``--compare`` can load it against an
older checkout.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the types only: at run time the checkout on the path is imported
    from nile_desktop.engine import State

POSITIONS_FILE = Path(__file__).with_name("bots_positions.json")
#: Iterations per position and pass (about 0.2 s a position on one core).
ITERATIONS = 300
PHASES = (("early", 0.15), ("middle", 0.5), ("late", 0.85))
PARTS = ("determinise", "tree", "rollout", "evaluation")
# -- the positions ------------------------------------------------------------------------
def make_positions() -> list[dict[str, Any]]:
    """The benchmark positions: Medium self-play, at 15%, 50% and 85% of each game.

    Run once to write :data:`POSITIONS_FILE`; the file, not this function, is
    what the benchmark reads, so a change to the Medium bot cannot move it.
    """
    # Imported here like one_pass's: this module runs against other checkouts too.
    from nile_desktop.ai import make_bot
    from nile_desktop.engine import Rules, new_game, observe  # (the same reason)

    out = []
    bot = make_bot("medium")
    for players in (2, 4, 6):
        for monuments in (True, False):
            seed = 1000 + 10 * players + monuments
            state = new_game(Rules(players, monuments=monuments), seed)
            rng = random.Random(seed)
            states = []
            while not state.over:
                states.append(state.clone())
                move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
                state.apply(move)
            for phase, at in PHASES:
                i = int(at * len(states))
                while len(states[i].legal_moves()) < 4:  # a real decision, not a forced move
                    i += 1
                out.append({"players": players, "monuments": monuments, "phase": phase,
                            "position": json.loads(states[i].to_json())})
    return out


def write_positions() -> None:
    text = json.dumps(make_positions(), indent=1) + "\n"
    tmp = POSITIONS_FILE.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, POSITIONS_FILE)


def load_positions() -> list[dict[str, Any]]:
    if not POSITIONS_FILE.exists():  # a benchmark of the source tree, not of an installed wheel
        raise SystemExit(f"{POSITIONS_FILE} is missing: run the benchmark from a checkout, "
                         "or write the positions with --make-positions")
    positions: list[dict[str, Any]] = json.loads(POSITIONS_FILE.read_text(encoding="utf-8"))
    return positions


def label(entry: dict[str, Any]) -> str:
    mons = "mon" if entry["monuments"] else "nomon"
    return f"{entry['players']}p-{mons}-{entry['phase']}"


def load_states() -> list[tuple[str, State]]:
    """Every stored position as (its label, a ``State``), read from the file once."""
    # Imported when it runs, from whichever checkout is on the path (--compare).
    from nile_desktop.engine import State

    return [(label(entry), State.from_json(json.dumps(entry["position"])))
            for entry in load_positions()]


# -- one pass -----------------------------------------------------------------------------
def one_pass(iterations: int = ITERATIONS, split: bool = False, seed: int = 1) -> dict[str, Any]:
    """Search every position once; iterations/s per position (and the time split).

    Runs in whatever ``nile_desktop`` is importable, which is how
    ``--compare`` measures another checkout.
    """
    # Imported when the pass runs, from whichever checkout is on the path (--compare).
    from nile_desktop.ai import search as S
    from nile_desktop.engine import observe  # (the same checkout as the search)

    jobs = []
    for name, state in load_states():
        view = observe(state, state.active)
        roots, _ = S.root_moves(view, state.legal_moves())
        jobs.append((name, view, roots))
    spent = dict.fromkeys(PARTS, 0.0)
    originals = {"resample": getattr(S, "resample", None), "rollout": S.rollout,
                 "evaluate": S.evaluate, "Dealer": getattr(S, "Dealer", None)}
    if split:
        def timed(part: str, fn: Any) -> Any:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                t0 = time.process_time()
                try:
                    return fn(*args, **kwargs)
                finally:
                    spent[part] += time.process_time() - t0
            return wrapper

        dealer: Any = originals["Dealer"]
        search: Any = S  # patched in place for the pass, restored below
        if dealer is not None:  # the search deals through a Dealer
            search.Dealer = type("TimedDealer", (dealer,),
                                 {"deal": timed("determinise", dealer.deal)})
        if originals["resample"] is not None:  # the search deals with resample()
            search.resample = timed("determinise", originals["resample"])
        search.rollout = timed("rollout", S.rollout)
        search.evaluate = timed("evaluation", S.evaluate)
    rates: dict[str, float] = {}
    total_its, total_time = 0, 0.0
    try:
        for name, view, roots in jobs:
            t0 = time.process_time()
            _, done = S.search(view, roots, seed, iterations, None)
            elapsed = time.process_time() - t0
            rates[name] = done / elapsed
            total_its += done
            total_time += elapsed
    finally:
        for name, fn in originals.items():
            if fn is not None:
                setattr(S, name, fn)
    out: dict[str, Any] = {"rate": total_its / total_time, "positions": rates}
    if split:
        # The search calls rollout() and evaluate() one after the other (never one
        # inside the other), so the timed parts do not overlap and add up.
        spent["tree"] = total_time - sum(spent[p] for p in PARTS if p != "tree")
        out["split"] = {p: spent[p] / total_time for p in PARTS}
    return out


def decision_pass(budget: float) -> dict[str, Any]:
    """Hard as it plays: one decision of ``budget`` seconds per position, on its usual
    worker processes; the iterations each decision made.

    Bound by the wall clock, so the machine's load shows in it; it includes what a
    real decision spends besides searching (ranking the root moves, the workers).
    """
    # Imported when the pass runs, from whichever checkout is on the path (--compare).
    from nile_desktop.ai import make_bot
    from nile_desktop.engine import observe  # (the same checkout as the bot)

    bot: Any = make_bot("hard", budget=budget)
    made: dict[str, float] = {}
    for name, state in load_states():
        bot.choose(observe(state, state.active), state.legal_moves(), random.Random(1))
        made[name] = float(bot.last_iterations)
    return {"rate": statistics.fmean(made.values()), "positions": made}


def _pass_in(root: str | None, iterations: int, split: bool,
             budget: float | None = None) -> dict[str, Any]:
    """One pass in a fresh process, importing ``nile_desktop`` from ``root`` (None: this
    one): :func:`one_pass`, or :func:`decision_pass` when a ``budget`` is given."""
    call = f"one_pass({iterations}, {split})" if budget is None else f"decision_pass({budget})"
    return _run_in(root, call)


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval (Student's t; 0 for one value)."""
    from nile_desktop.bench.checkouts import interval as shared  # see _run_in

    return shared(values)


def _run_in(root: str | None, call: str) -> dict[str, Any]:
    """``call`` (of this file's functions) in a fresh process importing ``nile_desktop``
    from ``root`` (None: this checkout); its JSON answer."""
    # Here, not at the top: a pass loads this file against a checkout that may lack it.
    from nile_desktop.bench.checkouts import run_in

    return run_in(__file__, root, call)


# -- the fingerprint ----------------------------------------------------------------------
#: The fingerprint's searches (iterations, seed), and its play-outs: deals per position,
#: moves played into each, and their seed.
PRINT_ITERATIONS, PRINT_SEED = 400, 7
DEALS, MOVES, PLAYOUT_SEED = 60, 4, 3


def fingerprint() -> dict[str, Any]:
    """One hash (16 hex digits) over what the search's choices rest on, to the last digit.

    On every stored position: each root move's visits, reward and plain reward
    after a search, and the heuristic's value of every legal move; on the
    positions met a few moves into deals from them: the evaluation of every seat
    and the candidate moves in order. Speed work is meant to leave it alone. Reads
    only what the bots have had since the search dealt with a ``Dealer``.
    """
    # Imported when it runs, from whichever checkout is on the path (--compare).
    from nile_desktop.ai import search as S
    from nile_desktop.ai.policy import candidates, rollout_move  # (the same reason)
    from nile_desktop.engine import Dealer, apply_known_legal, observe  # (the same)
    from nile_desktop.engine.rng import EngineRandom  # (the same reason)

    # Both loops below only read these states (deals and searches work on copies).
    states = [state for _, state in load_states()]
    lines = []
    rng = EngineRandom(PLAYOUT_SEED)
    for state in states:
        dealer = Dealer(observe(state, state.active))
        for _ in range(DEALS):
            line = dealer.deal(rng)
            line.quiet, line.watched = True, None
            for _ in range(MOVES):
                if line.over:
                    break
                lines.append(line.clone())
                apply_known_legal(line, rollout_move(line, rng))
    out: dict[str, list[Any]] = {"search": [], "eval": [], "cand": [], "heur": []}
    for state in states:
        view = observe(state, state.active)
        legal = state.legal_moves()
        roots, scorer = S.root_moves(view, legal)
        stats, _ = S.search(view, roots, PRINT_SEED, PRINT_ITERATIONS, None)
        out["search"].append({k: [v[0], repr(v[1]), repr(v[2])] for k, v in sorted(stats.items())})
        out["heur"].append([[repr(x), str(m)] for x, m in scorer.ranked(legal)])
    for line in lines:
        out["eval"].append([repr(x) for x in S.evaluate(line)])
        out["cand"].append([str(m) for m in candidates(line)])
    digest = hashlib.sha256(json.dumps(out).encode()).hexdigest()[:16]
    return {"fingerprint": digest, "positions": len(states), "states": len(lines)}


def run_fingerprint(compare: str | None = None) -> None:
    """Print this checkout's fingerprint, and whether ``compare``'s is the same."""
    mine = fingerprint()
    print(f"this checkout: {mine['fingerprint']} ({mine['positions']} positions searched, "
          f"{mine['states']} play-out positions evaluated)")
    if compare:
        try:
            other = _run_in(compare, "fingerprint()")
        except RuntimeError as refused:  # e.g. a checkout from before the Dealer
            last = (str(refused).strip().splitlines() or ["no message"])[-1]
            raise SystemExit(f"cannot fingerprint the search in {compare}: {last}") from None
        print(f"compared checkout: {other['fingerprint']}")
        print("the same search" if other["fingerprint"] == mine["fingerprint"]
              else "different: the two checkouts do not compute the same search")


# -- the report ---------------------------------------------------------------------------
def measure(repeats: int, iterations: int, compare: str | None,
            budget: float | None = None) -> dict[str, Any]:
    """``repeats`` timing passes and one split pass, alternating with ``compare`` if given;
    with a ``budget``, passes of real decisions instead (no split)."""
    runs: dict[str, list[dict[str, Any]]] = {"this": []}
    if compare:
        runs["other"] = []
    for _ in range(repeats):
        runs["this"].append(_pass_in(None, iterations, False, budget))
        if compare:
            runs["other"].append(_pass_in(compare, iterations, False, budget))
    result: dict[str, Any] = {"iterations_per_position": iterations, "repeats": repeats,
                              "cpu_count": os.cpu_count(), "budget": budget}
    for key, passes in runs.items():
        rates = [p["rate"] for p in passes]
        mean, half = interval(rates)
        names = list(passes[0]["positions"])
        per_position = {n: statistics.median(p["positions"][n] for p in passes) for n in names}
        split = (None if budget is not None
                 else _pass_in(None if key == "this" else compare, iterations, True)["split"])
        result[key] = {"rate": mean, "rate_ci": half, "rates": rates,
                       "positions": per_position, "split": split}
    if compare:
        ratios = [a["rate"] / b["rate"] for a, b in zip(runs["this"], runs["other"], strict=True)]
        mean, half = interval(ratios)
        result["ratio"] = {"mean": mean, "ci": half, "values": ratios, "compared_with": compare}
    return result


def report(result: dict[str, Any]) -> str:
    budget = result.get("budget")
    if budget is None:
        lines = [f"Hard search, one core: {result['iterations_per_position']} iterations per "
                 f"position, 18 positions, {result['repeats']} passes (mean, 95% interval)"]
        unit = "iterations/s"
    else:
        lines = [f"Hard as it plays: one decision of {budget:g} s per position on its usual "
                 f"workers ({result['cpu_count']} cores here), 18 positions, "
                 f"{result['repeats']} passes (mean, 95% interval)"]
        unit = "iterations a decision"
    for key, title in (("this", "this checkout"), ("other", "compared checkout")):
        if key not in result:
            continue
        r = result[key]
        lines.append(f"{title}: {r['rate']:,.0f} ± {r['rate_ci']:,.0f} {unit}")
        if r["split"] is not None:
            lines.append("  split: " + ", ".join(f"{p} {100 * r['split'][p]:.0f}%"
                                                 for p in PARTS))
        cells = [f"{n} {v:,.0f}" for n, v in r["positions"].items()]
        for i in range(0, len(cells), 3):
            lines.append("  " + "   ".join(f"{c:<24}" for c in cells[i:i + 3]).rstrip())
    if "ratio" in result:
        q = result["ratio"]
        lines.append(f"ratio this/compared: {q['mean']:.2f}× ± {q['ci']:.2f} "
                     f"(per pass: {', '.join(f'{v:.2f}' for v in q['values'])})")
    return "\n".join(lines)


def run(repeats: int = 3, iterations: int = ITERATIONS, compare: str | None = None,
        as_json: bool = False, budget: float | None = None) -> None:
    result = measure(repeats, iterations, compare, budget)
    print(json.dumps(result, indent=1) if as_json else report(result))
