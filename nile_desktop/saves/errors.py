"""Why a save cannot be used, in words for the player: :class:`SaveError` and its messages.

Kept apart from :mod:`nile_desktop.saves` so the reading code stays short.
Every message names the file and is translated each time it is read (it
follows a language switch). A message may quote text from the disk (a file
name, a move), which can hold lone surrogates that no font draws, so they
are replaced before the message is handed out. When the system refuses to
change a file, :func:`os_reason` says why in the player's language too (the
system's own words are in the system's language, often English).
"""

from __future__ import annotations

import errno
from pathlib import Path

from nile_desktop.i18n import N_, LazyString, _


def without_surrogates(text: str) -> str:
    """``text`` with each lone surrogate (which no disk or font takes) replaced by U+FFFD."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


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
    "not-a-file": N_("“{file}” is not a file but a folder or a device, so it cannot be "
                     "opened as a game."),
    "exists": N_("“{file}” already exists. Choose another name, or confirm to replace it."),
    "own-file": N_("“{file}” is one of the game's own files (a save or the settings), so "
                   "nothing is exported over it."),
    "write-failed": N_("The game could not be saved to “{file}”. Is the disk full?"),
    "too-large": N_("“{file}” is far too large to be a saved game of Nile. "
                    "The file was left untouched."),
}


class SaveError(Exception):
    """A save that cannot be read (or written), with a message for the player.

    ``code`` is one of: ``unreadable``, ``truncated``, ``corrupt``,
    ``foreign``, ``newer``, ``bad-game``, ``bad-seats``, ``illegal-move``,
    ``too-large``, ``not-a-file``, ``write-failed``, and for an export ``exists``
    (the target is there and replacing it was not confirmed) or ``own-file`` (the
    target is a save or the settings of the game itself). ``message`` (also ``str(error)``) is translated each
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
        text = _MESSAGES[self.code].format(file=self.path.name, **self.params)
        return without_surrogates(text)  # a file name or move from the disk may hold them

    def __str__(self) -> str:
        return self.message


_DENIED = N_("access was denied")
_OS_REASONS: dict[int, LazyString] = {
    errno.EACCES: _DENIED,
    errno.EPERM: _DENIED,
    errno.ENOENT: N_("the file is no longer there"),
    errno.EBUSY: N_("another program is using it"),
    errno.EROFS: N_("the disk can only be read"),
}


def os_reason(error: OSError) -> str:
    """Why the system refused a file operation, in the player's language."""
    known = _OS_REASONS.get(error.errno) if error.errno is not None else None
    if known is not None:
        return str(known)
    if error.errno:
        return _("the system refused (error {number})").format(number=error.errno)
    return _("the system refused")
