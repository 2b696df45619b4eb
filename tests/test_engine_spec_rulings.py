"""The two corner rulings of R-SPEC-3 (RULES.md) and the "matching" wording of the Obelisk.

- Every pending speculation card of a reveal goes to the discard pile before
  any pay-out card is drawn, so a reshuffle during a pay-out takes paid and
  unpaid cards alike.
- Whether a seat is paid the Obelisk's 4 is read once, when its pay-out
  starts: a locust drawn during the pay-out that eats the Obelisk does not
  shrink the rest of it.
"""

from __future__ import annotations

from nile_desktop.engine import CardRef
from nile_desktop.engine.cards import KIND_BY_NAME

from engine_helpers import kinds, position


def test_r_spec_3_all_speculation_cards_discarded_before_the_payout_draws():
    """R-SPEC-3: a pay-out that empties the pile reshuffles the paid card and the unpaid one."""
    paid, unpaid = "spec:papyrus+wheat", "spec:lettuce+castor"
    # Seat 0 speculates and draws the two flax; seat 1 reveals the last card, wheat.
    st = position(players=2, flood="castor", fill="discard", deck=["flax", "flax", "wheat"],
                  seats=[{"hand": [paid]}, {"speculation": [unpaid]}])
    events = st.apply(f"speculate {paid}")
    assert [e.card for e in kinds(events, "speculation-paid")] == [CardRef(paid)]
    assert [e.card for e in kinds(events, "speculation-failed")] == [CardRef(unpaid)]
    assert kinds(events, "season")  # the pay-out's first card came from a new pile
    for card in (paid, unpaid):  # both were in the discard pile when it was reshuffled
        assert st.discard[KIND_BY_NAME[card]] == 0


def test_r_spec_3_obelisk_read_once_when_the_payout_starts():
    """R-SPEC-3, R-MON-5: a locust in the pay-out eats the Obelisk, yet two matching cards
    still pay 4 each: 8 with the Obelisk."""
    specs = ["spec:papyrus+wheat", "spec:wheat+lettuce"]
    deck = ["flax"] * 3 + ["wheat"] + ["castor", "locust"] + ["castor"] * 9
    st = position(players=2, flood="castor", deck=deck, fill="discard",
                  seats=[{"hand": [specs[0]], "speculation": [specs[1]],
                          "monuments": {"obelisk": 1}}])
    events = st.apply(f"speculate {specs[0]}")
    assert [e.count for e in kinds(events, "speculation-paid")] == [4, 4]
    lost = kinds(events, "monument-lost")
    assert [(e.monument, e.cause) for e in lost] == [("obelisk", "locust")]
    drawn = [e.count for e in kinds(events, "draw") if e.reason == "speculation"]
    assert sum(drawn) == 8
    assert st.monuments_of(0) == {}


def test_r_mon_5_rules_text_says_four_per_matching_card():
    """R-MON-5: the in-game rules say the Obelisk pays four per *matching* speculation card."""
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "nile_desktop" / "text" / "rules_book.py").read_text(
        encoding="utf-8")
    text = re.sub(r'"\s+"', "", text)  # join the source's adjacent string literals
    obelisk = re.search(r"The Obelisk.*?The Wall", text, re.S)
    assert obelisk and "four per matching speculation card" in obelisk.group(0)
