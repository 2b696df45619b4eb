"""The table's deciding parts, without pygame: session, turn flow, move draft, layout, log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from nile_desktop.engine import Role, Rules, new_game
from nile_desktop.saves.format import Seat
from nile_desktop.scenes.table.logic.draft import Action


@dataclass
class FakeSave:
    seats: list[Seat]
    seed: int = 11
    players: int = 3
    moves: list[str] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=dict)

    @property
    def player_names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def new_state(self) -> Any:
        return new_game(Rules(players=len(self.seats)), self.seed)

    def record(self, move: Any, reason: Any = None) -> None:
        self.moves.append(str(move))

    def reason_at(self, index: int) -> Any:
        return None


def make_session(kinds: tuple[str, ...] = ("human", "medium", "easy"), seed: int = 11) -> Any:
    from nile_desktop.scenes.table.logic.session import GameSession

    seats = [Seat(f"P{i}", kind, i) for i, kind in enumerate(kinds)]
    saved: list[int] = []
    session = GameSession(FakeSave(seats, seed), saver=lambda s: saved.append(len(s.moves)) or True)
    session.saved = saved  # type: ignore[attr-defined]
    return session


# -- session -------------------------------------------------------------------------------
def test_session_play_records_autosaves_and_logs() -> None:
    session = make_session()
    before = len(session.log)
    move = session.legal_moves()[-1]
    events = session.play(move)
    assert session.save.moves == [str(move)]
    assert session.saved == [1]
    assert len(session.log) > before and events


def test_session_refuses_and_changes_nothing() -> None:
    """R-WHY-1: a refused move names its code and leaves the game as it was."""
    session = make_session()
    before = session.state.to_json()
    error = session.refusal("market")
    assert error is not None and error.code in ("trade-needs-two", "unknown-move")
    assert session.state.to_json() == before and session.save.moves == []


def test_session_resume_rebuilds_the_log_with_the_opening_flood() -> None:
    from nile_desktop.scenes.table.logic.gamelog import lines
    from nile_desktop.scenes.table.logic.session import GameSession

    first = make_session(("random", "random", "random"))
    for _ in range(12):
        first.play(first.legal_moves()[0])
    again = GameSession(first.save, saver=lambda s: True)
    assert again.state.to_json() == first.state.to_json()
    told = lines(again.log, again.names, again.kinds, None)
    assert any("flood" in text.lower() for text, _style in told[:3])
    assert len(again.log) == len(first.log)


# -- turn flow -------------------------------------------------------------------------------
def test_flow_single_person_always_sees_own_hand() -> None:
    from nile_desktop.scenes.table.logic import flow as F

    flow = F.TurnFlow(["human", "easy", "easy"], active=1)
    assert flow.phase == F.BOT and flow.revealed == 0
    flow.moved(1, active=2, over=False, pause=1.0)
    assert flow.phase == F.PLAYBACK and flow.revealed == 0
    flow.update(1.0)
    assert flow.phase == F.BOT
    flow.moved(2, active=0, over=False, pause=1.0)
    flow.update(0.5)
    assert flow.phase == F.PLAYBACK
    flow.update(0.6)
    assert flow.phase == F.COMPOSE and flow.revealed == 0


def test_flow_pass_and_play_reveals_only_after_handoff_and_review() -> None:
    from nile_desktop.scenes.table.logic import flow as F

    flow = F.TurnFlow(["human", "easy", "human"], active=0)
    assert flow.phase == F.HANDOFF and flow.revealed is None
    flow.ready(2)  # the wrong person cannot confirm
    assert flow.phase == F.HANDOFF and flow.revealed is None
    flow.ready(0)
    assert flow.phase == F.COMPOSE and flow.revealed == 0
    flow.moved(0, active=0, over=False, pause=0.0)  # a trade: the turn goes on
    assert flow.phase == F.COMPOSE and flow.revealed == 0
    flow.moved(0, active=1, over=False, pause=0.5)  # the turn ends: see the result first
    assert flow.phase == F.REVIEW and flow.revealed == 0
    flow.done_review()
    assert flow.revealed is None
    flow.update(0.1)
    assert flow.phase == F.BOT and flow.revealed is None
    flow.moved(1, active=2, over=False, pause=1.0)
    flow.update(2.0)
    assert flow.phase == F.HANDOFF and flow.revealed is None
    flow.ready(2)
    assert flow.revealed == 2


def test_flow_holds_keep_playback_and_game_over_ends_all() -> None:
    from nile_desktop.scenes.table.logic import flow as F

    flow = F.TurnFlow(["easy", "easy"], active=0)
    flow.moved(0, active=1, over=False, pause=0.1)
    flow.holds.add("picture")
    flow.update(5)
    assert flow.phase == F.PLAYBACK
    flow.holds.clear()
    flow.update(0.01)
    assert flow.phase == F.BOT and flow.revealed == 1  # a demo follows the seat that plays
    flow.moved(1, active=0, over=True, pause=1)
    flow.update(60)  # the last move's effects still play: no results over them
    assert flow.phase == F.PLAYBACK and flow.ending
    flow.end_shown()  # the game's end begins on the table
    assert flow.phase == F.OVER


# -- move draft ------------------------------------------------------------------------------
def _position(**seat0: Any) -> Any:
    """A 2-player game with seat 0 to play and the given hand/fields."""
    from nile_desktop.engine import State

    state = new_game(Rules(players=2), 3)
    data = __import__("json").loads(state.to_json())
    data["active"] = 0
    me = data["seats"][0]
    other = data["seats"][1]
    # move every seat card back to the deck, then hand out the test's cards from it
    deck = data["deck"] + me["hand"] + other["hand"] + me["storage"] + other["storage"]
    if data["flood"]:
        deck.append(data["flood"])
    for seat in (me, other):
        seat["hand"], seat["storage"], seat["fields"] = [], [], {}
        seat["monuments"], seat["speculation"] = {}, []
    data["flood_stack"] = data["flood_stack"]

    def take(card: str) -> str:
        deck.remove(card)
        return card

    data["flood"] = take(seat0.pop("flood", "locust" if False else "papyrus"))
    me["hand"] = [take(c) for c in seat0.pop("hand", [])]
    me["storage"] = [take(c) for c in seat0.pop("storage", [])]
    for crop, n in seat0.pop("fields", {}).items():
        me["fields"][crop] = n
        for _ in range(n):
            take(crop)
    for crop, n in seat0.pop("rival", {}).items():
        other["fields"][crop] = n
        for _ in range(n):
            take(crop)
    data["deck"] = deck
    return State.from_json(__import__("json").dumps(data))


def test_draft_trade_needs_two_picks_then_market_is_legal() -> None:
    """R-TRADE-1, R-TRADE-2: a trade takes exactly two cards from hand and/or storage."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft

    state = _position(hand=["wheat", "flax", "castor"], storage=["lettuce"])
    draft = MoveDraft(state, 0)
    assert draft.action_refusal(Action.MARKET).code == "trade-needs-two"
    assert draft.pick("wheat") is None
    assert draft.action_refusal(Action.MARKET).have == 1
    assert draft.pick("storage:lettuce") is None
    assert draft.action_refusal(Action.MARKET) is None
    assert draft.move_text(Action.MARKET) == "market wheat storage:lettuce"  # canonical
    assert draft.pick("storage:lettuce").code == "not-held"
    draft.undo()  # the refused pick changed nothing: undo takes back the storage pick
    assert draft.picks["storage:lettuce"] == 0 and draft.picks["wheat"] == 1


