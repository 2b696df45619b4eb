"""Making a bot by its name, and the advisor behind the table's "suggest" button.

Kept apart from the package's ``__init__`` so that naming the levels (the
command line, the new-game screen) does not load the searches: this module
imports every bot, and the package loads it only when a bot is made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from nile_desktop.engine import Move, View

from .bots import Bot, EasyBot, MediumBot, RandomBot
from .flat import FLAT_BOTS, FlatBot
from .levels import LEVELS
from .reasons import Reason
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
