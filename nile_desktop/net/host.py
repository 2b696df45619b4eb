"""The host: the one true game, the seats, and a connection for each person who joined.

The host's engine is the only truth. A client sends a move in the notation for its
own seat; the host checks that the seat is the one to play, that the move answers
the latest position (its number), and asks the engine, which refuses anything
illegal (the refusal goes back with its code, and nothing changes). A legal move is
recorded in the save, the save written (after every move, as at any table), and
each seat is sent the move's events as that seat may see them and its own view
after it (:func:`update_message`, the only place an update is made): no message to a
client ever holds another seat's hidden cards. Bots, and the bot that stands in for
a person away, think in a worker thread and play through the same door.

Every connection is checked message by message; anything malformed, too large or
not allowed ends that connection with the reason logged, never the game. A person
whose connection drops is shown away to everyone; they get their seat back by
joining again with the code (their token names the seat), and after
:data:`AWAY_GRACE` seconds (or at once, if the host asks) a bot plays for them until
they return. The host's own screen follows the game through a :class:`~.link.LocalLink`.
Everything here runs on one asyncio loop (:class:`~.loop.LoopThread` in the app).
No pygame.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from nile_desktop.ai import make_bot
from nile_desktop.engine import Event, MoveError, Rules, State, new_game, observe, redact
from nile_desktop.engine.cards import CROPS
from nile_desktop.net.handshake import JoinLimiter, JoinRefused, host_side
from nile_desktop.net.messages import Refused, Seats, Update, read_client_message
from nile_desktop.net.seating import HostSeat, NetRecord, new_token
from nile_desktop.net.seatview import (
    WireError,
    event_to_data,
    final_storages,
    seat_view,
    view_to_data,
)
from nile_desktop.net.wire import Channel, Closed, close_writer
from nile_desktop.saves import SaveGame
from nile_desktop.seats import SeatKind

log = logging.getLogger(__name__)

#: Seconds a person may be away before a bot plays for them (until they return).
AWAY_GRACE = 180.0
#: Seconds a joined connection may stay silent (clients ping every few seconds).
IDLE_TIMEOUT = 60.0
#: Messages waiting to go to one client before it counts as stuck and is dropped.
MAX_QUEUED = 4000
#: A client may send this many messages a second on average (bursts of twice as many):
#: far more than a person clicks, and more than a bot player that thinks 10 ms a move.
MESSAGE_RATE = 100.0

#: Writes the save (and returns whether the disk took it).
Saver = Callable[[SaveGame, State], bool]


def update_message(viewer: int, n: int, mover: int, move: str, events: Sequence[Event],
                   state: State) -> dict[str, Any]:
    """Update ``n`` (the deal is 0) as seat ``viewer`` may see it: the events with the
    others' drawn cards hidden and the seat's own view of ``state`` (the table after the
    move). This is the only function that makes what a client is sent about the game."""
    return {"t": "update", "n": n, "seat": mover, "move": move,
            "events": [event_to_data(redact(e, viewer)) for e in events],
            "view": view_to_data(seat_view(state, viewer), final_storages(state))}


class Watcher(Protocol):
    """The host's own screen (or a test): told of every change, in the loop's thread."""

    seats: frozenset[int]

    def deliver(self, message: object) -> None: ...


@dataclass
class Conn:
    """One joined connection and the messages waiting to go out on it."""

    channel: Channel
    address: str
    seat: int
    lang: str
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    budget: float = 2 * MESSAGE_RATE
    last: float = 0.0

    def send(self, message: dict[str, Any]) -> bool:
        if self.outbox.qsize() >= MAX_QUEUED:
            return False
        self.outbox.put_nowait(message)
        return True


@dataclass
class HostStats:
    joins: int = 0
    rejoins: int = 0
    refusals: int = 0
    closed_bad: int = 0
    moves_refused: int = 0


class GameHost:
    """One hosted game: its setup, then its save and state, its seats and connections."""

    def __init__(self, record: NetRecord, rules: Rules, seed: int, *,
                 save: SaveGame | None = None, saver: Saver | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 bot_options: dict[str, Any] | None = None,
                 away_grace: float = AWAY_GRACE, limiter: JoinLimiter | None = None,
                 on_record: Callable[[NetRecord, SaveGame | None], None] | None = None) -> None:
        self.record = record
        self.rules = rules
        self.seed = seed
        self.save = save
        self.state: State | None = save.replay() if save is not None else None
        self.saver = saver
        self.clock = clock
        self.bot_options = dict(bot_options or {})
        self.away_grace = away_grace
        self.limiter = limiter or JoinLimiter(clock)
        self.on_record = on_record
        self.conns: dict[int, Conn] = {}
        self.watchers: list[Watcher] = []
        self.stats = HostStats()
        self.server: asyncio.base_events.Server | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_at = -1
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timer: asyncio.Task[None] | None = None
        self.closed = False
        self._crops: tuple[int, ...] | None = None
        if save is not None:  # resumed: everyone remote is away until they come back
            now = clock()
            for seat in self.seats:
                seat.online = False
                if seat.role == "remote" and seat.token is not None:
                    seat.away_since = now

    # -- reading ---------------------------------------------------------------------------
    @property
    def seats(self) -> list[HostSeat]:
        return self.record.seats

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def moves(self) -> int:
        return len(self.save.moves) if self.save is not None else 0

    @property
    def crops(self) -> tuple[int, ...]:
        """The crops in play (the seed decides them before the deal)."""
        if self._crops is None:
            self._crops = tuple(new_game(self.rules, self.seed).crops)
        return self._crops

    def seats_message(self) -> dict[str, Any]:
        return {"t": "seats", "seats": [s.info().to_data() for s in self.seats],
                "started": self.started}

    def welcome_message(self, seat: int | None, token: str) -> dict[str, Any]:
        return {"t": "welcome", "seat": seat, "token": token, "game": self.record.game,
                "rules": self.rules.to_dict(), "crops": [CROPS[c] for c in self.crops],
                "seats": [s.info().to_data() for s in self.seats], "started": self.started}

    # -- serving ---------------------------------------------------------------------------
    async def listen(self, bind: str, port: int) -> int:
        """Start taking connections on ``bind:port`` (0: any free port); the port."""
        self.server = await asyncio.start_server(self._serve, bind, port, limit=1 << 17)
        sock = self.server.sockets[0]
        self.record.port = int(sock.getsockname()[1])
        self._timer = asyncio.ensure_future(self._tick())
        self._write_record()
        if self.started:
            self._think()
        return self.record.port

    async def close(self) -> None:
        """Say goodbye to everyone and stop (the save is already written)."""
        if self.closed:
            return
        self.closed = True
        for conn in list(self.conns.values()):
            conn.send({"t": "bye", "why": "host-left"})
            conn.outbox.put_nowait(None)
        if self.server is not None:
            self.server.close()
        for task in (self._timer, self._bot_task):
            if task is not None:
                task.cancel()
        await asyncio.sleep(0.05)
        for task in list(self._tasks):
            task.cancel()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if self.closed:
            await close_writer(writer)
            return
        try:
            channel = await host_side(reader, writer, self.record.code, self.limiter, address)
        except JoinRefused as refused:
            self.stats.refusals += 1
            log.info("join refused from %s: %s", address, refused)
            await close_writer(writer)
            return
        except (WireError, Closed, OSError) as exc:
            self.stats.refusals += 1
            log.info("join from %s ended: %s", address, exc)
            await close_writer(writer)
            return
        await self._joined(channel, address)

    async def _joined(self, channel: Channel, address: str) -> None:
        conn: Conn | None = None
        writer: asyncio.Task[None] | None = None
        try:
            first = read_client_message(await asyncio.wait_for(channel.recv(), 10.0))
            if first["t"] != "join":
                raise WireError(f"{first['t']} before join")
            seat = self._claim(first)
            if seat is None:
                await channel.send({"t": "bye", "why": "full"})
                return
            conn = Conn(channel, address, seat, first["lang"], last=self.clock())
            writer = asyncio.ensure_future(self._write(conn))
            old = self.conns.get(seat)
            if old is not None:
                log.info("seat %d joined again from %s: the older connection ends", seat, address)
                old.send({"t": "bye", "why": "replaced"})
                old.outbox.put_nowait(None)
            self.conns[seat] = conn
            self._take_seat(seat, first["name"])
            conn.send(self.welcome_message(seat, self.seats[seat].token or ""))
            if self.started:
                self._catch_up(conn, first["have"])
            self._seats_changed()
            while not self.closed:
                data = await asyncio.wait_for(channel.recv(), IDLE_TIMEOUT)
                self._spend(conn)
                message = read_client_message(data)
                if message["t"] == "move":
                    self.submit(seat, message["n"], message["move"])
                elif message["t"] == "leave":
                    log.info("seat %d left", seat)
                    break
                elif message["t"] == "join":
                    raise WireError("join twice")
        except WireError as exc:
            self.stats.closed_bad += 1
            log.warning("closing the connection of %s (seat %s): %s", address,
                        None if conn is None else conn.seat, exc)
        except asyncio.TimeoutError:
            log.info("%s was silent too long; closing", address)
        except (Closed, OSError) as exc:
            log.info("%s disconnected: %s", address, exc)
        finally:
            if conn is not None:
                if self.conns.get(conn.seat) is conn:
                    del self.conns[conn.seat]
                    self._went_away(conn.seat)
                conn.outbox.put_nowait(None)
            if writer is not None:
                try:
                    await asyncio.wait_for(writer, 2.0)
                except (asyncio.TimeoutError, asyncio.CancelledError, Exception):  # noqa: BLE001
                    writer.cancel()
            await channel.close()

    def _spend(self, conn: Conn) -> None:
        """Token bucket: a client that floods the host is cut off."""
        now = self.clock()
        conn.budget = min(2 * MESSAGE_RATE, conn.budget + (now - conn.last) * MESSAGE_RATE)
        conn.last = now
        conn.budget -= 1
        if conn.budget < 0:
            raise WireError("too many messages")

    async def _write(self, conn: Conn) -> None:
        while True:
            message = await conn.outbox.get()
            if message is None:
                return
            try:
                await conn.channel.send(message)
            except (Closed, OSError, WireError) as exc:
                log.info("sending to seat %d failed: %s", conn.seat, exc)
                return

    # -- seats -------------------------------------------------------------------------------
    def _claim(self, join: dict[str, Any]) -> int | None:
        """The seat this join takes: the one its token names, else the first open seat (before
        the start), else the first seat whose person is away; None if there is none."""
        token = join["token"]
        for i, seat in enumerate(self.seats):
            if seat.role == "remote" and token is not None and seat.token == token:
                self.stats.rejoins += 1
                return i
        candidates = [i for i, s in enumerate(self.seats) if s.role == "remote"
                      and s.token is None and not self.started]
        candidates += [i for i, s in enumerate(self.seats) if s.role == "remote"
                       and s.token is not None and not s.online]
        if not candidates:
            return None
        self.stats.joins += 1
        return candidates[0]

    def _take_seat(self, index: int, name: str) -> None:
        seat = self.seats[index]
        if seat.token is None:
            seat.token = new_token()
            if name and not self.started:
                seat.name, seat.default_name = name, False
        seat.online = True
        seat.stand_in = False
        seat.away_since = None
        self._write_record()

    def _went_away(self, index: int) -> None:
        seat = self.seats[index]
        seat.online = False
        seat.away_since = self.clock()
        if not self.started and seat.token is not None:
            seat.token = None  # before the start an empty seat is simply open again
            seat.away_since = None
        self._seats_changed()

    def give_to_bot(self, index: int) -> bool:
        """The host's choice: a bot plays for the person away from seat ``index``."""
        if not 0 <= index < len(self.seats):
            return False
        seat = self.seats[index]
        if seat.role != "remote" or seat.online or seat.token is None or seat.stand_in:
            return False
        seat.stand_in = True
        self._seats_changed()
        self._think()
        return True

    def _seats_changed(self) -> None:
        self._write_record()
        message = self.seats_message()
        for conn in list(self.conns.values()):
            conn.send(message)
        self._tell(Seats(tuple(s.info() for s in self.seats), self.started))

    def _write_record(self) -> None:
        if self.on_record is not None:
            self.on_record(self.record, self.save)

    async def _tick(self) -> None:
        """Once a second: seats away too long get their stand-in bot."""
        while not self.closed:
            await asyncio.sleep(1.0)
            now = self.clock()
            changed = False
            for seat in self.seats:
                if (seat.role == "remote" and not seat.online and seat.token is not None
                        and not seat.stand_in and seat.away_since is not None
                        and now - seat.away_since >= self.away_grace and self.started):
                    seat.stand_in = True
                    changed = True
            if changed:
                self._seats_changed()
                self._think()

    # -- the game ---------------------------------------------------------------------------
    def start(self, save: SaveGame) -> None:
        """Start the game of ``save`` (made from the seats as they are now): seats nobody
        joined are played by bots."""
        for seat in self.seats:
            if seat.role == "remote" and seat.token is None:
                seat.role, seat.kind = "bot", seat.bot_kind
        self.save = save
        self.state = save.new_state()
        self._saved()
        self._seats_changed()
        opening = list(self.state.events)
        for conn in list(self.conns.values()):
            conn.send(update_message(conn.seat, 0, -1, "", opening, self.state))
        self._tell_update(0, -1, "", opening)
        self._think()

    def submit(self, seat: int, n: int, move: str) -> list[Event] | None:
        """A move of ``seat`` answering position ``n``; its events, or None if refused
        (the mover is told why)."""
        state = self.state
        why: tuple[str, str] | None = None
        if state is None or self.save is None:
            why = ("not-started", "the game has not started")
        elif state.over:
            why = ("game-over", "the game is over")
        elif seat != state.active:
            why = ("not-your-turn", f"seat {seat} moved on seat {state.active}'s turn")
        elif n != len(self.save.moves):
            why = ("stale", f"move for position {n}, the game is at {len(self.save.moves)}")
        if why is None:
            assert state is not None and self.save is not None
            try:
                parsed = state.check(move)
                events = state.apply(parsed)
            except MoveError as exc:
                why = (str(exc.code), str(exc))
            else:
                self._played(seat, str(parsed), events)
                return events
        self.stats.moves_refused += 1
        log.info("refused a move of seat %d (%r): %s", seat, move[:80], why[1])
        conn = self.conns.get(seat)
        if conn is not None:
            conn.send({"t": "refused", "n": n, "code": why[0], "text": why[1][:300]})
        self._tell_refused(seat, n, why)
        return None

    def _played(self, seat: int, move: str, events: list[Event]) -> None:
        assert self.save is not None and self.state is not None
        self.save.record(move, None)
        self._saved()
        n = len(self.save.moves)
        for conn in list(self.conns.values()):
            if not conn.send(update_message(conn.seat, n, seat, move, events, self.state)):
                log.warning("seat %d is not reading; its connection ends", conn.seat)
                conn.outbox.put_nowait(None)
        self._tell_update(n, seat, move, events)
        self._think()

    def _saved(self) -> None:
        if self.saver is not None and self.save is not None and self.state is not None:
            self.saver(self.save, self.state)
        self._write_record()

    def _catch_up(self, conn: Conn, have: int) -> None:
        """Every update from ``have`` on, as the seat may see them (a replay of the game)."""
        assert self.save is not None
        if have > len(self.save.moves) + 1:
            have = 0
        state = self.save.new_state()
        if have == 0:
            conn.send(update_message(conn.seat, 0, -1, "", list(state.events), state))
        for index, move in enumerate(self.save.moves):
            mover = state.active
            events = state.apply(move)
            if index + 1 >= have:
                conn.send(update_message(conn.seat, index + 1, mover, move, events, state))

    # -- bots ------------------------------------------------------------------------------------
    def _think(self) -> None:
        """If a bot plays the seat to move, ask it (once per position)."""
        state = self.state
        if state is None or state.over or self.closed or self.save is None:
            return
        seat = self.seats[state.active]
        n = len(self.save.moves)
        if not seat.played_by_bot or self._bot_at == n:
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        self._bot_at = n
        self._bot_task = asyncio.ensure_future(self._bot_move(state.active, n, seat.bot_kind))

    async def _bot_move(self, seat: int, n: int, kind: SeatKind) -> None:
        assert self.state is not None and self.save is not None
        view = observe(self.state, seat)
        legal = list(self.state.legal_moves())
        rng = random.Random(self.save.seed * 7919 + n)
        bot = make_bot(kind.value, **self.bot_options)
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(None, bot.choose, view, legal, rng)
        move = answer[0] if isinstance(answer, tuple) else answer
        self._bot_task = None
        if self.state is None or len(self.save.moves) != n or self.state.active != seat \
                or not self.seats[seat].played_by_bot:
            self._bot_at = -1
            self._think()
            return
        self.submit(seat, n, str(move))

    # -- the host's own screen ---------------------------------------------------------------------
    def watch(self, watcher: Watcher) -> None:
        """Follow the game at the host's screen: the seats now, and every update so far."""
        self.watchers.append(watcher)
        watcher.deliver(Seats(tuple(s.info() for s in self.seats), self.started))
        if self.save is not None:
            state = self.save.new_state()
            watcher.deliver(Update(0, -1, "", tuple(state.events), given=state.clone()))
            for index, move in enumerate(self.save.moves):
                mover = state.active
                events = state.apply(move)
                watcher.deliver(Update(index + 1, mover, move, tuple(events), given=state.clone()))

    def _tell(self, message: object) -> None:
        for watcher in self.watchers:
            watcher.deliver(message)

    def _tell_update(self, n: int, seat: int, move: str, events: list[Event]) -> None:
        if self.watchers and self.state is not None:
            self._tell(Update(n, seat, move, tuple(events), given=self.state.clone()))

    def _tell_refused(self, seat: int, n: int, why: tuple[str, str]) -> None:
        for watcher in self.watchers:
            if seat in watcher.seats:
                watcher.deliver(Refused(n, why[0], why[1]))
