"""Saved games: the rules, the seed, the seats and the moves, replayed on load.

A game is fully decided by its setup and its moves (the engine is seeded
and deterministic), so a save holds nothing else: it stays small, it is
readable, it doubles as a bug report and as the file two players share
(export/import), and loading it checks itself — every move is played again
through the engine, so a save that does not describe a legal game is
refused instead of producing an impossible table.

Every game has its own file in ``saves_dir()`` (a :class:`SaveGame` knows
its ``path``), written after every move by :func:`autosave`, so starting a
new game never overwrites another. Saves are the player's and are never
changed or deleted by reading them. A save that cannot be used raises
:class:`SaveError` with a code and a message in the player's language that
names the file (damaged, cut off, not a save at all, from a newer game, a
move the rules refuse, a bad list of players) — whatever the file holds:
huge numbers, deep nesting and odd text all end as a SaveError, never as
another exception. Writing goes through a temporary file renamed over the
old one, so the save written after every move survives a crash at any
moment.

File layout (``nile-save/2``; ``/1`` files, without ``result`` and with
exactly the three rules below, are read too)::

    {"format": "nile-save/2", "app_version": "0.1.0",
     "created": "2026-01-31T18:02:11+00:00", "updated": "…",
     "rules": {"players": 3, "monuments": true, "random_crops": false, …},
     "seed": 123,
     "seats": [{"name": "Ana", "kind": "human", "colour": 0},
               {"name": "Player 2", "kind": "human", "colour": 1, "default_name": true}, …],
     "moves": ["market wheat flax", "plant castor castor", …],
     "reasons": [null, {"msgid": "…", "values": {…}}, …],
     "result": null}

A seat whose player typed no name has ``"default_name": true`` and its name
in English (the catalogue's source text): it is shown in the language the game
is set to ("Hráč 2" in Czech), not in the language the game started in.
``rules`` holds every option the engine's ``Rules`` was created with (as
``Rules.to_dict()`` writes them), so rule-book options added to the engine
are kept without this module knowing them. ``reasons`` (optional, beside
``moves``) holds each bot's reason for its move, or null, as
:mod:`nile_desktop.ai.reason_data` writes it, so a resumed game's log still
says why the bots played; a damaged reason is dropped, never the game. ``result`` is the engine's
result once the game is over, taken from the live state the table hands to
:func:`autosave` (for other tools; on load it is recomputed). A save keeps no
state of its own: the table's session holds the one live state of a game.
``review`` (optional) holds the game reviews computed for it (:mod:`nile_desktop.review.cache`),
kept as read whenever the save is written again.
``takebacks`` (optional, written only when true) marks a game in which a
person took back a turn against the bots; a save without it has none.
Listing, deleting, records, import and export are in
:mod:`nile_desktop.saves.library`.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from nile_desktop import __version__, i18n, paths
from nile_desktop.ai.levels import LEVELS
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.engine import EngineError, Rules, State, new_game
from nile_desktop.engine.rules import SEED_MAX
from nile_desktop.saves import locks as save_locks
from nile_desktop.saves.errors import SaveError, without_surrogates
from nile_desktop.seats import SEATS

log = logging.getLogger(__name__)

FORMAT_NAME = "nile-save"
FORMAT_VERSION = 2
SAVE_FORMAT = f"{FORMAT_NAME}/{FORMAT_VERSION}"
#: The single autosave slot of version 1 of the game; still read (and continued) if present.
AUTOSAVE_NAME = "autosave.json"
SEAT_KINDS: tuple[str, ...] = ("human", *LEVELS)
SEAT_COLOURS = len(SEATS)
MAX_NAME_LENGTH = 64
#: A real save is a few kilobytes; a file larger than this is refused unread.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_MOVES = 20_000
MAX_MOVE_LENGTH = 200


# ---------------------------------------------------------------------------
# The save itself


@dataclass(frozen=True)
class Seat:
    """One place at the table: who sits there and in which colour."""

    name: str
    kind: str  # one of SEAT_KINDS
    colour: int  # 0 .. SEAT_COLOURS - 1
    #: True when nobody typed the name: it is English source text, shown translated.
    default_name: bool = False

    @property
    def shown_name(self) -> str:
        return i18n.shown_default_name(self.name) if self.default_name else self.name

    def to_dict(self) -> dict[str, Any]:
        seat = {"name": self.name, "kind": self.kind, "colour": self.colour}
        return {**seat, "default_name": True} if self.default_name else seat


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class SaveGame:
    """One game as saved: setup plus the moves played so far, and the file it lives in.

    ``path`` is None until the first :func:`autosave` gives the game its own
    file in ``saves_dir()``; a loaded save keeps the path it was read from.
    """

    rules: dict[str, Any]
    seed: int
    seats: list[Seat]
    moves: list[str] = field(default_factory=list)
    #: Why each move was played (a bot's Reason), or None; as long as ``moves`` or shorter.
    reasons: list[Any] = field(default_factory=list)
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)
    app_version: str = __version__
    format: str = SAVE_FORMAT
    path: Path | None = field(default=None, compare=False, repr=False)
    #: The engine's result once the game is over (from the live state, see note_state), else None.
    result: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    #: The game reviews computed for this game (``nile_desktop.review.cache``), kept as read so
    #: a later write never loses them; the review checks them itself before using one.
    review: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    #: True once a person took back a turn against the bots: they may have seen cards to come,
    #: so the game is marked "with take-backs" (the Load list, the review, the record).
    takebacks: bool = False

    @property
    def player_names(self) -> list[str]:
        return [seat.shown_name for seat in self.seats]

    def engine_rules(self) -> Rules:
        return Rules(**self.rules)

    def new_state(self) -> State:
        """The game as dealt, before any move."""
        return new_game(self.engine_rules(), self.seed)

    def record(self, move: object, reason: Any = None) -> None:
        """Add one played move (a ``Move`` or its text) and why it was played; touch ``updated``."""
        del self.reasons[len(self.moves):]  # one reason (or None) per move, in step
        self.reasons.extend([None] * (len(self.moves) - len(self.reasons)))
        self.moves.append(str(move))
        self.reasons.append(reason)
        self.updated = _now()

    def reason_at(self, index: int) -> Any:
        """Why move ``index`` was played (a bot's reason), or None."""
        return self.reasons[index] if 0 <= index < len(self.reasons) else None

    def replay(self, path: Path | str = "") -> State:
        """The state after every move, or SaveError("illegal-move") naming the first bad one."""
        state = self.new_state()
        self._advance(state, 0, path)
        return state

    def _advance(self, state: State, done: int, path: Path | str) -> None:
        for number, move in enumerate(self.moves[done:], start=done + 1):
            try:
                state.apply(move)
            except EngineError as exc:  # a move refused, or one that does not parse
                raise SaveError("illegal-move", path, f"{getattr(exc, 'code', '')}: {exc}",
                                number=number, move=move if len(move) <= 60 else move[:59] + "…") from exc

    def note_state(self, state: State) -> None:
        """Take the result from the live state of this game (the table's) once it is over.

        The save keeps no state of its own: whoever plays the game holds it and
        hands it over when the save is written (:func:`autosave`).
        """
        self.result = dict(state.result) if state.over and isinstance(state.result, dict) else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "app_version": self.app_version,
            "created": self.created,
            "updated": self.updated,
            "rules": dict(self.rules),
            "seed": self.seed,
            "seats": [seat.to_dict() for seat in self.seats],
            "moves": list(self.moves),
            "reasons": [reason_to_data(reason) for reason in self.reasons[:len(self.moves)]],
            "result": self.result,
            **({"review": self.review} if self.review is not None else {}),
            **({"takebacks": True} if self.takebacks else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# Checking what a file holds


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object, limit: int = 80) -> str:
    """A ``repr`` for messages that cannot fail (deep nesting, huge integers) and stays short."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - RecursionError, ValueError (int too long to print), …
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


_RULES_V1 = ("players", "monuments", "random_crops")


def _check_rules(data: object, path: Path | str, version: int = FORMAT_VERSION) -> dict[str, Any]:
    """The rules as ``Rules.to_dict()`` writes them; SaveError("bad-game") if the engine refuses.

    Each option must have the type of its default in ``Rules`` (so ``"yes"``
    is not taken for true); which options exist is the engine's business.
    """
    if not isinstance(data, Mapping):
        raise SaveError("bad-game", path, "rules is not an object")
    if version < 2 and set(data) != set(_RULES_V1):
        raise SaveError("bad-game", path, f"rules keys {_short(sorted(map(str, data)))}")
    options = {f.name: f for f in fields(Rules)}
    for key, value in data.items():
        option = options.get(key) if isinstance(key, str) else None
        if option is None:
            raise SaveError("bad-game", path, f"unknown rule {_short(key)}")
        expected = type(option.default) if option.default is not MISSING else int
        if type(value) is not expected:
            raise SaveError("bad-game", path, f"rules.{key} is {_short(value)}")
    try:
        rules = Rules(**data)
    except Exception as exc:  # noqa: BLE001 - TypeError (a missing option), ValueError, …
        raise SaveError("bad-game", path, f"rules refused: {_short(str(exc), 200)}") from None
    return dict(rules.to_dict())


def _check_seed(seed: object, path: Path | str) -> int:
    if not _is_int(seed) or not 0 <= seed <= SEED_MAX:  # type: ignore[operator]
        raise SaveError("bad-game", path, f"seed is {_short(seed)}")
    return seed  # type: ignore[return-value]


def clean_name(name: str) -> str:
    """A player's name that any disk and any font can take: no lone surrogates (they become
    U+FFFD), no control characters, no spaces around it."""
    return "".join(c for c in without_surrogates(name) if c.isprintable()).strip()


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
        if isinstance(name, str) and len(name) <= MAX_NAME_LENGTH:
            name = clean_name(name)
        if not isinstance(name, str) or not name or len(name) > MAX_NAME_LENGTH:
            raise SaveError("bad-seats", path, f"seat {index} name {_short(name)}")
        if not isinstance(kind, str) or kind not in SEAT_KINDS:
            raise SaveError("bad-seats", path, f"seat {index} kind {_short(kind)}")
        if not _is_int(colour) or not 0 <= colour < SEAT_COLOURS:  # type: ignore[operator]
            raise SaveError("bad-seats", path, f"seat {index} colour {_short(colour)}")
        seats.append(Seat(name, kind, colour, item.get("default_name") is True))  # type: ignore[arg-type]
    return seats


def _check_moves(data: object, path: Path | str) -> list[str]:
    if (not isinstance(data, list) or len(data) > MAX_MOVES
            or not all(isinstance(m, str) and len(m) <= MAX_MOVE_LENGTH for m in data)):
        raise SaveError("bad-game", path, "moves is not a list of move texts")
    return list(data)


def _check_reasons(data: object, moves: int) -> list[Any]:
    """The bots' reasons beside the moves; anything unreadable is dropped (never an error)."""
    if not isinstance(data, list) or len(data) > moves:
        return []
    return [reason_from_data(item) for item in data]


