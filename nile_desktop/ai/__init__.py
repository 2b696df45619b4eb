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

import random
from collections.abc import Sequence

from nile_desktop.engine import Move, View

from .bots import Bot, EasyBot, MediumBot, RandomBot
from .chances import Chances, win_chances
from .flat import FLAT_BOTS, FlatBot
from .levels import LEVEL_DESCRIPTIONS, LEVEL_LABELS, LEVELS
from .reasons import CardName, Reason
from .search import ExpertBot, HardBot

_CLASSES: dict[str, type[Bot]] = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot,
                                   "hard": HardBot, "expert": ExpertBot, **FLAT_BOTS}
#: Every bot :func:`make_bot` knows: the levels, then the gauntlet's flat players.
BOT_KINDS: tuple[str, ...] = (*LEVELS, *FLAT_BOTS)


def make_bot(level: str, **options: object) -> Bot:
    """A bot of ``level`` (one of :data:`BOT_KINDS`: a level or a gauntlet player).

    Options are for the bots that search (Hard, Expert and the flat players)
    and ignored by the others: ``budget`` (seconds per decision, default 1
    for Hard and the flat players, 3 for Expert), ``iterations`` (a cap; given
    alone, the bot plays without a clock and is deterministic for a given
    ``rng``) and ``workers`` (processes, default both cores).
    """
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(BOT_KINDS)}"
                         ) from None
    if issubclass(cls, (HardBot, FlatBot)):  # the bots that search
        return cls(**options)  # type: ignore[arg-type]
    return cls()


def suggest(view: View, legal: Sequence[Move], rng: random.Random,
            budget: float | None = 1.0, iterations: int | None = None) -> tuple[Move, Reason]:
    """The advisor: the Hard bot's move and reason for the seat of ``view``."""
    return HardBot(budget=budget, iterations=iterations).choose(view, legal, rng)


__all__ = ["BOT_KINDS", "LEVELS", "LEVEL_DESCRIPTIONS", "LEVEL_LABELS", "Bot", "CardName", "Chances",
           "EasyBot", "ExpertBot", "FlatBot", "HardBot", "MediumBot", "RandomBot", "Reason", "make_bot",
           "suggest", "win_chances"]
