"""The messages of a game over the network, as values, and their checking.

Host and client speak JSON objects named by ``t`` (:mod:`.wire` frames and seals
them). Each message a host accepts from a client is checked here key by key and
value by value (:func:`read_client_message`), and so is each one a client accepts
from its host (:func:`read_host_message`); anything else raises
:class:`~.seatview.WireError`, and the connection it came on is closed. A client's
table reads the decoded values (:class:`Welcome`, :class:`Seats`, :class:`Update`,
:class:`Refused`, :class:`Ended`), whether they came over a socket or, at the
host's own screen, straight from the host (:mod:`.link`).

Client to host: ``join`` (name, language, the seat's token from an earlier
connection, how many updates it has), ``move`` (the move number it answers and the
move in the notation), ``ping``, ``leave``. Host to client: ``welcome`` (the seat,
its token, the game's setup), ``seats`` (who sits where and who is away),
``update`` (one move: its events as this seat may see them and the seat's view
after it), ``refused`` (a move the engine refused, with its code), ``bye``.
No pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from nile_desktop.engine import Event, Rules, State, View
from nile_desktop.engine.cards import CROP_BY_NAME
from nile_desktop.net.seatview import (
    WireError,
    client_state,
    event_from_data,
    need,
    read_dict,
    read_int,
    read_list,
    view_from_data,
)
from nile_desktop.seats import SEAT_KINDS, SeatKind

#: What a seat is, as every table shows it: a person at the host's screen, a person
#: who joins over the network (waiting for them, there, or away), or a bot; a person
#: away may have a bot playing for them.
Status = Literal["here", "open", "online", "away", "stand-in", "bot"]
STATUSES: tuple[Status, ...] = ("here", "open", "online", "away", "stand-in", "bot")
MAX_NAME = 24
MAX_MOVE = 200
MAX_MOVES = 2000
TOKEN = re.compile(r"[0-9a-f]{32}")
GAME_ID = re.compile(r"[0-9a-f]{16}")
LANGUAGES = ("en", "cs")
#: Why a connection ended, as the client's screen tells it.
Reason = Literal["protocol", "code", "wait", "full", "unreachable", "closed", "left",
                 "replaced", "host-left", "bad-message", "over"]


@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: SeatKind
    colour: int
    status: Status
    default_name: bool = False

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind.value, "colour": self.colour,
                "status": self.status, "default_name": self.default_name}


@dataclass(frozen=True)
class Welcome:
    """The seat this connection plays (None: it only waits) and the game's setup."""

    seat: int | None
    token: str
    game: str
    rules: Rules
    crops: tuple[int, ...]
    seats: tuple[SeatInfo, ...]
    started: bool


@dataclass(frozen=True)
class Seats:
    seats: tuple[SeatInfo, ...]
    started: bool


@dataclass(frozen=True)
class Update:
    """Move ``n`` (0: the deal) by ``seat`` (-1 for the deal): its events as this client
    may see them and the table after it (``state``: the real one at the host's screen,
    one dealt to agree with ``view`` elsewhere, made when first asked for)."""

    n: int
    seat: int
    move: str
    events: tuple[Event, ...]
    given: State | None = None
    view: View | None = None
    final: tuple[tuple[int, ...], ...] | None = None

    @cached_property
    def state(self) -> State:
        if self.given is not None:
            return self.given
        assert self.view is not None
        return client_state(self.view, list(self.final) if self.final is not None else None)

    @property
    def active(self) -> int:
        return self.view.active if self.view is not None else int(self.state.active)

    @property
    def over(self) -> bool:
        return self.view.over if self.view is not None else bool(self.state.over)


@dataclass(frozen=True)
class Refused:
    n: int
    code: str
    text: str


@dataclass(frozen=True)
class Ended:
    """The connection ended; ``why`` says how (the screen tells it in words)."""

    why: Reason
    detail: str = ""


HostMessage = Welcome | Seats | Update | Refused | Ended


# -- what a host accepts --------------------------------------------------------------------

def clean_text(value: object, what: str, most: int) -> str:
    need(isinstance(value, str) and len(value) <= most, f"{what} is no text of at most {most}")
    assert isinstance(value, str)
    need(all(c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF for c in value),
         f"{what} holds control characters")
    return value


