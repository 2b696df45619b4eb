"""Sharing a game: exporting a save to a file of the player's choice, importing one.

A game is shared by exporting its save (the file *is* the save format,
replayable by the engine's command line, see :mod:`nile_desktop.saves.replay`)
and opened elsewhere by importing it, which copies it into the saves folder
so the shared file itself is never written. An export never replaces a file
without the player's say-so, and never a file of the game's own folders
(saves, settings, the record, logs): :func:`is_own_file` checks a target
against them with every link resolved.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from nile_desktop import paths
from nile_desktop.engine import State
from nile_desktop.saves.errors import SaveError
from nile_desktop.saves.files import load_save, new_save_path, saves_dir, write_save
from nile_desktop.saves.format import AUTOSAVE_NAME, SaveGame

log = logging.getLogger(__name__)


def _own_folders() -> list[str]:
    return [os.path.realpath(folder) for folder in (
        saves_dir(), paths.user_config_dir(), paths.user_data_dir(), paths.user_log_dir())]


def is_own_file(target: Path) -> bool:
    """Whether ``target`` lies in one of the game's own folders (saves, settings, logs)."""
    try:
        real = os.path.realpath(target)
    except (OSError, ValueError):
        return True  # a path that cannot even be resolved is not one to write
    for folder in _own_folders():
        try:
            if os.path.commonpath([real, folder]) == folder:
                return True
        except ValueError:  # another drive (Windows)
            continue
    return False


def free_name(target: Path) -> Path:
    """``target`` if no file has that name, else ``<stem>-2.json``, ``-3``… in its folder."""
    candidate, number = target, 2
    while os.path.lexists(candidate):
        candidate = target.with_name(f"{target.stem}-{number}{target.suffix}")
        number += 1
    return candidate


def export_save(source: Path, target: Path, replace: bool = False) -> None:
    """Copy the game in ``source`` to ``target`` (anywhere but the game's own folders).

    The file written is the save format itself, replayable by the engine's
    command line (see :mod:`nile_desktop.saves.replay`). Raises SaveError: the
    source's own; ``own-file`` for a target in the saves, settings or log
    folder (nothing of the game's is ever exported over); ``exists`` when a
    file is there and ``replace`` was not given (the player is asked first);
    ``not-a-file`` when the target is a folder or a device; or
    ``write-failed`` naming the target.
    """
    if is_own_file(target):
        raise SaveError("own-file", target, "inside the game's own folders")
    if os.path.lexists(target):
        if not target.is_file():
            raise SaveError("not-a-file", target, "the export target is not a regular file")
        if not replace:
            raise SaveError("exists", target, "the export target exists")
    save, _state = load_save(source)
    try:
        write_save(target, save, replace=replace)
    except FileExistsError:
        raise SaveError("exists", target, "the export target appeared meanwhile") from None
    log.info("exported %s to %s", source, target)


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
