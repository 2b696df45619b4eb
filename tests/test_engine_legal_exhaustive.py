"""``legal_moves()`` is exactly the set of moves ``apply`` accepts (R-PLANT-1, R-SPEC-1, R-TRADE-1),
with and without the rule-book options (R-PLANT-5 must_act, R-TRADE-1 storage: top).

For positions from random games with small hands, every candidate move text
built from the cards held is checked against the rules, and the accepted ones
must be exactly the generated list: nothing legal missing, nothing illegal listed.
"""

import random
from itertools import combinations_with_replacement, product

import pytest

from nile_desktop.engine import IllegalMoveError, Move, Rules, new_game
from nile_desktop.engine.cards import N_CROPS, N_MONUMENTS, STONE
from nile_desktop.engine.moves import stone_token, token

OPTIONS = {
    "book-default": {},
    "must-act": {"must_act": True},
    "storage-top": {"storage_top": True},
    "both": {"must_act": True, "storage_top": True},
}


def sub_multisets(counts: dict[int, int]):
    keys = sorted(counts)
    for picks in product(*(range(counts[k] + 1) for k in keys)):
        yield tuple(t for k, n in zip(keys, picks, strict=True) for t in [k] * n)


def candidates(st):
    seat = st.active
    hand, store = st.hands[seat], st.storage[seat]
    slots = [token(k) for k, n in enumerate(hand) if n]
    slots += [token(c, True) for c, n in enumerate(store) if n]
    for pair in combinations_with_replacement(slots, 2):
        yield Move.make("market", pair)
        yield Move.make("offer", pair)
    specs = [token(k) for k in range(N_CROPS, STONE) if hand[k]]
    for pair in combinations_with_replacement(specs, 2):
        yield Move.make("speculate", pair)
    for s in specs:
        yield Move.make("speculate", (s,))
    plantable = {token(c): hand[c] for c in range(N_CROPS) if hand[c]}
    if hand[STONE]:
        for m in range(N_MONUMENTS):
            plantable[stone_token(m)] = hand[STONE]
    for toks in sub_multisets(plantable):
        if toks:
            yield Move.make("plant", toks)
    yield Move.make("pass", ())


def accepted(st, move) -> bool:
    try:
        st.check(move)
        return True
    except IllegalMoveError:
        return False


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
def test_legal_moves_match_brute_force(options):
    """Generated legal moves equal the brute-force set of accepted moves (R-PLANT-5 must_act
    and R-TRADE-1 storage: top included)."""
    checked = 0
    games = 60 if not options else 30
    for g in range(games):
        rng = random.Random(g)
        st = new_game(Rules(2 + g % 5, monuments=g % 3 != 0, **options), seed=g)
        while not st.over:
            seat = st.active
            if sum(st.hands[seat]) <= 8 and rng.random() < 0.5:
                brute = {m for m in candidates(st) if accepted(st, m)}
                assert set(st.legal_moves()) == brute
                checked += 1
            legal = st.legal_moves()
            calm = [m for m in legal if m.action not in ("market", "offer")]
            st.apply(rng.choice(calm if calm and rng.random() < 0.6 else legal))
    assert checked > 8 * games
