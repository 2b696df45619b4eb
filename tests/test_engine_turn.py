"""A turn: flood, harvest, trade and draw (R-FLOOD, R-HARV, R-TRADE, R-DRAW)."""

import pytest

from nile_desktop.engine import CardRef, IllegalMoveError, observe

from engine_helpers import kinds, position


def test_r_flood_1_reveal_goes_on_flood_stack():
    """R-FLOOD-1: the next player reveals the top card; the old flood joins the flood stack."""
    st = position(deck=["wheat", "wheat", "lettuce"], flood="castor")
    events = st.apply("pass")
    assert st.active == 1
    assert st.flood_card == "lettuce"
    assert st.flood_stack[3] == 1  # castor under it
    assert [e.card for e in kinds(events, "flood")] == [CardRef("lettuce")]


def test_r_flood_2_speculation_floods_both_crops():
    """R-FLOOD-2: a speculation card as flood harvests both its crops."""
    st = position(
        deck=["flax", "flax", "spec:wheat+lettuce"],
        seats=[{}, {"fields": {"wheat": 2, "lettuce": 3}}, {"fields": {"castor": 2}}],
    )
    events = st.apply("pass")
    assert {(e.seat, e.crop) for e in kinds(events, "harvest")} == {(1, "wheat"), (1, "lettuce")}
    assert st.fields_of(1) == {"wheat": 1, "lettuce": 2}


def test_r_flood_3_locust_as_flood_is_replaced():
    """R-FLOOD-3: a locust revealed as flood is resolved, set aside, and replaced."""
    st = position(
        deck=["flax", "flax", "locust", "wheat"],
        seats=[{"fields": {"castor": 4}}, {"fields": {"wheat": 2}}],
    )
    events = st.apply("pass")
    assert st.flood_card == "wheat"
    assert st.locust_aside
    assert st.fields_of(0) == {}  # castor (largest) eaten
    assert st.fields_of(1) == {"wheat": 1}  # then wheat harvested
    assert [e.kind for e in events if e.kind in ("locust", "flood", "harvest")] == [
        "locust", "flood", "harvest"]


def test_r_flood_4_stone_flood_erodes_and_blocks_stones():
    """R-FLOOD-4: a stone flood harvests nothing, erodes every Monument, and blocks stones."""
    st = position(
        deck=["flax", "flax", "stone"],
        seats=[{"fields": {"wheat": 2}, "monuments": {"sphinx": 2}},
               {"hand": ["stone", "stone"], "monuments": {"wall": 1}}],
    )
    events = st.apply("pass")
    assert st.flood_card == "stone"
    assert not kinds(events, "harvest")
    assert st.fields_of(0) == {"wheat": 2}
    assert st.monuments_of(0) == {"sphinx": 1}
    assert st.monuments_of(1) == {}
    with pytest.raises(IllegalMoveError) as err:
        st.apply("plant stone@obelisk stone@obelisk")
    assert err.value.code == "flooded"


def test_r_flood_5_payouts_before_harvest():
    """R-FLOOD-5: a flood first pays the speculations, then harvests."""
    st = position(
        deck=["flax", "flax", "wheat", "castor", "castor", "castor"],
        seats=[{"speculation": ["spec:wheat+lettuce"], "fields": {"wheat": 2}}],
    )
    events = st.apply("pass")
    order = [e.kind for e in events if e.kind in ("speculation-paid", "harvest")]
    assert order == ["speculation-paid", "harvest"]


def test_r_harv_1_every_player_harvests():
    """R-HARV-1: every player with a flooded field harvests, not only the active one."""
    st = position(
        deck=["flax", "flax", "castor"],
        seats=[{"fields": {"wheat": 2}}, {}, {"fields": {"castor": 3}}],
    )
    st.apply("pass")
    assert st.storage_of(2) == {"castor": 1}
    assert st.fields_of(2) == {"castor": 2}


