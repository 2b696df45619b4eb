"""The table shows each event only once its effect has begun, and a bot's turn can be followed.

Whole games are rendered frame by frame (headless); every frame, every log
entry the log widget shows and the face-up flood card must belong to an
event whose effect has started, so the log never runs ahead of the cards, and
in pass-and-play the next person's flood waits for them behind the hand-off
cover (R-FLOOD-1: a turn opens with its flood). Bot turns last long enough
to be read at each bot pace; "Skip to my turn" hurries them; a failed
speculation (R-SPEC-3) and a Monument's erosion (R-MON-6) get a banner.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from bot_pace_bench import STEP, bot_game, measure  # noqa: E402
from table_driver import TablePerson, headless_app  # noqa: E402
from test_table_play import start  # noqa: E402  (the same table, names and rules)

from nile_desktop.app import App  # noqa: E402
from nile_desktop.engine.events import FloodRevealed, GameOver  # noqa: E402


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=4.0)



class InStep:
    """Watches a table: which events' effects have started, and what each frame shows."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.started: set[int] = set()
        self.floods: list[str] = []
        self.frames = 0
        self.handoff_floods = 0
        self.ended: list[Any] = []
        table.game.stage.started.insert(0, self.note)

    def note(self, events: list[Any]) -> None:
        for event in events:
            self.started.add(id(event))
            if isinstance(event, FloodRevealed):
                self.floods.append(event.card.kind)
            if isinstance(event, GameOver):
                self.ended.append(event)

    def check(self, table: Any) -> None:
        self.frames += 1
        log = table.game.session.log
        element = table.drawer.hits.get("log")
        assert element is not None
        for index in element.data["entries"]:
            entry = log.entries[index]
            if entry.event is not None:
                assert id(entry.event) in self.started, (index, entry, table.game.flow.phase)
            elif entry.kind == "reason":  # a bot's reason shows with its move's first step
                later = next(e for e in log.entries[index + 1:] if e.event is not None)
                assert id(later.event) in self.started, (index, entry)
        flood = table.drawer.hits.get("flood")
        if flood is not None and flood.data.get("kind"):
            assert flood.data["kind"] in self.floods[-2:], (flood.data, self.floods[-2:])
        if table.game.flow.phase == "over":  # the results cover the table only once its end began
            assert any(e.kind == "game-over" for e in self.ended), "results over running effects"
            assert table.game.stage.banners.only("end"), "results over an earlier banner"
        if table.game.flow.phase == "handoff":
            self.handoff_floods += 1
            assert not self._flood_started(table), \
                "the next person's flood shows behind the hand-off cover"
        step = table.drawer.hits.get("status.step")
        if step is not None:
            assert table.game.flow.phase == "playback"
            owner = table.game.bots.turn_shown[0]
            assert owner is not None and not table.game.session.is_human(owner)

    def _flood_started(self, table: Any) -> bool:
        """The engine's current flood event has started (only after the hand-off)."""
        events = [e.event for e in table.game.session.log.entries
                  if e.event is not None and e.event.kind == "flood"]
        return bool(events) and id(events[-1]) in self.started


def test_a_whole_bot_game_shows_nothing_before_its_effect(app: App) -> None:
    table = start(app, ("easy", "easy", "easy"), 5)
    watch = InStep(table)
    for _ in range(30000):
        app.frame(1 / 60, [])
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(10)
        watch.check(table)
        if table.game.session.over and not table.game.stage.busy:
            break
    assert table.game.session.over
    assert watch.frames > 500
    for _ in range(3):
        app.frame(1 / 60, [])
        watch.check(table)
    assert table.game.flow.phase == "over" and watch.ended
    # at the end every line of the game is shown
    assert not any(table.game.session.log.held(i) for i in range(len(table.game.session.log)))


def test_person_bot_person_shows_the_next_turn_only_after_the_hand_off(app: App) -> None:
    table = start(app, ("human", "easy", "human"), 3)
    watch = InStep(table)
    person = TablePerson(app, table, random.Random(3), on_frame=watch.check)
    held_at_handoff = 0
    for _ in range(60):
        phase = person.settle()
        if phase == "over":
            break
        if phase == "handoff":
            log = table.game.session.log
            held = [e for i, e in enumerate(log.entries) if log.held(i)]
            # the next person's turn (its header, flood, harvest) waits for them
            assert held and held[0].kind == "header" and held[0].seat == table.game.session.active
            held_at_handoff += 1
            person.press("handoff.ready")
            continue
        if phase == "review":
            person.press("done")
            continue
        person.carry_out(person.choose())
    assert held_at_handoff >= 3 and watch.handoff_floods > 0


