"""A review kept in the save record, so looking at a game a second time is instant.

A save file (:mod:`nile_desktop.saves`) may hold, beside its moves, a
``review`` object::

    "review": {
      "format": "nile-review/2",
      "entries": {
        "playout-2t/4|800|0": {
          "game": "3f5c…",          # digest of rules, seed and moves reviewed
          "review": {…}              # Review.to_dict(): decisions, a chart per view
        }
      }
    }

An entry's key is the evaluator's version, the sample count and the seed
(:func:`cache_key`), so a deeper review or a newer evaluator sits beside
the old one instead of being mistaken for it, and the ``game`` digest
makes a review of a game that went on (or was taken back) read as
missing. A review that gains a point of view later is kept again under the
same key. Only finished reviews are kept (never a first pass). At most
:data:`MAX_ENTRIES` entries are kept, the newest last.

Everything here is a pure function on dicts (the save keeps the record;
whoever writes the save writes what :func:`with_review` returns), plus
:func:`store_in_file`, which adds a review to a save file on disk through
a temporary file renamed over it. Damaged cache data reads as no cache, and
so does a review that does not fit its game (:func:`check_review`): the
digest only names the game a review claims to be of, and anyone can compute
it, so everything else is checked as any other input is.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from nile_desktop import paths
from nile_desktop.saves.format import MAX_FILE_BYTES
from nile_desktop.saves.record import game_digest

from .analysis import OPEN, Decision, Step, view_seat
from .charts import Game, Review
from .checks import check_moves
from .evaluate import EVALUATOR

CACHE_FORMAT = "nile-review/2"
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
        check_review(review, game)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError):
        return None
    if (review.evaluator, review.iterations, review.seed) != (evaluator, iterations, seed):
        return None
    if not set(game.people() if seats is None else seats) <= set(review.seats):
        return None
    return review


def check_review(review: Review, game: Game) -> None:
    """ValueError unless ``review`` fits ``game``: a name and kind per seat (the game's
    kinds), reviewed seats in range, a step per move with its mover and move, a decision
    for just the reviewed seats' moves (in the open view too, once it is charted), each
    move a decision names legal where it was weighed
    (:func:`.checks.check_moves`), and every chart a point per position, each point a
    chance per seat adding up to 100 (the values' types and ranges are checked on reading)."""
    players = len(game.names)
    movers = game.movers()
    if len(review.names) != players or tuple(review.kinds) != tuple(game.kinds):
        raise ValueError("the names or kinds do not match the game's seats")
    if list(review.seats) != sorted(set(review.seats)) or \
            not all(0 <= s < players for s in review.seats):
        raise ValueError("a reviewed seat is out of range")
    if len(review.steps) != len(game.moves):
        raise ValueError("the steps do not match the moves")
    for j, step in enumerate(review.steps):
        if (step.index, step.seat, step.move) != (j, movers[j], game.moves[j]):
            raise ValueError(f"step {j} does not match the game")
        _check_decision(step.decision, step, review.seats, players)
    check_moves(review.steps, game.rules, game.seed, game.moves)
    if review.open_decisions or OPEN in review.views:
        if len(review.open_decisions) != len(review.steps):
            raise ValueError("the open view's decisions do not match the moves")
        for step, decision in zip(review.steps, review.open_decisions, strict=True):
            _check_decision(decision, step, review.seats, players)
        check_moves([replace(step, decision=decision) for step, decision
                     in zip(review.steps, review.open_decisions, strict=True)],
                    game.rules, game.seed, game.moves)
    for key, chart in review.views.items():
        seat = view_seat(key)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"the view {key!r} is of no seat")
        if len(chart) != len(game.moves) + 1 or not all(
                len(point) == players and abs(sum(point) - 100.0) < 0.05 for point in chart):
            raise ValueError(f"the chart of {key!r} does not match the game")


def _check_decision(decision: Decision | None, step: Step, seats: Sequence[int],
                    players: int) -> None:
    """ValueError unless a step has a decision just when its seat was measured, of that
    seat, with a chance per seat before and after."""
    if (decision is not None) != (step.seat in seats):
        raise ValueError(f"step {step.index} has a decision where none was measured, or none")
    if decision is not None and (decision.seat != step.seat or not all(
            len(point) == players for point in (decision.seats_before, decision.seats_after))):
        raise ValueError(f"the decision of step {step.index} does not match the game")


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
