"""Computer players for Nile DeLuxor: Random, Easy, Medium, Hard and Expert, and the advisor.

Every bot answers ``choose(view, legal, rng) -> (move, reason)`` for the seat
of ``view`` and sees nothing but that view: its own hand and storage and
the public table. The reason is a :class:`Reason` (a message id with
values) that the table shows in the player's language.

    >>> from nile_desktop.ai import make_bot
    >>> bot = make_bot("medium")
    >>> move, reason = bot.choose(view, state.legal_moves(), rng)  # doctest: +SKIP

``suggest(view, legal, rng, budget)`` is the table's "suggest" button: the
Hard bot's move for a human's seat, with its reason. ``win_chances(view,
budget)`` is every seat's chance to win as ``view.seat`` can judge it, with
its standard error (:mod:`.chances`). This package imports
only the engine (never pygame), so bots also run headless and in tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile_desktop.engine.lazy import lazy_names

from .levels import LEVEL_DESCRIPTIONS, LEVEL_LABELS, LEVELS
from .reasons import CardName, Reason

if TYPE_CHECKING:
    from .bot_factory import BOT_KINDS, make_bot, suggest
    from .bots import Bot, EasyBot, MediumBot, RandomBot
    from .chances import Chances, win_chances
    from .flat import FlatBot
    from .search import ExpertBot, HardBot

#: The names this package offers whose modules load the searches (and with them
#: multiprocessing): each is imported the first time it is asked for, so the app can
#: name the levels before its first frame without loading a single bot.
_MODULES: dict[str, str] = {
    "bot_factory": "BOT_KINDS make_bot suggest",
    "bots": "Bot EasyBot MediumBot RandomBot",
    "chances": "Chances win_chances",
    "flat": "FlatBot",
    "search": "ExpertBot HardBot",
}
__getattr__ = lazy_names(__name__, _MODULES, globals())


__all__ = ["BOT_KINDS", "LEVELS", "LEVEL_DESCRIPTIONS", "LEVEL_LABELS", "Bot", "CardName", "Chances",
           "EasyBot", "ExpertBot", "FlatBot", "HardBot", "MediumBot", "RandomBot", "Reason", "make_bot",
           "suggest", "win_chances"]
