"""Who may sit at a seat: one type for the bots, the saves, the review and the screens.

:class:`SeatKind` names a person, a bot level or a bot personality. Every
place where the kinds behave differently (how a seat is played out in a win
chance, which bot class plays it, who is reviewed) asks it with a ``match``
over every member, ending in :func:`unmatched`, so a kind added here and
forgotten there is an error of the type checker, not a seat quietly played
as a person. Its value is the text a save keeps, so a member compares equal
to (and hashes as) its saved string.

It sits in the engine, the lowest layer, though the rules never ask who plays
a seat: the bots, the saves (which know nothing of the bots) and the screens
all import it from here, and it needs only
:class:`~nile_desktop.engine.text_enum.TextEnum`, so naming the kinds loads no bot.
"""

from __future__ import annotations

from typing import NoReturn

from nile_desktop.engine.text_enum import TextEnum


class SeatKind(TextEnum):
    """Who plays a seat: a person at the screen, a bot of one level, or a bot with a style
    of its own (``nile_desktop.ai.personalities``). The value is the text saves keep
    and the bot's kind for ``make_bot``. The bots stand weakest first, the personalities
    where the ladder placed them."""

    HUMAN = "human"
    RANDOM = "random"
    EASY = "easy"
    MEDIUM = "medium"
    BALANCER = "balancer"
    AGGRESSOR = "aggressor"
    FLAT = "flat"
    SPECULATOR = "speculator"
    HARD = "hard"
    EXPERT = "expert"

    @property
    def is_human(self) -> bool:
        return self is SeatKind.HUMAN

    @property
    def is_bot(self) -> bool:
        return self is not SeatKind.HUMAN

    @classmethod
    def read(cls, value: object) -> SeatKind | None:
        """The kind whose text is ``value``, or None for anything else (any type)."""
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                return None
        return None


def unmatched(kind: NoReturn) -> NoReturn:
    """The end of an exhaustive ``match`` over the kinds: the type checker proves it is
    never reached; reached all the same (an unchecked value), it says which."""
    raise ValueError(f"unknown seat kind {kind!r}")


def as_kind(value: object) -> SeatKind:
    """``value`` as a kind; anything that is not one is a person (what a save or a table
    that names no kind means)."""
    return SeatKind.read(value) or SeatKind.HUMAN


#: Every seat kind, a person first, then the bots from weakest to strongest.
SEAT_KINDS: tuple[SeatKind, ...] = tuple(SeatKind)
#: The five levels, weakest first, as the new-game screen offers them.
LEVELS: tuple[SeatKind, ...] = (SeatKind.RANDOM, SeatKind.EASY, SeatKind.MEDIUM, SeatKind.HARD,
                                SeatKind.EXPERT)
#: The opponents by style (``nile_desktop.ai.personalities``): flat players of the
#: gauntlet, each with its rules of thumb.
PERSONALITY_KINDS: tuple[SeatKind, ...] = (SeatKind.BALANCER, SeatKind.AGGRESSOR, SeatKind.FLAT,
                                           SeatKind.SPECULATOR)
#: Every bot ``nile_desktop.ai.make_bot`` knows: the levels, then the personalities.
BOT_KINDS: tuple[SeatKind, ...] = (*LEVELS, *PERSONALITY_KINDS)
