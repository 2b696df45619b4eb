"""Each player's record: games, wins, piles and accuracy, kept apart from the saves.

Pruning old saves must never cost a player their history, so the record is
its own file, ``record.json`` in the user data folder::

    {"format": "nile-record/1",
     "players": {
       "Ana": {"games": [
         {"id": "3f5c…", "date": "2026-12-01T18:02:11+00:00", "seats": 2,
          "opponents": "hard", "won": true, "smallest_pile": 7,
          "mean_loss": 2.4, "takebacks": false}, …]}}}

One entry per finished game and player name (``id`` is the game's digest,
so recording a game twice keeps one entry, and a review done later adds
its ``mean_loss`` to it). ``opponents`` is the strongest bot level among
the other seats, or ``"people"`` if they were all people. From the entries,
pure functions give the numbers the record screen shows (:func:`stats`):
games and wins by opponent level and by number of seats, the average
smallest pile, accuracy over time and the best game — counting games
played with take-backs apart, as the Dominion and Race for the Galaxy
apps do, since a take-back after cards were revealed lets a player know them.

:class:`RecordStore` reads and changes the file. Every running copy of the
game adds its games to the same file, so every change is a fresh read, the
change and a write, all under the file's lock (:mod:`.change_lock`), and a
Reset forgets only the games the person was shown: no copy ever writes over
a game another copy recorded. Writes go through a temporary file renamed
over the old one. The file is read as the settings are: through the bounded
reader (a pipe, a device, a folder or a huge file is refused at once), text
that no disk or font takes (a lone surrogate) replaced; a file that cannot
be used is set aside as ``record.json.bad`` (never overwritten) and the
record starts anew, the store saying so in :attr:`RecordStore.notice`, and
entries that are damaged are skipped one by one, the rest kept — a player's
data is never lost silently, and the record is never left unwritable.

The game changes the record off its main thread (:func:`record_later`,
:class:`RecordTask`), so a slow disk or another copy's change never holds a
frame. A finished game whose entry cannot be written (another copy holds
the lock past :data:`ADD_WAIT` seconds — stopped in a debugger —, a full
disk, a record kept as it is) is never lost: its entries are kept
*pending*, in memory and as a small file in ``.record.json.pending/``
beside the record, added with the next change of the record (the next
game, opening the record screen), and its save is not pruned while it is
pending (:func:`pending_games`). The player is told why, and that the game
will be added later.
"""

from __future__ import annotations

import csv
import errno
import hashlib
import io
import json
import logging
import math
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from nile_desktop import paths
from nile_desktop.engine import Outcome
from nile_desktop.i18n import _
from nile_desktop.saves.change_lock import LockBusyError, exclusive
from nile_desktop.saves.errors import SaveError
from nile_desktop.saves.errors import without_surrogates as clean_text
from nile_desktop.seats import SEAT_KINDS, SeatKind

if TYPE_CHECKING:
    from nile_desktop.saves.format import SaveGame

log = logging.getLogger(__name__)

RECORD_FORMAT = "nile-record/1"
FILE_NAME = "record.json"
PEOPLE = "people"
#: Most games kept per player (the oldest are dropped first).
MAX_GAMES = 5000
MAX_NAME = 64
#: The largest record file read (some 50 players with the most games each); larger is not ours.
MAX_FILE_BYTES = 64 << 20
#: Seconds a finished game waits for another copy's change of the record (which takes
#: milliseconds) before it is kept pending: a stopped copy costs the player no longer.
ADD_WAIT = 3.0
PENDING_FORMAT = "nile-record-pending/1"
#: A pending file holds one game's entries (one per person): a few hundred bytes.
MAX_PENDING_BYTES = 64 * 1024
CSV_COLUMNS = ("player", "date", "seats", "opponents", "won", "smallest_pile", "mean_loss",
               "takebacks", "id")


def game_digest(rules: dict[str, Any], seed: int, moves: Sequence[str]) -> str:
    """A short digest naming one game: its rules, seed and moves."""
    text = json.dumps([rules, seed, list(moves)], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:24]


