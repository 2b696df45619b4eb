"""Every lesson of the tutorial played by dragging, as a newcomer tries it first.

The tutorial's own scripted person clicks cards one by one; a newcomer drags
the whole stack of a crop from the hand onto the place the lesson names.
This plays the guided game through the table's real input (mouse presses,
motions and releases through ``app.frame``): each lesson that asks for a
planting is done by dragging every stack onto its place, in the order the
lesson points at and in the other order, then pressing Plant. A stack
dropped where the planting can use fewer cards stages only those
(R-PLANT-1: one Papyrus and one Wheat in lesson 6), and staged cards the
planting can no longer use go back to the hand with a note.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from table_driver import centre
from test_tutorial_invites import hand_card, settled
from test_tutorial_play import Newcomer, app, open_tutorial  # noqa: F401 (app: a fixture)

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.scenes.table.logic.draft import Action
from nile_desktop.tutorial.lessons import LESSONS, lesson_index


def places_of(move: str) -> dict[str, str]:
    """Place → the kind of card a plant ``move`` lays there, as the table names them."""
    places: dict[str, str] = {}
    for token in move.split()[1:]:
        if token.startswith("stone@"):
            places[f"monument:{token.split('@')[1]}"] = "stone"
        else:
            places[f"field:{token}"] = token
    return places


class Dragger(Newcomer):
    """Drags stacks for the lessons that ask for a planting; clicks like the tutorial's
    own person for everything else (trades, speculations, Next)."""

    def __init__(self, host: App, table: Any, reverse: bool) -> None:
        super().__init__(host, table)
        self.reverse = reverse
        self.dragged: list[str] = []
        self.notes: list[str] = []

    def step(self) -> None:
        lesson = self.t.coach.coach.shown
        if (lesson is not None and lesson.move and lesson.move.startswith("plant ")
                and self.t.game.composing() and settled(self.t)
                and lesson.id not in self.dragged):
            self.drag_lesson(lesson)
            return
        super().step()

    def drag_lesson(self, lesson: Any) -> None:
        places = places_of(lesson.move)
        first = lesson.highlight.split("|")[0]
        pointed = [p for p in places if first.endswith(p.split(":")[1])]
        order = pointed + [p for p in places if p not in pointed]
        if self.reverse:
            order.reverse()
        for place in order:
            self.drag(hand_card(self.t, places[place]), place)
            if self.t.game.prompt.message:
                self.notes.append(str(self.t.game.prompt.message))
        assert self.t.game.draft.move_text(Action.PLANT) == lesson.move, (
            lesson.id, order, self.t.game.draft.move_text(Action.PLANT))
        before = len(self.t.game.session.save.moves)
        self.press("action.plant")
        assert self.t.game.session.save.moves[before:] == [lesson.move], lesson.id
        self.dragged.append(lesson.id)


@pytest.mark.parametrize("reverse", [False, True])
def test_every_planting_lesson_can_be_done_by_dragging_stacks(app: App, reverse: bool  # noqa: F811
                                                              ) -> None:
    """R-PLANT-1 a, b and c, R-PLANT-4 and R-MON-1, each asked for by a lesson, by drags."""
    i18n.set_language("en")
    table = open_tutorial(app, resume=False)
    person = Dragger(app, table, reverse)
    person.until(lambda: table.stack is None)
    asked = [lesson.id for lesson in LESSONS if lesson.move and lesson.move.startswith("plant ")]
    assert person.dragged == asked
    assert table.game.session.save.moves.count("plant papyrus wheat") == 1
    if reverse:  # the Wheat stack dropped beside the Papyrus: one Wheat staged, no note
        assert not any("went back" in note for note in person.notes), person.notes
    else:  # both Wheat staged on the field, then the Papyrus: one Wheat goes back, said so
        assert any("Wheat went back to your hand" in note for note in person.notes), \
            person.notes


def test_a_stack_dropped_beside_another_crop_stages_one_card(app: App) -> None:  # noqa: F811
    """Lesson 6 (R-PLANT-1 b): dragging the Wheat ×2 stack onto the Wheat field once the
    Papyrus lies on a new plot stages one Wheat; the other stays in the hand."""
    table = open_tutorial(app, resume=False)
    person = Newcomer(app, table)
    lesson = LESSONS[lesson_index("two-crops")]
    person.until(lambda: table.coach.coach.shown is lesson and table.game.composing()
                 and settled(table))
    draft = table.game.draft
    assert draft.available("wheat") == 2
    person.drag(hand_card(table, "papyrus"), "field:papyrus")
    assert draft.move_text(Action.PLANT) == "plant papyrus"
    person.drag(hand_card(table, "wheat"), "field:wheat")
    assert draft.move_text(Action.PLANT) == "plant papyrus wheat" and draft.available("wheat") == 1
    assert table.drawer.hits.get("action.plant").enabled
    person.key(pygame.K_z, pygame.KMOD_CTRL)  # undo: one Wheat back
    assert draft.move_text(Action.PLANT) == "plant papyrus"


def test_a_take_over_dropped_on_the_rivals_panel_goes_to_the_field(app: App) -> None:  # noqa: F811
    """Lesson 8 (R-PLANT-3/4): the Castor stack let go on Imhotep's panel, beside his Castor
    field, stages the take-over there, as a drop on one's own panel stages on one's field."""
    table = open_tutorial(app, resume=False)
    person = Newcomer(app, table)
    lesson = LESSONS[lesson_index("takeover")]
    person.until(lambda: table.coach.coach.shown is lesson and table.game.composing()
                 and settled(table))
    card = hand_card(table, "castor")
    x, y, w, h = table.drawer.hits.get("seat.1").rect
    a, b = centre(card.rect), (x + w - 12, y + h - 12)  # a corner far from the field
    person.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    person.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 20, a[1] - 20),
                                     rel=(20, -20), buttons=(1, 0, 0))])
    person.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0))])
    person.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert table.game.draft.move_text(Action.PLANT) == lesson.move
