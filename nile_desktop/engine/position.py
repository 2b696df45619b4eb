"""Reading and writing positions in the JSON of NOTATION.md.

Writing is canonical (fixed key order, multisets sorted in rule order), so a
position written twice is byte-identical. Reading trusts nothing: every key,
type, count and card total is checked, and a bad file is refused with a
:class:`BadPositionError` naming the key at fault. An engine writes
``nile-position/2`` and reads ``/1`` (no rule-book options) and ``/2``.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from .board import Board
from .cards import (
    CROP_BY_NAME,
    CROPS,
    KIND_BY_NAME,
    KIND_NAMES,
    LOCUST,
    MONUMENT_BY_NAME,
    MONUMENTS,
    N_CROPS,
    N_KINDS,
    full_deck_counts,
    is_spec,
    spec_crops,
)
from .errors import BadPositionError, printable
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SEED_MAX,
    SEED_MIN,
    STORAGE_FREE,
    STORAGE_TOP,
    Rules,
    crop_count,
    seasons_for,
)
from .scoring import final_result

FORMAT = "nile-position/2"
FORMAT_1 = "nile-position/1"
#: Formats this engine reads.
FORMATS: tuple[str, ...] = (FORMAT_1, FORMAT)
#: Deepest nesting of JSON arrays and objects a position may have.
MAX_DEPTH = 32
B = TypeVar("B", bound=Board)
_KNOWN = (
    "format", "rules", "seed", "season", "seasons", "active", "step", "flood", "deck",
    "discard", "flood_stack", "locust_aside", "seats", "result",
)
_SEAT_KEYS = ("hand", "storage", "fields", "monuments", "speculation")


def _names(counts: list[int]) -> list[str]:
    return [KIND_NAMES[k] for k, n in enumerate(counts) for _ in range(n)]


def position_dict(state: Board) -> dict[str, Any]:
    """The position as a JSON-ready dict, keys in NOTATION.md order."""
    seats = []
    top = state.rules.storage_top
    for s in range(state.rules.players):
        seats.append({
            "hand": _names(state.hands[s]),
            "storage": ([CROPS[c] for c in state.stacks[s]] if top
                        else _names(state.storage[s] + [0] * (N_KINDS - N_CROPS))),
            "fields": {CROPS[c]: n for c, n in enumerate(state.fields[s]) if n},
            "monuments": {MONUMENTS[m]: n for m, n in enumerate(state.mons[s]) if n},
            "speculation": [KIND_NAMES[k] for k in sorted(state.specs[s])],
        })
    out = {
        "format": FORMAT,
        "rules": {
            "players": state.rules.players,
            "crops": [CROPS[c] for c in state.crops],
            "monuments": state.rules.monuments,
            "must_act": state.rules.must_act,
            "storage": state.rules.storage,
        },
        "seed": state.seed,
        "season": state.season,
        "seasons": state.seasons,
        "active": state.active,
        "step": "over" if state.over else "trade",
        "flood": state.flood_card,
        "deck": [KIND_NAMES[k] for k in reversed(state.deck)],
        "discard": _names(state.discard),
        "flood_stack": _names(state.flood_stack),
        "locust_aside": state.locust_aside,
        "seats": seats,
        "result": state.result.to_dict() if state.result is not None else None,
    }
    extra = dict(state.extra)
    extra["shuffles"] = state.shuffles
    if state.rules.random_crops:
        extra["random_crops"] = True
    for key in sorted(extra):
        if key not in out:
            out[key] = extra[key]
    return out


def dump_position(state: Board) -> str:
    """Canonical JSON text of the position (one line per top-level key)."""
    data = position_dict(state)
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


# -- reading -----------------------------------------------------------------

def _need(cond: bool, key: str, message: str) -> None:
    if not cond:
        raise BadPositionError(message, key)


def _get(obj: dict[str, Any], key: str, types: type | tuple[type, ...], path: str) -> Any:
    _need(key in obj, path + key, "missing")
    value = obj[key]
    ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in _tuple(types))
    _need(ok, path + key, f"has the wrong type ({type(value).__name__})")
    return value


def _tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def _card(name: object, key: str) -> int:
    _need(isinstance(name, str) and name in KIND_BY_NAME, key, f"unknown card {name!r}")
    assert isinstance(name, str)
    return KIND_BY_NAME[name]


def _count_list(items: object, key: str) -> list[int]:
    _need(isinstance(items, list), key, "must be a list of cards")
    assert isinstance(items, list)
    counts = [0] * N_KINDS
    for i, name in enumerate(items):
        counts[_card(name, f"{key}[{i}]")] += 1
    return counts


def load_position(text: str | bytes, cls: type[B]) -> B:
    """Parse and check a position into a ``cls``; raise :class:`BadPositionError` if it is bad."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadPositionError(f"nested deeper than {MAX_DEPTH} levels", "") from None
    except (ValueError, TypeError) as exc:
        raise BadPositionError(f"not valid JSON ({exc})", "") from None
    return read_position(data, cls)