def opponent_level(kinds: Sequence[str], seat: int) -> str:
    """The strongest bot level among the seats other than ``seat``; "people" if none is a bot."""
    bots = [k for s, k in enumerate(kinds) if s != seat and k != SeatKind.HUMAN]
    if not bots:
        return PEOPLE
    return max(bots, key=lambda k: (SEAT_KINDS.index(k) if k in SEAT_KINDS else len(SEAT_KINDS),
                                    k))


@dataclass(frozen=True)
class RecordEntry:
    """One finished game of one player, as the record keeps it (fields in the file's order:
    :meth:`to_dict` writes the file's object, :meth:`from_data` reads one back, checked)."""

    id: str
    date: str
    seats: int
    opponents: str
    won: bool
    smallest_pile: int
    mean_loss: float | None = None
    takebacks: bool = False

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_data(cls, item: object) -> RecordEntry | None:
        """A clean entry from the file's object, or None if it is damaged (each field of the
        type written; a text cut and cleaned of lone surrogates)."""
        if not isinstance(item, dict):
            return None
        try:
            loss = item["mean_loss"]
            entry = cls(id=_text(item["id"], 64), date=_text(item["date"], 64),
                        seats=int(item["seats"]), opponents=_text(item["opponents"], 32),
                        won=item["won"], smallest_pile=int(item["smallest_pile"]),
                        mean_loss=None if loss is None else float(loss),
                        takebacks=item["takebacks"])
        except (KeyError, TypeError, ValueError, OverflowError):
            return None
        if not 1 <= entry.seats <= 64 or entry.smallest_pile < 0:
            return None
        if not (isinstance(entry.won, bool) and isinstance(entry.takebacks, bool)):
            return None
        if entry.mean_loss is not None and not math.isfinite(entry.mean_loss):
            return None
        return entry


@dataclass(frozen=True)
class Record:
    """Every player's games, oldest first (:meth:`to_dict` is the file's object)."""

    players: dict[str, tuple[RecordEntry, ...]] = field(default_factory=dict)

    def games(self, name: str) -> tuple[RecordEntry, ...]:
        return self.players.get(name, ())

    def to_dict(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT,
                "players": {name: {"games": [entry.to_dict() for entry in games]}
                            for name, games in self.players.items()}}


def game_entry(game_id: str, date: str, kinds: Sequence[str], seat: int, result: Outcome,
               takebacks: bool = False, mean_loss: float | None = None) -> RecordEntry:
    """The record entry of ``seat`` in a finished game with engine ``result``."""
    won = seat in result.winners
    piles = result.piles[seat]
    return RecordEntry(id=game_id, date=date, seats=len(kinds),
                       opponents=opponent_level(kinds, seat), won=bool(won),
                       smallest_pile=int(piles[0]) if piles else 0, mean_loss=mean_loss,
                       takebacks=bool(takebacks))


def entry_from_save(save: SaveGame, seat: int, takebacks: bool = False,
                    mean_loss: float | None = None) -> RecordEntry | None:
    """The entry of ``seat`` for a finished :class:`~nile_desktop.saves.SaveGame`, else None."""
    result = save.result  # written from the live state when the game was saved
    if result is None:
        try:
            state = save.replay()
        except SaveError:
            return None
        result = state.result  # None while the game goes on (R-END-2)
    if result is None:
        return None
    return game_entry(game_digest(save.rules, save.seed, save.moves), save.updated,
                      [s.kind for s in save.seats], seat, result, takebacks, mean_loss)


def _text(value: object, limit: int) -> str:
    """Stored text as the record keeps it: a string, cut to ``limit``, lone surrogates replaced."""
    return clean_text(str(value)[:limit])


def player_name(name: str) -> str:
    """A player's name as the record keeps it (cut, lone surrogates replaced)."""
    return _text(name, MAX_NAME)


def clean_record(data: object) -> tuple[Record, int]:
    """The record of the file's object ``data`` with every damaged entry dropped, and how
    many were dropped."""
    players: dict[str, tuple[RecordEntry, ...]] = {}
    dropped = 0
    stored = data.get("players") if isinstance(data, dict) else None
    if not isinstance(stored, dict):
        return Record(), (0 if data is None else 1)
    for name, player in stored.items():
        games = player.get("games") if isinstance(player, dict) else None
        if not isinstance(name, str) or not isinstance(games, list):
            dropped += 1
            continue
        kept = [e for e in map(RecordEntry.from_data, games) if e is not None]
        dropped += len(games) - len(kept)
        # Two names may read the same once cleaned: their games go together, none is lost.
        merged = (*players.get(player_name(name), ()), *kept)
        players[player_name(name)] = merged[-MAX_GAMES:]
    return Record(players), dropped


