"""``--play SEATS``: open straight at a new table, for testing and for people who
start the game from a terminal.

``--play human,easy`` is one person against an Easy bot; ``--play
human,human,medium`` is pass-and-play for two with a Medium bot. The game is
saved like any other, so it can be continued from the title screen.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

SEAT_KINDS = ("human", "random", "easy", "medium", "hard")
NAMES = ("Ana", "Imhotep", "Hatshepsut", "Ramesses", "Tiye", "Khufu")


def parse_seats(text: str) -> list[str]:
    """``human,easy`` → ``["human", "easy"]``; an argparse error for anything else."""
    kinds = [part.strip().lower() for part in text.split(",") if part.strip()]
    bad = [k for k in kinds if k not in SEAT_KINDS]
    if bad or not 2 <= len(kinds) <= 6:
        raise argparse.ArgumentTypeError(
            f"SEATS is 2 to 6 of {', '.join(SEAT_KINDS)}, separated by commas")
    return kinds


def start_play(app: Any, kinds: list[str], seed: int | None, *, monuments: bool = True) -> Any:
    """Put a new game with these seats on the app's stack (the title screen beneath it)."""
    from nile_desktop.i18n import player_name
    from nile_desktop.saves import new_save
    from nile_desktop.scenes import nav

    people = 0
    seats = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            people += 1
            name = player_name(people, source=True)
        else:
            name = NAMES[i % len(NAMES)]
        seats.append({"name": name, "kind": kind, "colour": i, "default_name": True})
    rules = {"players": len(kinds), "monuments": monuments, "random_crops": False}
    save = new_save(rules, seed if seed is not None else random.randrange(2**32), seats)
    app.stack.push(nav.make("title"))
    return nav.push(app.stack, "table", save=save)
