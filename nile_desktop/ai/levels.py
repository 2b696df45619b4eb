"""The bot levels: their ids and their names, in one place.

The new-game screen, saves, the command lines and the arena all ask this
module which levels exist; the labels are marked for translation with the
no-op ``N_`` marker (the app translates them when it draws them).
"""

from __future__ import annotations

from .reasons import N_

#: The levels, weakest first, as the new-game screen offers them.
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

#: The name of each level as the new-game screen shows it (a message id).
LEVEL_LABELS: dict[str, str] = {
    "random": N_("Random bot"),
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
}
