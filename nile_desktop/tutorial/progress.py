"""The tutorial's game and its progress file.

The guided game is not a normal save (a save is a seed and the moves of a
dealt game): it starts from the prepared position. :class:`TutorialSave` is
the save the table plays, whose ``new_state`` is that position, and its
progress — the lesson reached, whether it is on screen, the skipped lessons
and the moves played — is kept in ``tutorial.json`` in the user data folder,
written atomically. Resuming replays the moves from the prepared start.
A progress file that cannot be read or used (damaged, foreign, a move that
no longer parses or replays, deep nesting, a folder or device in its place)
is set aside as ``tutorial.json.bad`` (``.bad-2``… never over an earlier
one) before anything new is written there, the tutorial starts afresh, and
:func:`take_notice` has a message for the player; never a traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nile_desktop import paths
from nile_desktop.engine import EngineError, State, position_from_dict
from nile_desktop.i18n import N_
from nile_desktop.saves import SaveGame, Seat
from nile_desktop.saves.format import ReasonData
from nile_desktop.seats import SeatKind
from nile_desktop.tutorial import build_start

log = logging.getLogger(__name__)

PROGRESS_FORMAT = "nile-tutorial/1"
#: A progress file is a few kilobytes; a larger one is not one the game wrote.
MAX_FILE_BYTES = 1024 * 1024
_SET_ASIDE = N_("Your tutorial progress could not be read, so the tutorial starts afresh. "
                "The old file was kept as “{file}”.")
_notice: list[Path] = []
RULES = {"players": 2, "monuments": True, "random_crops": False}


def start_state() -> State:
    """The prepared position (``start.json``, or built afresh if the file is missing)."""
    try:
        data = json.loads(build_start.START_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = build_start.build()
    return position_from_dict(data)


class TutorialSave(SaveGame):
    """The guided game as a save the table plays: it starts from the prepared position, not
    from a deal of its seed, and keeps no bots' reasons (its bot's moves are scripted). It is
    never written as a save file: the progress file keeps its moves."""

    def new_state(self) -> State:
        return start_state()

    def record(self, move: object, reason: ReasonData = None) -> None:
        """Add a played move (no reason is kept)."""
        self.moves.append(str(move))

    def reason_at(self, index: int) -> ReasonData:
        return None


def tutorial_save(seats: Sequence[tuple[str, SeatKind]], moves: list[str]) -> TutorialSave:
    """The guided game with ``seats`` (name and kind, in seat order and colour) and the
    moves played so far: ``moves`` itself, so each move the table plays is added to it."""
    return TutorialSave(rules=dict(RULES), seed=build_start.SEED, moves=moves,
                        seats=[Seat(name, kind, colour) for colour, (name, kind)
                               in enumerate(seats)])


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
    except (EngineError, ValueError):  # a move that does not parse, or one refused
        return None
    return progress


def load_progress(path: Path | None = None) -> Progress | None:
    """The saved progress, or None when there is none (or it cannot be used)."""
    path = path or progress_path()
    try:
        progress = _valid(json.loads(paths.read_capped(path, MAX_FILE_BYTES).decode("utf-8")))
    except FileNotFoundError:
        return None
    except Exception as exc:  # noqa: BLE001 - unreadable, not JSON, deep nesting, …
        log.warning("tutorial progress %s cannot be read (%s)", path, type(exc).__name__)
        progress = None
    if progress is None:
        _set_aside(path)
    return progress


def _set_aside(path: Path) -> None:
    """Move an unusable progress file out of the way (never over an earlier one)."""
    try:
        kept = paths.set_aside(path, "bad")
    except OSError as exc:
        log.warning("tutorial progress %s is not usable nor movable (%s)", path, exc)
        return
    log.warning("tutorial progress %s is not usable; kept as %s, starting afresh", path, kept)
    _notice[:] = [kept]


def take_notice() -> Callable[[], str] | None:
    """What the player should be told about a progress file set aside (once), or None.

    The message is made each time it is shown, in the language of that moment.
    """
    if not _notice:
        return None
    kept = _notice.pop()
    if kept.parent != progress_path().parent:  # set aside in another user folder (tests)
        return None
    return lambda: str(_SET_ASIDE).format(file=kept.name)


def write_progress(progress: Progress, path: Path | None = None) -> bool:
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
