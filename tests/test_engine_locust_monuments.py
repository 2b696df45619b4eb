"""The Plague of Locusts and the Monuments (R-LOCUST, R-MON)."""

import pytest

from nile_desktop.engine import IllegalMoveError, Place

from engine_helpers import kinds, position


def test_r_locust_1_largest_fields_go_ties_included():
    """R-LOCUST-1: the largest fields of all players go, all tied ones too, Monuments included."""
    st = position(flood="castor", deck=["locust", "wheat", "flax", "flax"],
                  seats=[{"hand": ["lettuce", "lettuce"], "fields": {"wheat": 3},
                          "monuments": {"obelisk": 1}},
                         {"fields": {"flax": 3}, "monuments": {"sphinx": 3}},
                         {"fields": {"papyrus": 2}}])
    events = st.apply("market lettuce lettuce")  # draws the locust, then a replacement
    struck = kinds(events, "locust")[0]
    assert set(struck.fields) == {(0, Place.field("wheat"), 3), (1, Place.field("flax"), 3),
                                  (1, Place.monument_of("sphinx"), 3)}
    assert st.fields_of(0) == {} and st.fields_of(1) == {} and st.fields_of(2) == {"papyrus": 2}
    assert st.hand(0) == {"wheat": 1}  # R-LOCUST-3: replacement drawn
    assert st.monuments_of(0) == {"obelisk": 1}


def test_r_locust_2_monument_returns_to_centre():
    """R-LOCUST-2: a Monument field eaten by locusts returns its Monument to the centre."""
    st = position(flood="castor", deck=["flax", "locust", "flax", "wheat"],
                  seats=[{"monuments": {"wall": 4}}])
    events = st.apply("pass")
    assert st.monument_owner(2) is None
    assert [(e.monument, e.cause) for e in kinds(events, "monument-lost")] == [("wall", "locust")]


def test_r_locust_3_set_aside_and_back_next_season():
    """R-LOCUST-3: the locust is not a drawn card, is set aside, and rejoins the next pile."""
    st = position(flood="castor", deck=["locust", "wheat"], fill="discard",
                  seats=[{"hand": ["lettuce", "lettuce"]}])
    st.apply("market lettuce lettuce")
    assert st.hand(0) == {"wheat": 1}
    assert st.season == 2  # the market emptied the pile
    assert not st.locust_aside and 29 in st.deck


def test_r_locust_1_on_end_of_turn_draw_and_payout():
    """R-LOCUST-1: the locust strikes whenever it is drawn: end-of-turn draw or pay-out."""
    st = position(flood="castor", deck=["wheat", "locust", "flax", "lettuce"],
                  seats=[{"fields": {"wheat": 2}}])
    events = st.apply("pass")
    assert kinds(events, "locust")[0].cause == "turn"
    assert st.hand(0) == {"wheat": 1, "flax": 1}
    st = position(flood="castor", deck=["flax", "flax", "wheat", "locust", "lettuce", "lettuce",
                                        "lettuce"],
                  seats=[{"hand": ["spec:papyrus+wheat"], "fields": {"flax": 5}}])
    events = st.apply("speculate spec:papyrus+wheat")
    assert kinds(events, "locust")[0].cause == "speculation"
    assert st.hand(0)["lettuce"] == 3


def test_r_mon_1_monument_fields_follow_planting_forms():
    """R-MON-1: stones only as Monument fields: two or more stones, or one stone plus one crop."""
    st = position(flood="castor", deck=["flax", "flax", "flax"],
                  seats=[{"hand": ["stone", "wheat"]}])
    events = st.apply("plant wheat stone@sphinx")
    assert st.monuments_of(0) == {"sphinx": 1} and st.fields_of(0) == {"wheat": 1}
    assert kinds(events, "monument-built")[0].monument == "sphinx"
    st = position(flood="castor", deck=["flax"] * 3, seats=[{"hand": ["stone"]}])
    with pytest.raises(IllegalMoveError) as err:
        st.apply("plant stone@wall")
    assert err.value.code == "new-field-needs-two"
    st = position(flood="castor", deck=["flax"] * 3,
                  seats=[{"hand": ["stone"] * 3, "monuments": {"wall": 1}}])
    st.apply("plant stone@wall stone@wall stone@wall")
    assert st.monuments_of(0) == {"wall": 4}