def read_client_message(data: dict[str, Any]) -> dict[str, Any]:
    """A client's message, checked: ``join``, ``move``, ``ping`` or ``leave``."""
    kind = data["t"]
    if kind == "join":
        d = read_dict(data, "join", {"t", "name", "lang", "token", "have"})
        token = d["token"]
        need(token is None or (isinstance(token, str) and TOKEN.fullmatch(token) is not None),
             "join.token")
        need(d["lang"] in LANGUAGES, "join.lang")
        return {"t": "join", "name": clean_text(d["name"], "join.name", MAX_NAME).strip(),
                "lang": d["lang"], "token": token,
                "have": read_int(d["have"], "join.have", 0, MAX_MOVES)}
    if kind == "move":
        d = read_dict(data, "move", {"t", "n", "move"})
        move = clean_text(d["move"], "move.move", MAX_MOVE)
        need(bool(move.strip()), "move.move is empty")
        return {"t": "move", "n": read_int(d["n"], "move.n", 0, MAX_MOVES), "move": move}
    if kind in ("ping", "leave"):
        read_dict(data, kind, {"t"})
        return {"t": kind}
    raise WireError(f"no client message {kind!r:.40}")


# -- what a client accepts ------------------------------------------------------------------

def _seat_info(value: object) -> SeatInfo:
    d = read_dict(value, "seat", {"name", "kind", "colour", "status", "default_name"})
    need(d["kind"] in SEAT_KINDS, "seat.kind")
    need(d["status"] in STATUSES, "seat.status")
    need(isinstance(d["default_name"], bool), "seat.default_name")
    return SeatInfo(clean_text(d["name"], "seat.name", 64), SeatKind(d["kind"]),
                    read_int(d["colour"], "seat.colour", 0, 5), d["status"], d["default_name"])


def _seats(value: object, players: int | None = None) -> tuple[SeatInfo, ...]:
    rows = read_list(value, "seats", 6)
    need(len(rows) >= 2 and (players is None or len(rows) == players), "seats count")
    return tuple(_seat_info(row) for row in rows)


def read_rules(value: object) -> Rules:
    d = read_dict(value, "rules", {"players", "monuments", "random_crops", "must_act",
                                   "storage_top"})
    need(all(isinstance(d[k], bool) for k in d if k != "players"), "rules options")
    return Rules(players=read_int(d["players"], "rules.players", 2, 6),
                 monuments=d["monuments"], random_crops=d["random_crops"],
                 must_act=d["must_act"], storage_top=d["storage_top"])


def read_host_message(data: dict[str, Any], game: Welcome | None) -> HostMessage:
    """A host's message, checked; ``game`` is the welcome already received (None before)."""
    kind = data["t"]
    if kind == "welcome":
        d = read_dict(data, "welcome", {"t", "seat", "token", "game", "rules", "crops", "seats",
                                        "started"})
        rules = read_rules(d["rules"])
        crops = read_list(d["crops"], "welcome.crops", 7)
        need(all(isinstance(c, str) and c in CROP_BY_NAME for c in crops), "welcome.crops")
        seat = d["seat"]
        need(seat is None or isinstance(seat, int), "welcome.seat")
        token = d["token"]
        need(isinstance(token, str) and (token == "" or TOKEN.fullmatch(token) is not None),
             "welcome.token")
        need(isinstance(d["game"], str) and GAME_ID.fullmatch(d["game"]) is not None,
             "welcome.game")
        need(isinstance(d["started"], bool), "welcome.started")
        return Welcome(None if seat is None else read_int(seat, "welcome.seat", 0,
                                                             rules.players - 1),
                       token, d["game"], rules, tuple(sorted(CROP_BY_NAME[c] for c in crops)),
                       _seats(d["seats"], rules.players), d["started"])
    if kind == "bye":
        d = read_dict(data, "bye", {"t", "why"})
        why = d["why"]
        need(why in ("full", "replaced", "host-left", "bad-message", "over", "left"), "bye.why")
        return Ended(why)
    need(game is not None, f"{kind} before welcome")
    assert game is not None
    n = game.rules.players
    if kind == "seats":
        d = read_dict(data, "seats", {"t", "seats", "started"})
        need(isinstance(d["started"], bool), "seats.started")
        return Seats(_seats(d["seats"], n), d["started"])
    if kind == "update":
        d = read_dict(data, "update", {"t", "n", "seat", "move", "events", "view"})
        events = tuple(event_from_data(e) for e in read_list(d["events"], "update.events", 200))
        view, final = view_from_data(d["view"], game.rules, game.crops)
        need(game.seat is not None and view.seat == game.seat, "update.view is not our seat")
        return Update(read_int(d["n"], "update.n", 0, MAX_MOVES),
                      read_int(d["seat"], "update.seat", -1, n - 1),
                      clean_text(d["move"], "update.move", MAX_MOVE), events, None, view,
                      tuple(final) if final is not None else None)
    if kind == "refused":
        d = read_dict(data, "refused", {"t", "n", "code", "text"})
        return Refused(read_int(d["n"], "refused.n", 0, MAX_MOVES),
                       clean_text(d["code"], "refused.code", 40),
                       clean_text(d["text"], "refused.text", 300))
    raise WireError(f"no host message {kind!r:.40}")
