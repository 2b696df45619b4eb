"""The network's key exchange, join codes, frames and message checks, without sockets."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from nile_desktop.engine import Rules, new_game, redact
from nile_desktop.net import codes
from nile_desktop.net.cpace import CPaceError, Party, generator, generator_string, scalar_mult
from nile_desktop.net.handshake import JoinLimiter
from nile_desktop.net.messages import read_client_message, read_host_message
from nile_desktop.net.seatview import (
    WireError,
    client_state,
    event_from_data,
    event_to_data,
    final_storages,
    seat_view,
    view_from_data,
    view_to_data,
)
from nile_desktop.net.wire import MAX_DEPTH, decode, encode, read_frame

SID = bytes.fromhex("7e4b4791d6a8ef019b936c79fb7f2c57")


def test_generator_matches_the_cpace_drafts_test_vectors() -> None:
    # draft-irtf-cfrg-cpace, X25519 with SHA-512: two published channel identifiers
    ci = bytes.fromhex("0a41696e69746961746f720a42726573706f6e646572")
    assert generator_string(b"Password", ci, SID).hex().startswith(
        "0843506163653235350850617373776f72646d" + "00" * 109 + "160a41696e")
    assert generator(b"Password", ci, SID).hex() == (
        "4e6098733061c0e8486611a904fe5edb049804d26130a44131a6229e55c5c321")
    assert generator(b"Password", b"oc\x0bB_responder\x0bA_initiator", SID).hex() == (
        "64e8099e3ea682cfdc5cb665c057ebb514d06bf23ebc9f743b51b82242327074")


def test_same_code_same_keys_other_code_other_keys() -> None:
    client = Party("lotus-falcon-river", b"ci", SID, initiator=True, ad=b"client")
    host = Party("lotus-falcon-river", b"ci", SID, initiator=False, ad=b"host")
    a, b = client.finish(host.share, b"host"), host.finish(client.share, b"client")
    assert a == b and a.to_host != a.to_client
    assert a.check(b"host", b.tag(b"host")) and not a.check(b"client", b.tag(b"host"))
    wrong = Party("lotus-falcon-raven", b"ci", SID, initiator=False, ad=b"host")
    c, d = client.finish(wrong.share, b"host"), wrong.finish(client.share, b"client")
    assert c.to_host != d.to_host and not c.check(b"host", d.tag(b"host"))


def test_a_share_of_low_order_or_wrong_size_is_refused() -> None:
    party = Party("lotus-falcon-river", b"ci", SID, initiator=True)
    with pytest.raises(CPaceError):
        party.finish(bytes(32))  # the identity: the key would be known to anyone
    with pytest.raises(CPaceError):
        scalar_mult(party._y, b"short")


def test_shares_look_random_and_differ_every_time() -> None:
    shares = {Party("lotus-falcon-river", b"ci", SID, initiator=True).share for _ in range(20)}
    assert len(shares) == 20


def test_codes_are_three_listed_words_read_leniently() -> None:
    assert len(codes.WORDS) == len(set(codes.WORDS)) == 256
    code = codes.new_code()
    assert codes.normalise(code) == code and len(code.split("-")) == 3
    assert codes.normalise("  Lotus FALCON, river ") == "lotus-falcon-river"
    assert codes.normalise("lotus falcon") is None
    assert codes.normalise("lotus falcon nosuchword") is None
    assert codes.normalise("x" * 10_000) is None


def test_the_limiter_counts_attempts_until_they_succeed() -> None:
    now = [0.0]
    limiter = JoinLimiter(lambda: now[0], per_address=3, overall=5)
    for _ in range(3):
        limiter.start("10.0.0.1")
    assert not limiter.allow("10.0.0.1") and limiter.allow("10.0.0.2")
    good = limiter.start("10.0.0.2")
    limiter.succeeded(good)
    limiter.start("10.0.0.2")
    limiter.start("10.0.0.3")
    assert not limiter.allow("10.0.0.4")  # five attempts in all within the window
    now[0] = 61.0
    assert limiter.allow("10.0.0.1")


def test_json_is_read_strictly() -> None:
    assert decode(encode({"t": "ping"})) == {"t": "ping"}
    for bad in (b"\xff", b"[]", b'{"t": 1}', b'{"t": "x", "n": NaN}', b"{" * 5000,
                json.dumps({"t": "x", "a": [[[[[[[[[[[]]]]]]]]]]]}).encode()):
        with pytest.raises(WireError):
            decode(bad)
    assert MAX_DEPTH >= 5


def test_a_frame_longer_than_its_limit_is_refused_unread() -> None:
    async def go() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data((10**6).to_bytes(4, "big") + b"x" * 10)
        with pytest.raises(WireError):
            await read_frame(reader, 1024)
    asyncio.run(go())


@pytest.mark.parametrize("message", [
    {"t": "move"}, {"t": "move", "n": -1, "move": "pass"}, {"t": "move", "n": 1, "move": ""},
    {"t": "move", "n": 1, "move": "x" * 201}, {"t": "move", "n": True, "move": "pass"},
    {"t": "move", "n": 1, "move": "pass\x00"}, {"t": "move", "n": 1, "move": "pass", "seat": 2},
    {"t": "join", "name": "a", "lang": "en", "token": "zz", "have": 0},
    {"t": "join", "name": "a" * 25, "lang": "en", "token": None, "have": 0},
    {"t": "join", "name": "a", "lang": "de", "token": None, "have": 0},
    {"t": "view"}, {"t": "ping", "x": 1},
])
def test_a_client_message_out_of_shape_is_refused(message: dict[str, object]) -> None:
    with pytest.raises(WireError):
        read_client_message(message)


def test_good_client_messages_pass() -> None:
    assert read_client_message({"t": "move", "n": 3, "move": "plant wheat wheat"})["n"] == 3
    join = read_client_message({"t": "join", "name": " Ana ", "lang": "cs", "token": "0" * 32,
                                "have": 4})
    assert join["name"] == "Ana" and join["have"] == 4


def test_views_and_events_travel_unchanged_and_rebuild_a_consistent_state() -> None:
    """Every seat's view, and each event as that seat may see it (R-HARV-3), goes over the
    wire and back unchanged; a client's state built from it gives the same view."""
    for seed in range(5):  # two to six players, with and without the storage rule
        state = new_game(Rules(players=2 + seed % 5, storage_top=seed % 2 == 1), seed)
        rng = random.Random(seed)
        moves = 0
        while not state.over:
            events = state.apply(rng.choice(list(state.legal_moves())))
            moves += 1
            for seat in range(state.players):
                if moves % 3 == 0 or state.over:  # the views: every third position, the end
                    view = seat_view(state, seat)
                    data = json.loads(json.dumps(view_to_data(view, final_storages(state))))
                    back, final = view_from_data(data, state.rules, state.crops)
                    assert back == view and back.storages is None
                    assert seat_view(client_state(back, final), seat) == view
                for event in events:
                    seen = redact(event, seat)
                    assert event_from_data(json.loads(json.dumps(event_to_data(seen)))) == seen


def test_a_view_with_impossible_cards_is_refused() -> None:
    state = new_game(Rules(players=3), 1)
    data = view_to_data(seat_view(state, 0))
    data["hand"] = {"wheat": 40}
    data["hand_sizes"][0] = 40
    with pytest.raises(WireError):
        view_from_data(data, state.rules, state.crops)


def test_host_messages_before_welcome_or_out_of_shape_are_refused() -> None:
    with pytest.raises(WireError):
        read_host_message({"t": "update", "n": 0}, None)
    with pytest.raises(WireError):
        read_host_message({"t": "welcome"}, None)
