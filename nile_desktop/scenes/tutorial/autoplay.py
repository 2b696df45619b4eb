"""A scripted person for the tutorial who acts only through the table's elements.

:class:`Planner` reads what the table publishes (the elements of its last
frame, as in the UI dump: the lesson panel with the move it waits for, cards,
places, buttons) and what the table's commands let anyone read
(:class:`~nile_desktop.scenes.table.logic.commands.TableCommands`: whether a
person may act, the legal moves), and says which element to click next, one
click at a time; whoever drives it turns that into real mouse events (the
command line's ``--autoplay``, and the tests). After the last lesson that asks
for a move, the person plays freely: a planting if there is one, else ends the
turn.
"""

from __future__ import annotations

from nile_desktop.engine.moves import PASS, SPECULATE, TRADES, Move
from nile_desktop.engine.places import Place
from nile_desktop.scenes.table import TableScene
from nile_desktop.scenes.table.display.paint import Element, Hits
from nile_desktop.scenes.table.logic.commands import TableCommands

#: One click of a plan: ``("card", zone, kind)``, ``("place", target)`` or
#: ``("button", element id)``.
Click = tuple[str, ...]


def steps_for(move: str) -> list[Click]:
    """The clicks that make ``move`` on the table: pick cards, click places, press."""
    parsed = Move.parse(move)
    action = parsed.action
    if action in TRADES or action == SPECULATE:
        out: list[Click] = [("card", "storage" if card.storage else "hand", card.kind)
                            for card in parsed.refs]
        return out + [("button", f"action.{action}")]
    if action == PASS:
        return [("button", "action.pass"), ("button", "action.pass")]
    by_place: dict[Place, list[str]] = {}
    for card in parsed.refs:
        by_place.setdefault(Place.of_card(card), []).append(card.kind)
    out = []
    for place, kinds in by_place.items():
        out += [("card", "hand", kind) for kind in kinds] + [("place", str(place))]
    return out + [("button", "action.plant")]


def free_move(game: TableCommands) -> str:
    """A person's own choice once the lessons are over: the largest planting, else pass."""
    moves = [str(m) for m in game.session.legal_moves()]
    plants = [m for m in moves if m.startswith("plant ")]
    if plants:
        return max(plants, key=lambda m: (len(m.split()), m))
    return "pass"


def find(hits: Hits, step: Click) -> Element | None:
    if step[0] == "button":
        return hits.get(step[1])
    for element in hits.items:
        data = element.data
        if step[0] == "card" and data.get("zone") == step[1] and data.get("kind") == step[2]:
            return element
        if step[0] == "place" and data.get("target") == step[1]:
            return element
    return None


class Planner:
    """Which element to click next; None while the table is busy or nothing is to do."""

    def __init__(self) -> None:
        self.plan: list[Click] = []
        self.key: tuple[int, str] | None = None
        self.clicks = 0

    def next_click(self, table: TableScene) -> Element | None:
        """The element of ``table``'s last frame to click next."""
        game, hits = table.game, table.drawer.hits
        if game.effects_busy() or game.guarded():
            return None
        panel = hits.get("coach.panel")
        if panel is not None and panel.data.get("waits") == "next":
            self.plan = []
            return hits.get("coach.next")
        if not game.composing():
            return None
        # a lesson's panel names the move it waits for
        move: str = free_move(game) if panel is None else panel.data["move"]
        key = (game.session.moves_played, move)
        if key != self.key:
            self.key, self.plan = key, steps_for(move)
            if not game.draft.empty:
                game.clear()
        if not self.plan:
            return None
        element = find(hits, self.plan.pop(0))
        if element is None:  # the table changed under the plan: start it again
            self.key = None
        else:
            self.clicks += 1
        return element