_FORMAT_RE = re.compile(rf"^{FORMAT_NAME}/([0-9]{{1,6}})$")


def save_from_dict(data: object, path: Path | str = "") -> SaveGame:
    """Check a decoded save and build the SaveGame (no replay); raises SaveError only."""
    try:
        return _save_from_dict(data, path)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - any other surprise in odd data is damage too
        raise SaveError("corrupt", path, f"unexpected content: {_short(exc, 200)}") from None


def _save_from_dict(data: object, path: Path | str) -> SaveGame:
    if not isinstance(data, dict) or not isinstance(data.get("format"), str):
        raise SaveError("foreign", path, "no 'format' key")
    match = _FORMAT_RE.match(data["format"])
    if not match:
        raise SaveError("foreign", path, f"format {_short(data['format'])}")
    version = int(match.group(1))
    if version > FORMAT_VERSION:
        raise SaveError("newer", path, f"format {data['format']!r}")
    if version < 1:
        raise SaveError("foreign", path, f"format {data['format']!r}")
    rules = _check_rules(data.get("rules"), path, version)
    created, updated = data.get("created"), data.get("updated")
    moves = _check_moves(data.get("moves"), path)
    return SaveGame(
        rules=rules,
        seed=_check_seed(data.get("seed"), path),
        seats=_check_seats(data.get("seats"), rules["players"], path),
        moves=moves,
        reasons=_check_reasons(data.get("reasons"), len(moves)),
        created=created if isinstance(created, str) and len(created) < 64 else "",
        updated=updated if isinstance(updated, str) and len(updated) < 64 else "",
        app_version=version_text if isinstance(version_text := data.get("app_version"), str)
        and len(version_text) < 40 else "",
        path=Path(path) if path else None,
        review=review if isinstance(review := data.get("review"), dict) else None,
        takebacks=data.get("takebacks") is True,
    )


