"""Saved games: the file format, its errors, the library of saves, locks and the player's record.

A game is its rules, seed, seats and moves (:mod:`.format`), replayed on load;
a file that cannot be used raises :class:`SaveError` (:mod:`.errors`); save files
are created, written, read and autosaved by :mod:`.files`. The
library lists and deletes saves (:mod:`.library`), a game is shared by export
and import (:mod:`.sharing`), a lock file marks a save another copy of the game
has in play (:mod:`.in_play`), finished games feed the player's record
(:mod:`.record`), changed one copy at a time under an operating-system lock
(:mod:`.change_lock`), and ``python -m
nile_desktop.saves.replay FILE`` prints a save's position for the engine's
command line (:mod:`.replay`).

This package re-exports the file format's names the rest of the game uses;
the other modules are imported by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile_desktop.engine.lazy import lazy_names
from nile_desktop.saves.errors import SaveError, without_surrogates

if TYPE_CHECKING:
    from nile_desktop.saves.files import (
        autosave,
        load_save,
        log_opened,
        new_save,
        new_save_path,
        read_save,
        save_and_leave,
        saves_dir,
        write_save,
    )
    from nile_desktop.saves.format import AUTOSAVE_NAME, SaveGame, Seat, save_from_dict

#: The re-exported names whose modules load the engine, locks and the file code: each is
#: imported the first time it is asked for, so the settings (which need only the errors)
#: can be read before the window's first frame without them.
_MODULES: dict[str, str] = {
    "files": "autosave load_save log_opened new_save new_save_path read_save save_and_leave "
             "saves_dir write_save",
    "format": "AUTOSAVE_NAME SaveGame Seat save_from_dict",
}
__getattr__ = lazy_names(__name__, _MODULES, globals())


__all__ = [
    "AUTOSAVE_NAME",
    "SaveError",
    "SaveGame",
    "Seat",
    "autosave",
    "load_save",
    "log_opened",
    "new_save",
    "new_save_path",
    "read_save",
    "save_and_leave",
    "save_from_dict",
    "saves_dir",
    "write_save",
    "without_surrogates",
]
