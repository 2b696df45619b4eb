"""Soak test of the engine: many seeded bot games, every invariant after every move.

    engine --games N --seed S [--jobs J] [--out DIR] [--resume FILE]

Mixed bots (random, easy, medium; now and then a Hard bot with a tiny
iteration cap) play over 2–6 players, with and without the Monuments and
with each rule-book option (must_act, storage: top) on or off, all chosen
from the seed. After every move the state is checked: card totals, counts,
storage order, field and Monument ownership, the legal move list, and a
position round trip (``to_json`` → ``from_json`` gives the same position).
A failure writes the game's start position and its moves to DIR and prints
the command that replays them with the engine's command line.

Each game is set up from the pair (seed, index) alone, so ``--jobs`` only spreads the
same games over processes: the games, their order in the report and the figures other
than time do not depend on it.

A long run can be stopped and started again: with ``--resume FILE`` the run's
figures so far (games done, moves, failures, seconds) are written to FILE after
every :data:`PROGRESS_EVERY` games, and a run given the same FILE, seed and game
count carries on from the first game not yet counted (a game in progress when the
run was stopped is played again). A run across sessions adds up to one report.

This module is the engine part of the soak tool; the soak package's
dispatcher calls :func:`main` with the arguments after ``engine``.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from nile_desktop.ai import make_bot
from nile_desktop.ai.command_line import Parser, count, positive, seed_value
from nile_desktop.bounded_read import read_capped
from nile_desktop.engine import BadPositionError, Rules, State, new_game, observe
from nile_desktop.engine.cards import LOCUST, N_CROPS, N_MONUMENTS, full_deck_counts
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.engine.rules import PLAYER_COUNTS
from nile_desktop.paths import write_atomic

#: Bot levels of the mix; a Hard bot joins one game in HARD_EVERY, capped at HARD_ITERATIONS.
MIX = ("random", "random", "easy", "medium")
HARD_EVERY = 40
HARD_ITERATIONS = 4
MAX_MOVES = 5000
#: A progress line every this many games (long runs).
PROGRESS_EVERY = 1000


def invariants(state: State, round_trip: bool = True) -> list[str]:
    """Everything that must hold in any position the engine reaches; the broken ones.

    ``round_trip`` adds the costliest check: to_json → from_json → to_json is the identity.
    """
    bad: list[str] = []
    n = state.rules.players
    total = state.card_totals()
    for s in range(n):
        counts = (*state.hands[s], *state.storage[s], *state.fields[s], *state.mons[s])
        if min(counts) < 0:
            bad.append(f"seat {s} has a negative count")
        if state.hands[s][LOCUST]:
            bad.append(f"seat {s} holds the locust")
        if state.rules.storage_top:
            order = [0] * N_CROPS
            for c in state.stacks[s]:
                order[c] += 1
            if order != state.storage[s]:
                bad.append(f"seat {s}: storage order {state.stacks[s]} != counts {state.storage[s]}")
        elif state.stacks[s]:
            bad.append(f"seat {s} keeps a storage order with storage: free")
    if total != full_deck_counts(state.crops, state.rules.monuments):
        bad.append(f"card totals {total} differ from the game's")
    for c in range(N_CROPS):
        if sum(1 for s in range(n) if state.fields[s][c]) > 1:
            bad.append(f"crop {c} planted by two seats")
    for m in range(N_MONUMENTS):
        if sum(1 for s in range(n) if state.mons[s][m]) > 1:
            bad.append(f"monument {m} owned by two seats")
    if min(state.discard) < 0 or min(state.flood_stack) < 0:
        bad.append("a negative count in the discard pile or the flood stack")
    if not 1 <= state.season <= state.seasons:
        bad.append(f"season {state.season} of {state.seasons}")
    if not state.over and not state.deck:
        bad.append("a game in progress with an empty draw pile")
    if not round_trip:
        return bad
    text = state.to_json()
    try:
        again = State.from_json(text)
    except BadPositionError as exc:
        bad.append(f"the engine's own position is refused: {exc}")
    else:
        if again.to_json() != text:
            bad.append("position round trip changed the position")
    return bad


def game_setup(seed: int, index: int) -> tuple[Rules, list[str], int]:
    """The rules, the bot levels and the deal seed of game ``index`` of a soak run."""
    rng = EngineRandom(seed, index)
    players = rng.choice(PLAYER_COUNTS)
    rules = Rules(players, monuments=rng.random() < 0.75, random_crops=rng.random() < 0.2,
                  must_act=rng.random() < 0.5, storage_top=rng.random() < 0.5)
    levels = [rng.choice(MIX) for _ in range(players)]
    if index % HARD_EVERY == HARD_EVERY - 1:
        levels[rng.randrange(players)] = "hard"
    return rules, levels, rng.getrandbits(63)


def play_one(seed: int, index: int) -> tuple[State, list[str], str | None]:
    """Play game ``index``; return its start, its moves and the first failure (or None)."""
    rules, levels, deal = game_setup(seed, index)
    state = new_game(rules, deal)
    start = state.clone()
    hard = {"iterations": HARD_ITERATIONS, "budget": None, "workers": 1}
    bots = [make_bot(lv, **(hard if lv == "hard" else {})) for lv in levels]
    rngs = [EngineRandom(deal, s) for s in range(rules.players)]
    moves: list[str] = []
    try:
        bad = invariants(state)
        while not bad and not state.over:
            if len(moves) >= MAX_MOVES:
                return start, moves, f"no end after {MAX_MOVES} moves"
            seat = state.active
            legal = state.legal_moves()
            if not legal:
                return start, moves, "no legal move in a game in progress"
            move, _reason = bots[seat].choose(observe(state, seat), legal, rngs[seat])
            if move not in legal:
                return start, moves, f"{levels[seat]} bot chose {move}, not a legal move"
            moves.append(str(move))
            state.apply(move)
            bad = invariants(state)
        if bad:
            return start, moves, "; ".join(bad)
        if state.result is None:
            return start, moves, "a finished game without a result"
    except Exception:  # noqa: BLE001 - a soak reports every failure, whatever it is
        return start, moves, traceback.format_exc()
    return start, moves, None


def write_failure(out: Path, seed: int, index: int, start: str, moves: list[str],
                  error: str) -> str:
    """Save a failed game (its start position as JSON text, its moves) for the engine's
    command line; return the replay command."""
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"engine-soak-{seed}-{index}"
    position = stem.with_suffix(".position.json")
    position.write_text(start, encoding="utf-8")
    stem.with_suffix(".moves.txt").write_text("".join(m + "\n" for m in moves), encoding="utf-8")
    stem.with_suffix(".error.txt").write_text(error, encoding="utf-8")
    return (f"xargs -d '\\n' python -m nile_desktop.engine apply {position} "
            f"< {stem.with_suffix('.moves.txt')}")


#: What one game reports to the run: its move count, and on failure the error, the start
#: position (JSON text) and the moves; None for those when the game passed.
Report = tuple[int, str | None, str | None, list[str] | None]

#: Games a worker process takes at a time with ``--jobs`` above 1.
CHUNK = 20


def report(seed: int, index: int) -> Report:
    """Play game ``index`` and keep only what the run needs (all of it on failure)."""
    start, moves, error = play_one(seed, index)
    if error is None:
        return len(moves), None, None, None
    return len(moves), error, start.to_json(), moves


def _report_pair(pair: tuple[int, int]) -> Report:
    return report(*pair)


def reports(seed: int, games: int, jobs: int, first: int = 0) -> Iterator[Report]:
    """The reports of games first..games-1 in order, played by ``jobs`` processes."""
    if jobs <= 1:
        for index in range(first, games):
            yield report(seed, index)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_report_pair, ((seed, i) for i in range(first, games)),
                            chunksize=CHUNK)


#: The largest file of a run's figures read (they are a line of some hundred bytes).
MAX_CHECKPOINT_BYTES = 64 * 1024
#: The type of each figure a checkpoint keeps.
CHECKPOINT_TYPES: dict[str, type | tuple[type, ...]] = {
    "seed": int, "games": int, "done": int, "moves": int, "failures": int,
    "seconds": (int, float)}


class NotACheckpointError(ValueError):
    """A ``--resume`` file that is not an engine soak's figures: refused, never replaced."""


