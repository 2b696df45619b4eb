"""The player's saved games as a whole: listing with its index, Continue, deleting, records.

:mod:`nile_desktop.saves` reads and writes one file; this module looks
after the folder. The Load screen lists every file (newest first) with its
players, season and date; one odd file must never hide the others, so each
file is summed up on its own and any failure marks only that file broken.
Broken files are never changed here: deleting one from the Load screen
renames it ``<name>.bad`` (never over an earlier one) instead.

Summing up a save means replaying it, which takes a millisecond or more;
a folder of 10,000 saves would take seconds. So the summaries of good saves
are kept in a small index beside them (``.save-index``: hidden, and no
``*.json`` that anything could take for a save), each with the file's
modification time and size: a summary is used only while its file is
unchanged, a damaged or foreign index is ignored and written anew, so
the index heals itself and never decides what a save holds. The title
screen lists in the background (:class:`Listing`), so its first frame never
waits for the folder.

A save another running copy of the game is playing is marked
(``SaveInfo.in_use``, see :mod:`nile_desktop.saves.in_play`). Finished games
stay as records with their result; only the newest :data:`RECORDS_KEPT`
are kept, tidied up whenever the folder is listed (never one still waiting
to be added to the player's record). Sharing a game (export and import,
and the checks that keep the game's own folders out of it) is
:mod:`nile_desktop.saves.sharing`.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from nile_desktop import paths
from nile_desktop.engine import State
from nile_desktop.i18n import shown_default_name
from nile_desktop.saves import in_play as save_locks
from nile_desktop.saves import record
from nile_desktop.saves.errors import SaveError
from nile_desktop.saves.files import load_save, saves_dir
from nile_desktop.saves.format import AUTOSAVE_NAME, SaveGame

log = logging.getLogger(__name__)

#: How many finished games are kept as records (the newest ones).
RECORDS_KEPT = 100
#: Dates a save may carry; anything else (year 1, year 9999) is out of every clock's range.
EARLIEST_YEAR, LATEST_YEAR = 1971, 9000


@dataclass(frozen=True)
class SaveInfo:
    """What the Load screen shows about one file in ``saves_dir()``.

    A broken file has ``broken=True`` and ``error`` (the SaveError, whose
    ``message`` is for the player); its other fields are best guesses.
    ``ranking`` is the result as groups of seat numbers, best first. ``players``
    are the names as the save keeps them; :attr:`names` shows them, a default name
    (``default_names``) in the language of the screen, so a summary kept in the
    index reads the same in any language.
    """

    path: Path
    updated: datetime  # timezone-aware UTC, always within EARLIEST_YEAR..LATEST_YEAR
    players: list[str]
    season: int | None
    seasons: int | None
    over: bool
    broken: bool = False
    error: SaveError | None = None
    kinds: list[str] = field(default_factory=list)
    ranking: list[list[int]] = field(default_factory=list)
    moves: int = 0
    #: The process id of another running copy of the game that plays this save, else None.
    in_use: int | None = None
    #: True for a game in which a person took back a turn against the bots.
    takebacks: bool = False
    #: For each of ``players``: True when nobody typed it (English source text, shown translated).
    default_names: list[bool] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """The players' names as shown now."""
        return [shown_default_name(name) if index < len(self.default_names)
                and self.default_names[index] else name
                for index, name in enumerate(self.players)]

    @property
    def is_autosave(self) -> bool:
        return self.path.name == AUTOSAVE_NAME


_info_cache: dict[Path, tuple[tuple[int, int], SaveInfo]] = {}


def _in_range(moment: datetime) -> bool:
    return EARLIEST_YEAR <= moment.year <= LATEST_YEAR


def parse_time(text: object, fallback: datetime) -> datetime:
    """An ISO date from a save as an aware UTC datetime; ``fallback`` if it is not a usable one."""
    try:
        moment = datetime.fromisoformat(text)  # type: ignore[arg-type]
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        moment = moment.astimezone(timezone.utc)
    except (TypeError, ValueError, OverflowError):
        return fallback
    return moment if _in_range(moment) else fallback


