"""Planting, speculating and refusals (R-PLANT, R-SPEC, R-WHY)."""

import pytest

from nile_desktop.engine import CardRef, IllegalMoveError, InvalidMoveError, MoveError

from engine_helpers import kinds, position

DECK = ["flax", "flax", "flax"]  # the next flood is Flax


def refused(st, move: str) -> MoveError:
    """The refusal of ``move``: InvalidMoveError for unreadable text, else IllegalMoveError."""
    before = st.to_json()
    with pytest.raises(MoveError) as err:
        st.apply(move)
    assert st.to_json() == before  # R-WHY-1: nothing changed
    expected = InvalidMoveError if err.value.code == "unknown-move" else IllegalMoveError
    assert type(err.value) is expected
    return err.value


def test_r_plant_1a_two_or_more_of_one_crop():
    """R-PLANT-1a: two or more cards of one crop make one new field."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 3}])
    st.apply("plant wheat wheat wheat")
    assert st.fields_of(0) == {"wheat": 3}
    st2 = position(deck=DECK, seats=[{"hand": ["wheat"]}])
    assert refused(st2, "plant wheat").code == "new-field-needs-two"


def test_r_plant_1b_two_different_crops_one_each():
    """R-PLANT-1b: exactly two cards of different crops, each new or joining an own field."""
    st = position(deck=DECK, seats=[{"hand": ["wheat", "castor"], "fields": {"wheat": 1}}])
    st.apply("plant wheat castor")
    assert st.fields_of(0) == {"wheat": 2, "castor": 1}
    st2 = position(deck=DECK, seats=[{"hand": ["wheat", "wheat", "castor"]}])
    err = refused(st2, "plant wheat wheat castor")
    assert err.code == "two-crops-two-cards"


def test_r_plant_1c_any_cards_into_own_fields():
    """R-PLANT-1c: any number of cards into any number of own fields."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 3 + ["castor", "lettuce"],
                                     "fields": {"wheat": 1, "castor": 1, "lettuce": 2}}])
    st.apply("plant wheat wheat wheat castor lettuce")
    assert st.fields_of(0) == {"wheat": 4, "castor": 2, "lettuce": 3}


def test_r_plant_1_refusals_for_mixed_forms():
    """R-PLANT-1: two new Wheat plus one Flax for an existing field is refused; so are 3 kinds."""
    st = position(flood="castor", deck=DECK,
                  seats=[{"hand": ["wheat", "wheat", "flax", "lettuce"], "fields": {"flax": 1}}])
    assert refused(st, "plant wheat wheat flax").code == "two-crops-two-cards"
    assert refused(st, "plant wheat flax lettuce").code == "too-many-kinds"


def test_r_plant_2_one_field_per_crop_public():
    """R-PLANT-2: a field holds one crop, at most one per crop per player; new cards join it."""
    st = position(deck=DECK, seats=[{"hand": ["wheat", "wheat"], "fields": {"wheat": 2}}])
    st.apply("plant wheat wheat")
    assert st.fields_of(0) == {"wheat": 4}


def test_r_plant_3_takeover_needs_larger_field():
    """R-PLANT-3: a new field of a crop another player has must be larger; theirs is discarded."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 3}, {"fields": {"wheat": 2}}])
    st2 = st.clone()
    err = refused(st2, "plant wheat wheat")
    assert (err.code, err.needed, err.have) == ("field-too-small", 3, 2)
    events = st.apply("plant wheat wheat wheat")
    assert st.fields_of(1) == {}
    assert st.discard[1] == 2
    assert kinds(events, "takeover")[0].victim == 1


def test_r_plant_4_sphinx_needs_only_equal():
    """R-PLANT-4 / R-MON-5: with the Sphinx an equal field takes over."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 2, "monuments": {"sphinx": 1}},
                                    {"fields": {"wheat": 2}}])
    st.apply("plant wheat wheat")
    assert st.fields_of(0) == {"wheat": 2} and st.fields_of(1) == {}


