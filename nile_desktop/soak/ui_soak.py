"""The UI soak: random input thrown at the real App, across every scene, counting exceptions.

``python -m nile_desktop.soak ui --events N --seed S`` starts the real App on
SDL's dummy video driver and feeds it N synthetic pygame events, the kinds
SDL delivers: clicks (half of them on a widget of the screen, when the
screen says where its widgets are), drags, keys with and without
modifiers, typed text in any script (``²``, ``①``, combining marks, emoji,
right-to-left, control characters), wheel turns and window resizes. Time
passes too, so bots play and animations run. Every few hundred events the
soak moves to another scene, the way a player would get there: the title,
New game, Settings, Rules, Load, and running games with people, with bots
and pass-and-play (started through the New game screen). Now and then a
game is played to its end (a person's moves picked at random, the bots at
full speed) and the soak goes where the results screen leads: the game's
review (a shallow one, in one process), the player's record, or the replay;
the random events that follow land on those screens.

Apart from playing a finished game's moves as the table's own buttons would,
it needs nothing from inside any scene: it only sends events to the App and
watches for exceptions, which the App would turn into the crash screen; the
soak records them instead and goes back to the title.
Quitting (the title's Quit button) starts a new App and is counted. All
files are written to a temporary home folder.
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pygame

from nile_desktop.saves.library import list_saves
from nile_desktop.scenes import nav
from nile_desktop.scenes.load_game import LoadGameScene
from nile_desktop.scenes.new_game import NewGameScene
from nile_desktop.scenes.review_screen import ReviewScene
from nile_desktop.scenes.rules import RulesScene
from nile_desktop.scenes.settings import SettingsScene
from nile_desktop.scenes.table.logic.flow import Phase
from nile_desktop.scenes.title import TitleScene
from nile_desktop.settings import Settings
from nile_desktop.soak.drive import (
    STEP,
    click,
    describe,
    headless_app,
    key,
    motion,
    resize,
    text,
    wheel,
)
from nile_desktop.soak.files_soak import private_home

SCENARIO_EVERY = 150
KIND_CHOICES = ("human", "random", "easy", "medium", "hard")
KEYS = (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE,
        pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_a, pygame.K_z, pygame.K_1, pygame.K_F1, pygame.K_F11)
MODS = (0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT)
TEXTS = ("a", "Ana", "Šárka", "ěščřžýáíéůú", "²", "①", "٣", "e\u0301", "a\u0308\u0323",
         "🌾", "🐪🌊", "尼罗河", "نيل", "\u200b", "\u200d", "\x00", "\x1b", "\t", "\n", " ",
         "0123456789", "9" * 30, "x" * 40)
#: Window sizes a resize picks from (the usual one most often; 4K is slow to draw, so rare).
SIZES = ((1280, 720),) * 6 + ((640, 360), (800, 600), (1024, 600), (1366, 768), (1920, 1080),
                              (2560, 1440), (600, 1000), (100, 100), (1, 1))
BIG_SIZE = (3840, 2160)
#: Where a scenario goes (the more often named, the more often chosen).
SCENARIOS = ("title", "new", "settings", "rules", "load", "game", "game", "game",
             "pass-and-play", "pass-and-play", "bots", "bots", "finish", "finish")
#: The review a finished game opens in the soak: shallow and in this process, so it is ready
#: in moments (the screen, its chart and its replay are soaked here, not the search).
SOAK_REVIEW = {"iterations": 12, "deeper": 24, "workers": 1}
#: Where a finished game goes next, as its results screen offers.
AFTER_GAME = ("review", "record", "replay")
#: Seconds of table time one step of a finished game advances (bots and effects sped up).
GAME_STEP = 0.1
#: Steps a game may take to finish before the soak calls it a failure (a stuck table).
MAX_GAME_STEPS = 20_000


@dataclass
class UiTally:
    """What a UI soak counted."""

    events: int = 0
    moves: int = 0
    games_over: int = 0
    games_finished: int = 0
    after_game: Counter[str] = field(default_factory=Counter)
    restarts: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def random_text(rng: random.Random) -> str:
    """A short text: a known awkward one, or code points from anywhere in Unicode
    (surrogates excepted: SDL sends UTF-8, which cannot hold them)."""
    if rng.random() < 0.6:
        return rng.choice(TEXTS)
    chars = []
    for _ in range(rng.randint(1, 4)):
        point = rng.choice((rng.randrange(0x20, 0x250), rng.randrange(0x250, 0xD800),
                            rng.randrange(0xE000, 0x10000), rng.randrange(0x10000, 0x110000)))
        chars.append(chr(point))
    return "".join(chars)


class UiSoak:
    #: Whether the input resizes the window and toggles full screen (F11).
    resizes = True

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.tally = UiTally()
        self.errors: list[BaseException] = []
        self.pending: list[pygame.event.Event] = []
        self.app: Any = None

    # -- the App --------------------------------------------------------------------------
    def start(self) -> None:
        self.app = headless_app(Settings(language=self.rng.choice(("en", "cs")),
                                         animation_speed=3.0, bot_pace="fast"))
        self.app.crash = self.errors.append  # record instead of showing the crash scene
        nav.register("review", functools.partial(ReviewScene, **SOAK_REVIEW))
        self.app.stack.push(TitleScene())

    def stop(self) -> None:
        if self.app is not None:
            self.app.stack.abandon()
            self.app.shutdown()

    def scene_name(self) -> str:
        top = self.app.stack.top
        return type(top).__name__ if top is not None else "none"

    # -- scenarios ---------------------------------------------------------------------------
    def scenario(self) -> None:
        """Go to a random scene as a player would (a game is started through New game)."""
        app, rng = self.app, self.rng
        app.guarded(app.stack.reset, TitleScene())
        choice = rng.choice(SCENARIOS)
        scenes = {"new": NewGameScene, "settings": SettingsScene, "rules": RulesScene,
                  "load": LoadGameScene}
        if choice in scenes:
            app.guarded(app.stack.push, scenes[choice]())
        elif choice == "finish":
            app.guarded(self.finish_game, rng.choice(AFTER_GAME))
        elif choice != "title":
            app.guarded(self.start_game, choice)

    def start_game(self, choice: str) -> None:
        rng = self.rng
        setup = self.app.stack.push(NewGameScene())
        count = rng.randint(2, 6)
        setup.set_count(count)
        for seat in range(count):
            if choice == "pass-and-play":
                kind = "human"
            elif choice == "finish":
                kind = "human" if seat == 0 else "random"
            elif choice == "bots":
                kind = rng.choice(("random", "easy", "medium"))
            else:
                kind = "human" if seat == 0 else rng.choice(KIND_CHOICES)
            setup.set_kind(seat, kind)
        setup.set_monuments(rng.random() < 0.7)
        setup.set_random_crops(rng.random() < 0.3)
        setup.start()

    def finish_game(self, then: str) -> None:
        """A game with one person and Random bots, played to its end (the person's moves
        picked at random and played as the table's Play button plays them), then ``then``:
        the review or the record (through the results screen's buttons) or the replay (as
        the table's menu opens it)."""
        self.start_game("finish")
        table = self.app.stack.top
        self.play_to_end(table)
        self.tally.games_finished += 1
        self.tally.after_game[then] += 1
        if then == "replay":
            nav.push(self.app.stack, "replay", save=table.game.session.save, at=None)
        else:
            table.game.after_game(then)

    def play_to_end(self, table: Any) -> None:
        """Step ``table`` until its game is over; drawn now and then, as a window would be."""
        game, rng = table.game, self.rng
        for step in range(MAX_GAME_STEPS):
            session = game.session
            if session.over and session.recording is None:
                break
            phase = game.flow.phase
            if phase == Phase.HANDOFF:
                game.ready()
            elif phase == Phase.REVIEW:
                game.done()
            elif (phase == Phase.COMPOSE and session.is_human(session.active)
                  and not game.guarded() and not session.over):
                game.play(rng.choice(list(session.legal_moves())))
            self.app.advance(GAME_STEP)
            if step % 20 == 0:
                self.app.render()
        else:
            raise RuntimeError(f"the game did not finish in {MAX_GAME_STEPS} steps "
                               f"(phase {game.flow.phase})")

    # -- events ------------------------------------------------------------------------------
    def window_pos(self) -> tuple[int, int]:
        """A random point, on a widget of the top scene half of the time (when it has any)."""
        app, rng = self.app, self.rng
        width, height = app.window.get_size() if app.window is not None else (1280, 720)
        widgets = getattr(getattr(app.stack.top, "group", None), "widgets", None)
        if widgets and rng.random() < 0.5:
            rect = rng.choice(widgets).rect
            x = rng.randint(rect.left, max(rect.left, rect.right - 1))
            y = rng.randint(rect.top, max(rect.top, rect.bottom - 1))
            vp = app.viewport
            return (int(vp.rect.left + x * vp.scale), int(vp.rect.top + y * vp.scale))
        return (rng.randrange(max(1, width)), rng.randrange(max(1, height)))

    def next_events(self) -> list[pygame.event.Event]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.30:
            events = click(self.window_pos(), rng.choice((1, 1, 1, 3)))
            if rng.random() < 0.2:  # a double click
                events += click(events[0].pos)
            return events
        if roll < 0.38:
            start, end = self.window_pos(), self.window_pos()
            steps = [motion((start[0] + (end[0] - start[0]) * i // 4,
                             start[1] + (end[1] - start[1]) * i // 4), (1, 0, 0))
                     for i in range(1, 5)]
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1), *steps,
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
        if roll < 0.62:
            k = rng.choice(KEYS)
            if k == pygame.K_F11 and (rng.random() < 0.8 or not self.resizes):
                k = pygame.K_TAB
            return [key(k, rng.choice(MODS), chr(k) if 32 <= k < 127 else "")]
        if roll < 0.80:
            return [text(random_text(rng))]
        if roll < 0.88:
            return [wheel(rng.choice((-3, -1, 1, 3)))]
        if roll < 0.92 and self.resizes:
            return [resize(BIG_SIZE if rng.random() < 0.02 else rng.choice(SIZES))]
        return [motion(self.window_pos())]

    def step(self) -> None:
        """One event into one frame; now and then a stretch of time so bots play."""
        if not self.pending:
            self.pending = self.next_events()
        event = self.pending.pop(0)
        name = self.scene_name()
        self.tally.scenes[name] += 1
        self.tally.events += 1
        try:
            self.app.frame(STEP, [event])
            if self.rng.random() < 0.1:  # time passes (updates only: drawing is per event)
                for _ in range(self.rng.randint(30, 300)):
                    self.app.advance(STEP)
        except Exception as exc:  # noqa: BLE001 - escaped the App's own guard: a failure too
            self.errors.append(exc)
        if self.errors:
            for error in self.errors:
                self.tally.failures.append(
                    f"event {self.tally.events} ({pygame.event.event_name(event.type)} on "
                    f"{name}; seed {self.seed}): {describe(error)}")
            self.errors.clear()
            self.pending.clear()
            self.recover()
        if not self.app.running:
            self.tally.restarts += 1
            self.stop()
            self.start()

    def recover(self) -> None:
        self.app.crashed = False
        try:
            self.app.stack.abandon()
            self.app.stack.push(TitleScene())
        except Exception:  # noqa: BLE001 - a fresh App then
            self.stop()
            self.start()

    def count_games(self) -> None:
        for info in list_saves():
            if not info.broken:
                self.tally.moves += info.moves
                self.tally.games_over += int(info.over)

    def run(self, events: int, progress: bool = False) -> UiTally:
        started = time.monotonic()
        self.start()
        try:
            while self.tally.events < events:
                if self.tally.events % SCENARIO_EVERY == 0 and not self.pending:
                    self.scenario()
                self.step()
                if progress and self.tally.events % 1000 == 0:
                    print(f"  {self.tally.events} events, {len(self.tally.failures)} failures, "
                          f"{time.monotonic() - started:.0f} s", flush=True)
        finally:
            self.stop()
        self.count_games()
        return self.tally


def run(events: int, seed: int, progress: bool = False) -> UiTally:
    """Run the UI soak in a private home folder and return what it counted."""
    with private_home():
        return UiSoak(seed).run(events, progress)
