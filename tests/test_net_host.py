"""The host over the loopback, in one process: whole games, refusals, faults and leaks.

Every test checks each message every client received with the leak check
(``nile_desktop.net.leaks``): a client never gets another seat's hidden cards.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import pytest

from nile_desktop.net.handshake import JoinRefused, client_side
from nile_desktop.net.host import GameHost
from nile_desktop.net.leaks import Truth, check_transcript
from nile_desktop.net.messages import Ended, Seats
from nile_desktop.net.wire import PROTOCOL, encode, frame, recv_plain, send_plain
from tests.net_helpers import CODE, BotClient, make_host, start_when_full, until


def no_leaks(host: GameHost, *clients: BotClient) -> None:
    assert host.save is not None
    truth = Truth(host.save)
    for i, client in enumerate(clients):
        count, problems = check_transcript(truth, client.raw, f"client {i}")
        assert count > 0 and problems == []


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 120))


@pytest.mark.parametrize("roles", [["remote", "remote"],
                                   ["remote", "easy", "remote", "remote"]])
def test_people_on_their_own_connections_finish_a_game_and_see_only_their_cards(
        roles: list[str]) -> None:
    async def go() -> None:
        host = make_host(roles)
        port = await host.listen("127.0.0.1", 0)
        clients = [BotClient(port, name=f"N{i}") for i in range(roles.count("remote"))]
        tasks = [asyncio.ensure_future(c.run()) for c in clients]
        await start_when_full(host)
        ended = await asyncio.gather(*tasks)
        assert host.state is not None and host.state.over
        assert all(e.why == "left" for e in ended)
        assert sorted(c.seat for c in clients) == [i for i, r in enumerate(roles) if r == "remote"]
        assert all(c.updates()[-1].state.over for c in clients)
        assert host.save is not None and host.save.replay().over
        assert [s.name for s in host.save.seats if s.kind == "human"] == \
            [c.name for c in sorted(clients, key=lambda c: c.seat or 0)]
        no_leaks(host, *clients)
        await host.close()
    run(go())


def test_a_wrong_code_is_refused_and_attempts_are_limited() -> None:
    async def go() -> None:
        host = make_host(["remote", "remote"])
        port = await host.listen("127.0.0.1", 0)
        whys = []
        for _ in range(8):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                await client_side(reader, writer, "lotus-falcon-raven")
            except JoinRefused as refused:
                whys.append(refused.why)
            writer.close()
        assert whys[:6] == ["code"] * 6 and whys[6:] == ["wait", "wait"]
        assert host.stats.refusals == 8 and all(s.token is None for s in host.seats)
        # the right code is refused too while the address is over its limit
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        with pytest.raises(JoinRefused):
            await client_side(reader, writer, CODE)
        writer.close()
        await host.close()
    run(go())


def test_another_protocol_version_is_told_with_both_versions() -> None:
    async def go() -> None:
        host = make_host(["remote", "remote"])
        port = await host.listen("127.0.0.1", 0)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await send_plain(writer, {"t": "hello", "proto": PROTOCOL + 1, "app": "9.9",
                                  "nonce": "00" * 16})
        answer = await recv_plain(reader)
        assert answer["t"] == "refused" and answer["why"] == "protocol"
        assert answer["proto"] == PROTOCOL
        writer.close()
        await host.close()
    run(go())


def test_nothing_of_the_game_reaches_a_connection_without_the_code() -> None:
    async def go() -> None:
        host = make_host(["remote", "easy"])
        port = await host.listen("127.0.0.1", 0)
        player = BotClient(port)
        task = asyncio.ensure_future(player.run())
        await start_when_full(host)
        for junk in (b"GET / HTTP/1.1\r\n\r\n", frame(b"{}"), frame(encode({"t": "join"})),
                     b"\x00" * 64):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(junk)
            await writer.drain()
            received = await asyncio.wait_for(reader.read(), 15)
            assert b"hand" not in received and b"update" not in received
            writer.close()
        await task
        assert host.state is not None and host.state.over
        no_leaks(host, player)
        await host.close()
    run(go())


async def _joined_channel(port: int) -> Any:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    channel = await client_side(reader, writer, CODE)
    await channel.send({"t": "join", "name": "X", "lang": "en", "token": None, "have": 0})
    welcome = await asyncio.wait_for(channel.recv(), 5)
    assert welcome["t"] == "welcome"
    channel.seat = welcome["seat"]
    return channel


@pytest.mark.parametrize("bad", [
    {"t": "move", "n": "one", "move": "pass"}, {"t": "view", "seat": 1}, {"t": "join"},
    {"t": "move", "n": 0, "move": "x" * 5000}, "not json", "deep",
])
def test_malformed_input_closes_only_that_connection(bad: Any, caplog: Any) -> None:
    """A connection that sends anything the protocol does not allow is closed with a
    logged reason; the game goes on and is unchanged."""
    async def go() -> None:
        host = make_host(["remote", "remote", "easy"])
        port = await host.listen("127.0.0.1", 0)
        good = BotClient(port)
        good_task = asyncio.ensure_future(good.run())
        channel = await _joined_channel(port)
        await start_when_full(host)
        await until(lambda: bool(good.updates()))
        moves_before = host.moves
        if bad == "not json":
            sealed = channel._seal.encrypt(channel._sent.to_bytes(12, "big"), b"{nope", b"nile")
            channel.writer.write(frame(sealed))
        elif bad == "deep":
            await channel.send({"t": "move", "n": 0, "move": "pass",
                                "x": [[[[[[[[[[[1]]]]]]]]]]]})
        else:
            await channel.send(bad)
        await until(lambda: host.seats[channel.seat].status in ("away", "stand-in"))
        assert host.moves >= moves_before and host.stats.closed_bad >= 1
        host.give_to_bot(channel.seat)
        await good_task
        assert host.state is not None and host.state.over
        no_leaks(host, good)
        await host.close()
    with caplog.at_level(logging.INFO, logger="nile_desktop.net.host"):
        run(go())
    assert "closing the connection of 127.0.0.1" in caplog.text


def test_a_client_moves_only_for_its_own_seat_and_only_legal_moves() -> None:
    async def go() -> None:
        host = make_host(["remote", "remote"], seed=11)
        port = await host.listen("127.0.0.1", 0)
        first = await _joined_channel(port)
        second = await _joined_channel(port)
        await start_when_full(host)
        assert host.state is not None
        active = host.state.active
        idle = second if active == first.seat else first
        mover = first if active == first.seat else second
        before = host.state.to_json()
        await idle.send({"t": "move", "n": 0, "move": "pass"})  # not its turn
        await mover.send({"t": "move", "n": 5, "move": "pass"})  # not this position
        await mover.send({"t": "move", "n": 0, "move": "plant locust locust"})  # illegal
        await mover.send({"t": "move", "n": 0, "move": "fly away"})  # no move at all
        await until(lambda: host.stats.moves_refused == 4)
        assert host.state.to_json() == before and host.moves == 0
        codes = []
        for channel in (idle, mover):
            while True:
                message = await asyncio.wait_for(channel.recv(), 5)
                if message["t"] == "refused":
                    codes.append(message["code"])
                if len(codes) == 4 or (channel is idle and len(codes) == 1):
                    break
        assert codes == ["not-your-turn", "stale", "not-plantable", "unknown-move"]
        await host.close()
    run(go())


def test_a_person_away_is_shown_away_gets_a_bot_and_their_seat_back() -> None:
    async def go() -> None:
        host = make_host(["remote", "remote"], seed=3)
        port = await host.listen("127.0.0.1", 0)
        stayer, leaver = BotClient(port, name="Stay"), BotClient(port, name="Go")
        stay_task = asyncio.ensure_future(stayer.run())
        leave_task = asyncio.ensure_future(
            leaver.run(until=lambda c: len(c.updates()) >= 6))
        await start_when_full(host)
        await leave_task
        seat = leaver.seat
        assert seat is not None and leaver.client is not None
        await until(lambda: host.seats[seat].status == "away")
        await until(lambda: any(isinstance(m, Seats) and m.seats[seat].status == "away"
                                for m in stayer.got))
        assert host.give_to_bot(seat) and host.seats[seat].status == "stand-in"
        moves_then = host.moves
        await until(lambda: host.moves > moves_then + 4)  # the stand-in plays
        back = BotClient(port, name="Go", token=leaver.client.token)
        back_task = asyncio.ensure_future(back.run())
        await until(lambda: back.seat is not None)
        assert back.seat == seat and host.seats[seat].status == "online"
        await asyncio.gather(stay_task, back_task)
        assert host.state is not None and host.state.over
        assert [u.n for u in back.updates()] == list(range(len(back.updates())))
        no_leaks(host, stayer, leaver, back)
        await host.close()
    run(go())


def test_the_host_resumes_from_its_save_and_the_same_people_rejoin(tmp_path: Any) -> None:
    from nile_desktop.net.seating import net_path, read_record, write_record
    from nile_desktop.saves import autosave, load_save

    saved: dict[str, Any] = {}

    def saver(save: Any, state: Any) -> bool:
        save.path = tmp_path / "game.json"
        ok = autosave(save, state)
        saved["path"] = save.path
        return ok

    def keep(record: Any, save: Any) -> None:
        if save is not None and save.path is not None:
            write_record(net_path(save.path), record)

    async def go() -> None:
        host = make_host(["remote", "remote", "easy"], seed=5, saver=saver, on_record=keep)
        port = await host.listen("127.0.0.1", 0)
        clients = [BotClient(port, name=n) for n in ("A", "B")]
        tasks = [asyncio.ensure_future(c.run(reconnect_for=60)) for c in clients]
        await start_when_full(host)
        await until(lambda: host.moves >= 8)
        await host.close()  # the host quits mid-game
        stopped_at = host.moves
        save, _state = load_save(saved["path"])
        assert len(save.moves) == stopped_at
        record = read_record(net_path(saved["path"]))
        assert record is not None and record.code == CODE and record.port == port
        again = GameHost(record, save.engine_rules(), save.seed, save=save, saver=saver,
                         on_record=keep)
        assert [s.status for s in again.seats[:2]] == ["away", "away"]
        await again.listen("127.0.0.1", port)
        await asyncio.gather(*tasks)
        assert again.state is not None and again.state.over
        assert again.stats.rejoins == 2 and all(c.client and c.client.reconnects == 1
                                                for c in clients)
        no_leaks(again, *clients)
        await again.close()
    run(go())


def test_a_flood_of_messages_is_cut_off() -> None:
    async def go() -> None:
        host = make_host(["remote", "remote"])
        port = await host.listen("127.0.0.1", 0)
        channel = await _joined_channel(port)
        for _ in range(3000):
            try:
                await channel.send({"t": "ping"})
            except Exception:  # noqa: BLE001 - the host closed it
                break
        await until(lambda: host.stats.closed_bad == 1)
        await host.close()
    run(go())


def test_joining_a_full_game_says_so() -> None:
    async def go() -> None:
        host = make_host(["remote", "easy"])
        port = await host.listen("127.0.0.1", 0)
        first = BotClient(port, play=False)
        task = asyncio.ensure_future(first.run())
        await until(lambda: first.seat is not None)
        late = BotClient(port)
        ended = await late.run()
        assert isinstance(ended, Ended) and ended.why == "full"
        task.cancel()
        await host.close()
    run(go())


def test_random_seeds_of_four_players_leak_nothing() -> None:
    async def go(seed: int) -> None:
        host = make_host(["remote", "remote", "remote", "remote"], seed=seed)
        port = await host.listen("127.0.0.1", 0)
        clients = [BotClient(port) for _ in range(4)]
        tasks = [asyncio.ensure_future(c.run()) for c in clients]
        await start_when_full(host)
        await asyncio.gather(*tasks)
        no_leaks(host, *clients)
        await host.close()
    for seed in random.Random(5).sample(range(10**6), 1):
        run(go(seed))
