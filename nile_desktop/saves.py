"""Saved games: the rules, the seed, the seats and the moves, replayed on load.

A game is fully decided by its setup and its moves (the engine is seeded
and deterministic), so a save holds nothing else: it stays small, it is
readable, it doubles as a bug report, and loading it checks itself — every
move is played again through the engine, so a save that does not describe a
legal game is refused instead of producing an impossible table.

Saves are the player's and are never changed or deleted by reading them. A
save that cannot be used raises :class:`SaveError` with a code and a message
in the player's language (damaged, cut off, not a save at all, from a newer
game, a move the rules refuse, a bad list of players). Writing goes through
a temporary file renamed over the old one, so the autosave written after
every move survives a crash at any moment.

File layout (``nile-save/1``)::

    {"format": "nile-save/1", "app_version": "0.1.0",
     "created": "2026-01-31T18:02:11+00:00", "updated": "…",
     "rules": {"players": 3, "monuments": true, "random_crops": false,
               "must_act": false, "storage_top": false},
     "seed": 123,
     "seats": [{"name": "Ana", "kind": "human", "colour": 0}, …],
     "moves": ["market wheat flax", "plant castor castor", …]}
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from nile_desktop import __version__, paths
from nile_desktop.ai.levels import LEVELS
from nile_desktop.engine import MAX_PLAYERS, MIN_PLAYERS, MoveError, Rules, State, new_game
from nile_desktop.engine.rules import SEED_MAX
from nile_desktop.i18n import N_, LazyString
from nile_desktop.seats import SEATS

log = logging.getLogger(__name__)

FORMAT_NAME = "nile-save"
FORMAT_VERSION = 1
SAVE_FORMAT = f"{FORMAT_NAME}/{FORMAT_VERSION}"
AUTOSAVE_NAME = "autosave.json"
SEAT_KINDS: tuple[str, ...] = ("human", *LEVELS)
SEAT_COLOURS = len(SEATS)
MAX_NAME_LENGTH = 64


# ---------------------------------------------------------------------------
# Errors

_MESSAGES: dict[str, LazyString] = {
    "unreadable": N_("The save “{file}” could not be opened."),
    "truncated": N_(
        "The save “{file}” is incomplete: it breaks off before its end, "
        "probably because writing it was interrupted. The file was left untouched."
    ),
    "corrupt": N_("The save “{file}” is damaged and cannot be read. The file was left untouched."),
    "foreign": N_("“{file}” is not a saved game of Nile. The file was left untouched."),
    "newer": N_(
        "The save “{file}” comes from a newer version of the game. "
        "Update the game to continue it; the file was left untouched."
    ),
    "bad-game": N_(
        "The save “{file}” describes game settings this game does not know. "
        "The file was left untouched."
    ),
    "bad-seats": N_(
        "The save “{file}” has a wrong list of players, so it cannot be continued. "
        "The file was left untouched."
    ),
    "illegal-move": N_(
        "The save “{file}” cannot be replayed: move {number} ({move}) is against the rules "
        "at that point of the game. The file was left untouched."
    ),
    "write-failed": N_("The game could not be saved to “{file}”. Is the disk full?"),
}


class SaveError(Exception):
    """A save that cannot be read (or written), with a message for the player.

    ``code`` is one of: ``unreadable``, ``truncated``, ``corrupt``,
    ``foreign``, ``newer``, ``bad-game``, ``bad-seats``, ``illegal-move``,
    ``write-failed``. ``message`` (also ``str(error)``) is translated each
    time it is read, so it follows a language switch; ``detail`` is an
    English explanation for the log.
    """

    def __init__(self, code: str, path: Path | str, detail: str = "", **params: object) -> None:
        super().__init__(code, str(path), detail)
        self.code = code
        self.path = Path(path)
        self.detail = detail
        self.params = params

    @property
    def message(self) -> str:
        return _MESSAGES[self.code].format(file=self.path.name, **self.params)

    def __str__(self) -> str:
        return self.message


# ---------------------------------------------------------------------------
# The save itself


@dataclass(frozen=True)
class Seat:
    """One place at the table: who sits there and in which colour."""

    name: str
    kind: str  # one of SEAT_KINDS
    colour: int  # 0 .. SEAT_COLOURS - 1

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "colour": self.colour}


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class SaveGame:
    """One game as saved: setup plus the moves played so far."""

    rules: dict[str, Any]
    seed: int
    seats: list[Seat]
    moves: list[str] = field(default_factory=list)
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)
    app_version: str = __version__
    format: str = SAVE_FORMAT

    @property
    def player_names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def engine_rules(self) -> Rules:
        return Rules(**self.rules)

    def new_state(self) -> State:
        """The game as dealt, before any move."""
        return new_game(self.engine_rules(), self.seed)

    def record(self, move: object) -> None:
        """Add one played move (a ``Move`` or its text) and touch ``updated``."""
        self.moves.append(str(move))
        self.updated = _now()

    def replay(self, path: Path | str = "") -> State:
        """The state after every move, or SaveError("illegal-move") naming the first bad one."""
        state = self.new_state()
        for number, move in enumerate(self.moves, start=1):
            try:
                state.apply(move)
            except MoveError as exc:
                raise SaveError("illegal-move", path, f"{exc.code}: {exc}",
                                number=number, move=move) from exc
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "app_version": self.app_version,
            "created": self.created,
            "updated": self.updated,
            "rules": dict(self.rules),
            "seed": self.seed,
            "seats": [seat.to_dict() for seat in self.seats],
            "moves": list(self.moves),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# Checking what a file holds


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_rules(data: object, path: Path | str) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise SaveError("bad-game", path, "rules is not an object")
    players = data.get("players")
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SaveError("bad-game", path, f"rules.players is {players!r}")
    for key in ("monuments", "random_crops"):
        if not isinstance(data.get(key), bool):
            raise SaveError("bad-game", path, f"rules.{key} is {data.get(key)!r}")
    # The rule-book options (R-PLANT-5, R-TRADE-1): absent in older saves, meaning off.
    for key in ("must_act", "storage_top"):
        if not isinstance(data.get(key, False), bool):
            raise SaveError("bad-game", path, f"rules.{key} is {data.get(key)!r}")
    return {"players": players, "monuments": data["monuments"], "random_crops": data["random_crops"],
            "must_act": data.get("must_act", False), "storage_top": data.get("storage_top", False)}


def _check_seed(seed: object, path: Path | str) -> int:
    if not _is_int(seed) or not 0 <= seed <= SEED_MAX:
        raise SaveError("bad-game", path, f"seed is {seed!r}")
    return seed  # type: ignore[return-value]


def _check_seats(data: object, players: int, path: Path | str) -> list[Seat]:
    if not isinstance(data, Sequence) or isinstance(data, (str, bytes)):
        raise SaveError("bad-seats", path, "seats is not a list")
    if len(data) != players:
        raise SaveError("bad-seats", path, f"{len(data)} seats for {players} players")
    seats: list[Seat] = []
    for index, item in enumerate(data):
        if isinstance(item, Seat):
            item = item.to_dict()
        if not isinstance(item, Mapping):
            raise SaveError("bad-seats", path, f"seat {index} is not an object")
        name, kind, colour = item.get("name"), item.get("kind"), item.get("colour")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            raise SaveError("bad-seats", path, f"seat {index} name {name!r}")
        if kind not in SEAT_KINDS:
            raise SaveError("bad-seats", path, f"seat {index} kind {kind!r}")
        if not _is_int(colour) or not 0 <= colour < SEAT_COLOURS:
            raise SaveError("bad-seats", path, f"seat {index} colour {colour!r}")
        seats.append(Seat(name, kind, colour))
    return seats


def _check_moves(data: object, path: Path | str) -> list[str]:
    if not isinstance(data, list) or not all(isinstance(m, str) for m in data):
        raise SaveError("bad-game", path, "moves is not a list of texts")
    return list(data)


_FORMAT_RE = re.compile(rf"^{FORMAT_NAME}/(\d+)$")


def save_from_dict(data: object, path: Path | str = "") -> SaveGame:
    """Check a decoded save and build the SaveGame (no replay); raises SaveError."""
    if not isinstance(data, dict) or not isinstance(data.get("format"), str):
        raise SaveError("foreign", path, "no 'format' key")
    match = _FORMAT_RE.match(data["format"])
    if not match:
        raise SaveError("foreign", path, f"format {data['format']!r}")
    if int(match.group(1)) > FORMAT_VERSION:
        raise SaveError("newer", path, f"format {data['format']!r}")
    if int(match.group(1)) < 1:
        raise SaveError("foreign", path, f"format {data['format']!r}")
    rules = _check_rules(data.get("rules"), path)
    return SaveGame(
        rules=rules,
        seed=_check_seed(data.get("seed"), path),
        seats=_check_seats(data.get("seats"), rules["players"], path),
        moves=_check_moves(data.get("moves"), path),
        created=data["created"] if isinstance(data.get("created"), str) else "",
        updated=data["updated"] if isinstance(data.get("updated"), str) else "",
        app_version=str(data.get("app_version", "")),
    )


def _decode(raw: bytes, path: Path) -> object:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # Bytes cut in the middle of a letter mean the file stops early.
        code = "truncated" if exc.reason == "unexpected end of data" else "corrupt"
        raise SaveError(code, path, f"not UTF-8: {exc}") from exc
    stripped = text.strip()
    if not stripped:
        raise SaveError("truncated", path, "the file is empty")
    try:
        return json.loads(stripped)
    except json.JSONDecodeError as exc:
        # An error at the very end of the text, or a string never closed,
        # means the rest of the file is missing.
        at_end = exc.pos >= len(stripped) - 1 or exc.msg.startswith("Unterminated string")
        cut_off = stripped.startswith(("{", "[")) and at_end
        raise SaveError("truncated" if cut_off else "corrupt", path, str(exc)) from exc


# ---------------------------------------------------------------------------
# Public API


def new_save(rules_dict: Mapping[str, Any] | Rules, seed: int,
             seats: Sequence[Mapping[str, Any] | Seat]) -> SaveGame:
    """A save for a game about to start; raises SaveError("bad-…") for bad arguments."""
    if isinstance(rules_dict, Rules):
        rules_dict = rules_dict.to_dict()
    rules = _check_rules(rules_dict, "")
    return SaveGame(rules=rules, seed=_check_seed(seed, ""),
                    seats=_check_seats(seats, rules["players"], ""))


def write_save(path: Path | str, save: SaveGame) -> None:
    """Write ``save`` to ``path`` atomically, touching ``updated``; SaveError("write-failed")."""
    path = Path(path)
    save.updated = _now()
    try:
        paths.write_atomic(path, save.to_json())
    except OSError as exc:
        log.error("could not write the save %s: %s", path, exc)
        raise SaveError("write-failed", path, str(exc)) from exc


def read_save(path: Path | str) -> SaveGame:
    """Read and check a save without replaying it; raises SaveError."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError("unreadable", path, str(exc)) from exc
    return save_from_dict(_decode(raw, path), path)


