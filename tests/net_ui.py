"""Playing a network table through its UI dump, as a person would with the mouse.

A move is made from the table's own list of legal moves (**All moves**, a row, **Play
this move**): three clicks on what the screen shows. The same steps drive the
headless tests (:class:`~tests.ui_driver.UiDriver`) and the real windows under Xvfb.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Element = dict[str, Any]

#: Labels of moves that end the turn, in both languages (planting, speculating, passing).
_TRADES = ("Market", "Offer", "Trh", "Obět")


def pick_row(rows: list[Element], rng: random.Random) -> Element:
    """A row of the move list: mostly a move that ends the turn, so games end."""
    enders = [r for r in rows if not str(r.get("label", "")).startswith(_TRADES)]
    if enders and rng.random() < 0.85:
        return rng.choice(enders)
    return rng.choice(rows)


def my_turn(doc: dict[str, Any]) -> bool:
    """The dump says a person at this screen composes a move now."""
    network = doc.get("network") or {}
    return (doc.get("scene") == "net-table" and doc.get("phase") == "compose"
            and not doc.get("effects") and doc.get("turn") in network.get("seats", [])
            and doc.get("revealed") == doc.get("turn"))


def play_turn(elements: Callable[[], list[Element]], click: Callable[[str], None],
              rng: random.Random) -> bool:
    """Open the move list, click a row and Play this move; False if the list was empty."""
    click("net-table.tool.moves")
    rows = [e for e in elements() if e["id"].startswith("move-list.moves.row-")]
    if not rows:
        return False
    click(pick_row(rows, rng)["id"])
    click("move-list.play")
    return True
