"""Thousands of random games with the rules' invariants checked after every move.

R-COMP-2..5 (card totals per kind), R-PLANT-2 (no crop planted by two seats),
R-MON-2/R-MON-3 (one owner per Monument, at least one stone), R-END-2 (every
game ends with a result), and position → JSON → position being the identity.
"""

import random

import pytest

from nile_desktop.engine import Rules, State, new_game
from nile_desktop.engine.cards import N_MONUMENTS
from nile_desktop.soak.engine_soak import invariants

GAMES = 600
CHUNKS = 8


def check_invariants(st: State, round_trip: bool) -> None:
    """The soak's checks (one list of invariants for the project), none broken."""
    assert invariants(st, round_trip) == []
    for m in range(N_MONUMENTS):
        assert all(st.mons[s][m] >= 0 for s in range(st.players))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    """600 random games over 2–6 players, Monuments on and off: invariants after every move."""
    for g in range(chunk, GAMES, CHUNKS):
        rng = random.Random(g)
        rules = Rules(2 + g % 5, monuments=(g // 5) % 2 == 0, random_crops=g % 7 == 0,
                      must_act=g % 3 == 1, storage_top=g % 4 >= 2)
        st = new_game(rules, seed=g)
        moves = 0
        while not st.over:
            legal = st.legal_moves()
            assert legal and len(set(legal)) == len(legal)
            st.apply(legal[rng.randrange(len(legal))])
            check_invariants(st, round_trip=moves % 10 == 0)
            moves += 1
            assert moves < 5000
        assert st.over
        assert sorted(s for group in st.result.ranking for s in group) == list(
            range(rules.players))
        assert State.from_json(st.to_json()).to_json() == st.to_json()
