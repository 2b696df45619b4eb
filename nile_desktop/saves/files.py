"""Save files on disk: a new game's save, writing, reading, loading, autosaving, naming.

Every game has its own file in :func:`saves_dir` (a :class:`~.format.SaveGame`
knows its ``path``), written after every move by :func:`autosave`, so starting
a new game never overwrites another. Saves are the player's and are never
changed or deleted by reading them. Writing goes through a temporary file
renamed over the old one, so the save written after every move survives a
crash at any moment. Reading raises :class:`~.errors.SaveError` and nothing
else, whatever the file holds, and loading replays every move through the
engine (:mod:`.format` says what a file holds and checks it).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from nile_desktop import paths
from nile_desktop.engine import Rules, State
from nile_desktop.saves import in_play as save_locks
from nile_desktop.saves.errors import SaveError
from nile_desktop.saves.format import (
    MAX_FILE_BYTES,
    SaveGame,
    Seat,
    check_rules,
    check_seats,
    check_seed,
    decode,
    now,
    save_from_dict,
    short,
)

log = logging.getLogger(__name__)


def new_save(rules_dict: Mapping[str, Any] | Rules, seed: int,
             seats: Sequence[Mapping[str, Any] | Seat]) -> SaveGame:
    """A save for a game about to start; raises SaveError("bad-…") for bad arguments.

    Seat names are cleaned (:func:`clean_name`) so the file can always be
    written. The save has no file yet: the first :func:`autosave` gives it one.
    """
    if isinstance(rules_dict, Rules):
        rules_dict = rules_dict.to_dict()
    rules = check_rules(rules_dict, "")
    return SaveGame(rules=rules, seed=check_seed(seed, ""),
                    seats=check_seats(seats, rules["players"], ""))


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
    save.updated = now()
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
    return save_from_dict(decode(raw, path), path)


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
            raise SaveError("corrupt", path, f"replay failed: {short(exc, 200)}") from None
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
