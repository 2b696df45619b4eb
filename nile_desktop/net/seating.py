"""The seats of a hosted game: who plays each one, and the file that remembers them.

A seat is played by a person at the host's screen (``here``), a person who joins over
the network (``remote``) or a bot. A remote seat is ``open`` until someone joins it;
it then belongs to the holder of its token (a random secret the host gave on joining,
which the client keeps to come back with), ``online`` while connected and ``away``
when not; a bot may play for a person away (``stand-in``) until they return.

The setup and the tokens are kept beside the save (``<save>.net``, written
atomically), so a host that quits or dies resumes the game from its save with the
same join code, and the same people rejoin their seats. No pygame.
"""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from nile_desktop import paths
from nile_desktop.net.codes import normalise
from nile_desktop.net.messages import GAME_ID, TOKEN, SeatInfo, Status
from nile_desktop.seats import SEAT_KINDS, SeatKind

log = logging.getLogger(__name__)

Role = Literal["here", "remote", "bot"]
ROLES: tuple[Role, ...] = ("here", "remote", "bot")
NET_FORMAT = "nile-net/1"
#: The level of the bot that plays for a person away, and for a seat nobody joined.
STAND_IN = SeatKind.MEDIUM


@dataclass
class HostSeat:
    role: Role
    name: str
    kind: SeatKind
    colour: int
    default_name: bool = False
    token: str | None = None
    online: bool = False
    stand_in: bool = False
    #: When (host clock) the person went away, or None.
    away_since: float | None = None

    @property
    def status(self) -> Status:
        if self.role == "here":
            return "here"
        if self.role == "bot":
            return "bot"
        if self.token is None:
            return "open"
        if self.online:
            return "online"
        return "stand-in" if self.stand_in else "away"

    @property
    def played_by_bot(self) -> bool:
        return self.role == "bot" or (self.role == "remote" and self.stand_in)

    @property
    def bot_kind(self) -> SeatKind:
        return self.kind if self.role == "bot" else STAND_IN

    def info(self) -> SeatInfo:
        return SeatInfo(self.name, self.kind, self.colour, self.status, self.default_name)

    def save_seat(self) -> dict[str, Any]:
        """The seat as the save keeps it: people are people, bots their level."""
        return {"name": self.name, "kind": self.kind.value, "colour": self.colour,
                "default_name": self.default_name}

    def to_data(self) -> dict[str, Any]:
        return {"role": self.role, "name": self.name, "kind": self.kind.value,
                "colour": self.colour, "default_name": self.default_name,
                "token": self.token, "stand_in": self.stand_in}


@dataclass
class NetRecord:
    """What a hosted game keeps beside its save."""

    code: str
    game: str
    port: int
    seats: list[HostSeat] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"format": NET_FORMAT, "code": self.code, "game": self.game,
                           "port": self.port, "seats": [s.to_data() for s in self.seats]},
                          indent=1) + "\n"


def new_game_id() -> str:
    return secrets.token_hex(8)


def new_token() -> str:
    return secrets.token_hex(16)


def net_path(save_path: Path) -> Path:
    return save_path.with_suffix(".net")


def write_record(path: Path, record: NetRecord) -> bool:
    try:
        paths.write_atomic(path, record.to_json())
        return True
    except OSError as exc:
        log.error("could not write %s: %s", path, exc)
        return False


def read_record(path: Path) -> NetRecord | None:
    """The record beside a save, or None (no file, or one that is not a record: logged)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    try:
        if len(raw) > 65536:
            raise ValueError("too large")
        data = json.loads(raw)
        if not isinstance(data, dict) or data.get("format") != NET_FORMAT:
            raise ValueError("not a network record")
        code = normalise(str(data["code"]))
        game, port = data["game"], data["port"]
        if code is None or not isinstance(game, str) or not GAME_ID.fullmatch(game) \
                or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError("bad code, game or port")
        seats = []
        for item in data["seats"][:6]:
            role, kind, token = item["role"], item["kind"], item["token"]
            if role not in ROLES or kind not in SEAT_KINDS or not (
                    token is None or (isinstance(token, str) and TOKEN.fullmatch(token))):
                raise ValueError("bad seat")
            seats.append(HostSeat(role, str(item["name"])[:64], SeatKind(kind),
                                  int(item["colour"]) % 6, bool(item["default_name"]), token,
                                  stand_in=bool(item["stand_in"])))
        return NetRecord(code, game, port, seats)
    except (ValueError, KeyError, TypeError, json.JSONDecodeError) as exc:
        log.warning("the network record %s cannot be used: %s", path, exc)
        return None