def _file_time(mtime: float) -> datetime:
    try:
        moment = datetime.fromtimestamp(mtime, timezone.utc)
    except (OverflowError, OSError, ValueError):
        return datetime.now(timezone.utc)
    return moment if _in_range(moment) else datetime.now(timezone.utc)


def _broken(path: Path, when: datetime, error: SaveError) -> SaveInfo:
    return SaveInfo(path, when, [], None, None, False, True, error)


def save_info(path: Path) -> SaveInfo:
    """Summary of one save file; never raises for a bad file (it is marked broken)."""
    try:
        stat = path.stat()
    except (OSError, ValueError) as exc:
        return _broken(path, datetime.now(timezone.utc), SaveError("unreadable", path, str(exc)))
    key = (stat.st_mtime_ns, stat.st_size)
    cached = _info_cache.get(path)
    if cached and cached[0] == key:
        return cached[1]
    file_time = _file_time(stat.st_mtime)
    try:
        save, state = load_save(path)
        info = summary(save, state, path, file_time)
    except SaveError as error:
        info = _broken(path, file_time, error)
    except Exception as exc:  # noqa: BLE001 - one odd file must never hide the others
        log.exception("summing up %s failed", path)
        info = _broken(path, file_time, SaveError("corrupt", path, repr(type(exc))))
    _info_cache[path] = (key, info)
    return info


def summary(save: SaveGame, state: State, path: Path, fallback: datetime) -> SaveInfo:
    """The Load screen's line about a save that loaded."""
    ranking = state.result.ranking if state.result is not None else ()
    return SaveInfo(path, parse_time(save.updated, fallback), [seat.name for seat in save.seats],
                    state.season, state.seasons, bool(state.over),
                    kinds=[seat.kind for seat in save.seats],
                    ranking=[list(group) for group in ranking],
                    moves=len(save.moves), takebacks=save.takebacks,
                    default_names=[seat.default_name for seat in save.seats])


INDEX_NAME = ".save-index"
INDEX_FORMAT = "nile-save-index/1"
#: An index of 10,000 saves is about 3 MB; a larger file is not one the game wrote.
MAX_INDEX_BYTES = 64 * 1024 * 1024

Key = tuple[int, int]


def _scan(folder: Path) -> tuple[dict[Path, Key], set[str]]:
    """The save files of ``folder`` with their (mtime_ns, size), and the names of lock files.

    Only regular ``*.json`` files count (a folder, pipe or device with that name is
    skipped); hidden files (temporary files, locks, the index) are never saves.
    """
    files: dict[Path, Key] = {}
    locks: set[str] = set()
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if name.startswith("."):
                    if name.endswith(save_locks.LOCK_SUFFIX):
                        locks.add(name)
                    continue
                if not name.endswith(".json"):
                    continue
                try:
                    if not entry.is_file():
                        continue
                    info = entry.stat()
                except OSError:
                    continue
                files[Path(entry.path)] = (info.st_mtime_ns, info.st_size)
    except OSError:
        pass
    return files, locks


def _info_data(info: SaveInfo) -> dict[str, Any]:
    return {"updated": info.updated.isoformat(), "players": info.players, "season": info.season,
            "seasons": info.seasons, "over": info.over, "kinds": info.kinds,
            "ranking": info.ranking, "moves": info.moves, "defaults": info.default_names,
            **({"takebacks": True} if info.takebacks else {})}


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _info_from_data(path: Path, data: object) -> SaveInfo | None:
    """A summary kept in the index, or None if the entry is not one the game wrote."""
    if not isinstance(data, dict):
        return None
    updated = parse_time(data.get("updated"), datetime(1, 1, 1, tzinfo=timezone.utc))
    players, kinds, ranking = data.get("players"), data.get("kinds"), data.get("ranking")
    season, seasons, over, moves = (data.get("season"), data.get("seasons"), data.get("over"),
                                    data.get("moves"))
    defaults = data.get("defaults")  # an entry without it kept names as shown: summed up again
    if (updated.year == 1 or not _texts(players) or not _texts(kinds)
            or not (isinstance(defaults, list) and len(defaults) == len(players)  # type: ignore[arg-type]
                    and all(isinstance(d, bool) for d in defaults))
            or not (isinstance(ranking, list)
                    and all(isinstance(g, list) and all(_whole(s) for s in g) for g in ranking))
            or not (season is None or _whole(season)) or not (seasons is None or _whole(seasons))
            or not isinstance(over, bool) or not _whole(moves)):
        return None
    return SaveInfo(path, updated, list(players), season, seasons, over,  # type: ignore[arg-type]
                    kinds=list(kinds), ranking=[list(g) for g in ranking],  # type: ignore[arg-type]
                    moves=moves, takebacks=data.get("takebacks") is True,  # type: ignore[arg-type]
                    default_names=list(defaults))


