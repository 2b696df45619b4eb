"""``legal_moves()`` stays bounded in time and memory on every position the reader accepts.

Plantings into own fields (R-PLANT-1 c) multiply: a hand of 13 of every crop
with a field of each allows 14**5 - 1 of them. The engine lists them lazily
(``LegalMoves``): its length is known at once, any move is reachable by index
or iteration, and it agrees with the eager list wherever both can be built.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import tracemalloc

import pytest

from nile_desktop.engine import LegalMoves, Move, State, legal
from nile_desktop.engine.cards import CROPS
from nile_desktop.engine.rules import crop_count

from engine_helpers import position


def rich(players: int, each: int = 13, stones: int = 0) -> State:
    """Seat 0 holds ``each`` of every crop in play, with a one-card field of each."""
    crops = list(CROPS[: crop_count(players)])
    hand = [c for c in crops for _ in range(each)] + ["stone"] * stones
    mons = {"sphinx": 1, "wall": 1} if stones else {}
    return position(players, flood="stone" if not stones else None, fill="discard",
                    deck=["locust"], seats=[{"hand": hand, "fields": dict.fromkeys(crops, 1),
                                            "monuments": mons}])


def test_r_plant_1_two_players_thirteen_of_each_is_lazy_and_fast():
    """R-PLANT-1: 2 players, 13 of each crop with a field of each: 537,824 own-field
    plantings, answered at once without building them."""
    st = rich(2)
    tracemalloc.start()
    start = time.process_time()
    moves = st.legal_moves()
    n = len(moves)
    last = moves[-1]
    middle = moves[n // 2]
    elapsed = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert isinstance(moves, LegalMoves)
    assert n > 500_000 and elapsed < 1.0 and peak < 5_000_000
    assert str(last) == "pass" and middle.action == "plant"
    for move in (middle, moves[len(moves) - 2], moves[0]):
        st.check(move)
        assert move in moves


def test_r_plant_1_six_players_hundred_million_still_bounded():
    """R-PLANT-1: 6 players, all seven crops, 13 each: about 10**8 moves, still bounded."""
    st = rich(6)
    start = time.process_time()
    moves = st.legal_moves()
    assert len(moves) > 100_000_000
    st.check(moves[len(moves) // 3])
    assert Move.parse("plant " + " ".join(["wheat"] * 13 + ["onions"] * 2)) in moves
    assert Move.parse("plant " + " ".join(["wheat"] * 14)) not in moves
    assert time.process_time() - start < 1.0


@pytest.mark.parametrize("stones", [0, 3])
def test_r_plant_1_lazy_list_equals_the_eager_one(monkeypatch, stones):
    """R-PLANT-1, R-MON-1: the lazy sequence is the eager list, move for move, in order."""
    st = rich(2, each=2, stones=stones)
    eager = list(st.legal_moves())
    assert isinstance(st.legal_moves(), list)
    monkeypatch.setattr(legal, "EAGER_LIMIT", 0)
    lazy = st.legal_moves()
    assert isinstance(lazy, LegalMoves) and len(lazy) == len(eager)
    assert list(lazy) == eager and [lazy[i] for i in range(len(lazy))] == eager
    assert lazy[-1] == eager[-1] and lazy[3:9] == eager[3:9]
    assert all(m in lazy for m in eager)
    for move in eager:
        st.check(move)


def test_cli_legal_streams_an_extreme_position(tmp_path):
    """NOTATION legal: the command line streams the moves of an extreme position."""
    path = tmp_path / "rich.json"
    path.write_text(rich(2).to_json(), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "nile_desktop.engine", "legal", str(path)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first = [proc.stdout.readline() for _ in range(1000)]
    proc.kill()
    proc.wait()
    assert all(line.strip() for line in first)
    json.loads(path.read_text(encoding="utf-8"))