def test_r_plant_4_wall_needs_two_more():
    """R-PLANT-4 / R-MON-5: against the Wall's owner a take-over needs two more cards."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 4},
                                    {"fields": {"wheat": 2}, "monuments": {"wall": 1}}])
    err = refused(st, "plant wheat wheat wheat")
    assert (err.code, err.needed, err.have) == ("field-too-small", 4, 3)
    st.apply("plant wheat wheat wheat wheat")
    assert st.fields_of(1) == {}


def test_r_plant_4_sphinx_and_wall_cancel():
    """R-PLANT-4: Sphinx against Wall needs existing + 1."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 3, "monuments": {"sphinx": 1}},
                                    {"fields": {"wheat": 2}, "monuments": {"wall": 1}}])
    assert refused(st.clone(), "plant wheat wheat").needed == 3
    st.apply("plant wheat wheat wheat")


def test_r_plant_4_power_read_before_move():
    """R-PLANT-4: a Monument taken in the same move gives no power in that move."""
    st = position(flood="castor", deck=DECK,
                  seats=[{"hand": ["wheat", "stone"]},
                         {"fields": {"wheat": 1}, "monuments": {"sphinx": 1}}])
    # Taking the Sphinx (1 stone vs 1 needs 2) is refused anyway; the wheat take-over
    # would need 2 since the planter does not own the Sphinx before the move.
    err = refused(st, "plant wheat stone@sphinx")
    assert err.code == "field-too-small"


def test_r_flood_2_flooded_crop_refused():
    """R-FLOOD-2: a speculation flood card floods both its crops, and a card of a flooded
    crop cannot be planted; the refusal cites the flood's rule, not the planting forms."""
    st = position(flood="spec:wheat+castor", deck=DECK, seats=[{"hand": ["castor", "castor"]}])
    err = refused(st, "plant castor castor")
    assert (err.code, err.rule) == ("flooded", "R-FLOOD-2")


def test_r_flood_4_and_r_spec_1_name_their_own_rules_when_refused():
    """R-FLOOD-4: no stones while a stone is the flood card; R-SPEC-1: no speculation
    showing a flooded crop. Both are the code ``flooded``, each with its rule."""
    st = position(flood="stone", deck=DECK, seats=[{"hand": ["stone", "stone"]}])
    err = refused(st, "plant stone@obelisk stone@obelisk")
    assert (err.code, err.rule) == ("flooded", "R-FLOOD-4")
    st = position(flood="wheat", deck=DECK, seats=[{"hand": ["spec:wheat+flax"]}])
    err = refused(st, "speculate spec:wheat+flax")
    assert (err.code, err.rule) == ("flooded", "R-SPEC-1")


def test_r_spec_1_one_or_two_not_flooded():
    """R-SPEC-1: one or two speculation cards, none showing a flooded crop."""
    st = position(flood="wheat", deck=DECK,
                  seats=[{"hand": ["spec:papyrus+lettuce", "spec:castor+flax",
                                   "spec:wheat+flax", "lettuce"]}])
    assert refused(st, "speculate spec:wheat+flax").code == "flooded"
    assert refused(st, "speculate").code == "speculate-one-or-two"
    assert refused(st, "speculate lettuce").code == "not-speculation"
    assert refused(st, "speculate spec:papyrus+lettuce spec:castor+flax "
                       "spec:wheat+flax").code == "speculate-one-or-two"
    events = st.apply("speculate spec:papyrus+lettuce spec:castor+flax")
    assert kinds(events, "speculate")[0].cards == (CardRef("spec:papyrus+lettuce"),
                                                   CardRef("spec:castor+flax"))


def test_r_spec_2_pending_until_next_reveal():
    """R-SPEC-2: speculations stay until the next flood reveal by anyone."""
    st = position(flood="castor", deck=["flax", "flax", "castor"],
                  seats=[{"hand": ["spec:papyrus+lettuce"]}])
    st.apply("speculate spec:papyrus+lettuce")
    assert st.speculation_of(0) == []  # the next player's flood resolved it
    assert st.discard[8] == 1  # spec:papyrus+lettuce is discarded, unmatched