def with_game(record: Record, name: str, entry: RecordEntry) -> Record:
    """The record with ``entry`` added for ``name`` (replacing one of the same game, whose
    accuracy it keeps if it has none)."""
    name = player_name(name)
    games = list(record.games(name))
    old = next((e for e in games if e.id == entry.id), None)
    if old is not None:
        games.remove(old)
        if entry.mean_loss is None:
            entry = replace(entry, mean_loss=old.mean_loss)
    games.append(entry)
    return Record({**record.players, name: tuple(games[-MAX_GAMES:])})


def without_player(record: Record, name: str | None = None,
                   seen: Mapping[str, Collection[str]] | None = None) -> Record:
    """The record with ``name``'s games removed (everyone's if ``name`` is None).

    With ``seen`` (the game ids of each player as the person was shown them), only
    those games go: one recorded since by another copy of the game stays.
    """
    players = dict(record.players)
    for player in [p for p in players if name is None or p == name]:
        gone = None if seen is None else set(seen.get(player, ()))
        games = () if gone is None else tuple(g for g in players[player] if g.id not in gone)
        if games:
            players[player] = games
        else:
            del players[player]
    return Record(players)


@dataclass(frozen=True)
class Tally:
    """Games and wins of one group."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> Tally:
        return Tally(self.games + 1, self.wins + int(won))


@dataclass(frozen=True)
class RecordStats:
    """The record screen's numbers for one player (see :func:`stats`)."""

    games: int
    wins: int
    by_level: dict[str, Tally]
    by_seats: dict[int, Tally]
    average_smallest_pile: float | None
    accuracy: list[tuple[str, float]]
    best: RecordEntry | None
    takebacks: Tally


def stats(games: Iterable[RecordEntry]) -> RecordStats:
    """The record screen's numbers for one player's entries (oldest first).

    Games with take-backs are only counted in ``takebacks``; every other
    number is over the games played without them.
    """
    clean: list[RecordEntry] = []
    takebacks = Tally()
    for game in games:
        if game.takebacks:
            takebacks = takebacks.add(game.won)
        else:
            clean.append(game)
    total = Tally()
    by_level: dict[str, Tally] = {}
    by_seats: dict[int, Tally] = {}
    for game in clean:
        total = total.add(game.won)
        by_level[game.opponents] = by_level.get(game.opponents, Tally()).add(game.won)
        by_seats[game.seats] = by_seats.get(game.seats, Tally()).add(game.won)
    piles = [g.smallest_pile for g in clean]
    best = max(clean, default=None, key=lambda g: (g.won, g.smallest_pile,
                                                   -(g.mean_loss if g.mean_loss is not None
                                                     else 100.0)))
    return RecordStats(games=total.games, wins=total.wins,
                       by_level={k: by_level[k] for k in sorted(by_level)},
                       by_seats={k: by_seats[k] for k in sorted(by_seats)},
                       average_smallest_pile=round(sum(piles) / len(piles), 2) if piles else None,
                       accuracy=[(g.date, g.mean_loss) for g in clean if g.mean_loss is not None],
                       best=best, takebacks=takebacks)


