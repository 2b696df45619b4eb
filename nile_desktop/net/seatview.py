"""What one seat is sent: its view of the table and its events, as JSON, and back.

The host never sends a :class:`~nile_desktop.engine.State`: each seat gets
:func:`seat_view` (the engine's :func:`~nile_desktop.engine.observe` for that seat,
without the record of every storage pile the seat watched fill) and the events of
each move as that seat may see them (:func:`~nile_desktop.engine.redact`: other
seats' drawn cards hidden). What a seat may see is so decided in one place, and the
leak checks of the tests and of ``soak net`` compare every message a client got
with exactly these functions of the true game.

Another seat's storage is shown only once the game is over, when every pile is
counted in the open (R-END-3). A client that needs a full
:class:`~nile_desktop.engine.State` to validate and draw its moves builds one with
:func:`client_state`: its own cards and the public table are the real ones, every
hidden card is dealt at random (never shown: the table draws the others' cards face
down). Decoding checks every key and value; anything else raises
:class:`WireError`. No pygame, no I/O.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from nile_desktop.engine import CardRef, Outcome, Place, PlaceKind, Rules, State, View, observe
from nile_desktop.engine import events as ev
from nile_desktop.engine.cards import (
    CROP_BY_NAME,
    CROPS,
    KIND_BY_NAME,
    KIND_NAMES,
    MONUMENT_BY_NAME,
    MONUMENTS,
    N_CROPS,
    N_KINDS,
    N_MONUMENTS,
)
from nile_desktop.engine.view import Dealer


class WireError(ValueError):
    """A message that is not what the protocol allows; the text says what is wrong."""


# -- small checks ---------------------------------------------------------------------------

def need(ok: bool, what: str) -> None:
    if not ok:
        raise WireError(what)


def is_int(value: object, low: int = 0, high: int = 10_000) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def read_int(value: object, what: str, low: int = 0, high: int = 10_000) -> int:
    need(is_int(value, low, high), f"{what} is no whole number from {low} to {high}")
    assert isinstance(value, int)
    return value


def read_list(value: object, what: str, most: int) -> list[Any]:
    need(isinstance(value, list) and len(value) <= most, f"{what} is no list of at most {most}")
    assert isinstance(value, list)
    return value


def read_dict(value: object, what: str, keys: set[str] | None = None) -> dict[str, Any]:
    need(isinstance(value, dict), f"{what} is no object")
    assert isinstance(value, dict)
    if keys is not None:
        need(set(value) == keys, f"{what} has keys {sorted(map(str, value))[:12]}")
    return value


def _counts(value: object, what: str, names: tuple[str, ...] | dict[str, int],
            size: int) -> tuple[int, ...]:
    """A ``{name: count}`` object as counts per index."""
    data = read_dict(value, what)
    need(len(data) <= size, f"{what} has too many keys")
    index = names if isinstance(names, dict) else {n: i for i, n in enumerate(names)}
    out = [0] * size
    for name, n in data.items():
        need(isinstance(name, str) and name in index, f"{what} names no card: {name!r:.40}")
        out[index[name]] = read_int(n, f"{what}.{name}", 1, 200)
    return tuple(out)


def _named(counts: tuple[int, ...] | list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {names[i]: int(n) for i, n in enumerate(counts) if n}


# -- views ---------------------------------------------------------------------------------

def seat_view(state: State, seat: int) -> View:
    """What ``seat`` is sent: its view, without the watched storage piles."""
    return _without_watched(observe(state, seat))


def _without_watched(view: View) -> View:
    return View(**{f.name: getattr(view, f.name) for f in fields(View) if f.name != "storages"})


def final_storages(state: State) -> list[dict[str, int]] | None:
    """Every seat's storage, once the game is over (counted in the open, R-END-3)."""
    if not state.over:
        return None
    return [_named(state.storage[s], CROPS) for s in range(state.players)]


