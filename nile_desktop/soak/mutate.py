"""Ways to damage a valid file, each one a thing that happens to real files.

A disk or a copy cuts a file short or flips bits; a hand edit puts a word
where a number was, a number too large for any float, a list nested a
thousand deep; an editor adds a byte-order mark; a file comes from another
program or a newer version of the game; a clock or a hand writes a date no
computer can show; text holds a lone surrogate. Every mutation takes the
file's bytes (and its decoded JSON when there is one) and a seeded random
source, and returns new bytes, so any failing case can be made again from
its seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

Mutation = Callable[[bytes, random.Random], bytes]

DEEP = 1000
HUGE_DIGITS = 5000
ODD_DATES = ("9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "0001-01-01T00:00:00",
             "2026-02-30T10:00:00", "yesterday", "", "9999-12-31T23:59:59.999999+00:00")


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except Exception:  # noqa: BLE001 - an earlier mutation may have broken it already
        return None


def _dump(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8", "surrogatepass")


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (as a key path), the root included."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:50]):
            found += _paths(value, (*prefix, index))
    return found


def _replace_at(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return data


def _with_value(raw: bytes, rng: random.Random, make: Callable[[Any, random.Random], Any]
                ) -> bytes:
    """Replace one random place of the JSON tree with ``make(old, rng)``."""
    data = _json(raw)
    if data is None:
        return raw
    path = rng.choice(_paths(data))
    old = data
    for step in path:
        old = old[step]
    return _dump(_replace_at(data, path, make(old, rng)))


# -- bytes ---------------------------------------------------------------------------------

def truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(len(raw) + 1)]


def cut_end(raw: bytes, rng: random.Random) -> bytes:
    return raw[: max(0, len(raw) - rng.randint(1, 4))]


def bit_flips(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def junk(raw: bytes, rng: random.Random) -> bytes:
    return rng.randbytes(rng.randint(0, 300))


def byte_order_mark(raw: bytes, rng: random.Random) -> bytes:
    choice = rng.randrange(3)
    if choice == 0:
        return b"\xef\xbb\xbf" + raw
    text = raw.decode("utf-8", "replace")
    return text.encode("utf-16") if choice == 1 else b"\xef\xbb\xbf\xef\xbb\xbf" + raw


# -- values --------------------------------------------------------------------------------

def _other_type(old: Any, rng: random.Random) -> Any:
    return rng.choice([None, True, 0, -1, 1.5, "", "text", [], {}, [old], {"x": old}, 2**70,
                       float("nan"), "0", "true"])


def wrong_type(raw: bytes, rng: random.Random) -> bytes:
    return _with_value(raw, rng, _other_type)


def huge_number(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    if data is None:
        return raw
    marker = "HUGE-NUMBER-HERE"
    text = _with_value(raw, rng, lambda old, r: marker).decode("utf-8", "surrogatepass")
    number = rng.choice(["4" * 400, "1" * HUGE_DIGITS, "4" * 400 + ".5", "1e999", "-1e400",
                         "9" * 4301])
    return text.replace(f'"{marker}"', number, 1).encode("utf-8", "surrogatepass")


def deep(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    nest = "[" * DEEP + "]" * DEEP if rng.random() < 0.5 else '{"a":' * DEEP + "1" + "}" * DEEP
    if data is None or rng.random() < 0.2:
        return nest.encode()
    marker = "DEEP-VALUE-HERE"
    text = _with_value(raw, rng, lambda old, r: marker).decode("utf-8", "surrogatepass")
    return text.replace(f'"{marker}"', nest, 1).encode("utf-8", "surrogatepass")


def lone_surrogate(raw: bytes, rng: random.Random) -> bytes:
    escaped = rng.choice(["\\ud800", "\\udfff", "Ana\\ud83d", "\\udc80x"])
    marker = "SURROGATE-HERE"
    data = _json(raw)
    if data is None:
        return raw
    text = _with_value(raw, rng, lambda old, r: marker).decode("utf-8", "surrogatepass")
    return text.replace(marker, escaped, 1).encode("utf-8", "surrogatepass")


def drop_key(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    if not isinstance(data, dict) or not data:
        return raw
    del data[rng.choice(sorted(data))]
    return _dump(data)


def extra_key(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    if not isinstance(data, dict):
        return raw
    data[rng.choice(["future", "format2", "x" * 50, ""])] = _other_type(None, rng)
    return _dump(data)


def foreign_format(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    if not isinstance(data, dict):
        return raw
    data["format"] = rng.choice(["nile-position/2", "chess-pgn/1", "nile-save", "nile-save/0",
                                 "nile-save/-1", "nile-save/1.5", 7, None, "NILE-SAVE/1"])
    return _dump(data)


def newer_format(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    if not isinstance(data, dict):
        return raw
    if "version" in data:
        data["version"] = rng.choice([2, 99, 10**6])
    else:
        data["format"] = rng.choice(["nile-save/3", "nile-save/99", "nile-position/9"])
    data["new_thing"] = {"from": "the future"}
    return _dump(data)


def odd_date(raw: bytes, rng: random.Random) -> bytes:
    data = _json(raw)
    if not isinstance(data, dict):
        return raw
    for key in ("updated", "created"):
        if key in data or rng.random() < 0.3:
            data[key] = rng.choice(ODD_DATES)
    return _dump(data)


def shuffle_list(raw: bytes, rng: random.Random) -> bytes:
    """Reorder, repeat or drop items of one list (moves played out of order, seats lost)."""
    data = _json(raw)
    lists = [p for p in _paths(data) if isinstance(_get(data, p), list) and _get(data, p)]
    if not lists:
        return raw
    path = rng.choice(lists)
    items = list(_get(data, path))
    action = rng.randrange(3)
    if action == 0:
        rng.shuffle(items)
    elif action == 1:
        items.insert(rng.randrange(len(items) + 1), rng.choice(items))
    else:
        items.pop(rng.randrange(len(items)))
    return _dump(_replace_at(data, path, items))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


MUTATIONS: dict[str, Mutation] = {
    "truncate": truncate, "cut-end": cut_end, "bit-flips": bit_flips, "junk": junk,
    "byte-order-mark": byte_order_mark, "wrong-type": wrong_type, "huge-number": huge_number,
    "deep": deep, "lone-surrogate": lone_surrogate, "drop-key": drop_key,
    "extra-key": extra_key, "foreign-format": foreign_format, "newer-format": newer_format,
    "odd-date": odd_date, "shuffle-list": shuffle_list,
}


def mutate(raw: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """One to three mutations in a row; returns the bytes and the names applied."""
    names = [rng.choice(sorted(MUTATIONS)) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    for name in names:
        raw = MUTATIONS[name](raw, rng)
    return raw, names