def _csv_cell(value: object) -> str:
    text = "" if value is None else str(value)
    # A spreadsheet runs a cell that starts like a formula; a quote keeps it text.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def csv_text(record: Record, name: str | None = None) -> str:
    """The record as CSV (one row per game; one player's or everyone's), header first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for player, games in record.players.items():
        if name is not None and player != name:
            continue
        for game in games:
            row = {"player": player, **game.to_dict()}
            writer.writerow([_csv_cell(row[c]) for c in CSV_COLUMNS])
    return out.getvalue()


def _is_newer(value: object) -> bool:
    """True for a record format of a later version than this one."""
    name, _slash, version = str(value).partition("/")
    return name == "nile-record" and version.isdigit() and int(version) > 1


class RecordStore:
    """The record file: read as it is now, changed under its lock, written atomically.

    :attr:`data` is the record as last read (what a screen shows); every change
    reads the file again under the lock, so it starts from what every copy of
    the game has written, not from :attr:`data`.
    """

    def __init__(self, path: Path | None = None, read: bool = True) -> None:
        self.path = path if path is not None else paths.user_data_dir() / FILE_NAME
        #: A sentence for the player when the file had to be set aside or was partly damaged.
        self.notice = ""
        #: Set when the file on disk could not be read or set aside: it is then never overwritten.
        self.frozen = False
        #: The record as last read (empty until then when made with ``read=False``).
        self.data = self._locked_read() if read else Record()

    def _lock_set_aside(self, kept_as: Path) -> None:
        self.notice = _("Your record's lock file was damaged; it was kept as {name} and made "
                        "anew.").format(name=kept_as.name)

    def _locked_read(self) -> Record:
        """The record now, read under the lock (a damaged file is set aside by one copy)."""
        try:
            with exclusive(self.path, on_set_aside=self._lock_set_aside):
                return self._read(may_set_aside=True)
        except OSError as exc:  # no lock to be had (a read-only folder): read, change nothing
            log.warning("reading the record %s without its lock: %s", self.path, exc)
            return self._read(may_set_aside=False)

    def _read(self, may_set_aside: bool) -> Record:
        self.frozen = False
        try:
            raw = paths.read_capped(self.path, MAX_FILE_BYTES)
        except FileNotFoundError:
            return Record()
        except OSError as exc:  # a pipe, a device, a folder, far too large, not readable
            return self._set_aside(str(exc), may_set_aside)
        try:
            parsed = json.loads(raw.decode("utf-8-sig"))
            if isinstance(parsed, dict) and _is_newer(parsed.get("format")):
                self.notice = _("Your record was written by a newer version of the game; "
                                "it is left as it is.")
                self.frozen = True
                return Record()
            if not isinstance(parsed, dict) or parsed.get("format") != RECORD_FORMAT:
                raise ValueError("not a record")
        except (ValueError, RecursionError) as exc:
            return self._set_aside(str(exc), may_set_aside)
        data, dropped = clean_record(parsed)
        if dropped:
            log.warning("record %s: %d damaged entries skipped", self.path, dropped)
            self._set_aside(f"{dropped} damaged entries", may_set_aside, keep=data)
        return data

    def _set_aside(self, why: str, may: bool, keep: Record | None = None) -> Record:
        """Keep the damaged file as ``.bad`` and say so; continue with ``keep`` (or nothing)."""
        try:
            if not may:
                raise OSError("the record's lock could not be had")
            kept_as = paths.set_aside(self.path, "bad")
        except OSError as exc:
            log.error("could not set the record %s aside (%s): %s", self.path, why, exc)
            self.notice = _("Your record file is damaged and could not be set aside.")
            self.frozen = True
        else:
            log.warning("record %s set aside as %s: %s", self.path, kept_as, why)
            self.notice = _("Your record file was damaged; it was kept as {name}.").format(
                name=kept_as.name)
        if keep is None:
            return Record()
        if self.frozen:
            return keep
        try:
            self._write(keep)
        except OSError as exc:
            log.error("could not write the record %s: %s", self.path, exc)
        return keep

    def _write(self, record: Record) -> None:
        data = record.to_dict()
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate got in after all: written escaped
            raw = (json.dumps(data, indent=1, ensure_ascii=True) + "\n").encode("ascii")
        paths.write_atomic(self.path, raw)

    def change(self, how: Callable[[Record], Record],
               wait: float | None = None) -> None:
        """Read the file afresh, apply ``how`` (a pure function) and write the result, all
        under the lock (waiting ``wait`` seconds for it at most); OSError (the file
        untouched) if it cannot.

        A file that could not be read or set aside is never overwritten.
        """
        with exclusive(self.path, **({} if wait is None else {"wait": wait}),
                       on_set_aside=self._lock_set_aside):
            data = self._read(may_set_aside=True)
            if self.frozen:
                raise OSError(f"the record {self.path} is damaged and kept as it is")
            data = how(data)
            self._write(data)
        self.data = data

    def add_game(self, name: str, entry: RecordEntry) -> None:
        self.change(lambda data: with_game(data, name, entry))

    def reset(self, name: str | None = None) -> None:
        """Forget ``name``'s games (everyone's if None): those this store was shown."""
        seen = {player: [g.id for g in games] for player, games in self.data.players.items()}
        self.change(lambda data: without_player(data, name, seen))

    def names(self) -> list[str]:
        return sorted(self.data.players)

    def stats(self, name: str) -> RecordStats:
        return stats(self.data.games(name))

    def export_csv(self, target: Path, name: str | None = None) -> None:
        """Write the record as CSV to ``target`` (atomically)."""
        paths.write_atomic(target, csv_text(self.data, name))


T = TypeVar("T")


class RecordTask(Generic[T]):
    """Work on the record on a thread of its own; the screen asks :attr:`done` each frame.

    ``result`` is what the work returned, ``error`` what it raised (then
    ``result`` is None). The thread is not a daemon: a game that quits while a
    change is under way lets it finish, so the record is never left behind.
    """

    def __init__(self, work: Callable[[], T], name: str = "record") -> None:
        self.result: T | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name=name)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except Exception as exc:  # noqa: BLE001 - handed to the screen, which says it
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the work to end (tests, the soak); True once it has."""
        return self._done.wait(timeout)


