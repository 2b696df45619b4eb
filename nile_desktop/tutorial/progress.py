"""The tutorial's game and its progress file.

The guided game is not a normal save (a save is a seed and the moves of a
dealt game): it starts from the prepared position. :class:`TutorialSave`
looks like a save to the table (seats, moves, ``new_state``), and its
progress — the lesson reached, whether it is on screen, the skipped lessons
and the moves played — is kept in ``tutorial.json`` in the user data folder,
written atomically. Resuming replays the moves from the prepared start.
A damaged or foreign progress file is ignored (the tutorial starts afresh),
never a traceback.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nile_desktop.engine import BadPositionError, IllegalMoveError, State, position_from_dict

log = logging.getLogger(__name__)

PROGRESS_FORMAT = "nile-tutorial/1"
RULES = {"players": 2, "monuments": True, "random_crops": False}


def start_state() -> State:
    """The prepared position (``start.json``, or built afresh if the file is missing)."""
    from nile_desktop.tutorial import build_start

    try:
        data = json.loads(build_start.START_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = build_start.build()
    return position_from_dict(data)


def _start_seed() -> int:
    from nile_desktop.tutorial.build_start import SEED

    return SEED


@dataclass(frozen=True)
class TutorialSeat:
    name: str
    kind: str
    colour: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "colour": self.colour}


@dataclass
class TutorialSave:
    """The guided game as the table sees a save."""

    seats: list[TutorialSeat]
    moves: list[str] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=lambda: dict(RULES))
    seed: int = field(default_factory=lambda: _start_seed())

    @property
    def player_names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def new_state(self) -> State:
        return start_state()

    def record(self, move: object, reason: Any = None) -> None:
        """Add a played move (the guided game keeps no reasons: its bot's moves are scripted)."""
        self.moves.append(str(move))

    def reason_at(self, index: int) -> Any:
        return None


@dataclass
class Progress:
    """How far the tutorial has got."""

    lesson: int = 0
    shown: bool = False
    skipped: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    finished: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"format": PROGRESS_FORMAT, "lesson": self.lesson, "shown": self.shown,
                "skipped": list(self.skipped), "moves": list(self.moves),
                "finished": self.finished}


def progress_path() -> Path:
    from nile_desktop import paths

    return paths.user_data_dir() / "tutorial.json"


def _valid(data: Any) -> Progress | None:
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        return None
    lesson, shown = data.get("lesson"), data.get("shown")
    skipped, moves = data.get("skipped"), data.get("moves")
    if not (isinstance(lesson, int) and not isinstance(lesson, bool) and lesson >= 0
            and isinstance(shown, bool) and isinstance(skipped, list)
            and isinstance(moves, list)
            and all(isinstance(x, str) for x in skipped + moves)):
        return None
    progress = Progress(lesson, shown, list(skipped), list(moves),
                        bool(data.get("finished", False)))
    try:  # the moves must still replay from the prepared start
        state = start_state()
        for move in progress.moves:
            state.apply(move)
    except (IllegalMoveError, BadPositionError, ValueError):
        return None
    return progress


def load_progress(path: Path | None = None) -> Progress | None:
    """The saved progress, or None when there is none (or it cannot be used)."""
    path = path or progress_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        log.warning("tutorial progress %s cannot be read; starting afresh", path)
        return None
    progress = _valid(data)
    if progress is None:
        log.warning("tutorial progress %s is not usable; starting afresh", path)
    return progress


def write_progress(progress: Progress, path: Path | None = None) -> bool:
    from nile_desktop import paths

    path = path or progress_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        paths.write_atomic(path, json.dumps(progress.to_dict(), indent=1) + "\n")
    except OSError:
        log.warning("tutorial progress could not be written to %s", path, exc_info=True)
        return False
    return True


def in_progress(path: Path | None = None) -> bool:
    """A tutorial was started and not finished (the title screen offers to resume it)."""
    progress = load_progress(path)
    return progress is not None and not progress.finished and (
        bool(progress.moves) or progress.lesson > 0)


def clear_progress(path: Path | None = None) -> None:
    path = path or progress_path()
    try:
        path.unlink()
    except OSError:
        pass
