"""The result of a finished game as a value, and refusal codes as an enum (R-END-3,
R-WHY-1): the position JSON and the command line write exactly what NOTATION.md says."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from nile_desktop.engine import Decided, Outcome, RefusalCode, Rules, State, new_game
from nile_desktop.engine.errors import REFUSAL_RULES, IllegalMoveError

NOTATION = Path(__file__).resolve().parent.parent / "docs" / "NOTATION.md"


def finished(players: int, seed: int) -> State:
    rng = random.Random(seed)
    state = new_game(Rules(players), seed)
    while not state.over:
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_r_end_3_ranking_piles_and_how_the_win_was_decided() -> None:
    smallest = Outcome.of_piles([[1, 2, 5], [3, 3, 3], [1, 2, 5]])
    assert smallest.ranking == ((1,), (0, 2)) and smallest.winners == (1,)
    assert (smallest.deciding_pile, smallest.reason) == (0, Decided.SMALLEST_PILE)
    later = Outcome.of_piles([[2, 4, 4], [2, 3, 9]])
    assert later.ranking == ((0,), (1,))
    assert (later.deciding_pile, later.reason) == (1, Decided.LATER_PILE)
    shared = Outcome.of_piles([[2, 4], [2, 4], [0, 9]])
    assert shared.ranking == ((0, 1), (2,)) and shared.winners == (0, 1)
    assert (shared.deciding_pile, shared.reason) == (None, Decided.SHARED_WIN)
    assert shared.places() == [(1, 0), (1, 1), (3, 2)]
    # each seat against the one ranked after it (the last against the one before)
    assert [shared.deciding_pile_of(s) for s in range(3)] == [None, 0, 0]


def test_r_end_3_a_sole_win_is_whole_and_a_shared_win_is_shared() -> None:
    assert Outcome.of_piles([[1, 2, 5], [3, 3, 3], [1, 2, 5]]).shares() == [0.0, 1.0, 0.0]
    assert Outcome.of_piles([[2, 4], [2, 4], [0, 9]]).shares() == [0.5, 0.5, 0.0]


def test_r_end_2_a_game_is_over_exactly_when_it_has_its_result() -> None:
    """``over`` is read from the result, so the two can never disagree."""
    state = new_game(Rules(2), seed=3)
    assert not state.over and state.result is None
    state = finished(2, seed=3)
    assert state.over and isinstance(state.result, Outcome)
    position = json.loads(state.to_json())
    assert position["step"] == "over" and State.from_json(state.to_json()).over


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_result_of_a_game_is_written_as_notation_says(players: int) -> None:
    """NOTATION position ``result``: exactly ranking and piles, lists of integers."""
    state = finished(players, seed=players)
    outcome = state.result
    assert outcome is not None
    written = json.loads(state.to_json())["result"]
    assert written == outcome.to_dict() and set(written) == {"ranking", "piles"}
    assert sorted(s for group in written["ranking"] for s in group) == list(range(players))
    assert Outcome.from_dict(written) == outcome
    assert State.from_json(state.to_json()).result == outcome  # recomputed, and the same


@pytest.mark.parametrize("bad", [
    None, [], {"ranking": [[0]]}, {"ranking": [[0], [1]], "piles": [[1, 2], "x"]},
    {"ranking": [[0], [1]], "piles": [[2, 1], [0, 0]]},
    {"ranking": [[1], [0]], "piles": [[1, 2], [0, 0]]},
    {"ranking": [[0], [1]], "piles": [[1, 2], [0, 0]], "extra": 1},
])
def test_a_stored_result_that_does_not_add_up_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        Outcome.from_dict(bad)


def notation_codes() -> list[str]:
    """The refusal codes of NOTATION.md's table, in its order."""
    text = NOTATION.read_text(encoding="utf-8")
    table = text[text.index("## Reasons a move is refused"):text.index("## Command line")]
    return re.findall(r"^\| `([a-z-]+)` \|", table, re.M)


def test_r_why_1_the_refusal_codes_are_notations_in_its_order() -> None:
    assert [str(code) for code in RefusalCode] == notation_codes()
    assert set(REFUSAL_RULES) == set(RefusalCode)
    assert all(re.fullmatch(r"R-[A-Z]+-\d+", code.rule) for code in RefusalCode)


def test_r_why_1_a_refusal_prints_its_code_as_text() -> None:
    state = new_game(Rules(2), seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        state.apply("market wheat")
    assert refused.value.code is RefusalCode.TRADE_NEEDS_TWO
    printed = json.dumps(refused.value.to_dict())
    assert json.loads(printed)["error"] == "trade-needs-two"
    assert printed.startswith('{"error": "trade-needs-two", "rule": "R-TRADE-1"')