def view_to_data(view: View, final: list[dict[str, int]] | None = None) -> dict[str, Any]:
    return {
        "seat": view.seat, "active": view.active, "season": view.season,
        "seasons": view.seasons, "flood": KIND_NAMES[view.flood] if view.flood >= 0 else None,
        "deck": view.deck_size, "discard": _named(view.discard, KIND_NAMES),
        "flood_stack": _named(view.flood_stack, KIND_NAMES),
        "locust_aside": view.locust_aside, "hand": _named(view.hand, KIND_NAMES),
        "storage": _named(view.storage, CROPS),
        "storage_order": [CROPS[c] for c in view.storage_order],
        "hand_sizes": list(view.hand_sizes), "storage_sizes": list(view.storage_sizes),
        "fields": [_named(f, CROPS) for f in view.fields],
        "monuments": [_named(m, MONUMENTS) for m in view.mons],
        "specs": [[KIND_NAMES[k] for k in s] for s in view.specs],
        "result": view.result.to_dict() if view.result is not None else None,
        "final_storages": final,
    }


VIEW_KEYS = {"seat", "active", "season", "seasons", "flood", "deck", "discard", "flood_stack",
             "locust_aside", "hand", "storage", "storage_order", "hand_sizes", "storage_sizes",
             "fields", "monuments", "specs", "result", "final_storages"}


def view_from_data(data: object, rules: Rules, crops: tuple[int, ...]
                   ) -> tuple[View, list[tuple[int, ...]] | None]:
    """A view as the host sent it, checked, and every seat's final storage (game over)."""
    d = read_dict(data, "view", VIEW_KEYS)
    n = rules.players
    seat = read_int(d["seat"], "view.seat", 0, n - 1)
    flood = d["flood"]
    need(flood is None or (isinstance(flood, str) and flood in KIND_BY_NAME), "view.flood")
    per_seat = []
    for key, most in (("hand_sizes", 200), ("storage_sizes", 200)):
        row = read_list(d[key], f"view.{key}", n)
        need(len(row) == n, f"view.{key} has {len(row)} seats")
        per_seat.append(tuple(read_int(x, f"view.{key}", 0, most) for x in row))
    rows = []
    for key, names, size in (("fields", CROP_BY_NAME, N_CROPS),
                             ("monuments", MONUMENT_BY_NAME, N_MONUMENTS)):
        items = read_list(d[key], f"view.{key}", n)
        need(len(items) == n, f"view.{key} has {len(items)} seats")
        rows.append(tuple(_counts(x, f"view.{key}", names, size) for x in items))
    specs_in = read_list(d["specs"], "view.specs", n)
    need(len(specs_in) == n, "view.specs")
    specs = []
    for row in specs_in:
        laid = read_list(row, "view.specs", 4)
        need(all(isinstance(k, str) and k.startswith("spec:") and k in KIND_BY_NAME
                 for k in laid), "view.specs names no speculation")
        specs.append(tuple(sorted(KIND_BY_NAME[k] for k in laid)))
    order = read_list(d["storage_order"], "view.storage_order", 200)
    need(all(isinstance(c, str) and c in CROP_BY_NAME for c in order), "view.storage_order")
    result = None
    if d["result"] is not None:
        try:
            result = Outcome.from_dict(d["result"])
        except ValueError as exc:
            raise WireError(f"view.result: {exc}") from None
    final = None
    if d["final_storages"] is not None:
        need(result is not None, "final storage before the end")
        items = read_list(d["final_storages"], "view.final_storages", n)
        need(len(items) == n, "view.final_storages")
        final = [_counts(x, "view.final_storages", CROP_BY_NAME, N_CROPS) for x in items]
    need(isinstance(d["locust_aside"], bool), "view.locust_aside")
    view = View(
        seat=seat, rules=rules, crops=crops,
        season=read_int(d["season"], "view.season", 1, 10),
        seasons=read_int(d["seasons"], "view.seasons", 1, 10),
        active=read_int(d["active"], "view.active", 0, n - 1),
        flood=KIND_BY_NAME[flood] if isinstance(flood, str) else -1,
        deck_size=read_int(d["deck"], "view.deck", 0, 300),
        discard=_counts(d["discard"], "view.discard", KIND_NAMES, N_KINDS),
        flood_stack=_counts(d["flood_stack"], "view.flood_stack", KIND_NAMES, N_KINDS),
        locust_aside=d["locust_aside"],
        hand=_counts(d["hand"], "view.hand", KIND_NAMES, N_KINDS),
        storage=_counts(d["storage"], "view.storage", CROPS, N_CROPS),
        hand_sizes=per_seat[0], storage_sizes=per_seat[1],
        fields=rows[0], mons=rows[1], specs=tuple(specs), result=result,
        storage_order=tuple(CROP_BY_NAME[c] for c in order))
    need(sum(view.hand) == view.hand_sizes[seat], "view.hand does not match its size")
    need(sum(view.storage) == view.storage_sizes[seat], "view.storage does not match its size")
    need(min(view.unseen()) >= 0, "view holds more cards than the game has")
    return view, final


