"""The bot levels: their ids, names and one-line descriptions, in one place.

The levels themselves are seat kinds (:data:`.seat_kinds.LEVELS`, named here
too for the command lines and the arena); the labels are marked for translation with the
no-op ``N_`` marker (the app translates them when it draws them).
"""

from __future__ import annotations

from nile_desktop.engine.seat_kinds import LEVELS

from .personalities import PERSONALITIES
from .reasons import N_

__all__ = ["LEVELS", "LEVEL_DESCRIPTIONS", "LEVEL_LABELS"]

#: The name of each level as the new-game screen shows it (a message id), and of each
#: personality (:mod:`.personalities`), so a seat of any bot kind is named by this table.
LEVEL_LABELS: dict[str, str] = {
    "random": N_("Random bot"),
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
    "expert": N_("Expert bot"),
    **{p.key: p.label for p in PERSONALITIES},
}

#: One line per level and personality for the new-game screen, shown under each seat: what
#: to expect from it (a message id; it must fit one line there, in every language).
LEVEL_DESCRIPTIONS: dict[str, str] = {
    "random": N_("Plays any legal move: for trying the table out."),
    "easy": N_("A beginner: forgets cards, plants too much at once and trades late."),
    "medium": N_("Counts the cards and plays the move that looks best right now."),
    "hard": N_("Looks a few turns ahead, about a second a move: a real contest."),
    "expert": N_("Looks ahead three times as long as Hard and remembers each player's "
                 "storage: hard to beat."),
    **{p.key: p.description for p in PERSONALITIES},
}