def load_save(path: Path | str) -> tuple[SaveGame, State]:
    """The save at ``path`` and the game state its moves lead to.

    Raises SaveError (logged with its English detail) if the file cannot be
    used; the file is never changed.
    """
    path = Path(path)
    try:
        save = read_save(path)
        try:
            state = save.replay(path)
        except SaveError:
            raise
        except Exception as exc:  # an engine failure on odd input still must not crash the game
            log.exception("replaying %s failed", path)
            raise SaveError("corrupt", path, f"replay failed: {exc!r}") from exc
    except SaveError as err:
        log.warning("save %s refused (%s): %s", path, err.code, err.detail)
        raise
    return save, state


def saves_dir() -> Path:
    """The folder of saved games (in the user's data folder)."""
    return paths.user_data_dir() / "saves"


def autosave_path() -> Path:
    """The single autosave slot, rewritten after every move."""
    return saves_dir() / AUTOSAVE_NAME


def autosave(save: SaveGame) -> bool:
    """Write the autosave; a failure is logged and reported as False, never raised."""
    try:
        write_save(autosave_path(), save)
    except SaveError:
        return False
    return True


def new_save_path(stem: str = "game") -> Path:
    """A free file name in ``saves_dir()`` for a named save, e.g. ``game-20260131-180211.json``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    candidate = folder / f"{stem}-{stamp}.json"
    counter = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{stamp}-{counter}.json"
        counter += 1
    return candidate


@dataclass(frozen=True)
class SaveInfo:
    """What the load screen shows about one file in ``saves_dir()``.

    A broken file has ``broken=True`` and ``error`` (the SaveError, whose
    ``message`` is for the player); its other fields are best guesses.
    """

    path: Path
    updated: datetime  # timezone-aware; the file's time when the save has none
    players: list[str]
    season: int | None
    seasons: int | None
    over: bool
    broken: bool = False
    error: SaveError | None = None

    @property
    def is_autosave(self) -> bool:
        return self.path.name == AUTOSAVE_NAME


_info_cache: dict[Path, tuple[tuple[int, int], SaveInfo]] = {}


def _parse_time(text: str, fallback: datetime) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return fallback
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def save_info(path: Path) -> SaveInfo:
    """Summary of one save file; never raises for a bad file (it is marked broken)."""
    try:
        stat = path.stat()
    except OSError as exc:
        error = SaveError("unreadable", path, str(exc))
        return SaveInfo(path, datetime.now(timezone.utc), [], None, None, False, True, error)
    key = (stat.st_mtime_ns, stat.st_size)
    cached = _info_cache.get(path)
    if cached and cached[0] == key:
        return cached[1]
    file_time = datetime.fromtimestamp(stat.st_mtime, timezone.utc)
    try:
        save, state = load_save(path)
    except SaveError as error:
        info = SaveInfo(path, file_time, [], None, None, False, True, error)
    else:
        info = SaveInfo(path, _parse_time(save.updated, file_time), save.player_names,
                        state.season, state.seasons, bool(state.over))
    _info_cache[path] = (key, info)
    return info


def list_saves() -> list[SaveInfo]:
    """Every ``*.json`` in ``saves_dir()``, newest first; unreadable ones marked broken."""
    folder = saves_dir()
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    infos = [save_info(p) for p in files]
    infos.sort(key=lambda info: (info.updated, info.path.name), reverse=True)
    return infos


def latest_save() -> Path | None:
    """The newest save of a game still in progress ("Continue"), or None."""
    for info in list_saves():
        if not info.broken and not info.over:
            return info.path
    return None
