"""Golden playthroughs: seeded games stored as text and replayed move by move.

Each file holds the rules and seed, then for every move the move, every event
it caused, and each seat's view afterwards. Replaying the stored moves must
give the same text byte for byte (determinism on any machine). To regenerate
after a deliberate rule change: ``NILE_UPDATE_GOLDEN=1 pytest tests/test_engine_golden.py``
and review the diff.
"""

import os
import random
from pathlib import Path

import pytest

from nile_desktop.engine import Rules, new_game, observe

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "2p-monuments-seed11": (Rules(2), 11),
    "3p-no-monuments-seed5": (Rules(3, monuments=False), 5),
    "4p-random-crops-seed23": (Rules(4, random_crops=True), 23),
}


def header(rules: Rules, seed: int) -> str:
    return (f"# players={rules.players} monuments={rules.monuments} "
            f"random_crops={rules.random_crops} seed={seed}")


def playthrough(rules: Rules, seed: int, moves: list[str]) -> str:
    st = new_game(rules, seed)
    lines = [header(rules, seed), "start"]
    lines += [f"  event {e.text()}" for e in st.events]
    lines += [f"  view {observe(st, s).text()}" for s in range(rules.players)]
    for move in moves:
        lines.append(f"move {st.active} {move}")
        lines += [f"  event {e.text()}" for e in st.apply(move)]
        lines += [f"  view {observe(st, s).text()}" for s in range(rules.players)]
    lines.append("result " + str(st.result))
    return "\n".join(lines) + "\n"


def random_moves(rules: Rules, seed: int) -> list[str]:
    """Moves of a seeded game that prefers planting and speculating to trading."""
    rng = random.Random(seed)
    st = new_game(rules, seed)
    moves = []
    while not st.over:
        legal = st.legal_moves()
        calm = [m for m in legal if m.action not in ("market", "offer")]
        pick = rng.choice(calm if calm and rng.random() < 0.7 else legal)
        moves.append(str(pick))
        st.apply(pick)
    return moves


def stored_moves(text: str) -> list[str]:
    return [line.split(" ", 2)[2] for line in text.splitlines() if line.startswith("move ")]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    """R-SETUP-2..4, R-FLOOD..R-END: a stored game replays identically, event by event."""
    rules, seed = GAMES[name]
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("NILE_UPDATE_GOLDEN") or not path.exists():
        path.write_text(playthrough(rules, seed, random_moves(rules, seed)), encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert expected.splitlines()[0] == header(rules, seed)
    assert playthrough(rules, seed, stored_moves(expected)) == expected
    assert expected.splitlines()[-1].startswith("result {'ranking'")
