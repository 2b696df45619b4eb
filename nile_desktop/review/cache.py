"""A review kept in the save record, so looking at a game a second time is instant.

A save file (:mod:`nile_desktop.saves`) may hold, beside its moves, a
``review`` object::

    "review": {
      "format": "nile-review/1",
      "entries": {
        "rollout-2t/1|120|0": {
          "game": "3f5c…",          # digest of rules, seed and moves reviewed
          "review": {…}              # Review.to_dict(): chart, steps, decisions
        }
      }
    }

An entry's key is the evaluator's version, the sample count and the seed
(:func:`cache_key`), so a deeper review or a newer evaluator sits beside
the old one instead of being mistaken for it, and the ``game`` digest
makes a review of a game that went on (or was taken back) read as
missing. At most :data:`MAX_ENTRIES` entries are kept, the newest last.

Everything here is a pure function on dicts (the save keeps the record;
whoever writes the save writes what :func:`with_review` returns), plus
:func:`store_in_file`, which adds a review to a save file on disk through
a temporary file renamed over it. Damaged cache data reads as no cache.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from nile_desktop import paths
from nile_desktop.saves.format import MAX_FILE_BYTES
from nile_desktop.saves.record import game_digest

from .evaluate import EVALUATOR
from .runner import Game, Review

CACHE_FORMAT = "nile-review/1"
KEY = "review"
MAX_ENTRIES = 3


def cache_key(evaluator: str, iterations: int, seed: int) -> str:
    """The entry key of a review made by ``evaluator`` with ``iterations`` samples and ``seed``."""
    return f"{evaluator}|{iterations}|{seed}"


def digest_of(game: Game) -> str:
    """The digest that ties a cached review to the exact game reviewed."""
    return game_digest(game.rules, game.seed, game.moves)


def cached_review(record: Any, game: Game, iterations: int, seed: int = 0,
                  seats: Sequence[int] | None = None,
                  evaluator: str = EVALUATOR) -> Review | None:
    """The review of ``game`` kept in ``record`` (a save's dict), or None if there is none.

    ``seats`` are the seats whose decisions must be measured (default: the
    people's). A damaged entry, one of another game, one made differently
    or one that did not measure all of ``seats`` reads as None.
    """
    try:
        entry = record[KEY]["entries"][cache_key(evaluator, iterations, seed)]
        if record[KEY]["format"] != CACHE_FORMAT or entry["game"] != digest_of(game):
            return None
        review = Review.from_dict(entry["review"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None
    if (review.evaluator, review.iterations, review.seed) != (evaluator, iterations, seed):
        return None
    if len(review.steps) != len(game.moves):
        return None
    if not set(game.people() if seats is None else seats) <= set(review.seats):
        return None
    return review


def with_review(record: dict[str, Any], game: Game, review: Review) -> dict[str, Any]:
    """A copy of ``record`` with ``review`` of ``game`` kept in it (the record is not changed)."""
    out = copy.deepcopy(record)
    old = out.get(KEY)
    entries = old.get("entries") if isinstance(old, dict) and old.get("format") == CACHE_FORMAT \
        else None
    if not isinstance(entries, dict):
        entries = {}
    key = cache_key(review.evaluator, review.iterations, review.seed)
    entries.pop(key, None)
    entries[key] = {"game": digest_of(game), "review": review.to_dict()}
    while len(entries) > MAX_ENTRIES:
        entries.pop(next(iter(entries)))
    out[KEY] = {"format": CACHE_FORMAT, "entries": entries}
    return out


def store_in_file(path: Path | str, game: Game, review: Review) -> None:
    """Add ``review`` to the save file at ``path``, atomically; OSError/ValueError if it cannot.

    The file is read as JSON and written back with only the ``review`` key
    changed, through a temporary file renamed over it.
    """
    path = Path(path)
    record = json.loads(paths.read_capped(path, MAX_FILE_BYTES).decode("utf-8-sig"))
    if not isinstance(record, dict):
        raise ValueError(f"{path} does not hold a save")
    text = json.dumps(with_review(record, game, review), indent=1, ensure_ascii=False) + "\n"
    paths.write_atomic(path, text)