def test_r_harv_2_empty_field_is_freed():
    """R-HARV-2: a field harvested to nothing is gone and its crop is free."""
    st = position(
        deck=["flax", "flax", "castor", "wheat"],
        seats=[{}, {"hand": ["castor", "castor", "lettuce", "lettuce"]}, {"fields": {"castor": 1}}],
    )
    st.apply("pass")
    assert st.fields_of(2) == {}
    st.apply("offer lettuce lettuce")  # castor is no longer flooded
    st.apply("plant castor castor")  # no take-over needed now
    assert st.fields_of(1) == {"castor": 2}


def test_r_harv_3_storage_secret_hand_sizes_public():
    """R-HARV-3: a view shows one's own storage and only the sizes of others'."""
    st = position(seats=[{"storage": ["wheat"], "hand": ["flax"]},
                         {"storage": ["castor", "castor"], "hand": ["lettuce"] * 3}])
    view = observe(st, 0)
    assert view.storage[1] == 1
    assert view.storage_sizes == (1, 2, 0)
    assert view.hand_sizes == (1, 3, 0)
    assert not hasattr(view, "seed")


def test_r_trade_1_two_cards_from_hand_and_storage():
    """R-TRADE-1: a trade discards exactly two cards, from hand and/or storage, any kind."""
    st = position(
        deck=["lettuce"],
        seats=[{"hand": ["wheat", "stone", "spec:wheat+flax"], "storage": ["flax", "castor"]}],
    )
    st.apply("market stone storage:flax")
    assert st.discard[28] == 1 and st.discard[4] == 1
    st.apply("offer spec:wheat+flax storage:castor")
    with pytest.raises(IllegalMoveError) as err:
        st.apply("market wheat")
    assert err.value.code == "trade-needs-two"


def test_r_trade_1_flooded_cards_may_be_traded_planted_may_not():
    """R-TRADE-1: flooded cards may be traded; planted cards are never held."""
    st = position(flood="wheat", deck=["flax"],
                  seats=[{"hand": ["wheat", "wheat"], "fields": {"castor": 2}}])
    with pytest.raises(IllegalMoveError) as err:
        st.apply("market castor wheat")
    assert err.value.code == "not-held"
    st.apply("market wheat wheat")
    assert st.hand(0) == {"flax": 1}


def test_r_trade_2_market_draws_one():
    """R-TRADE-2: market discards two and draws one card into the hand; the turn goes on."""
    st = position(deck=["castor"], seats=[{"hand": ["wheat", "flax"]}])
    events = st.apply("market wheat flax")
    assert st.hand(0) == {"castor": 1}
    assert st.active == 0
    assert kinds(events, "draw")[0].cards == (CardRef("castor"),)


def test_r_trade_3_offering_reveals_new_flood_and_harvests():
    """R-TRADE-3: an offering reveals a new flood, with a new harvest for everyone."""
    st = position(deck=["wheat"], flood="castor",
                  seats=[{"hand": ["flax", "flax"]}, {"fields": {"wheat": 3}}])
    st.apply("offer flax flax")
    assert st.flood_card == "wheat"
    assert st.storage_of(1) == {"wheat": 1}
    assert st.active == 0


def test_r_draw_1_draw_two_and_pass_clockwise():
    """R-DRAW-1: the active player draws two; the next seat clockwise plays."""
    st = position(active=2, deck=["wheat", "flax", "castor"])
    st.apply("pass")
    assert st.hand(2) == {"wheat": 1, "flax": 1}
    assert st.active == 0


def test_r_draw_1_obelisk_draws_three_even_if_built_this_turn():
    """R-DRAW-1: with the Obelisk (built this very turn) the draw is three."""
    st = position(deck=["wheat", "flax", "lettuce", "castor"],
                  seats=[{"hand": ["stone", "stone"]}])
    st.apply("plant stone@obelisk stone@obelisk")
    assert st.hand(0) == {"wheat": 1, "flax": 1, "lettuce": 1}
    assert st.flood_card == "castor"


def test_r_draw_1_no_hand_limit():
    """R-DRAW-1: hands have no limit."""
    st = position(deck=["wheat", "flax", "lettuce"], seats=[{"hand": ["castor"] * 14}])
    st.apply("pass")
    assert st.hand_size(0) == 16
