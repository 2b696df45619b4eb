"""``python -m nile_desktop.net``: a host and bot players without a window.

- ``host --seats remote,remote,easy``: host a game whose ``remote`` seats are joined
  over the network (the others are bots); it starts once every remote seat is taken,
  prints one JSON line with its port and join code, one when the game is over, and
  ends. ``--resume SAVE`` goes on with a game hosted before, from its save.
- ``play ADDRESS --code CODE``: join as a bot player (choosing from its own seat's view,
  as a person's table would) and play until the game is over; ``--transcript FILE``
  writes every message received, decrypted, one JSON line each (the soak checks them).

Both are for tests, the soak and a host without a screen; people use the game's
windows. Bad arguments print one line and exit 2.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from nile_desktop.ai import make_bot
from nile_desktop.engine import Rules
from nile_desktop.engine.rules import SEED_MAX
from nile_desktop.net.client import DEFAULT_PORT, Client, LinkState, TokenStore, split_address
from nile_desktop.net.codes import new_code, normalise
from nile_desktop.net.host import AWAY_GRACE, GameHost
from nile_desktop.net.messages import Ended, HostMessage, Update, Welcome
from nile_desktop.net.seating import (
    HostSeat,
    NetRecord,
    net_path,
    new_game_id,
    read_record,
    write_record,
)
from nile_desktop.saves import SaveError, SaveGame, autosave, load_save, new_save
from nile_desktop.seats import SEAT_KINDS, SeatKind, default_name


def _print(out: TextIO, **data: Any) -> None:
    out.write(json.dumps(data) + "\n")
    out.flush()


def _saver(save: SaveGame, state: Any) -> bool:
    return autosave(save, state)


def _keep_record(record: NetRecord, save: SaveGame | None) -> None:
    if save is not None and save.path is not None:
        write_record(net_path(save.path), record)


async def host_main(args: argparse.Namespace, out: TextIO) -> int:
    if args.resume:
        try:
            save, _state = load_save(args.resume)
        except SaveError as exc:
            _print(out, error="bad-save", message=str(exc))
            return 2
        record = read_record(net_path(Path(args.resume)))
        if record is None:
            _print(out, error="bad-save", message="no network record beside the save")
            return 2
        if args.port:
            record.port = args.port
        host = GameHost(record, save.engine_rules(), save.seed, save=save, saver=_saver,
                        away_grace=args.away_grace, on_record=_keep_record,
                        bot_options=_bot_options(args))
    else:
        seats = []
        for i, kind in enumerate(args.seats):
            remote = kind == "remote"
            seats.append(HostSeat("remote" if remote else "bot",
                                  default_name(i, "human" if remote else kind, source=True),
                                  SeatKind.HUMAN if remote else SeatKind(kind), i,
                                  default_name=True))
        record = NetRecord(args.code or new_code(), new_game_id(), args.port, seats)
        seed = args.seed if args.seed is not None else random.randrange(2**32)
        rules = Rules(players=len(seats))
        host = GameHost(record, rules, seed, saver=_saver, away_grace=args.away_grace,
                        on_record=_keep_record, bot_options=_bot_options(args))
    port = await host.listen(args.bind, record.port)
    _print(out, listening=port, code=record.code, game=record.game)
    try:
        while True:
            if not host.started and all(s.token is not None for s in host.seats
                                        if s.role == "remote"):
                save = new_save(host.rules.to_dict(), host.seed,
                                [s.save_seat() for s in host.seats])
                host.start(save)
                _print(out, started=True, save=str(save.path) if save.path else None)
            if host.state is not None and host.state.over:
                await asyncio.sleep(args.linger)
                _print(out, over=True, moves=host.moves, save=str(host.save.path)
                       if host.save is not None and host.save.path else None,
                       joins=host.stats.joins, rejoins=host.stats.rejoins,
                       refusals=host.stats.refusals, closed_bad=host.stats.closed_bad,
                       moves_refused=host.stats.moves_refused)
                return 0
            await asyncio.sleep(0.05)
    finally:
        await host.close()


def _bot_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"iterations": args.bot_iterations} if args.bot_iterations else {}


async def play_main(args: argparse.Namespace, out: TextIO) -> int:
    target = split_address(args.address, DEFAULT_PORT)
    code = normalise(args.code)
    if target is None or code is None:
        _print(out, error="bad-arguments", message="an address and a three-word code")
        return 2
    transcript = open(args.transcript, "a", encoding="utf-8") if args.transcript else None  # noqa: SIM115
    bot = make_bot(args.bot)
    rng = random.Random(args.rng)
    queue: asyncio.Queue[HostMessage | LinkState] = asyncio.Queue()

    def raw(data: dict[str, Any]) -> None:
        if transcript is not None:
            transcript.write(json.dumps(data) + "\n")
            transcript.flush()

    tokens = TokenStore(Path(args.tokens)) if args.tokens else None
    client = Client(target[0], target[1], code, args.name, args.lang, queue.put_nowait,
                    tokens=tokens, on_raw=raw, reconnect_for=args.reconnect_for)
    runner = asyncio.ensure_future(client.run())
    latest: Update | None = None
    moved_for: int | None = None
    try:
        while True:
            message = await queue.get()
            if isinstance(message, Ended):
                _print(out, ended=message.why, detail=message.detail[:200],
                       over=bool(latest is not None and latest.over),
                       reconnects=client.reconnects)
                return 0 if latest is not None and latest.over else 3
            if isinstance(message, Update):
                latest = message
                if message.over:
                    _print(out, over=True, seat=_seat(client), n=message.n,
                           reconnects=client.reconnects)
                    await client.leave()
                    return 0
            if isinstance(message, Welcome):
                moved_for = None  # joined again: a move sent as the host went down is lost
            seat = _seat(client)
            if latest is not None and queue.empty() and seat is not None \
                    and latest.active == seat and moved_for != latest.n:
                moved_for = latest.n
                await _move(client, bot, latest, rng)
    finally:
        runner.cancel()
        if transcript is not None:
            transcript.close()


def _seat(client: Client) -> int | None:
    return client.welcome.seat if client.welcome is not None else None


async def _move(client: Client, bot: Any, update: Update, rng: random.Random) -> None:
    assert update.view is not None
    legal = list(update.state.legal_moves())
    loop = asyncio.get_running_loop()
    answer = await loop.run_in_executor(None, bot.choose, update.view, legal, rng)
    move = answer[0] if isinstance(answer, tuple) else answer
    await client.move(update.n, str(move))


def _seat_list(text: str) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if not 2 <= len(kinds) <= 6 or any(k != "remote" and (k not in SEAT_KINDS or k == "human")
                                       for k in kinds):
        raise argparse.ArgumentTypeError("2 to 6 seats, each remote or a bot level")
    return kinds


def _seed(text: str) -> int:
    if not text.isdigit() or not text.isascii() or int(text) > SEED_MAX:
        raise argparse.ArgumentTypeError("a seed is a whole number")
    return int(text)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.net")
    sub = parser.add_subparsers(dest="command", required=True)
    host = sub.add_parser("host", help="host a game without a window")
    host.add_argument("--seats", type=_seat_list, default=["remote", "remote"])
    host.add_argument("--seed", type=_seed)
    host.add_argument("--bind", default="127.0.0.1")
    host.add_argument("--port", type=int, default=0)
    host.add_argument("--code")
    host.add_argument("--resume", metavar="SAVE")
    host.add_argument("--away-grace", type=float, default=AWAY_GRACE)
    host.add_argument("--linger", type=float, default=1.0)
    host.add_argument("--bot-iterations", type=int, default=0)
    play = sub.add_parser("play", help="join a game as a bot player")
    play.add_argument("address")
    play.add_argument("--code", required=True)
    play.add_argument("--name", default="")
    play.add_argument("--lang", default="en", choices=("en", "cs"))
    play.add_argument("--bot", default="easy")
    play.add_argument("--rng", type=int, default=0)
    play.add_argument("--transcript")
    play.add_argument("--tokens")
    play.add_argument("--reconnect-for", type=float, default=300.0)
    args = parser.parse_args(argv)
    if args.command == "host" and args.code is not None and normalise(args.code) is None:
        parser.error("a code is three words of the list")
    if args.command == "host" and args.code:
        args.code = normalise(args.code)
    return args


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        if args.command == "host":
            return asyncio.run(host_main(args, out))
        return asyncio.run(play_main(args, out))
    except KeyboardInterrupt:
        return 130