def test_draft_plant_new_field_on_plot_and_confirm() -> None:
    """R-PLANT-1 a): two or more cards of one crop into a new field."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft

    state = _position(hand=["wheat", "wheat", "wheat", "flax"])
    draft = MoveDraft(state, 0)
    draft.pick("wheat")
    glow = draft.glowing()
    assert [(t.id, t.role) for t in glow] == [("field:wheat", Role.PLOT)]
    assert draft.stage("field:wheat") is None
    assert draft.action_refusal(Action.PLANT).code == "new-field-needs-two"
    assert draft.stage("field:wheat", kind="wheat") is None  # drag: the rest of the stack
    assert draft.staged_on("field:wheat") == 3 and draft.available("wheat") == 0
    assert draft.action_refusal(Action.PLANT) is None
    assert draft.move_text(Action.PLANT) == "plant wheat wheat wheat"
    draft.unstage_one("field:wheat")
    assert draft.move_text(Action.PLANT) == "plant wheat wheat"


def test_draft_flooded_crop_has_no_place_and_says_why() -> None:
    """R-PLANT-1: a flooded crop may not be planted; the refusal names the rule."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft
    from nile_desktop.text.words import refusal_text

    state = _position(hand=["wheat", "wheat"], flood="wheat")
    draft = MoveDraft(state, 0)
    draft.pick("wheat")
    assert draft.glowing() == []
    target = draft.targets("wheat")[0]
    why = draft.why_not_target("wheat", target)
    assert why is not None and why.code == "flooded"
    text = refusal_text(why.code, rule=why.rule, card=why.card, crop=why.crop)
    assert "Wheat" in text and "R-" in text


def test_draft_takeover_needs_one_more_card() -> None:
    """R-PLANT-3, R-PLANT-4: taking over a rival's field of 3 needs 4 cards."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft
    from nile_desktop.text.words import refusal_text

    state = _position(hand=["flax"] * 4, rival={"flax": 3})
    draft = MoveDraft(state, 0)
    target = draft.targets("flax")[0]
    assert target.role is Role.TAKEOVER and target.need == 4 and target.size == 3
    assert draft.stage("field:flax", kind="flax", count=3) is None
    refusal = draft.action_refusal(Action.PLANT)
    assert refusal.code == "field-too-small" and refusal.owner == 1
    text = refusal_text(refusal.code, rule=refusal.rule, needed=refusal.needed,
                        have=refusal.have, owner="Imhotep", crop=refusal.crop)
    assert "Imhotep" in text and "4" in text and "R-PLANT-4" in text
    assert draft.stage("field:flax", kind="flax") is None
    assert draft.action_refusal(Action.PLANT) is None


def test_draft_speculate_and_load_a_suggested_move() -> None:
    """R-SPEC-1: one or two speculation cards, none showing a flooded crop."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft

    state = _position(hand=["spec:wheat+lettuce", "castor", "castor"], flood="papyrus")
    draft = MoveDraft(state, 0)
    draft.pick("castor")
    assert draft.action_refusal(Action.SPECULATE).code == "not-speculation"
    draft.clear()
    draft.pick("spec:wheat+lettuce")
    assert draft.action_refusal(Action.SPECULATE) is None
    draft.load_move("plant castor castor")
    assert draft.staged_on("field:castor") == 2 and not draft.picks
    assert draft.action_refusal(Action.PLANT) is None


