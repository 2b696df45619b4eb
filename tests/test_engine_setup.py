"""Components and setup (R-COMP, R-SETUP)."""

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
    c = Counter(state.deck)
    for k, n in enumerate(state.discard):
        c[k] += n
    for k, n in enumerate(state.flood_stack):
        c[k] += n
    if state.flood >= 0:
        c[state.flood] += 1
    c[LOCUST] += state.locust_aside
    for s in range(state.players):
        for k, n in enumerate(state.hands[s]):
            c[k] += n
        for k in range(N_CROPS):
            c[k] += state.storage[s][k] + state.fields[s][k]
        c[STONE] += sum(state.mons[s])
        for k in state.specs[s]:
            c[k] += 1
    return +c


def test_r_comp_1_crops_in_rule_order():
    """R-COMP-1: the seven crops in their fixed order."""
    assert CROPS == ("papyrus", "wheat", "lettuce", "castor", "flax", "grapes", "onions")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("monuments", [True, False])
def test_r_comp_2_to_5_card_totals(players, monuments):
    """R-COMP-2..5: 14 per crop, one speculation card per pair of crops in play,
    one locust, 14 stones only with the Monuments."""
    state = new_game(Rules(players, monuments=monuments), seed=players)
    counts = total_counts(state)
    n_crops = len(state.crops)
    for c in state.crops:
        assert counts[c] == 14
    specs = [k for k in counts if is_spec(k)]
    assert len(specs) == n_crops * (n_crops - 1) // 2  # R-COMP-3: 21, 15 or 10
    assert all(counts[k] == 1 for k in specs)
    assert all(set(crops_shown(k)) <= set(state.crops) for k in specs)
    assert counts[LOCUST] == 1  # R-COMP-4
    assert counts[STONE] == (14 if monuments else 0)  # R-COMP-5
    assert counts == Counter(
        {k: n for k, n in enumerate(full_deck_counts(state.crops, monuments)) if n}
    )


def test_r_comp_5_monuments_start_in_centre_and_not_in_deck():
    """R-COMP-5: the Monuments start in the centre, never in the deck."""
    state = new_game(Rules(4), seed=3)
    assert all(state.monument_owner(m) is None for m in range(3))
    assert all(KIND_NAMES[k] not in ("sphinx", "obelisk", "wall") for k in state.deck)


def test_r_comp_6_flood_and_season_are_markers():
    """R-COMP-6: the flood marker and the season counter are not cards."""
    state = new_game(Rules(3), seed=1)
    assert "flood" not in KIND_NAMES and "season" not in KIND_NAMES
    assert state.season == 1


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
