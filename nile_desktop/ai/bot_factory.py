"""Making a bot by its kind, and the advisor behind the table's "suggest" button.

Kept apart from the package's ``__init__`` so that naming the levels (the
command line, the new-game screen) does not load the searches: this module
imports every bot, and the package loads it only when a bot is made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from nile_desktop.engine import Move, View
from nile_desktop.engine.seat_kinds import BOT_KINDS, SeatKind, unmatched

from .bots import Bot, EasyBot, MediumBot, RandomBot
from .flat import AggressorBot, BalancerBot, FlatBot, SpeculatorBot
from .reasons import Reason
from .search import ExpertBot, HardBot

__all__ = ["BOT_KINDS", "bot_class", "make_bot", "suggest"]


def bot_class(kind: SeatKind) -> type[Bot]:
    """The class that plays a seat of ``kind``; ValueError for a person."""
    match kind:
        case SeatKind.HUMAN:
            raise ValueError("a person's seat has no bot")
        case SeatKind.RANDOM:
            return RandomBot
        case SeatKind.EASY:
            return EasyBot
        case SeatKind.MEDIUM:
            return MediumBot
        case SeatKind.HARD:
            return HardBot
        case SeatKind.EXPERT:
            return ExpertBot
        case SeatKind.FLAT:
            return FlatBot
        case SeatKind.AGGRESSOR:
            return AggressorBot
        case SeatKind.SPECULATOR:
            return SpeculatorBot
        case SeatKind.BALANCER:
            return BalancerBot
        case _:
            unmatched(kind)


def make_bot(level: str, **options: object) -> Bot:
    """A bot of ``level`` (one of :data:`BOT_KINDS`: a level or a personality).

    Options are for the bots that search (Hard, Expert and the flat players)
    and ignored by the others: ``budget`` (seconds per decision, default 1
    for Hard and the flat players, 3 for Expert), ``iterations`` (a cap; given
    alone, the bot plays without a clock and is deterministic for a given
    ``rng``) and ``workers`` (processes, default both cores).
    """
    kind = SeatKind.read(level)
    if kind is None or not kind.is_bot:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(BOT_KINDS)}")
    cls = bot_class(kind)
    if issubclass(cls, (HardBot, FlatBot)):  # the bots that search
        return cls(**options)  # type: ignore[arg-type]
    return cls()


def suggest(view: View, legal: Sequence[Move], rng: random.Random,
            budget: float | None = 1.0, iterations: int | None = None) -> tuple[Move, Reason]:
    """The advisor: the Hard bot's move and reason for the seat of ``view``."""
    return HardBot(budget=budget, iterations=iterations).choose(view, legal, rng)
