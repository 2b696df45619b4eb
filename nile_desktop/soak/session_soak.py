"""A long session in one window: many games in a row, and the memory they leave behind.

``python -m nile_desktop.soak session --games 20`` starts one App (one
window, 1280×720) and plays that many whole games in it, one after the
other, as the UI soak finishes a game: a person's moves picked at random,
Random bots, each game followed by its review, the player's record or the
replay (in turn), with random input on that screen before the next game
(clicks, keys, text, the wheel: the window keeps its size, as in a player's
evening; the UI soak resizes). It prints the process's resident memory when the second game starts (the
first has loaded the art, the fonts and the bots by then) and after the
last one; a session that keeps growing shows here, game after game.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from pathlib import Path

from nile_desktop.scenes.title import TitleScene
from nile_desktop.soak.drive import describe
from nile_desktop.soak.files_soak import private_home
from nile_desktop.soak.ui_soak import AFTER_GAME, UiSoak

#: Random events sent to the screen a game leads to, before the next game starts.
EVENTS_AFTER_GAME = 150


class OneWindowSoak(UiSoak):
    """The UI soak's input without what changes the window (resizes, F11 for full screen)."""

    resizes = False


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux's /proc), or None where it cannot be read."""
    try:
        with Path("/proc/self/status").open(encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        return None
    return None


@dataclass
class SessionTally:
    """What a long session measured: resident MB as each game started, and at the end."""

    games: int = 0
    memory: list[float | None] = field(default_factory=list)
    end_memory: float | None = None
    failures: list[str] = field(default_factory=list)

    @property
    def growth(self) -> float | None:
        """MB more at the end than when the second game started (None if unmeasured)."""
        start = self.memory[1] if len(self.memory) > 1 else None
        if start is None or self.end_memory is None:
            return None
        return self.end_memory - start


def measured() -> float | None:
    gc.collect()
    return resident_mb()


def run(games: int, seed: int, progress: bool = False) -> SessionTally:
    """Play ``games`` games in one App in a private home folder and measure its memory."""
    tally = SessionTally()
    with private_home():
        soak = OneWindowSoak(seed)
        soak.start()
        try:
            for number in range(games):
                tally.memory.append(measured())
                soak.app.guarded(soak.app.stack.reset, TitleScene())
                soak.app.guarded(soak.finish_game, AFTER_GAME[number % len(AFTER_GAME)])
                while soak.tally.events < (number + 1) * EVENTS_AFTER_GAME:
                    soak.step()
                tally.games += 1
                if progress:
                    print(f"  game {number + 1}: {tally.memory[-1] or 0:.0f} MB at its start",
                          flush=True)
            tally.end_memory = measured()
        finally:
            tally.failures.extend(soak.tally.failures)
            tally.failures.extend(describe(error) for error in soak.errors)
            soak.stop()
    return tally
