"""Asking about one move without the whole list: State.check, is_legal, plant_options (R-WHY-1).

The table needs "is this move legal, and why not" and "where can these
picked cards go" cheaply, whatever the size of the legal move list.
"""

from __future__ import annotations

import pytest

from nile_desktop.engine import IllegalMoveError, InvalidMoveError, Move

from engine_helpers import position

DECK = ["flax", "flax", "flax"]


def test_r_why_1_check_validates_without_applying():
    """R-WHY-1: check() raises the refusal apply() would, with its numbers, and changes nothing."""
    st = position(deck=DECK, seats=[{"hand": ["wheat", "wheat"]}, {"fields": {"wheat": 2}}])
    before = st.to_json()
    with pytest.raises(IllegalMoveError) as err:
        st.check("plant wheat wheat")
    assert (err.value.code, err.value.rule, err.value.needed, err.value.have) == (
        "field-too-small", "R-PLANT-4", 3, 2)
    with pytest.raises(InvalidMoveError):
        st.check("plant wheat@sphinx")
    assert st.check("market wheat wheat") == Move.parse("market wheat wheat")
    assert st.is_legal("pass") and not st.is_legal("plant wheat wheat")
    assert not st.is_legal("dance")
    assert st.to_json() == before


def test_r_mon_1_plant_options_puts_the_stones_on_every_legal_monument():
    """R-MON-1, R-MON-2, R-PLANT-4: the picked stones go to the Monuments where they may;
    a crop card goes to its own field; nothing for cards that cannot be planted."""
    st = position(deck=DECK, seats=[{"hand": ["wheat", "stone", "stone", "stone"],
                                     "monuments": {"sphinx": 1}},
                                    {"monuments": {"wall": 1}}])
    assert [str(m) for m in st.plant_options(["wheat", "stone"])] == [
        "plant wheat stone@sphinx", "plant wheat stone@obelisk"]
    two = [str(m) for m in st.plant_options(["stone", "stone"])]
    assert "plant stone@sphinx stone@sphinx" in two and "plant stone@wall stone@wall" in two
    assert "plant stone@obelisk stone@wall" not in two  # two new Monuments (R-MON-2)
    assert st.plant_options(["wheat"]) == []  # a new field of one card
    assert st.plant_options(["banana"]) == []
    for move in st.plant_options(["stone", "stone"]):
        assert move in st.legal_moves()
