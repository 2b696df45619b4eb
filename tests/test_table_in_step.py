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

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_pace_bench import STEP, bot_game, measure
from table_driver import TablePerson, headless_app
from test_table_play import start  # (the same table, names and rules)

from nile_desktop.app import App
from nile_desktop.engine.events import FloodRevealed, GameOver


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from headless_app(tmp_path, monkeypatch, speed=4.0)


#: The events a sound of the table's effects speaks of ("slide" also answers clicks).
SOUND_EVENTS = {"flood": ("flood",), "harvest": ("harvest",),
                "market": ("trade", "speculation-paid"), "offering": ("trade",),
                "takeover": ("takeover", "monument-taken"),
                "monument_built": ("monument-built",), "locust": ("locust",),
                "monument_crumbles": ("monument-eroded", "monument-lost"),
                "win": ("game-over",)}
#: The events each hint answers.
HINT_EVENTS = {"own-flood": ("harvest",), "locust": ("locust",)}


class InStep:
    """Watches a table: which events' effects have started, and what each frame shows.

    The log, the flood card, hints, banners, a bot's step on the prompt line and the
    sounds must each answer an event whose effect has begun: a hint, a banner or a
    sound is noted with the move that was the latest when it came, and by the end of
    its frame an event of its kind from that move must have begun on the table."""

    def __init__(self, table: Any, app: Any = None) -> None:
        self.table = table
        self.started: set[int] = set()
        self.floods: list[str] = []
        self.frames = 0
        self.handoff_floods = 0
        self.review_floods = 0
        self.ended: list[Any] = []
        #: The events of each move the engine applied, and the words of those begun.
        self.moves: list[list[Any]] = []
        self.steps: set[str] = set()
        #: (hint, banner or sound; which; the event kinds it speaks of; the move then
        #: latest) noted this frame.
        self.said: list[tuple[str, str, tuple[str, ...], int]] = []
        self.checked = {"hint": 0, "banner": 0, "sound": 0, "step": 0}
        queue = table.game.stage.banners
        push = queue.push

        def pushed(text: Any, kind: str) -> None:
            self.say("banner", kind, ("game-over" if kind == "end" else kind,))
            push(text, kind)

        queue.push = pushed
        table.game.stage.started.insert(0, self.note)
        table.game.listeners.insert(0, self.applied)
        if app is not None:
            play = app.play

            def heard(name: str, *args: Any, **kwargs: Any) -> None:
                self.say("sound", name, SOUND_EVENTS.get(name, ()))
                play(name, *args, **kwargs)

            app.play = heard

    def watch_hints(self, hints: Any) -> None:
        offer = hints.offer

        def offered(hint: Any) -> bool:
            shown = offer(hint)
            if shown:
                self.say("hint", hint.id, HINT_EVENTS.get(hint.id, ()))
            return shown

        hints.offer = offered

    def say(self, channel: str, what: str, kinds: tuple[str, ...]) -> None:
        if kinds and self.moves:  # (the deal's opening events came before the watch began)
            self.said.append((channel, what, kinds, len(self.moves) - 1))

    def applied(self, _game: Any, events: list[Any]) -> None:
        self.moves.append(list(events))

    def note(self, events: list[Any]) -> None:
        from nile_desktop.text.words import event_line

        names = self.table.game.session.names
        for event in events:
            self.started.add(id(event))
            self.steps.add(str(event_line(event, names, None)))
            if isinstance(event, FloodRevealed):
                self.floods.append(event.card.kind)
            if isinstance(event, GameOver):
                self.ended.append(event)

    def check_words(self, table: Any) -> None:
        """What this frame said (hints, banners, sounds) answers events already begun, and
        a bot's step on the prompt line is the words of one."""
        for channel, what, kinds, move in self.said:
            begun = [e for e in self.moves[move] if e.kind in kinds and id(e) in self.started]
            assert begun, (f"{channel} {what} before its effect:",
                           [e.text() for e in self.moves[move]])
            self.checked[channel] += 1
        self.said.clear()
        step = table.drawer.hits.get("status.step")
        if step is not None:
            assert step.label in self.steps, f"the prompt line tells {step.label!r} early"
            self.checked["step"] += 1

    def check(self, table: Any) -> None:
        self.frames += 1
        self.check_words(table)
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
        phase = table.game.flow.phase
        if phase in ("handoff", "review"):  # the next turn waits for Done and the hand-off
            self.handoff_floods += phase == "handoff"
            self.review_floods += phase == "review"
            assert not self._flood_started(table), f"the next turn's flood shows in {phase}"
        marked = [e.data["seat"] for e in table.drawer.hits.items
                  if e.role == "seat" and e.data.get("active")]
        if phase == "handoff":  # "to play" is on the person the hand-off names
            assert marked == [table.game.session.active], marked
        else:
            assert len(marked) <= 1, marked
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