def test_draft_stones_go_to_a_monument() -> None:
    """R-MON-1: stones are planted as a Monument field."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft

    state = _position(hand=["stone", "stone"])
    draft = MoveDraft(state, 0)
    roles = {t.id: t.role for t in draft.targets("stone")}
    assert roles == {"monument:sphinx": Role.BUILD, "monument:obelisk": Role.BUILD,
                     "monument:wall": Role.BUILD}
    draft.pick("stone")
    draft.pick("stone")
    assert draft.stage("monument:obelisk") is None
    assert draft.move_text(Action.PLANT) == "plant stone@obelisk stone@obelisk"
    assert draft.action_refusal(Action.PLANT) is None


# -- layout ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160),
                                  (1366, 768), (1600, 1200)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layout_areas_fit_and_never_overlap(size: tuple[int, int], players: int) -> None:
    from nile_desktop.scenes.table.logic.layout import TableLayout

    lay = TableLayout.compute(size, players)
    assert lay.overlaps() == []
    for name, (x, y, w, h) in lay.areas.items():
        assert x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1], name
    assert all(f"seat.{i}" in lay.areas for i in range(players))
    # the log shows at least 12 lines of 13-unit text (line height about 1.4 × size)
    assert lay.rect("log")[3] - lay.px(50) >= 12 * lay.font(13) * 1.45


def test_log_groups_turns_and_tells_own_draws_only_to_the_drawer() -> None:
    from nile_desktop.scenes.table.logic.gamelog import HEADER, REASON, lines

    session = make_session(("human", "random"))
    while session.active != 0:
        session.play(session.legal_moves()[0], reason="thinking")
    session.play("pass")
    mine = [t for t, _s in lines(session.log, session.names, session.kinds, 0)]
    theirs = [t for t, _s in lines(session.log, session.names, session.kinds, 1)]
    assert any("P0: draws" in t for t in mine)
    assert not any("P0: draws" in t for t in theirs)
    styles = [s for _t, s in lines(session.log, session.names, session.kinds, 0)]
    assert HEADER in styles
    session2 = make_session(("random", "human"))
    if session2.active == 0:
        session2.play(session2.legal_moves()[0], reason="because")
        assert REASON in [s for _t, s in lines(session2.log, session2.names, session2.kinds, 1)]


def test_a_disabled_button_says_what_to_do_with_cards_already_picked() -> None:
    """R-WHY: Plant with cards picked but not laid out, and End turn or a trade with cards
    picked or laid out, each say what the player has to do instead of "pick cards first"."""
    from nile_desktop.scenes.table.logic.draft import MoveDraft
    from nile_desktop.text.words import refusal_text

    state = _position(hand=["wheat", "wheat", "wheat", "flax"])
    draft = MoveDraft(state, 0)
    assert draft.action_refusal(Action.PLANT).code == "nothing-picked"
    draft.pick("wheat")
    assert draft.action_refusal(Action.PLANT).code == "stage-first"
    assert draft.action_refusal(Action.PASS).code == "clear-first"
    draft.stage("field:wheat", kind="wheat")
    assert draft.action_refusal(Action.MARKET).code == "clear-first"
    assert draft.action_refusal(Action.SPECULATE).code == "clear-first"
    assert "Plant" in refusal_text("stage-first") and "Clear" in refusal_text("clear-first")


def test_a_one_card_take_over_beside_a_second_crop_glows() -> None:
    """R-PLANT-1 b), R-PLANT-4, R-MON-5: with the Sphinx, one lettuce takes a rival's field
    of one when a card of a second crop starts its own field; the field glows, it is not
    refused as "too small"."""
    import json

    from nile_desktop.engine import State
    from nile_desktop.scenes.table.logic.draft import MoveDraft

    data = json.loads(_position(hand=["lettuce", "flax"], rival={"lettuce": 1}).to_json())
    for _ in range(2):
        data["deck"].remove("stone")
    data["seats"][0]["monuments"] = {"sphinx": 2}
    draft = MoveDraft(State.from_json(json.dumps(data)), 0)
    target = draft.targets("lettuce")[0]
    assert target.role is Role.TAKEOVER and target.need == 1
    assert draft.why_not_target("lettuce", target) is None
    assert draft.stage("field:lettuce", kind="lettuce") is None
    assert draft.stage("field:flax", kind="flax") is None
    assert draft.action_refusal(Action.PLANT) is None