def _check_text(data: dict[str, Any]) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and strings with lone surrogates.

    Such text can be read by Python's JSON parser but not written back as
    UTF-8, and a position that cannot be written is no position. The usual
    case, clean text, costs one encoding of the whole position.
    """
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
        clean = True
    except UnicodeEncodeError:
        clean = False
    except RecursionError:
        clean = False
    if clean:
        return
    todo: list[tuple[object, str, int]] = [(data, "", 0)]
    while todo:
        value, where, depth = todo.pop()
        if isinstance(value, str):
            _need(_encodable(value), where, "holds text that is not valid Unicode (a lone surrogate)")
        elif isinstance(value, (dict, list)):
            _need(depth < MAX_DEPTH, where, f"nested deeper than {MAX_DEPTH} levels")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                name = where or printable(str(k))
                _need(not isinstance(k, str) or _encodable(k), name,
                      "a key is not valid Unicode (a lone surrogate)")
                todo.append((v, name, depth + 1))


def _depth_ok(value: object, limit: int) -> bool:
    """Whether ``value`` nests no deeper than ``limit`` levels (without recursion)."""
    todo: list[tuple[object, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            if depth >= limit:
                return False
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return True


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def read_position(data: object, cls: type[B]) -> B:
    """Check parsed position JSON and build a ``cls`` from it (NOTATION.md)."""
    _need(isinstance(data, dict), "", "a position is a JSON object")
    assert isinstance(data, dict)
    _check_text(data)
    _need(data.get("format") in FORMATS, "format", f"must be {FORMAT!r} (or {FORMAT_1!r})")
    rules_d = _get(data, "rules", dict, "")
    players = _get(rules_d, "players", int, "rules.")
    _need(MIN_PLAYERS <= players <= MAX_PLAYERS, "rules.players", "must be 2 to 6")
    monuments = _get(rules_d, "monuments", bool, "rules.")
    crop_names = _get(rules_d, "crops", list, "rules.")
    _need(all(isinstance(c, str) and c in CROP_BY_NAME for c in crop_names), "rules.crops",
          "names an unknown crop")
    crops = tuple(sorted({CROP_BY_NAME[c] for c in crop_names}))
    _need(len(crops) == len(crop_names), "rules.crops", "names a crop twice")
    _need(len(crops) == crop_count(players), "rules.crops",
          f"{players} players play with {crop_count(players)} crops, not {len(crops)}")
    must_act, storage = False, STORAGE_FREE
    if data["format"] == FORMAT:
        must_act = _get(rules_d, "must_act", bool, "rules.")
        storage = _get(rules_d, "storage", str, "rules.")
        _need(storage in (STORAGE_FREE, STORAGE_TOP), "rules.storage",
              f"must be {STORAGE_FREE!r} or {STORAGE_TOP!r}")
    seed = _get(data, "seed", int, "")
    _need(SEED_MIN <= seed <= SEED_MAX, "seed", "must be an integer from 0 to 2**64-1")
    random_crops = data.get("random_crops", False)
    _need(isinstance(random_crops, bool), "random_crops", "must be true or false")
    rules = Rules(players, monuments, random_crops, must_act=must_act,
                  storage_top=storage == STORAGE_TOP)
    state = cls(rules, crops, seed)
    state.seasons = _get(data, "seasons", int, "")
    _need(state.seasons == seasons_for(players), "seasons", "must equal the number of players")
    state.season = _get(data, "season", int, "")
    _need(1 <= state.season <= state.seasons, "season", "must be between 1 and seasons")
    state.active = _get(data, "active", int, "")
    _need(0 <= state.active < players, "active", "is not a seat")
    step = _get(data, "step", str, "")
    _need(step in ("trade", "over"), "step", "must be 'trade' or 'over'")
    flood = data.get("flood", None)
    _need("flood" in data, "flood", "missing")
    state.flood = -1 if flood is None else _card(flood, "flood")
    _need(state.flood != LOCUST, "flood", "the locust is never the flood card")
    deck = _get(data, "deck", list, "")
    state.deck = [_card(name, f"deck[{i}]") for i, name in enumerate(deck)][::-1]
    state.discard = _count_list(_get(data, "discard", list, ""), "discard")
    state.flood_stack = _count_list(_get(data, "flood_stack", list, ""), "flood_stack")
    state.locust_aside = _get(data, "locust_aside", bool, "")
    seats = _get(data, "seats", list, "")
    _need(len(seats) == players, "seats", f"must list {players} seats")
    for s, seat in enumerate(seats):
        _read_seat(state, s, seat, f"seats[{s}].")
    _check_totals(state)
    _check_exclusive(state)
    shuffles = data.get("shuffles", 0)
    _need(isinstance(shuffles, int) and not isinstance(shuffles, bool) and shuffles >= 0,
          "shuffles", "must be a non-negative integer")
    state.shuffles = shuffles
    _get(data, "result", (dict, type(None)), "")
    if step == "over":
        state.result = final_result(state)
    else:
        _need(bool(state.deck), "deck", "a game in progress has cards in its draw pile")
    state.extra = {k: v for k, v in data.items() if k not in _KNOWN and k not in (
        "shuffles", "random_crops")}
    for key, value in state.extra.items():
        _need(_depth_ok(value, MAX_DEPTH), key, f"nested deeper than {MAX_DEPTH} levels")
    return state


def _read_seat(state: Board, s: int, seat: object, path: str) -> None:
    _need(isinstance(seat, dict), path[:-1], "a seat is a JSON object")
    assert isinstance(seat, dict)
    state.hands[s] = _count_list(_get(seat, "hand", list, path), path + "hand")
    _need(not state.hands[s][LOCUST], path + "hand", "the locust is never held")
    store = _count_list(_get(seat, "storage", list, path), path + "storage")
    _need(not any(store[N_CROPS:]), path + "storage", "storage holds only crop cards")
    state.storage[s] = store[:N_CROPS]
    if state.rules.storage_top:  # arrival order, bottom first (R-TRADE-1)
        state.stacks[s] = [KIND_BY_NAME[name] for name in seat["storage"]]
    fields = _get(seat, "fields", dict, path)
    for name, n in fields.items():
        key = f"{path}fields.{name}"
        _need(name in CROP_BY_NAME, key, "is not a crop")
        _need(CROP_BY_NAME[name] in state.crops, key, "is a crop not in play")
        _need(isinstance(n, int) and not isinstance(n, bool) and n >= 0, key,
              "must be a non-negative integer")
        state.fields[s][CROP_BY_NAME[name]] = n
    mons = _get(seat, "monuments", dict, path)
    for name, n in mons.items():
        key = f"{path}monuments.{name}"
        _need(name in MONUMENT_BY_NAME, key, "is not a Monument")
        _need(state.rules.monuments, key, "the Monuments expansion is off")
        _need(isinstance(n, int) and not isinstance(n, bool) and n >= 1, key,
              "a Monument owned has at least one stone")
        state.mons[s][MONUMENT_BY_NAME[name]] = n
    specs = _get(seat, "speculation", list, path)
    for i, name in enumerate(specs):
        kind = _card(name, f"{path}speculation[{i}]")
        _need(is_spec(kind), f"{path}speculation[{i}]", "only speculation cards go here")
        state.specs[s].append(kind)


def _check_totals(state: Board) -> None:
    """Every card of the game is in exactly one place (R-COMP)."""
    total = state.card_totals()
    expected = full_deck_counts(state.crops, state.rules.monuments)
    for k in range(N_KINDS):
        if total[k] != expected[k]:
            if k == LOCUST:
                raise BadPositionError(
                    "the locust must be in the deck or set aside, exactly once", "locust_aside")
            where = "out of play" if not expected[k] else f"{expected[k]} in the game"
            raise BadPositionError(
                f"there are {total[k]} {KIND_NAMES[k]} cards ({where})", "deck")
    for s in range(state.rules.players):
        for k in state.specs[s]:
            a, b = spec_crops(k)
            _need(a in state.crops and b in state.crops, f"seats[{s}].speculation",
                  "shows a crop not in play")


def _check_exclusive(state: Board) -> None:
    for c in range(N_CROPS):
        owners = [s for s in range(state.rules.players) if state.fields[s][c]]
        _need(len(owners) <= 1, f"seats[{owners[-1] if owners else 0}].fields.{CROPS[c]}",
              "the crop is planted by two seats")
    for m in range(len(MONUMENTS)):
        owners = [s for s in range(state.rules.players) if state.mons[s][m]]
        _need(len(owners) <= 1, f"seats[{owners[-1] if owners else 0}].monuments.{MONUMENTS[m]}",
              "the Monument is owned by two seats")
