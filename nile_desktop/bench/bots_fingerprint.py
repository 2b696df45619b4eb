"""A fingerprint of what the search computes: ``python -m nile_desktop.bench bots --fingerprint``.

Speed work on the search is meant to change how fast it runs, never what it
finds. This prints one hash over everything the search's choices rest on, to
the last digit of every float: on the benchmark's 18 stored positions, every
root move's visits, reward and plain reward after 400 iterations (seed 7) and
the heuristic's value of every legal move; and, on 4,304 positions met in
play-outs from those positions (60 deals each, four moves into each), the
evaluation of every seat and the candidate moves in order. Two checkouts
with the same fingerprint make the same moves; with ``--compare PATH`` the
other checkout's fingerprint is worked out in a fresh process beside it.

Like :mod:`.bots_bench`, it reads only what the bots have had since the
search first dealt with a ``Dealer`` (``observe``, ``root_moves``,
``search``, ``evaluate``, ``candidates``, ``rollout_move``), so it can be
loaded against an older checkout.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

#: The benchmark's stored positions (see :mod:`.bots_bench`), read from this checkout
#: also when the search of another one is fingerprinted.
POSITIONS_FILE = Path(__file__).with_name("bots_positions.json")
#: Iterations of each search, and its seed.
ITERATIONS = 400
SEED = 7
#: Deals per position, moves played into each, and the seed of those play-outs.
DEALS, MOVES, PLAYOUT_SEED = 60, 4, 3


def fingerprint(positions: str | None = None) -> dict[str, Any]:
    """The hash (16 hex digits) and how many positions and play-out states it covers,
    on the positions stored in ``positions`` (default: :data:`POSITIONS_FILE`)."""
    # Imported when it runs, from whichever checkout is on the path (--compare).
    from nile_desktop.ai import search as S
    from nile_desktop.ai.policy import candidates, rollout_move  # (the same reason)
    from nile_desktop.engine import Dealer, State, apply_known_legal, observe  # (the same)
    from nile_desktop.engine.rng import EngineRandom  # (the same reason)

    entries = json.loads(Path(positions or POSITIONS_FILE).read_text(encoding="utf-8"))
    states = []
    rng = EngineRandom(PLAYOUT_SEED)
    for entry in entries:
        state = State.from_json(json.dumps(entry["position"]))
        dealer = Dealer(observe(state, state.active))
        for _ in range(DEALS):
            line = dealer.deal(rng)
            line.quiet, line.watched = True, None
            for _ in range(MOVES):
                if line.over:
                    break
                states.append(line.clone())
                apply_known_legal(line, rollout_move(line, rng))
    out: dict[str, list[Any]] = {"search": [], "eval": [], "cand": [], "heur": []}
    for entry in entries:
        state = State.from_json(json.dumps(entry["position"]))
        view = observe(state, state.active)
        roots, scorer = S.root_moves(view, state.legal_moves())
        stats, _ = S.search(view, roots, SEED, ITERATIONS, None)
        out["search"].append({k: [v[0], repr(v[1]), repr(v[2])] for k, v in sorted(stats.items())})
        out["heur"].append([[repr(x), str(m)] for x, m in scorer.ranked(state.legal_moves())])
    for line in states:
        out["eval"].append([repr(x) for x in S.evaluate(line)])
        out["cand"].append([str(m) for m in candidates(line)])
    digest = hashlib.sha256(json.dumps(out).encode()).hexdigest()[:16]
    return {"fingerprint": digest, "positions": len(entries), "states": len(states)}


def _in(root: str) -> dict[str, Any]:
    """:func:`fingerprint` in a fresh process, importing ``nile_desktop`` from ``root``."""
    here = Path(__file__).resolve()
    code = ("import importlib.util, json\n"
            f"spec = importlib.util.spec_from_file_location('bots_fingerprint', {str(here)!r})\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            f"print(json.dumps(m.fingerprint({str(POSITIONS_FILE.resolve())!r})))\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=root,
                          capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"cannot fingerprint the search in {root}: {last}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run(compare: str | None = None) -> None:
    mine = fingerprint()
    print(f"this checkout: {mine['fingerprint']} ({mine['positions']} positions searched, "
          f"{mine['states']} play-out positions evaluated)")
    if compare:
        try:
            other = _in(compare)
        except RuntimeError as refused:  # e.g. a checkout from before the Dealer
            raise SystemExit(str(refused)) from None
        print(f"compared checkout: {other['fingerprint']}")
        print("the same search" if other["fingerprint"] == mine["fingerprint"]
              else "different: the two checkouts do not compute the same search")
