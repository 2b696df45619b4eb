"""The public notation: move text, position JSON, views (NOTATION.md, R-HARV-3)."""

import json
import random

import pytest

from nile_desktop.engine import (
    BadPositionError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Rules,
    State,
    new_game,
    observe,
    resample,
)

from engine_helpers import position


@pytest.mark.parametrize("text,canonical", [
    ("market storage:flax wheat", "market wheat storage:flax"),
    ("market storage:flax flax", "market flax storage:flax"),
    ("plant stone@wall wheat stone@sphinx", "plant wheat stone@sphinx stone@wall"),
    ("speculate spec:flax+wheat", "speculate spec:wheat+flax"),
    ("  PASS ", "pass"),
    ("offer spec:papyrus+wheat papyrus", "offer papyrus spec:papyrus+wheat"),
])
def test_move_text_is_canonical(text, canonical):
    """NOTATION moves: cards sorted in rule order, hand before storage, spec pairs in order."""
    move = Move.parse(text)
    assert str(move) == canonical
    assert Move.parse(canonical) is move  # interned value objects
    with pytest.raises(AttributeError):
        move.action = "pass"


@pytest.mark.parametrize("text", ["", "   ", "plant", "market wheat@sphinx flax",
                                  "speculate storage:spec:wheat+flax", "plant stone@pyramid",
                                  "market spec:wheat+wheat flax", "offer banana flax", 17])
def test_unreadable_moves_are_unknown(text):
    """R-WHY-1: malformed text is refused as unknown-move, a syntax error apart from illegal moves."""
    with pytest.raises(InvalidMoveError) as err:
        Move.parse(text)
    assert err.value.code == "unknown-move"
    assert not isinstance(err.value, IllegalMoveError)


def test_legal_moves_canonical_and_all_accepted():
    """NOTATION legal: each move once, canonical, and every one is accepted by apply."""
    st = new_game(Rules(3), seed=4)
    for _ in range(30):
        legal = st.legal_moves()
        texts = [str(m) for m in legal]
        assert len(set(texts)) == len(texts)
        assert all(str(Move.parse(t)) == t for t in texts)
        for m in legal:
            st.clone().apply(m)
        st.apply(legal[-1])


def test_position_written_canonically_and_reread():
    """NOTATION position: multisets written sorted; reading then writing is the identity."""
    st = position(seats=[{"hand": ["flax", "wheat", "flax"], "storage": ["castor", "wheat"]}],
                  discard=["lettuce", "papyrus"])
    data = json.loads(st.to_json())
    assert data["seats"][0]["hand"] == ["wheat", "flax", "flax"]
    assert data["discard"] == ["papyrus", "lettuce"]
    assert State.from_json(st.to_json()).to_json() == st.to_json()


def test_position_keeps_unknown_keys_and_recomputes_result():
    """NOTATION position: unknown extra keys are kept; a stored result is not trusted."""
    data = json.loads(new_game(Rules(2), seed=3).to_json())
    data["comment"] = {"by": "a tester"}
    data["result"] = {"ranking": [[1]], "piles": []}
    data["step"] = "over"
    st = State.from_json(json.dumps(data))
    assert json.loads(st.to_json())["comment"] == {"by": "a tester"}
    assert st.over and st.result.ranking == ((0, 1),)


def _broken(mutate) -> BadPositionError:
    data = json.loads(new_game(Rules(3), seed=2).to_json())
    mutate(data)
    with pytest.raises(BadPositionError) as err:
        State.from_json(json.dumps(data))
    return err.value


@pytest.mark.parametrize("mutate,key", [
    (lambda d: d.pop("deck"), "deck"),
    (lambda d: d.update(format="nile-position/9"), "format"),
    (lambda d: d.update(season=0), "season"),
    (lambda d: d.update(season=4), "season"),
    (lambda d: d.update(active=3), "active"),
    (lambda d: d.update(seed="x"), "seed"),
    (lambda d: d["rules"].update(players=7), "rules.players"),
    (lambda d: d["rules"].update(crops=["papyrus", "wheat"]), "rules.crops"),
    (lambda d: d["seats"][0]["hand"].append("wheat"), "deck"),
    (lambda d: d["seats"][0]["hand"].append("banana"), "seats[0].hand[5]"),
    (lambda d: d["seats"][1].update(fields={"onions": 2}), "seats[1].fields.onions"),
    (lambda d: d["seats"][1].update(fields={"wheat": -1}), "seats[1].fields.wheat"),
    (lambda d: d["seats"][0].update(speculation=["wheat"]), "seats[0].speculation[0]"),
    (lambda d: d["seats"][0].update(storage=["stone"]), "seats[0].storage"),
    (lambda d: d.update(locust_aside=True), "locust_aside"),
    (lambda d: d["seats"].pop(), "seats"),
    (lambda d: d.update(step="plant"), "step"),
])
def test_bad_positions_name_the_key(mutate, key):
    """NOTATION position: a bad file is refused with a message naming the key at fault."""
    assert _broken(mutate).key == key


def test_two_owners_refused():
    """NOTATION position / R-PLANT-2 / R-MON-2: no crop planted twice, no Monument owned twice."""
    with pytest.raises(BadPositionError) as err:
        position(seats=[{"fields": {"wheat": 2}}, {"fields": {"wheat": 1}}])
    assert err.value.key == "seats[1].fields.wheat"
    with pytest.raises(BadPositionError) as err:
        position(seats=[{"monuments": {"wall": 2}}, {"monuments": {"wall": 1}}])
    assert err.value.key == "seats[1].monuments.wall"


def test_not_json_refused():
    """NOTATION position: text that is not JSON is refused, not a traceback."""
    for text in ("", "{", "[1, 2]", "null"):
        with pytest.raises(BadPositionError):
            State.from_json(text)


def test_same_seed_same_game():
    """Determinism: the same rules, seed and moves give the same positions, byte for byte."""
    def play(seed):
        st = new_game(Rules(4), seed)
        rng = random.Random(99)
        out = [st.to_json()]
        while not st.over:
            legal = st.legal_moves()
            st.apply(legal[rng.randrange(len(legal))])
            out.append(st.to_json())
        return out
    assert play(8) == play(8)
    assert play(8)[0] != play(9)[0]


def test_r_harv_3_view_hides_hidden_cards_and_resample_matches_view():
    """R-HARV-3: a view shows nothing hidden; resampled states look the same from that seat."""
    st = new_game(Rules(4), seed=12)
    rng = random.Random(1)
    for _ in range(60):
        if st.over:
            break
        legal = st.legal_moves()
        st.apply(legal[rng.randrange(len(legal))])
    for seat in range(4):
        view = observe(st, seat)
        for k in range(5):
            sample = resample(view, random.Random(k))
            assert observe(sample, seat) == view
            assert sample.seed != st.seed or k
    other = st.clone()
    other.hands[1], other.hands[2] = other.hands[2], other.hands[1]
    if sum(other.hands[1]) == sum(st.hands[1]):
        assert observe(other, 0) == observe(st, 0)
