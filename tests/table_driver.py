"""A scripted person who plays the table through what it shows, like a player would.

The person looks only at the table's elements (the same list the UI dump
publishes: ids, roles, rects, data) and acts with mouse clicks and keys sent
through ``app.frame``; it never calls the engine to move. To know which
move to aim for it reads the legal moves (as a person would know the rules),
then carries the move out on the table card by card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from nile_desktop.scenes.table.logic.draft import Action

STEP = 1 / 60


def headless_app(home: Any, monkeypatch: Any, speed: float) -> Iterator[Any]:
    """An English App on the dummy driver with its user folders in ``home`` (a fixture body)."""
    from nile_desktop.app import App
    from nile_desktop.settings import Settings

    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                     ("XDG_STATE_HOME", "state")):
        monkeypatch.setenv(var, str(home / sub))
    settings = Settings()
    settings.language = "en"
    settings.animation_speed = speed
    app = App(settings)
    app.open_window()
    yield app
    app.shutdown()  # pygame stays initialised: fonts and pictures are cached per process


def centre(rect: Any) -> tuple[int, int]:
    x, y, w, h = rect
    return (x + w // 2, y + h // 2)


class TablePerson:
    def __init__(self, app: Any, table: Any, rng: random.Random,
                 on_frame: Callable[[Any], None] | None = None) -> None:
        self.app = app
        self.t = table
        self.rng = rng
        self.on_frame = on_frame
        self.frames = 0
        self.refusals_seen: list[str] = []
        self.moves_made: Counter = Counter()

    # -- low level -----------------------------------------------------------------------
    def frame(self, events: list[Any] | None = None) -> None:
        self.app.frame(STEP, events or [])
        self.frames += 1
        if self.t.game.bots.runner.busy:
            self.t.game.bots.runner.wait(10)
        if self.on_frame is not None:
            self.on_frame(self.t)

    def wait(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.frame()

    def element(self, pred: Callable[[Any], bool]) -> Any:
        for e in self.t.drawer.hits.items:
            if pred(e):
                return e
        return None

    def by_id(self, eid: str) -> Any:
        return self.t.drawer.hits.get(eid)

    def click(self, element: Any, button: int = 1) -> None:
        pos = centre(element.rect)
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def drag(self, source: Any, target_id: str) -> None:
        """Drag ``source`` onto the place ``target_id`` (places show once the drag starts)."""
        a = centre(source.rect)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 20, a[1] - 20),
                                       rel=(20, -20), buttons=(1, 0, 0))])
        target = self.place_for(target_id)
        assert target is not None, f"no place {target_id} shows while dragging"
        b = centre(target.rect)
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])

    def key(self, k: int, mod: int = 0) -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])

    # -- playing ---------------------------------------------------------------------------
    def settle(self, limit: int = 4000) -> str:
        """Let frames pass until a person must do something; returns the phase."""
        for _ in range(limit):
            self.frame()  # the elements on screen are those of the phase checked
            phase = self.t.game.flow.phase
            if (phase in ("compose", "review", "handoff", "over") and self.t.game.prompt.guard <= 0
                    and not self.t.game.stage.busy):  # a person waits for the cards to land
                return phase
        raise AssertionError(f"the table never waited for a person (phase {self.t.game.flow.phase})")

    def press(self, bid: str) -> None:
        element = self.by_id(bid)
        assert element is not None, f"no {bid} on screen"
        self.click(element)

    def pick(self, token: str) -> None:
        zone, kind = ("storage", token[8:]) if token.startswith("storage:") else ("hand", token)
        element = self.element(lambda e: e.data.get("zone") == zone and e.data.get("kind") == kind)
        assert element is not None, f"no {token} on screen"
        self.click(element)

    def place_for(self, target_id: str) -> Any:
        return self.element(lambda e: e.data.get("target") == target_id)

    def carry_out(self, move: str) -> None:
        """Do ``move`` on the table: pick, stage, press the button."""
        action, *tokens = move.split()
        self.moves_made[action] += 1
        if action in ("market", "offer", "speculate"):
            for tok in tokens:
                self.pick(tok)
            self.press(f"action.{action}")
            return
        if action == "pass":
            self.press("action.pass")
            self.press("action.pass")
            return
        by_place: dict[str, list[str]] = {}
        for tok in tokens:
            place = f"monument:{tok.split('@')[1]}" if tok.startswith("stone@") else f"field:{tok}"
            by_place.setdefault(place, []).append(tok)
        use_drag = self.rng.random() < 0.5
        for place, toks in by_place.items():
            kind = "stone" if toks[0].startswith("stone@") else toks[0]
            if use_drag and len(toks) == self.t.game.draft.available(kind):
                card = self.element(lambda e, k=kind: e.data.get("zone") == "hand"
                                    and e.data.get("kind") == k)
                self.drag(card, place)
            else:
                for _ in toks:
                    self.pick(kind)
                target = self.place_for(place)
                assert target is not None, f"no place {place} glows for {kind}"
                self.click(target)
        assert self.t.game.draft.move_text(Action.PLANT) == move, (self.t.game.draft.move_text(Action.PLANT), move)
        self.press("action.plant")

    def try_refused(self) -> None:
        """Something the rules refuse: the table must say why and play nothing."""
        moves_before = len(self.t.game.session.save.moves)
        hand = [e for e in self.t.drawer.hits.items if e.data.get("zone") == "hand" and e.enabled]
        if not hand:
            return
        self.click(hand[0])
        self.key(pygame.K_m)  # a market with one card
        assert len(self.t.game.session.save.moves) == moves_before
        assert self.t.game.prompt.message and "R-" in str(self.t.game.prompt.message)
        self.refusals_seen.append(str(self.t.game.prompt.message))
        self.key(pygame.K_c)
        assert self.t.game.draft.empty

    def choose(self) -> str:
        legal = [str(m) for m in self.t.game.session.legal_moves()]
        groups: dict[str, list[str]] = {}
        for m in legal:
            groups.setdefault(m.split()[0], []).append(m)
        order = ["plant", "speculate", "market", "offer", "pass"]
        wanted = min(order, key=lambda a: (self.moves_made[a] if a in groups else 10**9,
                                           order.index(a)))
        if self.rng.random() < 0.3:
            wanted = self.rng.choice(sorted(groups))
        return self.rng.choice(groups[wanted])

    def play_turns(self, limit: int = 400, refuse_every: int = 5) -> None:
        for n in range(limit):
            phase = self.settle()
            if phase == "over":
                return
            if phase == "handoff":
                self.press("handoff.ready")
                continue
            if phase == "review":
                self.press("done")
                continue
            if n % refuse_every == 0:
                self.try_refused()
            self.carry_out(self.choose())
