"""What the developer commands share on their command line: a bad argument is one line.

The commands that measure the game (the arena, the ladder, the gauntlet,
calibrate, fit_temperature, compare, the review, bench and soak) are often
run from scripts that keep their standard error. Any argument they cannot
use is refused the same way, as a file they cannot use is: one line on
standard error and exit status 2 (:class:`Parser`; ``--help`` still prints
the usage), never a traceback, a run that does nothing, or one that never
ends. Numbers are read as the engine's command line reads them, in ASCII
digits only (``int`` would also take ``١`` and ``²``-like digits and
``1_0``), and checked for the range they are used in.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import NoReturn

from nile_desktop.engine.errors import printable
from nile_desktop.engine.rules import MAX_PLAYERS, MIN_PLAYERS, ascii_int

#: The largest seed a developer command takes: game ``i`` of a run is dealt from the seed
#: plus ``i``, and every deal's seed must stay below the engine's 2**64.
SEED_LIMIT = (1 << 63) - 1


class Parser(argparse.ArgumentParser):
    """``argparse`` that refuses a bad command line in one line: ``prog: error: why``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(printable(message).split())}\n")


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """The type of an argument that is a whole number from ``least`` (to ``most``)."""
    span = f"from {least} to {most}" if most is not None else f"of {least} or more"

    def parse(text: str) -> int:
        try:
            number = ascii_int(text)
        except ValueError:
            number = least - 1
        if number < least or (most is not None and number > most):
            raise argparse.ArgumentTypeError(
                f"must be a whole number {span}, not {printable(text)!r}")
        return number

    return parse


#: A count that may be none (games to play, cases to try), a count of one or more (jobs,
#: workers, iterations, repeats), and a seed.
count = whole(0)
positive = whole(1)
seed_value = whole(0, SEED_LIMIT)


def seconds(text: str) -> float:
    """A time of more than 0 seconds (``nan`` and ``inf`` are no time)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0, not {printable(text)!r}")
    return value


def table_sizes(text: str) -> list[int]:
    """Table sizes, e.g. ``2,4``: each from 2 to 6 players, in ASCII digits."""
    try:
        sizes = [ascii_int(part.strip()) for part in text.split(",") if part.strip()]
    except ValueError:
        sizes = []
    if not sizes or any(not MIN_PLAYERS <= p <= MAX_PLAYERS for p in sizes):
        raise argparse.ArgumentTypeError(
            f"takes table sizes from {MIN_PLAYERS} to {MAX_PLAYERS}, e.g. 2,4, "
            f"not {printable(text)!r}")
    return sorted(set(sizes))

#: The number of seats at one table.
seat_count = whole(MIN_PLAYERS, MAX_PLAYERS)
