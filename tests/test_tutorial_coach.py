"""The tutorial's prepared game and its coach, without a display.

The shipped start position is what its build script makes and is a legal
position (R-COMP card totals); the scripted game plays through with every
lesson's trigger firing exactly once; moves other than a lesson's are
refused with the lesson's word; skipping keeps the game on its rails; the
progress file survives damage.
"""

from __future__ import annotations

import json
from pathlib import Path

from nile_desktop.engine import position_from_dict
from nile_desktop.engine.events import Harvested
from nile_desktop.tutorial import build_start
from nile_desktop.tutorial.coach import PRESS_NEXT, Coach
from nile_desktop.tutorial.lessons import BOT_MOVES, LESSONS, lesson_index
from nile_desktop.tutorial.progress import (
    Progress,
    in_progress,
    load_progress,
    start_state,
    write_progress,
)

TEACHING_ORDER = ["flood", "storage", "market", "new-field", "two-crops", "flooded", "takeover",
               "speculate", "offer", "locust", "monument", "erosion", "seasons"]


def play_through(coach: Coach, skip: set[str] = frozenset()) -> tuple[object, list[str]]:
    """Play the guided game as the coach asks; returns the final state and the moves."""
    state, moves = start_state(), []
    coach.refresh(state)
    for _ in range(300):
        lesson = coach.shown
        if coach.finished:
            break
        if lesson is not None and lesson.id in skip:
            move = coach.skip(state)
            if move is None:
                continue
        elif lesson is not None and lesson.move is None:
            coach.next(state)
            continue
        elif state.active == 1:
            move = coach.bot_move(state, moves)
            if coach._bot_turns(moves) < len(BOT_MOVES):
                assert move is not None, "a scripted bot move is illegal"
            move = move or "pass"  # the script is over: the Easy bot would play
        elif lesson is not None:
            move = lesson.move
        else:
            assert coach.lesson.free, f"stuck before {coach.lesson.id}"
            move = "pass"
        seat = state.active
        assert coach.allows(move, seat) is None, (move, coach.allows(move, seat))
        events = state.apply(move)
        moves.append(move)
        coach.moved(seat, move, events, state)
        coach.refresh(state)  # as the table does once the move's effects have landed
    return state, moves


def test_shipped_start_is_what_the_script_builds_and_is_legal() -> None:
    """R-COMP-2..5: the reader checks every card total; the file is the script's output."""
    shipped = json.loads(build_start.START_PATH.read_text(encoding="utf-8"))
    assert shipped == build_start.build()
    state = position_from_dict(shipped)
    assert state.players == 2 and state.monuments_on
    assert state.season == state.seasons == 2  # the last season: a short game (R-SETUP-4)


def test_lessons_teach_their_topics_in_the_order_of_play() -> None:
    ids = [lesson.id for lesson in LESSONS]
    positions = [ids.index(i) for i in TEACHING_ORDER]
    assert positions == sorted(positions)
    assert ids.index("payout") == ids.index("speculate") + 1


def test_the_guided_game_runs_to_its_end_and_every_trigger_fires_once() -> None:
    coach = Coach()
    state, moves = play_through(coach)
    assert state.over  # R-END-2: the last season's pile ran out
    assert coach.finished and coach.progress.finished
    assert coach.fired == {lesson.id: 1 for lesson in LESSONS}
    bot_turns = coach._bot_turns(moves)
    assert bot_turns >= len(BOT_MOVES)
    assert 12 <= len(moves) <= 30


def test_the_lessons_meet_the_rules_they_teach() -> None:
    """Events the lessons speak of happen: R-HARV-1, R-PLANT-3, R-SPEC-3, R-LOCUST-1,
    R-MON-6 and R-MON-5 (Obelisk draws three)."""
    coach = Coach()
    state = start_state()
    seen: list[str] = []
    moves: list[str] = []
    coach.refresh(state)
    while not coach.finished:
        lesson = coach.shown
        if lesson is not None and lesson.move is None:
            coach.next(state)
            continue
        seat = state.active
        move = ((coach.bot_move(state, moves) or "pass") if seat == 1 else
                lesson.move if lesson is not None else "pass")
        events = state.apply(move)
        moves.append(move)
        seen += [e.text() for e in events]
        coach.moved(seat, move, events, state)
        coach.refresh(state)
    text = "\n".join(seen)
    assert "harvest seat=0 crop=wheat" in text
    assert "takeover seat=0 victim=1 crop=castor count=2" in text
    assert "speculation-paid seat=0 card=spec:castor+flax count=3" in text
    assert "locust seat=0 cause=flood" in text
    assert "monument-eroded seat=0 monument=obelisk" in text
    assert "draw seat=0 reason=turn count=3" in text