def _read_index(folder: Path) -> dict[str, tuple[Key, Any]]:
    """The index's entries by file name; empty when there is none or it cannot be used."""
    try:
        data = json.loads(paths.read_capped(folder / INDEX_NAME, MAX_INDEX_BYTES))
        files = data["files"] if data.get("format") == INDEX_FORMAT else {}
        entries = {}
        for name, entry in files.items():
            key = entry["key"]
            if isinstance(key, list) and len(key) == 2 and all(_whole(k) for k in key):
                entries[name] = ((key[0], key[1]), entry["info"])
        return entries
    except FileNotFoundError:
        return {}
    except Exception as exc:  # noqa: BLE001 - any damage: the index is rebuilt, never trusted
        log.info("the saves index is not usable (%s); it is rebuilt", type(exc).__name__)
        return {}


def _write_index(folder: Path, infos: dict[Path, tuple[Key, SaveInfo]]) -> None:
    files = {path.name: {"key": list(key), "info": _info_data(info)}
             for path, (key, info) in infos.items() if not info.broken}
    text = json.dumps({"format": INDEX_FORMAT, "files": files}, ensure_ascii=True)
    try:
        paths.write_atomic(folder / INDEX_NAME, text)
    except OSError as exc:  # a read-only folder: list from the files every time
        log.info("the saves index could not be written: %s", exc)


_index_lock = threading.Lock()


def _summary(path: Path, key: Key, index: dict[str, tuple[Key, Any]]) -> tuple[SaveInfo, bool]:
    """The summary of one file (from memory, the index, or summed up anew) and whether it
    was summed up anew as a good save (so the index lacks it)."""
    cached = _info_cache.get(path)
    info: SaveInfo | None = cached[1] if cached and cached[0] == key else None
    entry = index.get(path.name)
    if info is None and entry is not None and entry[0] == key:
        info = _info_from_data(path, entry[1])
    summed = False
    if info is None:
        info = save_info(path)
        summed = not info.broken
    _info_cache[path] = (key, info)
    return info, summed


def _marked(infos: list[SaveInfo], locks: set[str]) -> list[SaveInfo]:
    """``infos`` with each save another running copy plays marked ``in_use``."""
    return [replace(info, in_use=save_locks.owner(info.path))
            if save_locks.lock_path(info.path).name in locks else info for info in infos]


def _summaries(folder: Path) -> list[SaveInfo]:
    """Every save of ``folder`` summed up, from the index where its file is unchanged."""
    files, locks = _scan(folder)
    with _index_lock:
        index = _read_index(folder)
        known: dict[Path, tuple[Key, SaveInfo]] = {}
        summed = False  # a good save summed up anew: its summary goes into the index
        for path, key in files.items():
            info, new = _summary(path, key, index)
            summed = summed or new
            known[path] = (key, info)
        good = {path.name: key for path, (key, info) in known.items() if not info.broken}
        if summed or good != {name: entry[0] for name, entry in index.items()}:
            _write_index(folder, known)
    return _marked([info for _key, info in known.values()], locks)


