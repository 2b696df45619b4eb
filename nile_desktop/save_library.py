"""The player's saved games as a whole: listing, Continue, deleting, records, import, export.

:mod:`nile_desktop.saves` reads and writes one file; this module looks
after the folder. The Load screen lists every file (newest first) with its
players, season and date; one odd file must never hide the others, so each
file is summed up on its own and any failure marks only that file broken.
Broken files are never changed here: deleting one from the Load screen
renames it ``<name>.bad`` (never over an earlier one) instead.

Finished games stay as records with their result; only the newest
:data:`RECORDS_KEPT` are kept. A game is shared by exporting its save (the
file *is* the save format) and opened elsewhere by importing it, which
copies it into the saves folder so the shared file itself is never written.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from nile_desktop import paths
from nile_desktop.engine import State
from nile_desktop.saves import (
    AUTOSAVE_NAME,
    SaveError,
    SaveGame,
    load_save,
    new_save_path,
    saves_dir,
    write_save,
)

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
    ``ranking`` is the result as groups of seat numbers, best first.
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
    result = state.result if state.over and isinstance(state.result, dict) else {}
    return SaveInfo(path, parse_time(save.updated, fallback), save.player_names,
                    state.season, state.seasons, bool(state.over),
                    kinds=[seat.kind for seat in save.seats],
                    ranking=[list(group) for group in result.get("ranking", [])],
                    moves=len(save.moves))


def _save_files(folder: Path) -> list[Path]:
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    files = []
    for entry in entries:
        try:
            if entry.suffix == ".json" and not entry.name.startswith(".") and entry.is_file():
                files.append(entry)
        except OSError:
            continue
    return files


def list_saves() -> list[SaveInfo]:
    """Every ``*.json`` in ``saves_dir()``, newest first; unreadable ones marked broken.

    Temporary files left by a write that never finished are removed here.
    """
    folder = saves_dir()
    paths.remove_stale_temp_files(folder)
    infos = [save_info(p) for p in _save_files(folder)]
    infos.sort(key=lambda info: (info.updated, info.path.name), reverse=True)
    return infos


def latest_save() -> Path | None:
    """The newest save of a game still in progress ("Continue"), or None."""
    for info in list_saves():
        if not info.broken and not info.over:
            return info.path
    return None


def delete_save(path: Path) -> Path | None:
    """Remove a save from the list at the player's request (asked to confirm first).

    A save that loads is deleted (returns None). A broken file is never
    deleted: it is renamed ``<name>.bad`` (``.bad-2``… if taken), which the
    list does not show, and the new path is returned. Raises OSError if the
    file cannot be removed or renamed.
    """
    info = save_info(path)
    _info_cache.pop(path, None)
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

    Only saves that load and are over count; games in progress and broken
    files are never touched.
    """
    finished = [info for info in list_saves() if info.over and not info.broken]
    removed = []
    for info in finished[keep:]:
        try:
            info.path.unlink()
        except OSError:
            continue
        _info_cache.pop(info.path, None)
        removed.append(info.path)
    if removed:
        log.info("removed %d old records", len(removed))
    return removed


def export_save(source: Path, target: Path) -> None:
    """Copy the game in ``source`` to ``target`` (anywhere) as a checked save file.

    The file written is the save format itself, replayable by the engine's
    command line (see :mod:`nile_desktop.save_replay`). Raises SaveError:
    the source's own, or ``write-failed`` naming the target.
    """
    save, _state = load_save(source)
    write_save(target, save)


def import_save(source: Path) -> tuple[SaveGame, State]:
    """Open a shared game: check it, copy it into the saves folder, return it ready to play.

    A file already in the saves folder is opened in place. The shared file
    is never written to; the copy is the one autosaved from then on. Raises
    SaveError (the file's own problem, or ``write-failed``).
    """
    save, state = load_save(source)
    try:
        inside = source.resolve().parent == saves_dir().resolve()
    except OSError:
        inside = False
    if not inside:
        stem = source.stem if source.stem != AUTOSAVE_NAME.removesuffix(".json") else "game"
        save.path = new_save_path(stem)
        write_save(save.path, save)
    return save, state
