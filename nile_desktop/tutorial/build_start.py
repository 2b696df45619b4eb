"""Build the prepared position the tutorial starts from (``start.json``).

The tutorial is a real game, but not a dealt one: it starts in the last of
two seasons with a short draw pile ordered so that each lesson meets its
cards in turn (the flood that harvests, the cards to trade and plant, a
take-over, a paying speculation, the locust, a stone flood). Every other
card of the game lies in the discard pile, so card totals per kind match the
rules (the position reader checks them, R-COMP).

    python -m nile_desktop.tutorial.build_start      # rewrites start.json

A test checks that the shipped ``start.json`` equals what :func:`build`
makes, and that the scripted game it starts plays through.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

START_PATH = Path(__file__).with_name("start.json")
CROPS = ("papyrus", "wheat", "lettuce", "castor", "flax")
SPECS = tuple(f"spec:{a}+{b}" for i, a in enumerate(CROPS) for b in CROPS[i + 1:])

#: The draw pile, top first. Comments say which step takes each card.
DECK: list[str] = [
    # Imhotep's first turn ends: he draws two, then your flood harvests your Wheat.
    "papyrus", "flax",
    "wheat",                      # your flood (lesson: flood and harvest)
    "castor",                     # your market draw (lesson: market)
    "castor", "wheat",            # your draw after planting Lettuce
    "papyrus",                    # Imhotep's flood
    "lettuce", "flax",            # Imhotep's draw
    "lettuce",                    # your flood: your Lettuce harvests
    "castor", "wheat",            # your draw after Papyrus + Wheat
    "flax",                       # Imhotep's flood: his Flax harvests
    "lettuce", "papyrus",         # Imhotep's draw
    "wheat",                      # your flood: Wheat is flooded (lesson), take-over follows
    "lettuce", "spec:papyrus+castor",  # your draw after the take-over
    "papyrus",                    # Imhotep's flood
    "stone", "flax",              # Imhotep's draw
    "spec:papyrus+wheat",         # your flood: floods Papyrus and Wheat
    "stone", "stone",             # your draw after speculating
    "flax",                       # Imhotep's flood: your speculation on Flax pays 3
    "lettuce", "papyrus", "stone",  # the pay-out
    "castor", "wheat",            # Imhotep's draw
    "castor",                     # your flood: your Castor harvests
    "locust",                     # the offering's new flood: the locust strikes first
    "lettuce",                    # ... and this is the new flood card
    "wheat", "papyrus", "lettuce",  # your draw with the Obelisk: three
    "stone",                      # Imhotep's flood: a stone erodes your Obelisk
    "lettuce", "castor",          # Imhotep's draw
    "flax",                       # your flood
    "wheat", "papyrus",           # your draw (season lesson); the game ends soon after
    "castor", "stone", "spec:wheat+lettuce", "stone", "spec:lettuce+flax", "stone",
]

SEATS: list[dict[str, Any]] = [
    {"hand": ["papyrus", "wheat", "lettuce", "lettuce", "flax", "flax", "spec:castor+flax"],
     "storage": ["papyrus", "papyrus", "wheat", "lettuce", "flax"],
     "fields": {"wheat": 3}, "monuments": {}, "speculation": []},
    {"hand": ["castor", "castor", "flax", "flax", "papyrus", "wheat", "stone"],
     "storage": ["wheat", "castor", "castor", "lettuce"],
     "fields": {"flax": 2}, "monuments": {}, "speculation": []},
]
FLOOD = "flax"
SEED = 2024


def _total() -> Counter[str]:
    want: Counter[str] = Counter({crop: 14 for crop in CROPS})
    want.update({spec: 1 for spec in SPECS})
    want["stone"] = 14
    want["locust"] = 1
    return want


def build() -> dict[str, Any]:
    """The prepared position as a JSON-ready dict (NOTATION.md position format)."""
    used: Counter[str] = Counter(DECK)
    used[FLOOD] += 1
    for seat in SEATS:
        used.update(seat["hand"])
        used.update(seat["storage"])
        used.update(seat["speculation"])
        for crop, n in seat["fields"].items():
            used[crop] += n
        used["stone"] += sum(seat["monuments"].values())
    left = _total()
    left.subtract(used)
    bad = {k: n for k, n in left.items() if n < 0}
    if bad:
        raise ValueError(f"too many cards of {bad}")
    order = list(CROPS) + list(SPECS) + ["stone", "locust"]
    discard = [k for k in order for _ in range(left[k])]
    return {
        "format": "nile-position/1",
        "rules": {"players": 2, "crops": list(CROPS), "monuments": True},
        "seed": SEED,
        "season": 2, "seasons": 2,
        "active": 1,
        "step": "trade",
        "flood": FLOOD,
        "deck": list(DECK),
        "discard": discard,
        "flood_stack": [],
        "locust_aside": False,
        "seats": [dict(seat) for seat in SEATS],
        "result": None,
    }


def dumps() -> str:
    return json.dumps(build(), indent=1) + "\n"


def main() -> int:
    START_PATH.write_text(dumps(), encoding="utf-8")
    print(f"wrote {START_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
