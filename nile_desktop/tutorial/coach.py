"""The coach: which lesson is on, what the person may do, what the bot plays.

Display-free (tested without pygame). The table tells the coach about every
move played (with its events) and asks it before playing a person's move;
the coach's view draws what :attr:`Coach.lesson` says.

A lesson is *current* from the moment the previous one ends, and *shown*
once its trigger holds (checked after every move and every "Next", over the
state and the events seen since the previous lesson ended). Each trigger can
fire only once, because the coach only ever moves forward.

While a lesson that waits for "Next" is shown on the bot's turn, the bot
waits too (:meth:`holding`). On the person's turn nothing is held: their
cards stay live under any lesson, so whatever a lesson invites can be tried
and is either played or refused with words. Skipping a lesson that waits for
a move plays that move for the person, so the prepared game stays on its
rails.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from nile_desktop.engine import EngineError, Event, Move
from nile_desktop.i18n import N_
from nile_desktop.tutorial.lessons import BOT, BOT_MOVES, LESSONS, PERSON, Lesson, person_turn
from nile_desktop.tutorial.progress import Progress

log = logging.getLogger(__name__)

PRESS_NEXT = N_("Read this lesson first, then press Next.")


def canonical(text: str) -> str:
    try:
        return str(Move.parse(text))
    except EngineError:
        return " ".join(text.split())


class Coach:
    """Lesson state of one guided game. ``progress`` is shared with the progress file."""

    def __init__(self, progress: Progress | None = None,
                 lessons: Sequence[Lesson] = LESSONS,
                 bot_moves: Sequence[str] = BOT_MOVES) -> None:
        self.lessons = tuple(lessons)
        self.bot_moves = tuple(bot_moves)
        self.progress = progress or Progress()
        self.progress.lesson = min(self.progress.lesson, len(self.lessons))
        self.recent: list[Event] = []
        #: How often each lesson's trigger fired (tests check: exactly once).
        self.fired: dict[str, int] = {}
        if self.progress.shown and self.lesson is not None:
            self.fired[self.lesson.id] = 1
        #: Called with the lesson id when a lesson appears (screenshots, tests).
        self.on_show: list[Callable[[Lesson], None]] = []
        self.on_change: list[Callable[[], object]] = []

    # -- reading ---------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson | None:
        """The current lesson (shown or waiting for its situation), None when all are done."""
        if self.progress.lesson < len(self.lessons):
            return self.lessons[self.progress.lesson]
        return None

    @property
    def shown(self) -> Lesson | None:
        """The lesson on screen now, if any."""
        return self.lesson if self.progress.shown else None

    @property
    def index(self) -> int:
        return self.progress.lesson

    @property
    def finished(self) -> bool:
        return self.lesson is None

    def holding(self, state: Any = None) -> bool:
        """The game waits: a lesson asking for "Next" is on screen, and (given ``state``) it
        is not the person's turn: on theirs they may try what the lesson invites."""
        shown = self.shown
        if shown is None or shown.move is not None:
            return False
        return state is None or not person_turn(state, ())

    def allows(self, move: str, seat: int = PERSON) -> Any:
        """None if the person may play ``move`` now, else the friendly refusal (a message)."""
        if seat != PERSON:
            return None
        lesson = self.lesson
        if lesson is None:
            return None
        if not self.progress.shown and lesson.free:
            return None
        if self.progress.shown and lesson.move is None and lesson.plays:
            return None
        if not self.progress.shown or lesson.move is None:
            return PRESS_NEXT if self.progress.shown else lesson.refusal or PRESS_NEXT
        if canonical(move) == canonical(lesson.move):
            return None
        return lesson.refusal

    def bot_move(self, state: Any, moves_played: Sequence[str]) -> str | None:
        """Imhotep's scripted move for this turn, or None (the Easy bot decides)."""
        if state.over or state.active != BOT:
            return None
        turn = self._bot_turns(moves_played)
        if turn >= len(self.bot_moves):
            return None
        move = self.bot_moves[turn]
        try:
            state.check(move)
        except EngineError:
            log.warning("scripted bot move %r is not legal; the Easy bot plays", move)
            return None
        return move

    def _bot_turns(self, moves_played: Sequence[str]) -> int:
        """How many turns the bot has ended so far: the prepared game opens with the bot's
        turn, and only a plant, a speculation or a pass ends a turn (trades do not)."""
        active, turns = BOT, 0
        for text in moves_played:
            if text.split()[:1] and text.split()[0] in ("plant", "speculate", "pass"):
                turns += active == BOT
                active = PERSON if active == BOT else BOT
        return turns

    # -- changing --------------------------------------------------------------------
    def refresh(self, state: Any) -> Lesson | None:
        """Show the current lesson if its situation is on the table; returns it if it
        appeared just now."""
        lesson = self.lesson
        if lesson is None or self.progress.shown:
            return None
        if not lesson.trigger(state, self.recent):
            return None
        self.progress.shown = True
        self.fired[lesson.id] = self.fired.get(lesson.id, 0) + 1
        for listener in list(self.on_show):
            listener(lesson)
        self._changed()
        return lesson

    def moved(self, seat: int, move: str, events: Sequence[Event], state: Any) -> None:
        """A move was played (by anyone): end a lesson it completes, look for the next.
        (The moves themselves are recorded by the game's save.)"""
        lesson = self.shown
        if seat == PERSON and lesson is not None and (
                lesson.plays if lesson.move is None
                else canonical(move) == canonical(lesson.move)):
            self._advance()
        self.recent.extend(events)
        self.refresh(state)
        self._changed()

    def next(self, state: Any) -> bool:
        """The person pressed Next on a lesson that waits for it."""
        lesson = self.shown
        if lesson is None or lesson.move is not None:
            return False
        self._advance()
        self.refresh(state)
        self._changed()
        return True

    def tried(self, code: str) -> Any:
        """The lesson's own words for a refusal of ``code`` it invited the person to meet,
        or None."""
        lesson = self.shown
        if lesson is not None and lesson.tries == code:
            return lesson.refusal
        return None

    def skip(self, state: Any) -> str | None:
        """Skip the lesson on screen. Returns the move the table must play for the person
        (a lesson that waits for a move), or None."""
        lesson = self.shown
        if lesson is None:
            return None
        if lesson.id not in self.progress.skipped:
            self.progress.skipped.append(lesson.id)
        if lesson.move is not None:
            return lesson.move  # the table plays it; :meth:`moved` then ends the lesson
        self.next(state)
        return None

    def _advance(self) -> None:
        self.progress.lesson += 1
        self.progress.shown = False
        self.recent = []
        if self.lesson is None:
            self.progress.finished = True

    def _changed(self) -> None:
        for listener in list(self.on_change):
            listener()
