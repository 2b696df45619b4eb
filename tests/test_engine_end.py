"""Seasons, the end of the game and scoring (R-END)."""

from nile_desktop.engine.cards import LOCUST, STONE

from engine_helpers import kinds, position


def test_r_end_1_season_ends_mid_draw_and_draw_continues():
    """R-END-1: the pile empties mid-draw; discard, flood stack (not the flood) and locust are
    shuffled into the new pile and the draw goes on."""
    st = position(flood="castor", deck=["wheat"], fill="discard", flood_stack=["lettuce"],
                  seats=[{}])
    discard_before = sum(st.discard) + 1  # + the flood stack's lettuce
    events = st.apply("pass")
    season = kinds(events, "season")[0]
    assert (season.season, st.season) == (1, 2)
    assert season.deck == discard_before + 1  # + the set-aside locust
    assert st.hand_size(0) == 2  # second card came from the new pile
    assert st.flood_stack[2] == 0 or st.flood_card == "lettuce"
    assert sum(st.discard) == 0


def test_r_end_1_current_flood_stays_and_stone_flood_erodes_first():
    """R-END-1: a stone flood that empties the pile erodes first, so the stones join the new pile."""
    st = position(flood="castor", deck=["flax", "flax", "stone"], fill="discard",
                  seats=[{"monuments": {"sphinx": 2}}])
    stones_free = st.discard[STONE]
    st.apply("pass")
    assert st.season == 2
    assert st.flood_card == "stone"  # the current flood card stays out of the new pile
    assert st.deck.count(STONE) == stones_free + 1  # + the eroded stone
    assert st.flood_stack[3] == 0  # castor went into the new pile


def test_r_end_1_locust_emptying_pile_joins_new_pile():
    """R-END-1: a locust that empties the pile is resolved and joins the new pile at once."""
    st = position(flood="castor", deck=["flax", "flax", "locust"], fill="discard",
                  locust_aside=False, seats=[{"fields": {"wheat": 2}}])
    events = st.apply("pass")
    assert kinds(events, "locust") and st.season == 2
    assert st.fields_of(0) == {}
    assert LOCUST in st.deck or st.locust_aside  # rejoined, maybe already redrawn


def test_r_end_1_hands_storage_fields_stay():
    """R-END-1: hands, storage, fields, Monuments and speculations stay over a season change."""
    st = position(flood="castor", deck=["wheat"], fill="discard",
                  seats=[{"hand": ["lettuce", "lettuce"]},
                         {"storage": ["wheat"], "fields": {"papyrus": 3},
                          "monuments": {"wall": 2}, "speculation": ["spec:wheat+flax"]}])
    st.apply("market lettuce lettuce")
    assert st.season == 2
    assert st.storage_of(1) == {"wheat": 1} and st.fields_of(1) == {"papyrus": 3}
    assert st.monuments_of(1) == {"wall": 2} and st.speculation_of(1) == ["spec:wheat+flax"]


def test_r_end_2_market_emptying_last_pile_ends_before_planting():
    """R-END-2: a market that empties the last pile ends the game at once."""
    st = position(players=2, season=2, flood="castor", deck=["wheat"], fill="discard",
                  seats=[{"hand": ["lettuce", "lettuce", "flax", "flax"]}])
    events = st.apply("market lettuce lettuce")
    assert st.over and kinds(events, "game-over")
    assert st.legal_moves() == []


def test_r_end_2_last_flood_still_harvests_and_short_draw():
    """R-END-2: a flood emptying the last pile still harvests; a draw takes only what is left."""
    st = position(players=2, season=2, flood="castor", deck=["wheat", "flax"], fill="discard",
                  seats=[{}, {"fields": {"flax": 2}}])
    st.apply("pass")
    assert st.over
    assert st.hand(0) == {"wheat": 1, "flax": 1}
    st = position(players=2, season=2, flood="castor", deck=["wheat", "lettuce", "flax"],
                  fill="discard", seats=[{}, {"fields": {"flax": 2}}])
    events = st.apply("pass")
    assert st.over and st.storage_of(1) == {"flax": 1}  # harvest happened
    assert kinds(events, "harvest")
    st = position(players=2, season=2, flood="castor", deck=["wheat"], fill="discard",
                  seats=[{}])
    events = st.apply("pass")
    assert st.over and kinds(events, "draw")[0].count == 1


def test_r_end_3_smallest_pile_decides_ties_shared():
    """R-END-3: missing crops count 0, the largest smallest pile wins, ties go to the next pile."""
    st = position(players=3, season=3, flood="castor", deck=["wheat"], fill="discard", seats=[
        {"storage": ["papyrus", "wheat", "lettuce", "castor", "flax"] * 2},
        {"storage": ["papyrus", "wheat", "lettuce", "castor", "flax"] * 2},
        {"storage": ["papyrus", "wheat", "lettuce", "castor"] * 5},
    ])
    st.apply("market " + "storage:papyrus storage:wheat")
    assert st.over
    assert st.result.piles[2] == (0, 5, 5, 5, 5)
    assert st.result.piles[0] == (1, 1, 2, 2, 2)
    assert st.result.ranking == ((1,), (0,), (2,))
    st2 = position(players=2, season=2, flood="castor", deck=["wheat"], fill="discard", seats=[
        {"storage": ["papyrus", "wheat", "lettuce", "castor", "flax"]},
        {"storage": ["papyrus", "wheat", "lettuce", "castor", "flax"]},
    ])
    st2.apply("pass")
    assert st2.over and st2.result.ranking == ((0, 1),)