@dataclass
class Checkpoint:
    """A run's figures so far, kept in a file so a stopped run can carry on."""

    seed: int
    games: int
    done: int = 0
    moves: int = 0
    failures: int = 0
    seconds: float = 0.0

    @classmethod
    def read(cls, path: Path, seed: int, games: int) -> Checkpoint:
        """The run kept in ``path`` if it is this run (same seed and game count), else a new
        one (none kept yet, an empty file, or another run's figures, which this run's
        replace).

        The file is read through the bounded reader; one that is not a run's figures (a
        pipe, a folder, a device, another program's file) is :class:`NotACheckpointError`,
        never read as a new run and written over.
        """
        try:
            raw = read_capped(path, MAX_CHECKPOINT_BYTES)
            if not raw.strip():
                return cls(seed, games)  # nothing kept yet, nothing to lose
            data = json.loads(raw.decode("utf-8"))
            kept = cls(**{k: data[k] for k in ("seed", "games", "done", "moves", "failures",
                                               "seconds")})
            if not all(isinstance(getattr(kept, name), kind) and not isinstance(
                    getattr(kept, name), bool) for name, kind in CHECKPOINT_TYPES.items()):
                raise TypeError("figures of the wrong types")
        except FileNotFoundError:
            return cls(seed, games)
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
            raise NotACheckpointError(f"{path} holds no engine soak's figures ({exc}); "
                                      f"nothing was written over it") from None
        if (kept.seed, kept.games) != (seed, games) or not 0 <= kept.done <= games:
            return cls(seed, games)
        return kept

    def write(self, path: Path) -> None:
        write_atomic(path, json.dumps(asdict(self)) + "\n")


