"""``--play SEATS``: open straight at a new table, for testing and for people who
start the game from a terminal.

``--play human,easy`` is one person against an Easy bot; ``--play
human,human,medium`` is pass-and-play for two with a Medium bot. The game is
saved like any other, so it can be continued from the title screen. The seats
get the default names of the new-game screen ("Player 1", "Imhotep"), shown
in the language of the screen like any name nobody typed.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from nile_desktop.engine import MAX_PLAYERS, MIN_PLAYERS
from nile_desktop.saves import new_save
from nile_desktop.scenes import nav
from nile_desktop.seats import SEAT_KINDS, default_name


def parse_seats(text: str) -> list[str]:
    """``human,easy`` → ``["human", "easy"]``; an argparse error for anything else."""
    kinds = [part.strip().lower() for part in text.split(",") if part.strip()]
    bad = [k for k in kinds if k not in SEAT_KINDS]
    if bad or not MIN_PLAYERS <= len(kinds) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"SEATS is {MIN_PLAYERS} to {MAX_PLAYERS} of {', '.join(SEAT_KINDS)}, "
            "separated by commas")
    return kinds


def start_play(app: Any, kinds: list[str], seed: int | None, *, monuments: bool = True) -> Any:
    """Put a new game with these seats on the app's stack (the title screen beneath it)."""
    seats = [{"name": default_name(i, kind, source=True), "kind": kind, "colour": i,
              "default_name": True} for i, kind in enumerate(kinds)]
    rules = {"players": len(kinds), "monuments": monuments, "random_crops": False}
    save = new_save(rules, seed if seed is not None else random.randrange(2**32), seats)
    app.stack.push(nav.make("title"))
    return nav.push(app.stack, "table", save=save)