def first_page(count: int, folder: Path | None = None) -> tuple[list[SaveInfo], bool]:
    """The ``count`` most recently written saves, newest first, and whether that is all.

    For a screen that must show something at once however large the folder is:
    only these files are summed up (those the index does not know), in the
    order of their files' times; :func:`list_saves` gives the exact list.
    """
    folder = saves_dir() if folder is None else folder
    files, locks = _scan(folder)
    index = _read_index(folder)
    newest = sorted(files.items(), key=lambda item: item[1][0], reverse=True)[:count]
    infos = _marked([_summary(path, key, index)[0] for path, key in newest], locks)
    infos.sort(key=lambda info: (info.updated, info.path.name), reverse=True)
    return infos, len(files) <= count


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every ``*.json`` in ``folder`` (``saves_dir()``), newest first; unreadable ones
    marked broken.

    Temporary files left by a write that never finished are removed here, and
    so are the oldest records beyond :data:`RECORDS_KEPT`.
    """
    folder = saves_dir() if folder is None else folder
    paths.remove_stale_temp_files(folder)
    infos = _summaries(folder)
    infos.sort(key=lambda info: (info.updated, info.path.name), reverse=True)
    removed = set(_prune(infos, RECORDS_KEPT))
    return [info for info in infos if info.path not in removed]


def latest_save() -> Path | None:
    """The newest save of a game still in progress ("Continue"), or None."""
    return latest_of(list_saves())


def latest_of(infos: list[SaveInfo]) -> Path | None:
    """The newest game still in progress among ``infos`` (listed newest first), or None."""
    for info in infos:
        if not info.broken and not info.over:
            return info.path
    return None


class Listing:
    """:func:`list_saves` run in a background thread, for screens that must not wait.

    ``infos`` is None until the listing is done; the thread touches no screen.
    """

    def __init__(self) -> None:
        self.folder = saves_dir()  # decided now: the thread must not look it up later
        self.infos: list[SaveInfo] | None = None
        self.failed = False
        self._thread = threading.Thread(target=self._run, name="save-listing", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.infos = list_saves(self.folder)
        except Exception:  # noqa: BLE001 - a listing that fails shows an empty list, logged
            log.exception("listing the saves failed")
            self.failed = True
            self.infos = []

    @property
    def done(self) -> bool:
        return self.infos is not None

    def wait(self, timeout: float | None = None) -> list[SaveInfo] | None:
        """The listing, waiting up to ``timeout`` seconds for it (tests, the command line)."""
        self._thread.join(timeout)
        return self.infos


def delete_save(path: Path) -> Path | None:
    """Remove a save from the list at the player's request (asked to confirm first).

    A save that loads is deleted (returns None). A broken file is never
    deleted: it is renamed ``<name>.bad`` (``.bad-2``… if taken), which the
    list does not show, and the new path is returned. Raises OSError if the
    file cannot be removed or renamed.
    """
    info = save_info(path)
    _info_cache.pop(path, None)
    save_locks.release(path)
    if not info.broken:
        path.unlink()
        paths.sync_folder(path.parent)
        log.info("deleted the save %s", path)
        return None
    moved = paths.set_aside(path, "bad")
    log.info("set the broken save %s aside as %s", path, moved)
    return moved


def prune_records(keep: int = RECORDS_KEPT) -> list[Path]:
    """Delete the oldest finished games beyond the newest ``keep``; returns what went.

    Only saves that load and are over count; games in progress, broken files
    and records another copy of the game has open are never touched.
    """
    folder = saves_dir()
    infos = sorted(_summaries(folder), key=lambda info: (info.updated, info.path.name),
                   reverse=True)
    return _prune(infos, keep)


def _prune(infos: list[SaveInfo], keep: int) -> list[Path]:
    """Remove the finished games beyond the newest ``keep``, but never one still waiting to
    be added to the player's record (see :func:`~nile_desktop.saves.record.pending_games`)."""
    finished = [info for info in infos if info.over and not info.broken and info.in_use is None]
    removed = []
    waiting = record.pending_games() if finished[keep:] else set()
    for info in finished[keep:]:
        try:
            save, state = load_save(info.path)  # the file itself decides, never a summary
        except SaveError:
            continue
        if not state.over:
            _info_cache.pop(info.path, None)
            continue
        if record.game_digest(save.rules, save.seed, save.moves) in waiting:
            continue
        try:
            info.path.unlink()
        except OSError:
            continue
        _info_cache.pop(info.path, None)
        removed.append(info.path)
    if removed:
        log.info("removed %d old records", len(removed))
    return removed