def test_a_wrong_move_is_refused_with_the_lessons_word() -> None:
    coach = Coach()
    state = start_state()
    coach.refresh(state)
    assert coach.shown.id == "welcome"
    assert coach.allows("pass") == PRESS_NEXT  # read first
    coach.next(state)
    state.apply("plant castor castor")  # not via coach: simulate the bot's move
    coach.moved(1, "plant castor castor", [], state)
    # the flood lesson needs the harvest event: feed it the way the table does
    coach.recent.append(Harvested(seat=0, crop="castor", left=1))
    coach.refresh(state)
    coach.next(state)  # flood
    coach.next(state)  # storage
    assert coach.shown.id == "market"
    market = LESSONS[lesson_index("market")]
    assert coach.allows("plant lettuce lettuce") == market.refusal
    assert coach.allows("market papyrus wheat") == market.refusal
    assert coach.allows("market flax flax") is None
    assert coach.allows("pass", seat=1) is None  # the bot is not the coach's to refuse


def test_a_move_is_compared_in_canonical_form() -> None:
    coach = Coach(Progress(lesson=lesson_index("two-crops"), shown=True))
    assert coach.allows("plant wheat papyrus") is None


def test_a_lesson_holds_the_bot_but_never_the_persons_cards() -> None:
    """A lesson waiting for "Next" holds the table on the bot's turn only; on the person's
    turn they may try what it invites: the flooded lesson answers a refused planting
    (R-FLOOD-2, code ``flooded``) in its own words; the seasons lesson lets them play."""
    state = start_state()
    coach = Coach()
    coach.refresh(state)
    assert coach.shown.id == "welcome" and state.active == 1
    assert coach.holding(state) and coach.holding()
    flooded = LESSONS[lesson_index("flooded")]
    coach = Coach(Progress(lesson=lesson_index("flooded"), shown=True))
    state.apply("plant castor castor")  # now the person's turn
    assert state.active == 0 and not coach.holding(state)
    assert coach.tried("flooded") == flooded.refusal and coach.tried("no-room") is None
    assert coach.allows("pass") == PRESS_NEXT
    seasons = Coach(Progress(lesson=lesson_index("seasons"), shown=True))
    assert seasons.allows("pass") is None
    seasons.moved(0, "pass", [], state)
    assert seasons.index == lesson_index("seasons") + 1


def test_skipping_keeps_the_game_on_its_rails() -> None:
    coach = Coach()
    state, _moves = play_through(coach, skip={"market", "locust", "takeover", "seasons"})
    assert state.over and coach.finished
    assert set(coach.progress.skipped) == {"market", "locust", "takeover", "seasons"}


def test_progress_file_round_trip_and_damage(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    assert load_progress(path) is None and not in_progress(path)
    progress = Progress(lesson=3, shown=True, skipped=["storage"],
                        moves=["plant castor castor"])
    assert write_progress(progress, path)
    back = load_progress(path)
    assert back == progress and in_progress(path)
    for bad in ("{", "[]", json.dumps({"format": "nile-tutorial/1", "lesson": -1}),
                json.dumps({**progress.to_dict(), "moves": ["plant onions onions"]})):
        path.write_text(bad, encoding="utf-8")
        assert load_progress(path) is None  # ignored, never a traceback


def test_every_tutorial_and_hint_text_is_in_czech() -> None:
    """All the tutorial's player-facing text is in the catalogues, translated."""
    from babel.messages.pofile import read_po

    from nile_desktop import i18n
    from nile_desktop.tutorial import hints

    po, _mo = i18n.catalogue_paths("cs")
    with open(po, "rb") as fh:
        catalogue = read_po(fh)
    texts = [t for lesson in LESSONS for t in (lesson.title, lesson.text, lesson.refusal) if t]
    texts += list(hints.TEXTS.values()) + list(hints.REFUSALS.values())
    for text in texts:
        message = catalogue.get(text.msgid)
        assert message is not None and message.string and message.string != text.msgid, text
