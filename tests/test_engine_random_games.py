"""Thousands of random games with the rules' invariants checked after every move.

R-COMP-2..5 (card totals per kind), R-PLANT-2 (no crop planted by two seats),
R-MON-2/R-MON-3 (one owner per Monument, at least one stone), R-END-2 (every
game ends with a result), and position → JSON → position being the identity.
"""

import random
from collections import Counter

import pytest

from nile_desktop.engine import Rules, State, new_game
from nile_desktop.engine.cards import LOCUST, N_CROPS, N_KINDS, STONE, full_deck_counts

GAMES = 2000
CHUNKS = 8


def check_invariants(st: State) -> None:
    total = Counter(st.deck)
    for k in range(N_KINDS):
        assert st.discard[k] >= 0 and st.flood_stack[k] >= 0
        total[k] += st.discard[k] + st.flood_stack[k]
    if st.flood >= 0:
        total[st.flood] += 1
    total[LOCUST] += st.locust_aside
    for s in range(st.players):
        assert min(st.hands[s]) >= 0 and min(st.storage[s]) >= 0 and min(st.fields[s]) >= 0
        for k in range(N_KINDS):
            total[k] += st.hands[s][k]
        for c in range(N_CROPS):
            total[c] += st.storage[s][c] + st.fields[s][c]
        total[STONE] += sum(st.mons[s])
        for k in st.specs[s]:
            total[k] += 1
    expected = full_deck_counts(st.crops, st.rules.monuments)
    assert [total[k] for k in range(N_KINDS)] == expected
    for c in range(N_CROPS):
        assert sum(1 for s in range(st.players) if st.fields[s][c]) <= 1
    for m in range(3):
        owners = [s for s in range(st.players) if st.mons[s][m]]
        assert len(owners) <= 1
        assert all(st.mons[s][m] >= 1 for s in owners)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    """2,000 random games over 2–6 players, Monuments on and off: invariants after every move."""
    for g in range(chunk, GAMES, CHUNKS):
        rng = random.Random(g)
        rules = Rules(2 + g % 5, monuments=(g // 5) % 2 == 0, random_crops=g % 7 == 0)
        st = new_game(rules, seed=g)
        moves = 0
        while not st.over:
            legal = st.legal_moves()
            assert legal and len(set(legal)) == len(legal)
            st.apply(legal[rng.randrange(len(legal))])
            check_invariants(st)
            if moves % 10 == 0:
                text = st.to_json()
                assert State.from_json(text).to_json() == text
            moves += 1
            assert moves < 5000
        assert st.result is not None
        assert sorted(s for group in st.result["ranking"] for s in group) == list(
            range(rules.players))
        assert State.from_json(st.to_json()).to_json() == st.to_json()