def hints_for_every_seat(table: Any) -> Any:
    """The one-time hints of a person's game, for every seat of a bot game, offered again
    each time the last one closes (each move closes it): every locust and every harvest
    of the game may bring one."""
    from nile_desktop.scenes.table.display.coach_view import CoachView
    from nile_desktop.tutorial.hints import Hints

    hints = Hints(range(table.game.session.players))
    table._attach(CoachView(hints=hints))
    return hints


@pytest.mark.parametrize("seats,seed", [(3, 5), (2, 11)])
def test_a_whole_bot_game_shows_nothing_before_its_effect(app: App, seats: int, seed: int
                                                          ) -> None:
    """Frame by frame: the log, the flood card, hints, banners, the bots' steps on the
    prompt line and the sounds each wait for their event's effect to begin (a locust's
    hint, R-LOCUST-1, never runs ahead of the swarm)."""
    table = start(app, ("easy",) * seats, seed)
    hints = hints_for_every_seat(table)
    watch = InStep(table, app)
    watch.watch_hints(hints)
    for _ in range(30000):
        app.frame(1 / 60, [])
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(10)
        watch.check(table)
        if hints.current is None:
            hints.seen.clear()
        if table.game.session.over and not table.game.stage.busy:
            break
    assert table.game.session.over
    assert watch.frames > 500
    assert min(watch.checked.values()) > 0, watch.checked
    assert "locust" in hints.shown and "own-flood" in hints.shown, hints.shown
    for _ in range(3):
        app.frame(1 / 60, [])
        watch.check(table)
    assert table.game.flow.phase == "over" and watch.ended
    # at the end every line of the game is shown
    assert not any(table.game.session.log.held(i) for i in range(len(table.game.session.log)))


@pytest.mark.parametrize("kinds,seed", [(("human", "easy", "human"), 3),
                                        (("easy", "human", "human"), 4)])
def test_person_bot_person_shows_the_next_turn_only_after_the_hand_off(
        app: App, kinds: tuple[str, ...], seed: int) -> None:
    """Pass-and-play: a person's turn opens (R-FLOOD-1, its flood first) only once they
    confirm the hand-off, and the turn after a person's move (a bot's too) only once they
    press Done; meanwhile "to play" sits on the person the hand-off names."""
    table = start(app, kinds, seed)
    watch = InStep(table, app)
    person = TablePerson(app, table, random.Random(3), on_frame=watch.check)
    held_at_handoff = held_at_review = 0
    for _ in range(60):
        phase = person.settle()
        if phase == "over":
            break
        if phase in ("handoff", "review"):
            log = table.game.session.log
            held = [e for i, e in enumerate(log.entries) if log.held(i)]
            # the next turn (its header, flood, harvest) waits
            assert held and held[0].kind == "header" and held[0].seat == table.game.session.active
            if phase == "handoff":
                held_at_handoff += 1
                person.press("handoff.ready")
            else:
                held_at_review += 1
                person.press("done")
            continue
        person.carry_out(person.choose())
    assert held_at_handoff >= 3 and held_at_review >= 3
    assert watch.handoff_floods > 0 and watch.review_floods > 0


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
    skip = None
    for _ in range(240):  # the person's own turn plays out first: Skip comes with the bots'
        person.wait()
        skip = table.drawer.hits.get("action.skip")
        if skip is not None:
            break
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
