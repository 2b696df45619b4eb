"""Demo mode: bots play a whole game in the window.

It is there to watch (and learn the game from), and it is the smoke test of
every build: ``--quit-at-end`` exits with code 0 once the game is over, and
``--screenshots DIR`` saves three PNGs of each kind of effect the first time
it plays — its start, middle and end — as ``NNN-KIND-a.png``, ``-b`` and ``-c`` —
and, at the end, the game's moves in ``moves.txt``.
It runs the same with ``SDL_VIDEODRIVER=dummy`` (no screen at all).

A demo game is never written to the player's autosave.
"""

from __future__ import annotations

import argparse
import logging
import random
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from nile_desktop.saves import SaveGame, new_save
from nile_desktop.scenes import nav
from nile_desktop.scenes.table import TableScene
from nile_desktop.scenes.table.logic.effects import EffectReached, EffectStage
from nile_desktop.seats import default_name

if TYPE_CHECKING:
    from nile_desktop.app import App

log = logging.getLogger(__name__)

#: Above this speed the loop stops waiting for the display's frame rate.
UNCAPPED_SPEED = 8.0


#: Effects the demo photographs, by the ``kind`` of their engine event (plus deal and end).
EFFECT_KINDS = ("deal", "flood", "harvest", "trade", "draw", "plant", "takeover",
                "monument-built", "monument-taken", "monument-eroded", "monument-lost", "locust",
                "speculate", "speculation-paid", "speculation-failed", "season", "end")


class DemoDriver:
    """Watches a demo table: photographs each kind of effect the first time it plays
    (its start, middle and end, as ``NNN-KIND-a/b/c.png``) and quits at the end."""

    def __init__(self, app: App, table: TableScene, screenshots: Path | None,
                 quit_at_end: bool) -> None:
        self.app = app
        self.table = table
        self.folder = screenshots
        self.quit_at_end = quit_at_end
        self.taken: list[Path] = []
        self.order: dict[str, int] = {}
        self.stages: dict[str, set[EffectStage]] = {}
        self.finished = False
        self.moves_written = False
        table.game.stage.listeners.append(self.on_effect)
        app.after_draw.append(self.after_draw)

    def on_effect(self, reached: EffectReached) -> None:
        """An effect reached a stage (its start, middle or end): photograph it now."""
        kind, stage = reached.kind, reached.stage
        if kind == "end" and stage is EffectStage.END:
            self.finished = True
        if kind not in EFFECT_KINDS:
            return
        if stage is EffectStage.START and kind not in self.order:
            self.order[kind] = len(self.order)
            self.stages[kind] = set()
        done = self.stages.get(kind)
        if done is None or stage in done or (
                stage is not EffectStage.START and EffectStage.START not in done):
            return
        done.add(stage)
        if self.folder is None:
            return
        surface = self.app.window
        if surface is None:
            return
        frame = surface.copy()
        self.table.draw(frame)  # the table as it is at this very moment of the effect
        path = self.folder / f"{self.order[kind]:03d}-{kind}-{stage.value}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(frame, str(path))
        self.taken.append(path)
        log.info("screenshot %s", path)

    def after_draw(self, app: App) -> None:
        if self.table.stack is None:  # the player left the demo table
            return
        if self.finished and self.folder is not None and not self.moves_written:
            self.moves_written = True  # the game itself, to compare or replay
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / "moves.txt").write_text(
                "".join(f"{m}\n" for m in self.table.game.session.save.moves), encoding="utf-8")
        if self.finished and self.quit_at_end:
            log.info("demo game over after %d moves", len(self.table.game.session.save.moves))
            app.quit(0)


def demo_save(players: int, bots: list[str], seed: int | None, *, monuments: bool = True,
              random_crops: bool = False) -> SaveGame:
    levels = [bots[i % len(bots)] for i in range(players)]
    seats = [{"name": default_name(i, level, source=True), "kind": level, "colour": i,
              "default_name": True} for i, level in enumerate(levels)]
    rules = {"players": players, "monuments": monuments, "random_crops": random_crops}
    return new_save(rules, seed if seed is not None else random.randrange(2**32), seats)


def start_demo(app: App, args: argparse.Namespace) -> DemoDriver:
    """Put a bots-only game on the app's stack, as the command line asked."""
    save = demo_save(args.players, args.bots, args.seed, monuments=not args.no_monuments,
                     random_crops=args.random_crops)
    log.info("demo: %d players %s, seed %d, speed %g", args.players, args.bots, save.seed,
             args.speed)
    table = TableScene(save, save.new_state(), autosave=False, speed=args.speed)
    if not args.quit_at_end:
        app.stack.push(nav.make("title"))  # leaving the demo table lands on the title screen
    app.stack.push(table)
    if args.speed >= UNCAPPED_SPEED:
        app.max_fps = 0
    folder = Path(args.screenshots) if args.screenshots else None
    return DemoDriver(app, table, folder, args.quit_at_end)
