"""Build hand-made positions for rule tests without listing all 100+ cards.

``position(...)`` takes only the cards a test cares about and puts every other
card of the game at the bottom of the draw pile (or in the discard pile), so
the card totals always match the rules.
"""

from __future__ import annotations

import json

from nile_desktop.engine import State
from nile_desktop.engine.cards import CROPS, KIND_BY_NAME, KIND_NAMES, LOCUST, full_deck_counts
from nile_desktop.engine.rules import crop_count


def position(
    players: int = 3,
    *,
    active: int = 0,
    flood: str | None = "papyrus",
    deck: list[str] | None = None,
    seats: list[dict] | None = None,
    discard: list[str] | None = None,
    flood_stack: list[str] | None = None,
    monuments: bool = True,
    season: int = 1,
    fill: str = "deck",
    locust_aside: bool | None = None,
    seed: int = 7,
    must_act: bool = False,
    storage: str = "free",
) -> State:
    crops = list(CROPS[: crop_count(players)])
    seats = [dict(s) for s in (seats or [])] + [{} for _ in range(players - len(seats or []))]
    for s in seats:
        for key, empty in (("hand", []), ("storage", []), ("fields", {}), ("monuments", {}),
                           ("speculation", [])):
            s.setdefault(key, empty)
    deck = list(deck or [])
    discard = list(discard or [])
    flood_stack = list(flood_stack or [])
    counts = full_deck_counts(tuple(range(len(crops))), monuments)
    used = [0] * len(counts)
    for name in deck + discard + flood_stack + ([flood] if flood else []):
        used[KIND_BY_NAME[name]] += 1
    for s in seats:
        for name in s["hand"] + s["storage"] + s["speculation"]:
            used[KIND_BY_NAME[name]] += 1
        for crop, n in s["fields"].items():
            used[KIND_BY_NAME[crop]] += n
        used[KIND_BY_NAME["stone"]] += sum(s["monuments"].values())
    if locust_aside:
        used[LOCUST] += 1
    rest = [KIND_NAMES[k] for k in range(len(counts)) for _ in range(counts[k] - used[k])]
    assert all(counts[k] >= used[k] for k in range(len(counts))), "test uses too many cards"
    if fill == "deck":
        deck += rest
    else:
        if "locust" in rest:
            rest.remove("locust")
            locust_aside = True
        discard += rest
    data = {
        "format": "nile-position/2",
        "rules": {"players": players, "crops": crops, "monuments": monuments,
                  "must_act": must_act, "storage": storage},
        "seed": seed,
        "season": season,
        "seasons": players,
        "active": active,
        "step": "trade",
        "flood": flood,
        "deck": deck,
        "discard": discard,
        "flood_stack": flood_stack,
        "locust_aside": bool(locust_aside),
        "seats": seats,
        "result": None,
    }
    return State.from_json(json.dumps(data))


def kinds(events, kind: str) -> list:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]
