"""A scripted person for the tutorial who acts only through the table's elements.

:class:`Planner` reads what the table publishes (the elements of its last
frame, as in the UI dump: the lesson panel with the move it waits for, cards,
places, buttons) and what the table's commands let anyone read
(:class:`~nile_desktop.scenes.table.logic.commands.TableCommands`: whether a
person may act, the draft being put together, the legal moves), and says which
element to click next, one click at a time; whoever drives it turns that into
real mouse events (the command line's ``--autoplay``, and the tests).

It keeps no plan between clicks and never counts on time: each click is worked
out afresh from what the table shows now, so a click that did not take (a card
still moving, a place not glowing yet) is simply asked for again, and whatever
the animation speed the person waits for what it needs (the staged cards, the
glowing place, the next lesson) rather than for a number of frames. Between
lessons it waits for the next lesson to appear; after the last lesson that asks
for a move, the person plays freely: a planting if there is one, else ends the
turn.
"""

from __future__ import annotations

from collections import Counter

from nile_desktop.engine import CardRef, Move, Place
from nile_desktop.scenes.table import TableScene
from nile_desktop.scenes.table.display.paint import Element, Hits
from nile_desktop.scenes.table.logic.commands import TableCommands
from nile_desktop.scenes.table.logic.draft import MoveDraft
from nile_desktop.tutorial.coach import Coach


def free_move(game: TableCommands) -> Move:
    """A person's own choice once the lessons are over: the largest planting, else pass."""
    moves = game.session.legal_moves()
    plants = [m for m in moves if m.action == "plant"]
    if plants:
        return max(plants, key=lambda m: (len(m.tokens), str(m)))
    return Move.parse("pass")


def lesson_due(coach: Coach | None) -> bool:
    """A lesson is still to appear and the person must wait for it: the game is on its
    rails until then (the coach refuses other moves), unless that lesson lets them play."""
    if coach is None or coach.finished or coach.shown is not None:
        return False
    lesson = coach.lesson
    return lesson is not None and not lesson.free


def card(hits: Hits, ref: CardRef) -> Element | None:
    """The card ``ref`` in the person's hand or storage, if it is on screen and live."""
    zone = "storage" if ref.storage else "hand"
    for element in hits.items:
        data = element.data
        if data.get("zone") == zone and data.get("kind") == ref.kind and element.enabled:
            return element
    return None


def place(hits: Hits, where: Place) -> Element | None:
    """The place ``where`` if it glows now (the picked cards may go there)."""
    for element in hits.items:
        if element.data.get("target") == str(where):
            return element
    return None


def button(hits: Hits, bid: str) -> Element | None:
    element = hits.get(bid)
    return element if element is not None and element.enabled else None


def next_for(move: Move, draft: MoveDraft, hits: Hits) -> Element | None:
    """The next click towards ``move`` from the draft as it is now (None: wait)."""
    picks: Counter[CardRef] = Counter({ref: draft.picked_count(ref) for ref in draft.picked_refs()})
    if move.action == "pass":
        return button(hits, "tool.clear") if not draft.empty else button(hits, "action.pass")
    if move.action != "plant":
        wanted = Counter(move.refs)
        if draft.staged or any(n > wanted[ref] for ref, n in picks.items()):
            return button(hits, "tool.clear")
        for ref, n in wanted.items():
            if picks[ref] < n:
                return card(hits, ref)
        return button(hits, f"action.{move.action}")
    # a planting: each place in turn gets its cards picked, then the place is clicked
    plan: Counter[tuple[Place, str]] = Counter((Place.of_card(ref), ref.kind) for ref in move.refs)
    staged = Counter((where, ref.kind) for where, ref in draft.staged)
    if any(n > plan[key] for key, n in staged.items()):
        return button(hits, "tool.clear")
    for (where, kind), n in plan.items():
        missing = n - staged[(where, kind)]
        if missing <= 0:
            continue
        hand = CardRef(kind)
        if any(ref != hand for ref in picks) or picks[hand] > missing:
            return button(hits, "tool.clear")
        if picks[hand] < missing:
            return card(hits, hand)
        return place(hits, where)
    if picks:
        return button(hits, "tool.clear")
    return button(hits, "action.plant")


class Planner:
    """Which element to click next; None while the table is busy or nothing is to do."""

    def __init__(self) -> None:
        self.clicks = 0

    def next_click(self, table: TableScene) -> Element | None:
        """The element of ``table``'s last frame to click next."""
        game, hits = table.game, table.drawer.hits
        if game.effects_busy() or game.guarded():
            return None
        panel = hits.get("coach.panel")
        if panel is not None and panel.data.get("waits") == "next":
            element = button(hits, "coach.next")
        elif not game.composing():
            return None
        elif panel is not None:  # a lesson's panel names the move it waits for
            element = next_for(Move.parse(panel.data["move"]), game.draft, hits)
        elif lesson_due(table.coach.coach if table.coach is not None else None):
            return None  # the next lesson is about to speak of what the table shows
        else:
            element = next_for(free_move(game), game.draft, hits)
        if element is not None:
            self.clicks += 1
        return element
