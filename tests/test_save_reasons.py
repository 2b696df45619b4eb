"""Bots' reasons kept in the save, so a resumed game's log still says why they played.

The reasons are stored as message ids and values (nile_desktop/ai/reason_data.py),
checked on reading like the rest of a save, and dropped when damaged without
costing the game (R-WHY-1 is about refusals; this is the bots' side of "why").
"""

from __future__ import annotations

import json
import random

import pytest

from nile_desktop import saves
from nile_desktop.ai import make_bot
from nile_desktop.ai import reasons as msg
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.ai.reasons import CardName, Reason
from nile_desktop.engine import observe
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.scenes.table.logic.gamelog import REASON
from nile_desktop.scenes.table.logic.session import GameSession

pytest_plugins = ["save_helpers"]  # the home fixture: a private user folder


NESTED = Reason(msg.SEARCH, why=Reason(msg.TAKEOVER, crop=CardName("flax"), mine=4, theirs=3),
                percent=62, playouts=120)


def test_a_reason_survives_its_data_and_json():
    """Message id, numbers, card names and a nested reason come back equal, plurals included."""
    data = json.loads(json.dumps(reason_to_data(NESTED)))
    again = reason_from_data(data)
    assert again == NESTED and str(again) == str(NESTED)
    spec = Reason(msg.SPECULATE, crop=CardName("wheat"), crop2=CardName("onions"), percent=40,
                  cards=1)
    assert str(reason_from_data(reason_to_data(spec))) == str(spec)
    assert "1 card" in str(spec) and "1 cards" not in str(spec)


@pytest.mark.parametrize("data", [
    {"msgid": "a message no bot gives", "values": {}},
    {"msgid": msg.TAKEOVER, "values": {"crop": {"card": "flax"}, "mine": 4}},  # a value missing
    {"msgid": msg.TAKEOVER, "values": {"crop": {"card": "tulips"}, "mine": 4, "theirs": 3}},
    {"msgid": msg.TAKEOVER, "values": {"crop": {"card": "flax"}, "mine": True, "theirs": 3}},
    {"msgid": msg.KEEP, "values": {"crop": "\ud800"}},
    {"msgid": msg.KEEP, "values": {"crop": 10**400}},
    {"msgid": msg.KEEP, "values": {"crop": float("nan")}},
    {"msgid": msg.KEEP, "values": {"crop": [1, 2]}},
    {"msgid": msg.KEEP},
    ["not", "a", "reason"],
    12,
])
def test_a_damaged_reason_reads_as_none(data):
    assert reason_from_data(data) is None


def test_deep_nesting_is_refused():
    data: object = {"msgid": msg.RANDOM, "values": {}}
    for _ in range(50):
        data = {"msgid": msg.SEARCH, "values": {"why": data, "percent": 1, "playouts": 2}}
    assert reason_from_data(data) is None


def _bot_game(moves: int) -> saves.SaveGame:
    """A saved game of a person and two bots, the person playing random moves."""
    save = saves.new_save({"players": 3}, 44, [
        {"name": "Ana", "kind": "human", "colour": 0},
        {"name": "Bes", "kind": "easy", "colour": 1},
        {"name": "Cleo", "kind": "medium", "colour": 2}])
    session = GameSession(save)
    bots = {1: make_bot("easy"), 2: make_bot("medium")}
    rng = random.Random(3)
    while len(save.moves) < moves and not session.over:
        seat = session.active
        legal = session.legal_moves()
        if seat in bots:
            move, reason = bots[seat].choose(observe(session.state, seat), legal,
                                             EngineRandom(5, len(save.moves)))
            session.play(move, reason)
        else:
            session.play(rng.choice(list(legal)))
    return save


def test_a_resumed_game_tells_the_bots_reasons_again():
    """After saving and loading, the rebuilt log holds the same reasons at the same places."""
    save = _bot_game(24)
    assert saves.autosave(save)
    played = GameSession(save)
    loaded, _state = saves.load_save(save.path)
    resumed = GameSession(loaded, autosave=False)
    before = [(e.seat, str(e.reason)) for e in played.log.entries if e.kind == REASON]
    after = [(e.seat, str(e.reason)) for e in resumed.log.entries if e.kind == REASON]
    assert len(before) >= 10 and after == before
    assert all(seat in (1, 2) for seat, _ in after)
    kept = json.loads(save.path.read_text(encoding="utf-8"))["reasons"]
    assert len(kept) == len(save.moves)


def test_damaged_reasons_never_cost_the_game():
    """A save whose reasons are garbage, too many or missing loads with its moves intact."""
    save = _bot_game(12)
    assert saves.autosave(save)
    path = save.path
    data = json.loads(path.read_text(encoding="utf-8"))
    for reasons in ("rubbish", [{"msgid": 3}] * len(data["moves"]), [None] * 999, None):
        data["reasons"] = reasons
        path.write_text(json.dumps(data), encoding="utf-8")
        loaded, state = saves.load_save(path)
        assert loaded.moves == save.moves
        assert all(r is None for r in loaded.reasons)
        session = GameSession(loaded, autosave=False)
        assert not [e for e in session.log.entries if e.kind == REASON]
        session.play(next(iter(session.legal_moves())))  # and the game goes on
        assert len(loaded.reasons) == len(loaded.moves)
