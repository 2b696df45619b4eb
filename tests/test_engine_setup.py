"""Components and setup (R-COMP, R-SETUP)."""

import random
from collections import Counter

import pytest

from nile_desktop.engine import Rules, new_game
from nile_desktop.engine.cards import (
    CROPS,
    KIND_NAMES,
    LOCUST,
    N_CROPS,
    STONE,
    crops_shown,
    full_deck_counts,
    is_spec,
)


def total_counts(state) -> Counter:
    return +Counter(dict(enumerate(state.card_totals())))


def test_r_comp_1_crops_in_rule_order():
    """R-COMP-1: the seven crops in their fixed order."""
    assert CROPS == ("papyrus", "wheat", "lettuce", "castor", "flax", "grapes", "onions")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("monuments", [True, False])
def test_r_comp_2_fourteen_cards_of_every_crop_in_play(players, monuments):
    """R-COMP-2: 14 crop cards of every crop in play, none of a crop out of play."""
    counts = total_counts(new_game(Rules(players, monuments=monuments), seed=players))
    for c in range(N_CROPS):
        assert counts[c] == (14 if c in new_game(Rules(players), seed=players).crops else 0)


@pytest.mark.parametrize("players,pairs", [(2, 10), (4, 10), (5, 15), (6, 21)])
def test_r_comp_3_one_speculation_card_per_pair_of_crops(players, pairs):
    """R-COMP-3: one speculation card for each unordered pair of crops in play (10, 15, 21)."""
    state = new_game(Rules(players, random_crops=True), seed=players)
    counts = total_counts(state)
    specs = [k for k in counts if is_spec(k)]
    assert len(specs) == pairs and all(counts[k] == 1 for k in specs)
    assert {frozenset(crops_shown(k)) for k in specs} == {
        frozenset((a, b)) for a in state.crops for b in state.crops if a < b}


@pytest.mark.parametrize("monuments", [True, False])
def test_r_comp_4_one_plague_of_locusts(monuments):
    """R-COMP-4: exactly one locust card, in the draw pile at the start."""
    state = new_game(Rules(3, monuments=monuments), seed=9)
    assert total_counts(state)[LOCUST] == 1 and state.deck.count(LOCUST) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("monuments", [True, False])
def test_r_comp_5_stones_only_with_the_monuments(players, monuments):
    """R-COMP-5: 14 stones with the Monuments expansion, none without; totals match the rules."""
    state = new_game(Rules(players, monuments=monuments), seed=players)
    counts = total_counts(state)
    assert counts[STONE] == (14 if monuments else 0)
    assert counts == Counter(
        {k: n for k, n in enumerate(full_deck_counts(state.crops, monuments)) if n}
    )


def test_r_comp_5_monuments_start_in_centre_and_not_in_deck():
    """R-COMP-5: the Monuments start in the centre, never in the deck."""
    state = new_game(Rules(4), seed=3)
    assert all(state.monument_owner(m) is None for m in range(3))
    assert all(KIND_NAMES[k] not in ("sphinx", "obelisk", "wall") for k in state.deck)


def test_r_comp_6_flood_and_season_are_markers_not_cards():
    """R-COMP-6: the Flood card and the season counter are table markers: the deck holds
    exactly the crop, speculation, locust and stone cards, and a season change neither
    adds nor removes a card."""
    state = new_game(Rules(3), seed=1)
    n = len(state.crops)
    every = 14 * n + n * (n - 1) // 2 + 1 + 14
    assert sum(state.card_totals()) == every
    rng = random.Random(1)
    seasons = []
    while not state.over:
        legal = state.legal_moves()
        events = state.apply(legal[rng.randrange(len(legal))])
        seasons += [e for e in events if e.kind == "season"]
        assert sum(state.card_totals()) == every
    assert len(seasons) == state.seasons - 1 and state.season == state.seasons


@pytest.mark.parametrize("players,n", [(2, 5), (3, 5), (4, 5), (5, 6), (6, 7)])
def test_r_setup_1_crops_per_player_count(players, n):
    """R-SETUP-1: 5 crops with 2–4 players, 6 with 5, 7 with 6; Onions go first, then Grapes."""
    state = new_game(Rules(players), seed=11)
    assert state.crops == tuple(range(n))


def test_r_setup_1_random_removal_varies_with_seed():
    """R-SETUP-1: the random-removal option removes seeded random crops."""
    seen = {new_game(Rules(3, random_crops=True), seed=s).crops for s in range(40)}
    assert len(seen) > 3
    assert all(len(c) == 5 for c in seen)


def test_r_setup_2_deal_five_without_locust_or_stones():
    """R-SETUP-2: everyone gets 5 cards, never a stone or the locust; those are shuffled in after."""
    for seed in range(30):
        state = new_game(Rules(4), seed=seed)
        for s in range(4):
            assert state.hand_size(s) == 5
            assert state.hands[s][STONE] == 0 and state.hands[s][LOCUST] == 0
        assert STONE in state.deck or state.flood == STONE or state.discard[STONE]


def test_r_setup_3_random_starting_player():
    """R-SETUP-3: the starting player is chosen by the seed, and varies."""
    starts = {new_game(Rules(4), seed=s).active for s in range(40)}
    assert starts == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r_setup_4_as_many_seasons_as_players(players):
    """R-SETUP-4: the number of seasons is the number of players."""
    assert new_game(Rules(players), seed=1).seasons == players


def test_rules_refuse_bad_player_count():
    """R-SETUP-1: 2 to 6 players only."""
    for bad in (1, 7, 0):
        with pytest.raises(ValueError):
            Rules(bad)
