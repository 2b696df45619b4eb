"""What each opponent by style scored against the levels: one data file, rewritten by the
commands that measure it.

The new-game screen names the level a personality plays like and the games that say so
(:mod:`.personalities`). Those figures are measurements, not code: they live in
``strengths.json`` beside this module, and ``python -m nile_desktop.ai.ladder ...
--strengths`` and ``python -m nile_desktop.ai.gauntlet ... --strengths`` rewrite the
entries of the pairings they played (a personality against a level, two players, seats
rotated, a shared win counted as half). A pairing measured again replaces the old
entry; the others are kept. The file is written to a temporary name and renamed, so a
stopped command never leaves half a file.

The file keeps one entry per personality and level: the newest measurement.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from nile_desktop.bounded_read import read_capped

#: The shipped figures (package data).
STRENGTHS_PATH = Path(__file__).with_name("strengths.json")

#: The most a strengths file may hold (the shipped one is under a kilobyte).
MAX_STRENGTHS_BYTES = 1 << 20


@dataclass(frozen=True)
class Score:
    """What a personality scored against one level: points (a shared win counts half)
    over two-player games, seats rotated, and the search time it was given."""

    level: str
    points: float
    games: int
    iterations: int  # Hard's iterations a decision; the flat player had the same time

    @property
    def share(self) -> float:
        return self.points / self.games if self.games else 0.5


class StrengthsError(ValueError):
    """A strengths file that cannot be read or written."""


def _read_json(path: Path) -> object:
    """The JSON in ``path``, read whole through the bounded reader: a folder, a pipe, a
    device or a file over :data:`MAX_STRENGTHS_BYTES` is an ``OSError`` at once, never a
    wait or a flood of memory; text that is not UTF-8 or not JSON a ``ValueError``."""
    return json.loads(read_capped(path, MAX_STRENGTHS_BYTES).decode("utf-8"))


def read_strengths(path: Path = STRENGTHS_PATH) -> dict[str, tuple[Score, ...]]:
    """Every personality's scores, by its key; a missing or damaged file reads as none
    (the screen then names no level it plays like)."""
    try:
        data = _read_json(path)
    except (OSError, ValueError, RecursionError):
        return {}
    return parse(data)


def parse(data: object) -> dict[str, tuple[Score, ...]]:
    """The scores in a strengths file's JSON; entries that are not well formed are left out."""
    out: dict[str, tuple[Score, ...]] = {}
    scores = data.get("scores") if isinstance(data, dict) else None
    if not isinstance(scores, dict):
        return out
    for key, by_level in scores.items():
        if not isinstance(key, str) or not isinstance(by_level, dict):
            continue
        found: list[Score] = []
        for level, entry in by_level.items():
            if not isinstance(level, str) or not isinstance(entry, dict):
                continue
            points, games, iterations = (entry.get(k) for k in ("points", "games", "iterations"))
            if (isinstance(points, (int, float)) and not isinstance(points, bool)
                    and isinstance(games, int) and not isinstance(games, bool) and games > 0
                    and 0 <= points <= games and isinstance(iterations, int)
                    and not isinstance(iterations, bool)):
                found.append(Score(level, float(points), games, iterations))
        out[key] = tuple(found)
    return out


def update_strengths(new: list[tuple[str, Score]], path: Path = STRENGTHS_PATH) -> None:
    """Replace the entries of these (personality, score) pairings in the file; keep the rest."""
    try:
        data = _read_json(path) if os.path.lexists(path) else {}
    except (OSError, ValueError, RecursionError) as exc:
        raise StrengthsError(f"{path} is not a strengths file ({exc}); nothing was written"
                             ) from exc
    if not isinstance(data, dict):
        raise StrengthsError(f"{path} is not a strengths file; nothing was written")
    scores = data.setdefault("scores", {})
    if not isinstance(scores, dict):
        raise StrengthsError(f"{path} is not a strengths file; nothing was written")
    for key, score in new:
        scores.setdefault(key, {})[score.level] = {
            "points": score.points, "games": score.games, "iterations": score.iterations}
    data["scores"] = {k: dict(sorted(v.items())) for k, v in sorted(scores.items())}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    temp = ""
    try:
        fd, temp = tempfile.mkstemp(prefix=".strengths-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)
    except OSError as exc:
        if temp:
            try:
                os.unlink(temp)
            except OSError:
                pass
        raise StrengthsError(f"cannot write {path}: {exc}") from exc


def write_strengths(entries: list[tuple[str, Score]], path: Path) -> int:
    """A command's last step: write ``entries`` (:func:`update_strengths`) and say so; a
    file that is not a strengths file, or cannot be written, is one line and exit status 2."""
    try:
        update_strengths(entries, path)
    except StrengthsError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"{len(entries)} scores written to {path}")
    return 0