def test_the_first_hand_off_hides_the_first_flood(app: App) -> None:
    table = start(app, ("human", "easy", "human"), 3)
    first = table.game.session.active
    assert table.game.session.is_human(first)
    person = TablePerson(app, table, random.Random(1))
    assert person.settle() == "handoff"
    assert table.game.board.flood_card is None
    element = table.drawer.hits.get("log")
    assert element.data["shown"] == []
    person.press("handoff.ready")
    assert person.settle() == "compose"
    assert table.game.board.flood_card == table.game.session.state.flood_card


def test_a_bot_turn_stays_on_the_table_long_enough_at_each_pace() -> None:
    """6 seats, animation speed 1: at least 1.5 s from a bot's flood to its last draw at
    normal pace; slow is longer and fast shorter."""
    medians = {}
    for pace in ("slow", "normal", "fast"):
        turns = measure(6, 12, pace=pace)
        assert len(turns) == 12
        spans = sorted(t.flood_to_draw for t in turns)
        if pace == "normal":
            assert spans[0] >= 1.5, spans
        medians[pace] = spans[len(spans) // 2]
    assert medians["slow"] > medians["normal"] > medians["fast"], medians


def test_each_step_of_a_bot_turn_is_announced_as_it_happens() -> None:
    game = bot_game(3, 2)
    steps: list[str] = []
    for _ in range(3000):
        game.update(STEP)
        if game.bots.runner.busy:
            game.bots.runner.wait(10)
        step = game.stage.banners.step
        if step is not None and (not steps or str(step) != steps[-1]):
            steps.append(str(step))
        if len(game.session.save.moves) >= 4:
            break
    game.close()
    assert any("flood" in s.lower() for s in steps), steps
    assert any("draws" in s for s in steps), steps
    assert len(steps) >= 6


def test_skip_to_my_turn_lands_everything_until_a_person_acts(app: App) -> None:
    table = start(app, ("human", "easy", "easy", "easy"), 7)
    person = TablePerson(app, table, random.Random(2))
    assert person.settle() == "compose"
    person.carry_out("pass")
    if table.game.flow.phase == "compose":
        person.press("action.pass")
    person.wait(2)
    skip = table.drawer.hits.get("action.skip")
    assert skip is not None and skip.enabled and skip.label == "Skip to my turn"
    person.click(skip)
    frames = 0
    while not table.game.composing():
        person.wait()
        frames += 1
        assert frames < 120, "the bots' turns still play at their pace"
    assert not table.game.bots.skipping and table.drawer.hits.get("action.skip") is None


def test_a_failed_speculation_and_an_erosion_get_a_banner() -> None:
    """R-SPEC-3 and R-MON-6: the effect of each kind pushes its banner, in the words of
    the event (all Monuments a flood erodes in one banner)."""
    from nile_desktop.engine import CardRef
    from nile_desktop.engine.events import MonumentEroded, SpeculationFailed

    game = bot_game(3, 1)
    game.stage.finish()
    names = game.session.names
    game.stage.play([SpeculationFailed(seat=1, card=CardRef("spec:wheat+flax"))])
    game.stage.play([MonumentEroded(seat=0, monument="sphinx", left=2),
                     MonumentEroded(seat=2, monument="obelisk", left=1)])
    kinds = []
    for _ in range(600):
        game.stage.timeline.update(STEP)
        current = game.stage.banners.current
        if current is not None and (not kinds or kinds[-1][0] != current.kind):
            kinds.append((current.kind, str(current.text)))
        game.stage.banners.update(STEP)
    game.close()
    assert kinds == [
        ("speculation-failed", f"{names[1]}: the speculation fails"),
        ("monument-eroded",
         f"The flood wears a stone off {names[0]}'s Sphinx, {names[2]}'s Obelisk")], kinds
