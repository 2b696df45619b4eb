"""The Czech rule book's two options (RULES.md): must_act (R-PLANT-5) and storage: top (R-TRADE-1).

Both are off by default; positions carry them as ``rules.must_act`` and
``rules.storage`` in ``nile-position/2``, and a ``/1`` file means both off.
"""

from __future__ import annotations

import json
import random

import pytest

from nile_desktop.ai import LEVELS, make_bot
from nile_desktop.engine import IllegalMoveError, Rules, State, new_game, observe
from nile_desktop.engine.cards import CROP_BY_NAME

from engine_helpers import position

DECK = ["flax", "flax", "flax"]


def refusal(st: State, move: str) -> IllegalMoveError:
    before = st.to_json()
    with pytest.raises(IllegalMoveError) as err:
        st.apply(move)
    assert st.to_json() == before
    return err.value


def test_r_plant_5_must_act_refuses_pass_while_a_planting_is_legal():
    """R-PLANT-5: with must_act, pass is refused (must-act) while a plant or speculate is legal."""
    st = position(deck=DECK, must_act=True, seats=[{"hand": ["wheat", "wheat"]}])
    err = refusal(st, "pass")
    assert (err.code, err.rule) == ("must-act", "R-PLANT-5")
    legal = [str(m) for m in st.legal_moves()]
    assert "pass" not in legal and "plant wheat wheat" in legal
    assert st.can_act() and not st.is_legal("pass") and st.is_legal("market wheat wheat")


def test_r_plant_5_must_act_refuses_pass_while_a_speculation_is_legal():
    """R-PLANT-5: a speculation that shows no flooded crop also forbids passing."""
    st = position(flood="papyrus", deck=DECK, must_act=True, seats=[{"hand": ["spec:wheat+flax"]}])
    assert refusal(st, "pass").code == "must-act"
    assert [str(m) for m in st.legal_moves()] == ["speculate spec:wheat+flax"]


def test_r_plant_5_must_act_allows_pass_when_nothing_can_be_played():
    """R-PLANT-5: pass stays legal when no planting or speculation is: flooded cards, one
    card of a crop with no field, a field too big to take over."""
    st = position(flood="wheat", deck=DECK, must_act=True,
                  seats=[{"hand": ["wheat", "wheat", "spec:papyrus+wheat", "lettuce", "castor",
                                   "castor"]},
                         {"fields": {"castor": 4}}])
    assert not st.can_act()
    assert "pass" in [str(m) for m in st.legal_moves()]
    st.apply("pass")


def test_r_plant_5_must_act_is_off_by_default():
    """R-PLANT-5: without the option pass is always legal (the English help, RULES.md ruling)."""
    st = position(deck=DECK, seats=[{"hand": ["wheat", "wheat"]}])
    assert st.rules.must_act is False and "pass" in [str(m) for m in st.legal_moves()]
    st.apply("pass")


def stacked(order: list[str], hand: list[str] | None = None) -> State:
    return position(deck=DECK, storage="top", seats=[{"hand": hand or ["lettuce"],
                                                      "storage": order}])


def test_r_trade_1_storage_top_takes_only_the_top_card():
    """R-TRADE-1 (storage: top): one storage card in a trade must be the top one."""
    st = stacked(["wheat", "flax", "castor"])  # castor on top
    err = refusal(st, "market lettuce storage:wheat")
    assert (err.code, err.rule, err.card) == ("storage-not-top", "R-TRADE-1", "storage:wheat")
    st.apply("market lettuce storage:castor")
    assert st.stacks[0] == [CROP_BY_NAME["wheat"], CROP_BY_NAME["flax"]]
    assert json.loads(st.to_json())["seats"][0]["storage"] == ["wheat", "flax"]


def test_r_trade_1_storage_top_two_storage_cards_are_the_top_two():
    """R-TRADE-1 (storage: top): a trade of two storage cards takes the top two, in any order."""
    st = stacked(["wheat", "flax", "castor"])
    assert refusal(st, "market storage:wheat storage:castor").code == "storage-not-top"
    assert refusal(st, "offer storage:castor storage:castor").code == "not-held"
    st.apply("market storage:castor storage:flax")
    assert st.stacks[0] == [CROP_BY_NAME["wheat"]] and st.storage_of(0) == {"wheat": 1}


