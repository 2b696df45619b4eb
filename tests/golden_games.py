"""The golden games: seeded games stored as text, replayed move by move.

Each game file holds the rules and seed, then for every move the move, every
event it caused, and each seat's view afterwards; ``play-*.txt`` files hold
the output of the engine's ``play`` command (a bot game). Replaying must give
the same text byte for byte, on every supported Python: a save is a seed plus
moves. pytest runs this through ``test_engine_golden.py``; CI also runs it
directly on other Python versions, with nothing but the standard library:

    python3.10 tests/golden_games.py
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a plain clone
    sys.path.insert(0, str(ROOT))

from nile_desktop.engine import Rules, new_game, observe  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[Rules, int]] = {
    "2p-monuments-seed11": (Rules(2), 11),
    "3p-no-monuments-seed5": (Rules(3, monuments=False), 5),
    "4p-random-crops-seed23": (Rules(4, random_crops=True), 23),
    "3p-must-act-storage-top-seed8": (Rules(3, must_act=True, storage_top=True), 8),
}
#: Bot games of the engine's command line: file name -> arguments of ``play``.
PLAYS: dict[str, list[str]] = {
    "play-3p-seed21": ["play", "--players", "3", "--seed", "21", "--bots",
                       "random,easy,medium", "--must-act"],
    "play-2p-hard-seed4": ["play", "--players", "2", "--seed", "4", "--bots", "hard,medium",
                           "--iterations", "6", "--storage-top"],
}


def header(rules: Rules, seed: int) -> str:
    text = (f"# players={rules.players} monuments={rules.monuments} "
            f"random_crops={rules.random_crops} seed={seed}")
    if rules.must_act or rules.storage_top:
        text += f" must_act={rules.must_act} storage_top={rules.storage_top}"
    return text


def playthrough(rules: Rules, seed: int, moves: list[str]) -> str:
    st = new_game(rules, seed)
    lines = [header(rules, seed), "start"]
    lines += [f"  event {e.text()}" for e in st.events]
    lines += [f"  view {observe(st, s).text()}" for s in range(rules.players)]
    for move in moves:
        lines.append(f"move {st.active} {move}")
        lines += [f"  event {e.text()}" for e in st.apply(move)]
        lines += [f"  view {observe(st, s).text()}" for s in range(rules.players)]
    lines.append("result " + str(st.result.to_dict() if st.result is not None else None))
    return "\n".join(lines) + "\n"


def random_moves(rules: Rules, seed: int) -> list[str]:
    """Moves of a seeded game that prefers planting and speculating to trading."""
    rng = random.Random(seed)
    st = new_game(rules, seed)
    moves = []
    while not st.over:
        legal = list(st.legal_moves())
        calm = [m for m in legal if m.action not in ("market", "offer")]
        pick = rng.choice(calm if calm and rng.random() < 0.7 else legal)
        moves.append(str(pick))
        st.apply(pick)
    return moves


def stored_moves(text: str) -> list[str]:
    return [line.split(" ", 2)[2] for line in text.splitlines() if line.startswith("move ")]


def play_output(args: list[str]) -> str:
    """What ``python -m nile_desktop.engine`` prints for ``args``."""
    from nile_desktop.engine_cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(args)
    if code != 0:
        raise RuntimeError(f"play {args} exited {code}: {out.getvalue()}")
    return out.getvalue()


def write_missing() -> None:
    """Write the golden files that do not exist yet (after review, commit them)."""
    for name, (rules, seed) in GAMES.items():
        path = GOLDEN / f"{name}.txt"
        if not path.exists():
            path.write_text(playthrough(rules, seed, random_moves(rules, seed)), encoding="utf-8")
    for name, args in PLAYS.items():
        path = GOLDEN / f"{name}.txt"
        if not path.exists():
            path.write_text(play_output(args), encoding="utf-8")


def mismatches() -> list[str]:
    """Names of the golden games that do not replay byte for byte."""
    bad = []
    for name, (rules, seed) in GAMES.items():
        expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
        if playthrough(rules, seed, stored_moves(expected)) != expected:
            bad.append(name)
    for name, args in PLAYS.items():
        if play_output(args) != (GOLDEN / f"{name}.txt").read_text(encoding="utf-8"):
            bad.append(name)
    return bad


def main() -> int:
    bad = mismatches()
    version = ".".join(map(str, sys.version_info[:3]))
    print(f"python {version}: {len(GAMES) + len(PLAYS) - len(bad)} of "
          f"{len(GAMES) + len(PLAYS)} golden games replay identically" +
          (f"; differ: {', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
