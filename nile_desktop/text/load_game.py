"""What the Load screen says: each save's line (its season or result, who plays), and the
questions and answers of opening, deleting, exporting and importing a game.

The screen (``scenes/load_game.py``) decides what to show; the words are here, asked when
drawing so a language switch shows at once. File names come in already cleaned for the
screen. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile_desktop.i18n import _, ngettext

# -- a save's line ------------------------------------------------------------------------------


def with_takebacks(status: str) -> str:
    """A game's status, marked as played with take-backs."""
    return _("{status} · with take-backs").format(status=status)


def finished() -> str:
    """A finished game whose save keeps no ranking."""
    return _("Finished")


def won_by(winners: Sequence[str]) -> str:
    """A finished game's result: its winner, or the names sharing the win."""
    return ngettext("Finished — winner: {names}", "Finished — shared win: {names}",
                    len(winners)).format(names=", ".join(winners))


def autosave() -> str:
    return _("Autosave")


def broken(reason: str) -> str:
    return _("Broken: {reason}").format(reason=reason)


def open_elsewhere() -> str:
    """A save another running copy of the game is playing."""
    return _("Open in another window")


def no_saves() -> str:
    return _("No saved games yet.")


# -- the buttons --------------------------------------------------------------------------------


def load() -> str:
    return _("Load")


def export() -> str:
    return _("Export")


def import_game() -> str:
    return _("Import")


# -- opening ------------------------------------------------------------------------------------


def in_use_title() -> str:
    return _("This game is open in another window")


def in_use(file: str) -> str:
    return _("Another copy of Nile is playing “{file}”. If both go on, each overwrites "
             "the other's moves. Continue it here anyway?").format(file=file)


def continue_here() -> str:
    return _("Continue here")


def cannot_load() -> str:
    return _("This game cannot be loaded")


# -- deleting -----------------------------------------------------------------------------------


def delete_title() -> str:
    return _("Delete this game?")


def delete_broken(file: str) -> str:
    """What Delete does to a file that cannot be read: it is renamed, nothing is deleted."""
    return _("“{file}” cannot be read. It will be renamed “{new}” and no "
             "longer listed; nothing is deleted.").format(file=file, new=file + ".bad")


def delete_game(file: str, players: str) -> str:
    return _("The game “{file}” ({players}) will be deleted. "
             "This cannot be undone.").format(file=file, players=players)


def not_deleted() -> str:
    return _("The game could not be deleted")


def not_removed(file: str, reason: str) -> str:
    return _("“{file}” could not be removed: {reason}").format(file=file, reason=reason)


# -- export and import --------------------------------------------------------------------------


def export_to() -> str:
    """The file chooser's title when a game is exported."""
    return _("Export the game to…")


def not_exported() -> str:
    return _("The game could not be exported")


def exported(file: str) -> str:
    return _("The game was exported to “{file}”.").format(file=file)


def replace_with_game(file: str, other: str) -> str:
    """The question before an export replaces ``file``; ``other`` is the free name beside it."""
    return _("“{file}” already exists. Replace it with this game, or save the game "
             "as “{other}” beside it?").format(file=file, other=other)


def save_beside() -> str:
    return _("Save beside it")


def import_title() -> str:
    """The file chooser's title when a game is imported."""
    return _("Import a game")


def cannot_import() -> str:
    return _("This game cannot be imported")