def test_r_trade_1_storage_top_legal_moves_offer_only_the_top():
    """R-TRADE-1 (storage: top): the legal trades use only the top card or the top two."""
    st = stacked(["wheat", "flax", "castor"])
    trades = {str(m) for m in st.legal_moves() if m.action == "market"}
    assert trades == {"market lettuce storage:castor", "market storage:castor storage:flax"}
    free = position(deck=DECK, seats=[{"hand": ["lettuce"], "storage": ["wheat", "flax"]}])
    assert "market storage:wheat storage:flax" in {str(m) for m in free.legal_moves()}
    assert "market storage:wheat lettuce" in {str(m) for m in free.legal_moves()}


def test_r_trade_1_storage_top_harvest_goes_on_in_crop_order():
    """R-TRADE-1 (storage: top): one flood harvesting two crops stacks them in crop order,
    the later crop on top; a position keeps the arrival order, not sorted."""
    st = position(flood="castor", deck=["lettuce", "lettuce", "spec:papyrus+flax"],
                  storage="top",
                  seats=[{"hand": ["lettuce"]}, {"storage": ["wheat"],
                                                 "fields": {"flax": 2, "papyrus": 2}}])
    st.apply("pass")  # seat 1 reveals spec:papyrus+flax and harvests papyrus, then flax
    assert st.stacks[1] == [CROP_BY_NAME[c] for c in ("wheat", "papyrus", "flax")]
    data = json.loads(st.to_json())
    assert data["rules"]["storage"] == "top" and data["seats"][1]["storage"] == [
        "wheat", "papyrus", "flax"]
    again = State.from_json(st.to_json())
    assert again.stacks == st.stacks and again.to_json() == st.to_json()
    assert observe(st, 1).storage_order == tuple(st.stacks[1])
    assert observe(st, 0).storage_order == ()


def test_r_trade_1_free_storage_is_a_sorted_multiset():
    """R-TRADE-1 (default): storage is written sorted in rule order, any card tradable."""
    st = position(deck=DECK, seats=[{"hand": ["lettuce"], "storage": ["flax", "wheat"]}])
    assert json.loads(st.to_json())["seats"][0]["storage"] == ["wheat", "flax"]
    st.apply("market lettuce storage:wheat")


def test_position_1_still_reads_with_both_options_off():
    """NOTATION: a nile-position/1 file has no must_act or storage key and means false, "free"."""
    data = json.loads(new_game(Rules(3), seed=3).to_json())
    data["format"] = "nile-position/1"
    del data["rules"]["must_act"], data["rules"]["storage"]
    st = State.from_json(json.dumps(data))
    assert st.rules == Rules(3)
    assert json.loads(st.to_json())["format"] == "nile-position/2"


@pytest.mark.parametrize("key", ["must_act", "storage"])
def test_position_2_requires_both_option_keys(key):
    """NOTATION: in a /2 file both option keys are required, with the right values."""
    data = json.loads(new_game(Rules(3), seed=3).to_json())
    del data["rules"][key]
    with pytest.raises(Exception) as err:
        State.from_json(json.dumps(data))
    assert f"rules.{key}" in str(err.value)
    data = json.loads(new_game(Rules(3), seed=3).to_json())
    data["rules"]["storage"] = "bottom"
    with pytest.raises(Exception, match="rules.storage"):
        State.from_json(json.dumps(data))


@pytest.mark.parametrize("options", [{"must_act": True}, {"storage_top": True},
                                     {"must_act": True, "storage_top": True}])
def test_r_plant_5_r_trade_1_bots_play_whole_games_under_the_options(options):
    """R-PLANT-5, R-TRADE-1: every bot level plays only legal moves under the options, and the
    game replays to the same end from its seed and moves."""
    levels = list(LEVELS)
    quick = {"iterations": 8, "budget": None, "workers": 1}  # the searches without a clock
    bots = [make_bot(lv, **(quick if lv in ("hard", "expert") else {})) for lv in levels]
    rules = Rules(len(levels), **options)
    state = new_game(rules, seed=17)
    rng = random.Random(1)
    moves = []
    while not state.over:
        legal = state.legal_moves()
        move, _ = bots[state.active].choose(observe(state, state.active), legal, rng)
        assert move in legal
        state.apply(move)
        moves.append(str(move))
    replay = new_game(rules, seed=17)
    for move in moves:
        replay.apply(move)
    assert replay.to_json() == state.to_json()