def test_r_spec_3_payouts():
    """R-SPEC-3: each matching card pays 3 (4 with the Obelisk), two matching pay 6; all discarded."""
    deck = ["flax", "flax", "spec:wheat+lettuce"] + ["castor"] * 6
    st = position(flood="castor", deck=deck,
                  seats=[{"hand": ["spec:papyrus+wheat", "spec:lettuce+flax"]}])
    events = st.apply("speculate spec:papyrus+wheat spec:lettuce+flax")
    paid = kinds(events, "speculation-paid")
    assert [(e.card, e.count) for e in paid] == [(CardRef("spec:papyrus+wheat"), 3),
                                                 (CardRef("spec:lettuce+flax"), 3)]
    assert st.hand(0) == {"flax": 2, "castor": 6}
    assert st.discard[7] == 1  # spec:papyrus+wheat discarded after paying

    st = position(flood="lettuce",
                  deck=["flax", "flax", "flax", "wheat", "castor", "castor", "castor", "castor"],
                  seats=[{"hand": ["spec:papyrus+wheat", "spec:castor+flax"],
                          "monuments": {"obelisk": 1}}])
    events = st.apply("speculate spec:papyrus+wheat spec:castor+flax")
    assert [e.count for e in kinds(events, "speculation-paid")] == [4]
    assert [e.card for e in kinds(events, "speculation-failed")] == [CardRef("spec:castor+flax")]


def test_r_spec_3_stone_matches_nothing_and_locust_replaced_first():
    """R-SPEC-3: a stone flood pays nothing; a locust flood is replaced and the replacement counts."""
    st = position(flood="castor", deck=["flax", "flax", "stone"],
                  seats=[{"hand": ["spec:papyrus+wheat"]}])
    events = st.apply("speculate spec:papyrus+wheat")
    assert kinds(events, "speculation-failed") and not kinds(events, "speculation-paid")
    st = position(flood="castor",
                  deck=["flax", "flax", "locust", "wheat", "castor", "castor", "castor"],
                  seats=[{"hand": ["spec:papyrus+wheat"]}])
    events = st.apply("speculate spec:papyrus+wheat")
    assert kinds(events, "speculation-paid")[0].count == 3


def test_r_spec_3_paid_in_turn_order_from_revealer():
    """R-SPEC-3: several seats are paid in turn order starting with the revealing seat."""
    st = position(active=0, deck=["flax", "flax", "wheat"] + ["castor"] * 6,
                  seats=[{"speculation": ["spec:papyrus+wheat"]}, {},
                         {"speculation": ["spec:wheat+lettuce"]}])
    events = st.apply("pass")  # seat 1 reveals wheat
    assert [e.seat for e in kinds(events, "speculation-paid")] == [2, 0]


def test_r_why_1_refusal_carries_code_rule_numbers_and_changes_nothing():
    """R-WHY-1: a refused move names its code, rule and numbers, and changes nothing."""
    st = position(deck=DECK, seats=[{"hand": ["wheat"] * 2}, {"fields": {"wheat": 2}}])
    err = refused(st, "plant wheat wheat")
    assert err.to_dict() == {"error": "field-too-small", "rule": "R-PLANT-4",
                             "move": "plant wheat wheat", "needed": 3, "have": 2,
                             "card": "wheat", "message": err.message}


@pytest.mark.parametrize("move,code", [
    ("", "unknown-move"),
    ("dance", "unknown-move"),
    ("plant storage:wheat", "unknown-move"),
    ("plant wheat@sphinx wheat", "unknown-move"),
    ("pass now", "unknown-move"),
    ("market", "trade-needs-two"),
    ("market wheat wheat wheat", "trade-needs-two"),
    ("speculate wheat", "not-speculation"),
    ("plant locust wheat", "not-plantable"),
    ("plant spec:wheat+flax stone", "not-plantable"),
    ("plant stone stone", "stone-needs-monument"),
    ("plant grapes grapes", "not-held"),
    ("market storage:lettuce wheat", "not-held"),
    ("plant papyrus papyrus", "flooded"),
    ("plant stone@sphinx stone@wall", "one-monument-per-turn"),
    ("plant castor", "new-field-needs-two"),
])
def test_r_why_1_refusal_codes(move, code):
    """R-WHY-1: each refusal of NOTATION.md's table, first applicable code reported."""
    st = position(flood="papyrus", deck=DECK,
                  seats=[{"hand": ["wheat", "wheat", "castor", "papyrus", "papyrus",
                                   "stone", "stone", "spec:wheat+flax"]}])
    assert refused(st, move).code == code