# -- the game's part: recording a finished game, adding a review's accuracy -------------------
def had_takebacks(save: SaveGame) -> bool:
    """Whether the game of ``save`` was played with take-backs (marked so by the table)."""
    return bool(getattr(save, "takebacks", False))


def _people(save: SaveGame) -> list[tuple[int, str]]:
    return [(seat_index, seat.shown_name) for seat_index, seat in enumerate(save.seats)
            if seat.kind == SeatKind.HUMAN]


def finished_entries(save: SaveGame, losses: dict[int, float] | None = None
                     ) -> list[tuple[str, RecordEntry]]:
    """The record entries of a finished game: one per person who played it (none while the
    game goes on); ``losses`` maps a seat to its accuracy from a review."""
    entries = [(name, entry_from_save(save, seat, had_takebacks(save), (losses or {}).get(seat)))
               for seat, name in _people(save)]
    return [(name, entry) for name, entry in entries if entry is not None]


Entries = Sequence[tuple[str, RecordEntry]]
#: Games whose entries could not be written yet, by pending folder and game id (in memory
#: too: a full disk may refuse the pending file as well).
_pending: dict[Path, dict[str, list[tuple[str, RecordEntry]]]] = {}
_pending_guard = threading.Lock()


def pending_folder(record: Path | None = None) -> Path:
    """The folder of the pending games of the record at ``record`` (the user's by default)."""
    record = record if record is not None else paths.user_data_dir() / FILE_NAME
    return record.with_name(f".{record.name}.pending")


def _keep_pending(folder: Path, entries: Entries) -> None:
    """Keep ``entries`` (of one or more games) to be added at the next chance."""
    games: dict[str, list[tuple[str, RecordEntry]]] = {}
    for name, entry in entries:
        games.setdefault(entry.id, []).append((name, entry))
    with _pending_guard:
        _pending.setdefault(folder, {}).update(games)
    for game_id, game in games.items():
        data = {"format": PENDING_FORMAT,
                "entries": [{"name": n, "entry": e.to_dict()} for n, e in game]}
        try:
            raw = json.dumps(data, ensure_ascii=True).encode("ascii")
            paths.write_atomic(folder / f"{game_id}.json", raw)
        except (OSError, ValueError) as exc:  # a full disk: kept in memory, added if it can be
            log.warning("the pending game %s is kept in memory only: %s", game_id, exc)


