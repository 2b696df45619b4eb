"""Saved games: the rules, the seed, the seats and the moves, replayed on load.

A game is fully decided by its setup and its moves (the engine is seeded
and deterministic), so a save holds nothing else: it stays small, it is
readable, it doubles as a bug report and as the file two players share
(export/import), and loading it checks itself — every move is played again
through the engine, so a save that does not describe a legal game is
refused instead of producing an impossible table.

Every game has its own file (a :class:`SaveGame` knows its ``path``),
written after every move (:mod:`nile_desktop.saves.files`). A save that cannot be used raises
:class:`SaveError` with a code and a message in the player's language that
names the file (damaged, cut off, not a save at all, from a newer game, a
move the rules refuse, a bad list of players) — whatever the file holds:
huge numbers, deep nesting and odd text all end as a SaveError, never as
another exception.

File layout (``nile-save/2``; ``/1`` files, without ``result`` and with
exactly the three rules below, are read too)::

    {"format": "nile-save/2", "app_version": "0.1.0",
     "created": "2026-01-31T18:02:11+00:00", "updated": "…",
     "rules": {"players": 3, "monuments": true, "random_crops": false, …},
     "seed": 123,
     "seats": [{"name": "Ana", "kind": KIND, "colour": 0},
               {"name": "Player 2", "kind": KIND, "colour": 1, "default_name": true}, …],
     "moves": ["market wheat flax", "plant castor castor", …],
     "reasons": [null, {"msgid": "…", "values": {…}}, …],
     "result": null}

``KIND`` is a seat kind's text (``nile_desktop.engine.seat_kinds.SeatKind``: a
person, or a bot level or personality, as ``make_bot`` knows them). A seat whose
player typed no name has ``"default_name": true`` and its name
in English (the catalogue's source text): it is shown in the language the game
is set to ("Hráč 2" in Czech), not in the language the game started in.
``rules`` holds every option the engine's ``Rules`` was created with (as
``Rules.to_dict()`` writes them), so rule-book options added to the engine
are kept without this module knowing them. ``reasons`` (optional, beside
``moves``) holds each bot's reason for its move, or null, as data (a message id and
its values, as :mod:`nile_desktop.ai.reason_data` writes and reads it: the save
only keeps it, so this module knows nothing of the bots), so a resumed game's
log still says why the bots played; a reason that is not such data is dropped,
never the game, and one the bots cannot tell is not told. ``result`` is the
engine's result once the game is over, taken from the live state the table hands
to :func:`~nile_desktop.saves.files.autosave` (for other tools; on load it is
recomputed). A save keeps no state of its own: the table's session holds the one
live state of a game.
``review`` (optional) holds the game reviews computed for it (:mod:`nile_desktop.review.cache`),
kept as read whenever the save is written again.
``takebacks`` (optional, written only when true) marks a game in which a
person took back a turn against the bots; a save without it has none.
Creating, writing, reading, loading and autosaving save files are in
:mod:`nile_desktop.saves.files`; listing, deleting, records, import and export in
:mod:`nile_desktop.saves.library`.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeAlias, overload

from nile_desktop import __version__, i18n
from nile_desktop.engine import EngineError, Outcome, Rules, State, new_game
from nile_desktop.engine.rules import SEED_MAX
from nile_desktop.saves.errors import SaveError, without_surrogates
from nile_desktop.seats import SEAT_KINDS, SEATS, SeatKind

log = logging.getLogger(__name__)

FORMAT_NAME = "nile-save"
FORMAT_VERSION = 2
SAVE_FORMAT = f"{FORMAT_NAME}/{FORMAT_VERSION}"
#: The single autosave slot of version 1 of the game; still read (and continued) if present.
AUTOSAVE_NAME = "autosave.json"
SEAT_COLOURS = len(SEATS)
MAX_NAME_LENGTH = 64
#: A real save is a few kilobytes; a file larger than this is refused unread.
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_MOVES = 20_000
MAX_MOVE_LENGTH = 200
#: A bot's reason as the file keeps it: text of at most this many characters, or a message
#: id with its values in at most this many bytes of JSON.
MAX_REASON_TEXT = 200
MAX_REASON_BYTES = 4096
#: A bot's reason as a save keeps it: its text, or ``{"msgid": …, "values": {…}}`` (JSON).
ReasonData: TypeAlias = str | dict[str, Any] | None


# ---------------------------------------------------------------------------
# The save itself


@dataclass(frozen=True)
class Seat:
    """One place at the table: who sits there and in which colour."""

    name: str
    kind: SeatKind
    colour: int  # 0 .. SEAT_COLOURS - 1
    #: True when nobody typed the name: it is English source text, shown translated.
    default_name: bool = False

    def __post_init__(self) -> None:
        # the kind is always a SeatKind, whoever built the seat ("easy" and SeatKind.EASY
        # are the same kind; the file keeps its text)
        object.__setattr__(self, "kind", SeatKind(self.kind))

    @property
    def shown_name(self) -> str:
        return i18n.shown_default_name(self.name) if self.default_name else self.name

    def to_dict(self) -> dict[str, Any]:
        seat = {"name": self.name, "kind": self.kind.value, "colour": self.colour}
        return {**seat, "default_name": True} if self.default_name else seat


class ShownNames(Sequence[str]):
    """The seats' names as shown at the moment each one is read.

    A default name follows the language ("Player 2" becomes "Hráč 2" the moment
    the game switches to Czech), so whatever keeps this sequence (the table, a
    banner, a log line) shows the same names as the Load list, never a copy made
    in the language the table opened in.
    """

    def __init__(self, seats: Callable[[], Sequence[Seat]]) -> None:
        self._seats = seats

    def __len__(self) -> int:
        return len(self._seats())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [seat.shown_name for seat in self._seats()[index]]
        return self._seats()[index].shown_name

    def __repr__(self) -> str:
        return f"ShownNames({list(self)!r})"


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class SaveGame:
    """One game as saved: setup plus the moves played so far, and the file it lives in.

    ``path`` is None until the first :func:`~nile_desktop.saves.files.autosave` gives the
    game its own file in ``saves_dir()``; a loaded save keeps the path it was read from.
    """

    rules: dict[str, Any]
    seed: int
    seats: list[Seat]
    moves: list[str] = field(default_factory=list)
    #: Why each move was played (a bot's reason as data), or None; as long as ``moves`` or
    #: shorter.
    reasons: list[ReasonData] = field(default_factory=list)
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    app_version: str = __version__
    format: str = SAVE_FORMAT
    path: Path | None = field(default=None, compare=False, repr=False)
    #: The engine's result once the game is over (from the live state, see note_state), else None.
    result: Outcome | None = field(default=None, compare=False, repr=False)
    #: The game reviews computed for this game (``nile_desktop.review.cache``), kept as read so
    #: a later write never loses them; the review checks them itself before using one.
    review: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    #: True once a person took back a turn against the bots: they may have seen cards to come,
    #: so the game is marked "with take-backs" (the Load list, the review, the record).
    takebacks: bool = False

    @property
    def player_names(self) -> list[str]:
        """The names as shown now (a list: it keeps the current language's names)."""
        return [seat.shown_name for seat in self.seats]

    @property
    def shown_names(self) -> ShownNames:
        """The names as shown whenever read: for whatever shows them longer than a frame."""
        return ShownNames(lambda: self.seats)

    def engine_rules(self) -> Rules:
        return Rules(**self.rules)

    def new_state(self) -> State:
        """The game as dealt, before any move."""
        return new_game(self.engine_rules(), self.seed)

    def record(self, move: object, reason: ReasonData = None) -> None:
        """Add one played move (a ``Move`` or its text) and why it was played (a bot's reason
        as data); touch ``updated``."""
        del self.reasons[len(self.moves):]  # one reason (or None) per move, in step
        self.reasons.extend([None] * (len(self.moves) - len(self.reasons)))
        self.moves.append(str(move))
        self.reasons.append(reason)
        self.updated = now()

    def reason_at(self, index: int) -> ReasonData:
        """Why move ``index`` was played (a bot's reason as data), or None."""
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
        hands it over when the save is written (:func:`~nile_desktop.saves.files.autosave`).
        """
        self.result = state.result if state.over else None

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
            "reasons": list(self.reasons[:len(self.moves)]),
            "result": self.result.to_dict() if self.result is not None else None,
            **({"review": self.review} if self.review is not None else {}),
            **({"takebacks": True} if self.takebacks else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# Checking what a file holds


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def short(value: object, limit: int = 80) -> str:
    """A ``repr`` for messages that cannot fail (deep nesting, huge integers) and stays short."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - RecursionError, ValueError (int too long to print), …
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


_RULES_V1 = ("players", "monuments", "random_crops")


def check_rules(data: object, path: Path | str, version: int = FORMAT_VERSION) -> dict[str, Any]:
    """The rules as ``Rules.to_dict()`` writes them; SaveError("bad-game") if the engine refuses.

    Each option must have the type of its default in ``Rules`` (so ``"yes"``
    is not taken for true); which options exist is the engine's business.
    """
    if not isinstance(data, Mapping):
        raise SaveError("bad-game", path, "rules is not an object")
    if version < 2 and set(data) != set(_RULES_V1):
        raise SaveError("bad-game", path, f"rules keys {short(sorted(map(str, data)))}")
    options = {f.name: f for f in fields(Rules)}
    for key, value in data.items():
        option = options.get(key) if isinstance(key, str) else None
        if option is None:
            raise SaveError("bad-game", path, f"unknown rule {short(key)}")
        expected = type(option.default) if option.default is not MISSING else int
        if type(value) is not expected:
            raise SaveError("bad-game", path, f"rules.{key} is {short(value)}")
    try:
        rules = Rules(**data)
    except Exception as exc:  # noqa: BLE001 - TypeError (a missing option), ValueError, …
        raise SaveError("bad-game", path, f"rules refused: {short(str(exc), 200)}") from None
    return dict(rules.to_dict())


def check_seed(seed: object, path: Path | str) -> int:
    if not _is_int(seed) or not 0 <= seed <= SEED_MAX:  # type: ignore[operator]
        raise SaveError("bad-game", path, f"seed is {short(seed)}")
    return seed  # type: ignore[return-value]


def clean_name(name: str) -> str:
    """A player's name that any disk and any font can take: no lone surrogates (they become
    U+FFFD), no control characters, no spaces around it."""
    return "".join(c for c in without_surrogates(name) if c.isprintable()).strip()


def check_seats(data: object, players: int, path: Path | str) -> list[Seat]:
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
            raise SaveError("bad-seats", path, f"seat {index} name {short(name)}")
        if not isinstance(kind, str) or kind not in SEAT_KINDS:
            raise SaveError("bad-seats", path, f"seat {index} kind {short(kind)}")
        if not _is_int(colour) or not 0 <= colour < SEAT_COLOURS:  # type: ignore[operator]
            raise SaveError("bad-seats", path, f"seat {index} colour {short(colour)}")
        seats.append(Seat(name, SeatKind(kind), colour,  # type: ignore[arg-type]
                          item.get("default_name") is True))
    return seats


def _check_moves(data: object, path: Path | str) -> list[str]:
    if (not isinstance(data, list) or len(data) > MAX_MOVES
            or not all(isinstance(m, str) and len(m) <= MAX_MOVE_LENGTH for m in data)):
        raise SaveError("bad-game", path, "moves is not a list of move texts")
    return list(data)


def _check_reason(item: object) -> ReasonData:
    """One bot's reason as data, or None for anything else: short printable text, or a
    message id with its values, small enough (whether the bots know the message is
    theirs to say when the reason is told)."""
    if isinstance(item, str):
        return item if 0 < len(item) <= MAX_REASON_TEXT and item.isprintable() else None
    if (isinstance(item, dict) and set(item) == {"msgid", "values"}
            and isinstance(item["msgid"], str) and isinstance(item["values"], dict)):
        try:
            size = len(json.dumps(item))
        except RecursionError:  # nested deeper than any reason a bot gives
            return None
        return item if size <= MAX_REASON_BYTES else None
    return None


def _check_reasons(data: object, moves: int) -> list[ReasonData]:
    """The bots' reasons beside the moves; anything unreadable is dropped (never an error)."""
    if not isinstance(data, list) or len(data) > moves:
        return []
    return [_check_reason(item) for item in data]


_FORMAT_RE = re.compile(rf"^{FORMAT_NAME}/([0-9]{{1,6}})$")


def save_from_dict(data: object, path: Path | str = "") -> SaveGame:
    """Check a decoded save and build the SaveGame (no replay); raises SaveError only."""
    try:
        return _save_from_dict(data, path)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - any other surprise in odd data is damage too
        raise SaveError("corrupt", path, f"unexpected content: {short(exc, 200)}") from None


def _save_from_dict(data: object, path: Path | str) -> SaveGame:
    if not isinstance(data, dict) or not isinstance(data.get("format"), str):
        raise SaveError("foreign", path, "no 'format' key")
    match = _FORMAT_RE.match(data["format"])
    if not match:
        raise SaveError("foreign", path, f"format {short(data['format'])}")
    version = int(match.group(1))
    if version > FORMAT_VERSION:
        raise SaveError("newer", path, f"format {data['format']!r}")
    if version < 1:
        raise SaveError("foreign", path, f"format {data['format']!r}")
    rules = check_rules(data.get("rules"), path, version)
    created, updated = data.get("created"), data.get("updated")
    moves = _check_moves(data.get("moves"), path)
    return SaveGame(
        rules=rules,
        seed=check_seed(data.get("seed"), path),
        seats=check_seats(data.get("seats"), rules["players"], path),
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


def decode(raw: bytes, path: Path) -> object:
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
        raise SaveError("corrupt", path, short(str(exc), 200)) from None
