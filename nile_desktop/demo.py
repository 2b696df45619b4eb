"""Demo mode: bots play a whole game in the window.

It is there to watch (and learn the game from), and it is the smoke test of
every build: ``--quit-at-end`` exits with code 0 once the game is over, and
``--screenshots DIR`` saves a PNG of the table at each key moment — the
start, every new season, every locust, every Monument event and the end —
and, at the end, the game's moves in ``moves.txt``.
It runs the same with ``SDL_VIDEODRIVER=dummy`` (no screen at all).

A demo game is never written to the player's autosave.
"""

from __future__ import annotations

import argparse
import logging
import random
from pathlib import Path
from typing import Any

from nile_desktop.i18n import N_

log = logging.getLogger(__name__)

DEMO_NAMES = (N_("Nefertari"), N_("Imhotep"), N_("Hatshepsut"), N_("Ramesses"), N_("Tiye"),
              N_("Khufu"))
MONUMENT_KINDS = ("monument-built", "monument-taken", "monument-eroded", "monument-lost")
#: Above this speed the loop stops waiting for the display's frame rate.
UNCAPPED_SPEED = 8.0


class DemoDriver:
    """Watches a demo table: names and takes screenshots, quits at the end."""

    def __init__(self, app: Any, table: Any, screenshots: Path | None, quit_at_end: bool) -> None:
        self.app = app
        self.table = table
        self.folder = screenshots
        self.quit_at_end = quit_at_end
        self.pending: list[str] = ["start"]
        self.taken: list[Path] = []
        self.counts: dict[str, int] = {}
        self.finished = False
        table.listeners.append(self.on_events)
        app.after_draw.append(self.after_draw)

    def _label(self, kind: str, detail: str = "") -> str:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        label = f"{kind}-{self.counts[kind]}"
        return f"{label}-{detail}" if detail else label

    def on_events(self, table: Any, events: list[Any]) -> None:
        for event in events:
            if event.kind == "season":
                self.pending.append(f"season-{event.season + 1}")
            elif event.kind == "locust":
                self.pending.append(self._label("locust"))
            elif event.kind in MONUMENT_KINDS:
                self.pending.append(self._label(event.kind, event.monument))
            elif event.kind == "game-over":
                self.pending.append("end")

    def after_draw(self, app: Any) -> None:
        if self.table.stack is None:  # the player left the demo table
            return
        if self.pending:
            self.table.holds.add("screenshot")  # no bot moves until it is taken
        if self.table.flood_flip < 1.0:
            return  # the flood card is still turning over: take the picture when it lies flat
        self.table.holds.discard("screenshot")
        while self.pending:
            label = self.pending.pop(0)
            if self.folder is not None:
                index = len(self.taken)
                path = app.screenshot(self.folder / f"{index:03d}-{label}.png")
                self.taken.append(path)
                log.info("screenshot %s", path)
            if label == "end":
                self.finished = True
                if self.folder is not None:  # the game itself, to compare or replay
                    moves = self.folder / "moves.txt"
                    moves.write_text("".join(f"{m}\n" for m in self.table.save.moves),
                                     encoding="utf-8")
        if self.finished and self.quit_at_end:
            log.info("demo game over after %d moves", len(self.table.save.moves))
            app.quit(0)


def demo_save(players: int, bots: list[str], seed: int | None, *, monuments: bool = True,
              random_crops: bool = False) -> Any:
    from nile_desktop.saves import new_save

    levels = [bots[i % len(bots)] for i in range(players)]
    seats = [{"name": str(DEMO_NAMES[i]), "kind": level, "colour": i}
             for i, level in enumerate(levels)]
    rules = {"players": players, "monuments": monuments, "random_crops": random_crops}
    return new_save(rules, seed if seed is not None else random.randrange(2**32), seats)


def start_demo(app: Any, args: argparse.Namespace) -> DemoDriver:
    """Put a bots-only game on the app's stack, as the command line asked."""
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.scenes.title import TitleScene

    save = demo_save(args.players, args.bots, args.seed, monuments=not args.no_monuments,
                     random_crops=args.random_crops)
    log.info("demo: %d players %s, seed %d, speed %g", args.players, args.bots, save.seed,
             args.speed)
    table = TableScene(save, save.new_state(), autosave=False, speed=args.speed)
    if not args.quit_at_end:
        app.stack.push(TitleScene())  # leaving the demo table lands on the title screen
    app.stack.push(table)
    if args.speed >= UNCAPPED_SPEED:
        app.max_fps = 0
    folder = Path(args.screenshots) if args.screenshots else None
    return DemoDriver(app, table, folder, args.quit_at_end)