def _read_pending_file(path: Path) -> list[tuple[str, RecordEntry]] | None:
    """A pending file's entries; None (the file set aside) if it is not one the game wrote."""
    try:
        data = json.loads(paths.read_capped(path, MAX_PENDING_BYTES).decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != PENDING_FORMAT:
            raise ValueError("not a pending game")
        out = []
        for item in data["entries"]:
            entry = RecordEntry.from_data(item["entry"])
            if entry is None or not isinstance(item["name"], str):
                raise ValueError("a damaged entry")
            out.append((player_name(item["name"]), entry))
        return out
    except FileNotFoundError:
        return []  # added and removed by another copy meanwhile
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        try:
            kept = paths.set_aside(path, "bad")
        except OSError:
            log.error("the pending game %s is not usable (%s) nor could be set aside", path, exc)
        else:
            log.warning("the pending game %s is not usable (%s); kept as %s", path, exc, kept)
        return None


def _pending_entries(folder: Path) -> tuple[list[tuple[str, RecordEntry]], list[Path]]:
    """Every pending entry of ``folder`` (files and memory) and the files they came from."""
    with _pending_guard:
        entries = [pair for game in _pending.get(folder, {}).values() for pair in game]
    try:
        files = sorted(p for p in folder.iterdir() if p.name.endswith(".json"))
    except OSError:
        files = []
    used = []
    for path in files:
        read = _read_pending_file(path)
        if read is not None:
            entries.extend(read)
            used.append(path)
    return entries, used


def _forget_pending(folder: Path, ids: Collection[str], files: Sequence[Path]) -> None:
    """The pending games now in the record: out of memory, their files removed."""
    with _pending_guard:
        games = _pending.get(folder, {})
        for game_id in ids:
            games.pop(game_id, None)
    for path in files:
        try:
            path.unlink()
        except OSError:
            continue


def pending_games(record: Path | None = None) -> set[str]:
    """The ids of the games waiting to be added to the record (their saves must stay)."""
    folder = pending_folder(record)
    with _pending_guard:
        ids = set(_pending.get(folder, {}))
    try:
        ids.update(p.name.removesuffix(".json") for p in folder.iterdir()
                   if p.name.endswith(".json"))
    except OSError:
        pass
    return ids


def _why_not_added(exc: BaseException, store: RecordStore | None) -> str:
    """What kept a game out of the record, in the player's words (it is added later)."""
    if isinstance(exc, LockBusyError):
        return _("Another copy of the game kept your record busy, so this game is not in it "
                 "yet; it will be added the next time the record changes.")
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return _("The disk is full, so this game is not in your record yet; it will be added "
                 "once there is room.")
    if store is not None and store.frozen:
        return _("The game could not be added to your record; it is kept and will be added "
                 "once the record can be written.")
    return _("Your record could not be written, so this game is not in it yet; it will be "
             "added the next time the record changes.")


def add_entries(entries: Entries, store: RecordStore | None = None) -> list[str]:
    """Add ``entries`` to the record in one change, with every game still pending. Returns
    the sentences to show the player: none when all went well; a record that cannot be
    read or written never raises, and its games are kept pending, never lost."""
    store = store if store is not None else RecordStore(read=False)
    folder = pending_folder(store.path)
    waiting, files = _pending_entries(folder)
    if not entries and not waiting:
        return []
    every = [*waiting, *entries]

    def added(record: Record) -> Record:
        for name, entry in every:
            record = with_game(record, name, entry)
        return record

    try:
        store.change(added, wait=ADD_WAIT)
    except (OSError, ValueError) as exc:
        log.error("could not write the record (%d games kept pending): %s",
                  len({e.id for _n, e in every}), exc)
        if entries:
            _keep_pending(folder, entries)
        notices = [store.notice] if store.notice else []
        return [*notices, _why_not_added(exc, store)] if entries else notices
    _forget_pending(folder, {entry.id for _name, entry in every}, files)
    return [store.notice] if store.notice else []


def open_store() -> RecordStore:
    """The user's record as it is now, with the games still pending added first (the record
    screen's reading: opening it is a chance to add them)."""
    add_entries([])
    return RecordStore()


def record_finished(save: SaveGame, losses: dict[int, float] | None = None,
                    store: RecordStore | None = None) -> list[str]:
    """Add a finished game to the record of every person who played it (one entry per seat),
    here and now (:func:`record_later` does it off the caller's thread).

    ``losses`` maps a seat to its accuracy from a review (points lost per
    decision). Returns the sentences to show the player: none when all went
    well; a record that cannot be read or written never raises.
    """
    return add_entries(finished_entries(save, losses), store)


def record_later(save: SaveGame, losses: dict[int, float] | None = None) -> RecordTask[list[str]]:
    """:func:`record_finished` on a thread of its own: the entries are taken from ``save``
    now (it may change afterwards), the file is read and written there. The task's
    ``result`` is the sentences to show the player."""
    entries = finished_entries(save, losses)
    return RecordTask(lambda: add_entries(entries))