def test_r_mon_1_no_stones_without_expansion():
    """R-MON-1 / R-COMP-5: with the expansion off there are no stones to plant."""
    st = position(flood="castor", monuments=False, deck=["flax"] * 3,
                  seats=[{"hand": ["wheat", "wheat"]}])
    with pytest.raises(IllegalMoveError) as err:
        st.apply("plant stone@sphinx stone@sphinx")
    assert err.value.code == "not-held"
    assert not any("stone" in str(m) for m in st.legal_moves())


def test_r_mon_2_one_monument_per_turn_several_owned():
    """R-MON-2: at most one Monument per turn; a player may own several."""
    st = position(flood="castor", deck=["flax"] * 3,
                  seats=[{"hand": ["stone"] * 4, "monuments": {"obelisk": 2}}])
    with pytest.raises(IllegalMoveError) as err:
        st.apply("plant stone@sphinx stone@wall")
    assert err.value.code == "one-monument-per-turn"
    st.apply("plant stone@obelisk stone@sphinx")  # one new, one own
    assert st.monuments_of(0) == {"sphinx": 1, "obelisk": 3}


def test_r_mon_3_taking_a_monument():
    """R-MON-3: a larger field takes a Monument; the owner's stones are discarded."""
    st = position(flood="castor", deck=["flax"] * 3,
                  seats=[{"hand": ["stone"] * 3}, {"monuments": {"obelisk": 2}}])
    events = st.apply("plant stone@obelisk stone@obelisk stone@obelisk")
    taken = kinds(events, "monument-taken")[0]
    assert (taken.victim, taken.monument, taken.lost) == (1, "obelisk", 2)
    assert st.monuments_of(0) == {"obelisk": 3} and st.monuments_of(1) == {}
    assert st.discard[28] == 2


def test_r_mon_4_stones_never_harvested():
    """R-MON-4: a crop flood harvests crop fields only, a stone flood harvests nothing:
    no stone ever reaches storage."""
    st = position(flood="castor",
                  deck=["flax", "flax", "spec:papyrus+wheat", "lettuce", "lettuce", "stone"],
                  seats=[{"monuments": {"sphinx": 3}, "fields": {"wheat": 2}},
                         {"hand": ["lettuce"]}])
    events = st.apply("pass")  # seat 1 reveals spec:papyrus+wheat
    assert st.monuments_of(0) == {"sphinx": 3} and st.storage_of(0) == {"wheat": 1}
    events = st.apply("pass")  # seat 2 reveals the stone
    assert [e.kind for e in events if e.kind == "harvest"] == []
    assert st.monuments_of(0) == {"sphinx": 2} and st.storage_of(0) == {"wheat": 1}


def test_r_mon_4_stones_never_scored():
    """R-MON-4: at the end, Monument fields and stones in hand count for nothing."""
    crops = ["papyrus", "wheat", "lettuce", "castor", "flax"]
    st = position(players=2, season=2, fill="discard", deck=["flax"],
                  seats=[{"hand": ["stone"] * 5, "monuments": {"obelisk": 6},
                          "storage": crops},
                         {"storage": crops + ["wheat"]}])
    st.apply("pass")
    assert st.over
    assert st.result.piles == ((1, 1, 1, 1, 1), (1, 1, 1, 1, 2))
    assert st.result.ranking == ((1,), (0,))


def test_r_mon_5_obelisk_powers():
    """R-MON-5: the Obelisk draws 3 at the end of the turn and 4 per matched speculation."""
    st = position(flood="castor", deck=["flax"] * 3 + ["wheat"] + ["lettuce"] * 4,
                  seats=[{"hand": ["spec:papyrus+wheat"], "monuments": {"obelisk": 1}}])
    events = st.apply("speculate spec:papyrus+wheat")
    assert [e.count for e in kinds(events, "draw")] == [3, 4]


def test_r_mon_6_erosion_returns_monument_with_last_stone():
    """R-MON-6: a stone flood takes one stone of each Monument; the last stone returns it."""
    st = position(flood="castor", deck=["flax", "flax", "stone"],
                  seats=[{"monuments": {"sphinx": 1, "wall": 2}}, {"monuments": {"obelisk": 3}}])
    events = st.apply("pass")
    assert st.monuments_of(0) == {"wall": 1}
    assert st.monuments_of(1) == {"obelisk": 2}
    assert [e.monument for e in kinds(events, "monument-lost")] == ["sphinx"]
    assert len(kinds(events, "monument-eroded")) == 3