def _decode(raw: bytes, path: Path) -> object:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # Bytes cut in the middle of a letter mean the file stops early.
        code = "truncated" if exc.reason == "unexpected end of data" else "corrupt"
        raise SaveError(code, path, f"not UTF-8: {exc}") from None
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
        raise SaveError("truncated" if cut_off else "corrupt", path, str(exc)) from None
    except (ValueError, RecursionError) as exc:  # an integer of 4,300+ digits; deep nesting
        raise SaveError("corrupt", path, _short(str(exc), 200)) from None


# ---------------------------------------------------------------------------
# Public API


def new_save(rules_dict: Mapping[str, Any] | Rules, seed: int,
             seats: Sequence[Mapping[str, Any] | Seat]) -> SaveGame:
    """A save for a game about to start; raises SaveError("bad-…") for bad arguments.

    Seat names are cleaned (:func:`clean_name`) so the file can always be
    written. The save has no file yet: the first :func:`autosave` gives it one.
    """
    if isinstance(rules_dict, Rules):
        rules_dict = rules_dict.to_dict()
    rules = _check_rules(rules_dict, "")
    return SaveGame(rules=rules, seed=_check_seed(seed, ""),
                    seats=_check_seats(seats, rules["players"], ""))


def _encode(save: SaveGame) -> bytes:
    text = save.to_json()
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate got in after all: write it escaped
        return (json.dumps(save.to_dict(), indent=1, ensure_ascii=True) + "\n").encode("ascii")


