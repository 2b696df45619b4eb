"""Every lesson lets the person try what its words invite.

A lesson never invites a move it blocks. This walks the whole guided game
through the table's real input (mouse events through ``app.frame``, as
:mod:`test_tutorial_play` does) and, at each lesson whose text invites an
action, performs that action and asserts it was not silently ignored:
either it happened (a move was played), or the prompt says why not in the
lesson's own words (R-WHY-1). On the person's turn their hand cards are
live under every lesson, whatever it waits for.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from test_tutorial_play import Newcomer, app, open_tutorial  # noqa: F401 (app: a fixture)

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.table.logic.draft import Action
from nile_desktop.tutorial.coach import PRESS_NEXT
from nile_desktop.tutorial.lessons import LESSONS, PERSON, Lesson
from nile_desktop.ui import theme

#: What each lesson's words invite the person to do now (None: only reading, and "Next").
INVITES: dict[str, str | None] = {
    "welcome": None,  # "watch his move": the bot plays once Next is pressed
    "flood": None,
    "storage": None,
    "market": "move",  # pick both Flax and press Market
    "new-field": "drag",  # drag both Lettuce onto the plot, then press Plant
    "two-crops": "move",
    "flooded": "drag-refused",  # "try dragging one [Wheat] to your field"
    "takeover": "move",
    "speculate": "move",
    "payout": None,
    "offer": "move",
    "locust": None,
    "monument": "move",
    "erosion": None,
    "seasons": "end-turn",  # "play the last turns as you like; End turn ends a turn"
    "end": None,
}

#: Words that invite an action on the table (English source text).
INVITING = re.compile(r"\b(drag|click|press|pick|try|trying|end turn)\b", re.IGNORECASE)


def test_every_lesson_says_what_it_invites() -> None:
    """A new lesson must be listed above; a lesson listed as only read invites nothing."""
    assert list(INVITES) == [lesson.id for lesson in LESSONS]
    for lesson in LESSONS:
        text = lesson.text.msgid if hasattr(lesson.text, "msgid") else str(lesson.text)
        if INVITES[lesson.id] is None:
            assert not INVITING.search(text), (lesson.id, INVITING.search(text))
        if INVITES[lesson.id] == "drag-refused":
            assert lesson.tries and lesson.refusal, lesson.id


def settled(table: Any) -> bool:
    return table.game.prompt.guard <= 0 and not table.game.stage.busy and table.game.flow.phase != "playback"


def live_hand(table: Any) -> list[Any]:
    return [e for e in table.drawer.hits.items if e.data.get("zone") == "hand" and e.enabled]


def hand_card(table: Any, kind: str) -> Any:
    return next((e for e in table.drawer.hits.items
                 if e.data.get("zone") == "hand" and e.data.get("kind") == kind), None)


class Walker:
    """Drives the tutorial with a :class:`Newcomer`, stopping at each lesson to try it."""

    def __init__(self, host: App) -> None:
        self.table = open_tutorial(host, resume=False)
        self.coach = self.table.coach.coach
        self.person = Newcomer(host, self.table)
        self.tried: list[str] = []

    def frames_until(self, done: Callable[[], bool], limit: int = 3000) -> bool:
        for _ in range(limit):
            if done():
                return True
            self.person.frame()
        return done()

    def moves(self) -> list[str]:
        return list(self.table.game.session.save.moves)

    def try_lesson(self, lesson: Lesson) -> None:
        t, person = self.table, self.person
        if t.game.session.active == PERSON and not t.game.session.over:
            self.frames_until(lambda: settled(t))
            assert t.game.composing() and settled(t), f"{lesson.id}: the person's turn, but the table is held"
            assert live_hand(t), f"{lesson.id}: every hand card is disabled"
        action = INVITES[lesson.id]
        if action is None:
            return
        self.tried.append(lesson.id)
        before = self.moves()
        if action == "move":
            person.until(lambda: self.coach.index > LESSONS.index(lesson))
            assert self.moves()[len(before)] == lesson.move  # it happened
        elif action == "drag":
            person.drag(hand_card(t, "lettuce"), "field:lettuce")
            assert t.game.draft.move_text(Action.PLANT) == lesson.move
            person.press("action.plant")
            assert self.moves()[len(before):] and self.moves()[len(before)] == lesson.move
        elif action == "drag-refused":
            person.drag(hand_card(t, "wheat"), "field:wheat")
            assert self.moves() == before and t.game.draft.empty  # refused, nothing changed
            assert str(t.game.prompt.message) == str(lesson.refusal)  # ... in the lesson's own words
            assert "R-FLOOD-2" in str(t.game.prompt.message)  # the flood's rule, not planting's
            bar, lay = t.drawer.hits.get("status"), t.drawer.layout  # the prompt shows all of it
            assert len(theme.wrap_text(str(t.game.prompt.message), lay.font(12),
                                       bar.rect[2] - lay.px(16))) <= 2
            person.press("action.pass")  # another move is refused with words too
            person.press("action.pass")
            assert self.moves() == before and str(t.game.prompt.message) == str(PRESS_NEXT)
            person.press("coach.next")
            assert self.coach.index > LESSONS.index(lesson)
        elif action == "end-turn":
            person.press("action.pass")
            person.press("action.pass")
            assert self.moves()[len(before):] == ["pass"]  # it happened ...
            assert self.coach.index > LESSONS.index(lesson)  # ... and moved the lesson on

    def walk(self) -> None:
        for i, lesson in enumerate(LESSONS):
            self.person.until(lambda i=i: self.coach.index == i and self.coach.shown is not None)
            self.try_lesson(lesson)
        self.person.until(lambda: self.table.stack is None)
        assert self.coach.finished and self.table.game.session.over


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_invited_action_can_be_tried_through_the_table(app: App, lang: str) -> None:  # noqa: F811
    i18n.set_language(lang)
    walker = Walker(app)
    walker.walk()
    assert walker.tried == [lid for lid, action in INVITES.items() if action is not None]