def client_state(view: View, final: list[tuple[int, ...]] | None = None) -> State:
    """A full state that agrees with ``view``: the seat's own cards and the public table
    as they are, every hidden card dealt at random (with a fixed generator, so the same
    view always gives the same state). Only for validating the seat's own moves and for
    drawing, which shows the others' cards face down."""
    state = Dealer(view).deal(random.Random(0))
    state.seed = 0
    state.watched = None
    if final is not None:
        for s, row in enumerate(final):
            state.storage[s] = list(row)
    return state


# -- events --------------------------------------------------------------------------------

EVENT_CLASSES: dict[str, type[ev.BaseEvent]] = {
    cls.kind: cls for cls in (
        ev.FloodRevealed, ev.Harvested, ev.Traded, ev.Drawn, ev.Planted, ev.TakenOver,
        ev.MonumentBuilt, ev.MonumentTaken, ev.MonumentEroded, ev.MonumentLost,
        ev.LocustStruck, ev.Speculated, ev.SpeculationPaid, ev.SpeculationFailed, ev.Passed,
        ev.TurnStarted, ev.SeasonEnded, ev.GameOver)}
#: The words an event's text fields may hold.
_WORDS = frozenset(CROPS) | frozenset(MONUMENTS) | frozenset(
    ("market", "offer", "offering", "turn", "flood", "speculation", "erosion", "locust",
     "draw", "trade", "plant", "pass"))


def event_to_data(event: ev.Event) -> dict[str, Any]:
    data: dict[str, Any] = _lists(event.to_dict())
    if isinstance(event, ev.LocustStruck):  # a place keeps its kind on the wire
        data["fields"] = [[s, str(place), n] for s, place, n in event.fields]
    return data


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


def _card(value: object, what: str) -> CardRef:
    need(isinstance(value, str) and len(value) <= 40, f"{what} is no card")
    assert isinstance(value, str)
    try:
        return CardRef.parse(value)
    except ValueError:
        raise WireError(f"{what} is no card: {value!r:.40}") from None


def _field_value(annotation: str, value: object, what: str) -> object:
    if annotation == "int":
        return read_int(value, what, 0, 500)
    if annotation == "str":
        need(isinstance(value, str) and value in _WORDS, f"{what} is no known word")
        return value
    if annotation == "CardRef":
        return _card(value, what)
    if annotation == "tuple[CardRef, ...]":
        return tuple(_card(v, what) for v in read_list(value, what, 40))
    if annotation == "tuple[tuple[int, Place, int], ...]":
        out = []
        for item in read_list(value, what, 40):
            row = read_list(item, what, 3)
            need(len(row) == 3 and isinstance(row[1], str), f"{what} is no (seat, place, cards)")
            try:
                place = Place.parse(row[1])
            except ValueError:
                raise WireError(f"{what} names no place") from None
            out.append((read_int(row[0], what, 0, 5), place, read_int(row[2], what, 0, 100)))
        return tuple(out)
    if annotation == "tuple[tuple[int, ...], ...]":
        return tuple(tuple(read_int(x, what, 0, 200) for x in read_list(row, what, 10))
                     for row in read_list(value, what, 6))
    raise WireError(f"{what}: no reader for {annotation}")  # pragma: no cover - classes fixed


def event_from_data(data: object) -> ev.Event:
    d = read_dict(data, "event")
    kind = d.get("event")
    need(isinstance(kind, str) and kind in EVENT_CLASSES, f"no event kind {kind!r:.40}")
    assert isinstance(kind, str)
    cls = EVENT_CLASSES[kind]
    names = {f.name: f for f in fields(cls)}
    need(set(d) == set(names) | {"event"}, f"event {kind} has keys {sorted(d)[:12]}")
    values = {name: _field_value(str(f.type), d[name], f"{kind}.{name}")
              for name, f in names.items()}
    try:
        event = cls(**values)
    except (TypeError, ValueError) as exc:
        raise WireError(f"event {kind}: {exc}") from None
    return event  # type: ignore[return-value]


def place_kind_ok(place: Place) -> bool:
    return place.kind in (PlaceKind.FIELD, PlaceKind.MONUMENT)