def write_save(path: Path | str, save: SaveGame, *, replace: bool = True) -> None:
    """Write ``save`` to ``path`` atomically, touching ``updated``; SaveError("write-failed").

    With ``replace=False`` an existing file is never replaced: FileExistsError.
    """
    path = Path(path)
    save.updated = _now()
    try:
        paths.write_atomic(path, _encode(save), replace=replace)
    except FileExistsError:
        if not replace:
            raise
        log.error("could not write the save %s: a folder or file is in the way", path)
        raise SaveError("write-failed", path, "file exists") from None
    except OSError as exc:
        log.error("could not write the save %s: %s", path, exc)
        raise SaveError("write-failed", path, str(exc)) from exc


def read_save(path: Path | str) -> SaveGame:
    """Read and check a save without replaying it; raises SaveError only."""
    path = Path(path)
    try:
        raw = paths.read_capped(path, MAX_FILE_BYTES)
    except paths.NotAFileError as exc:
        raise SaveError("not-a-file", path, str(exc)) from None
    except paths.TooLargeError as exc:
        raise SaveError("too-large", path, str(exc)) from None
    except (OSError, ValueError) as exc:
        raise SaveError("unreadable", path, str(exc)) from None
    return save_from_dict(_decode(raw, path), path)


def load_save(path: Path | str) -> tuple[SaveGame, State]:
    """The save at ``path`` and the game state its moves lead to.

    Raises SaveError (logged with its English detail) if the file cannot be
    used — and nothing else, whatever the file holds; the file is never
    changed. The save remembers ``path`` as its own file.
    """
    path = Path(path)
    try:
        save = read_save(path)
        try:
            state = save.replay(path)
            save.note_state(state)
        except SaveError:
            raise
        except Exception as exc:  # noqa: BLE001 - an engine failure on odd input must not crash
            log.exception("replaying %s failed", path)
            raise SaveError("corrupt", path, f"replay failed: {_short(exc, 200)}") from None
    except SaveError as err:
        log.warning("save %s refused (%s): %s", path, err.code, err.detail)
        raise
    return save, state


def saves_dir() -> Path:
    """The folder of saved games (in the user's data folder)."""
    return paths.user_data_dir() / "saves"


def autosave(save: SaveGame, state: State | None = None) -> bool:
    """Write the game to its own file (giving it one on the first call); never raises.

    This is the table's one call after every move; ``state`` is the table's
    live state of the game, from which a finished game's result is written
    (the save replays nothing itself). A failure (full disk, a folder that
    cannot be written, anything) is logged and reported as False. A finished
    game stays as a record; :mod:`nile_desktop.saves.library` keeps only the
    newest records when it lists the folder.
    """
    try:
        if state is not None:
            save.note_state(state)
        if save.path is None:
            save.path = new_save_path()
        if save.path not in save_locks.held():
            save_locks.claim(save.path)
        write_save(save.path, save)
    except SaveError:
        return False
    except Exception:  # noqa: BLE001 - documented never to raise: the table must go on
        log.exception("autosave failed")
        return False
    return True


def log_opened(save: SaveGame, how: str) -> None:
    """One line in the log file when a game is started, continued, loaded or imported, so a
    player's report shows which game the lines after it belong to."""
    kinds = ",".join(seat.kind for seat in save.seats)
    log.info("%s: %s, %d players (%s), seed %d, rules %s, at move %d", how, save.path,
             len(save.seats), kinds, save.seed, save.rules, len(save.moves))


def save_and_leave(save: SaveGame, state: State | None = None) -> bool:
    """"Save and leave": write the game now (it is then first for Continue); never raises.

    Returns False if the disk refused, so the menu can say the game was not
    saved (the moves up to the last successful autosave are still on disk).
    """
    ok = autosave(save, state)
    if save.path is not None:
        save_locks.release(save.path)
    log.info("left the game %s (%s)", save.path, "saved" if ok else "NOT saved")
    return ok


_STEM_RE = re.compile(r"[^A-Za-z0-9_-]+")


def new_save_path(stem: str = "game") -> Path:
    """A free file name in ``saves_dir()``, e.g. ``game-20260131-180211.json``.

    ``stem`` is reduced to letters, digits, ``-`` and ``_`` (anything else,
    such as ``../``, is dropped), so the path is always inside the folder.
    """
    stem = _STEM_RE.sub("", stem)[:40] or "game"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    candidate = folder / f"{stem}-{stamp}.json"
    counter = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{stamp}-{counter}.json"
        counter += 1
    return candidate