def main(argv: list[str]) -> int:
    """``engine --games N --seed S [--jobs J] [--out DIR] [--resume FILE]``: 0 if every game
    passed (in this run and the earlier runs of a resumed one), else 1."""
    parser = Parser(prog="soak engine", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=count, default=500)
    parser.add_argument("--seed", type=seed_value, default=1)
    parser.add_argument("--jobs", type=positive, default=1,
                        help=f"processes playing games side by side (this machine has "
                             f"{os.cpu_count() or 1} cores)")
    parser.add_argument("--out", type=Path, default=Path("soak-failures"),
                        help="folder for the files of failed games")
    parser.add_argument("--resume", type=Path, metavar="FILE",
                        help="keep the run's figures in FILE and carry on from them")
    args = parser.parse_args(argv)
    if os.path.lexists(args.out) and not args.out.is_dir():
        parser.error(f"--out takes a folder for the failed games' files: {args.out} is not one")
    try:
        run = (Checkpoint.read(args.resume, args.seed, args.games) if args.resume
               else Checkpoint(args.seed, args.games))
    except NotACheckpointError as exc:
        parser.error(f"--resume: {exc}")
    if run.done:
        print(f"resuming at game {run.done} of {args.games} ({run.moves} moves, "
              f"{run.failures} failures, {run.seconds:.0f} s so far)", flush=True)
    started = time.perf_counter()
    before = run.seconds
    for index, (n_moves, error, start, moves) in enumerate(
            reports(args.seed, args.games, args.jobs, run.done), start=run.done):
        run.moves += n_moves
        if error is not None:
            run.failures += 1
            assert start is not None and moves is not None
            command = write_failure(args.out, args.seed, index, start, moves, error)
            print(f"FAIL game {index}: {error.strip().splitlines()[-1]}", flush=True)
            print(f"  replay: {command}", flush=True)
        run.done = index + 1
        if run.done % PROGRESS_EVERY == 0:
            run.seconds = before + time.perf_counter() - started
            print(f"... {run.done} games, {run.moves} moves, {run.seconds:.0f} s, "
                  f"{run.failures} failures", flush=True)
            if args.resume:
                run.write(args.resume)
    run.seconds = before + time.perf_counter() - started
    if args.resume:
        run.write(args.resume)
    rate = args.games / run.seconds if run.seconds else 0.0
    print(f"engine soak: {args.games} games, {run.moves} moves in {run.seconds:.1f} s = "
          f"{rate:.1f} games/s with {args.jobs} job(s); {run.failures} failures")
    print(json.dumps({"games": args.games, "seed": args.seed, "jobs": args.jobs,
                      "moves": run.moves, "failures": run.failures,
                      "seconds": round(run.seconds, 1)}))
    return 1 if run.failures else 0
