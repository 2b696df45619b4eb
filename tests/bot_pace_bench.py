"""How long each bot turn stays on the table, at each bot pace (no display, no clock).

A :class:`~nile_desktop.scenes.table.logic.game.TableGame` plays a game of bots on
a simulated clock of 60 frames a second; the bots' thinking takes no
simulated time, so the figures are what the table itself holds on screen.
For every bot turn it records the time from the start of its flood to the
end of its last draw, and the time until the next turn's flood starts.

    PYTHONPATH=. python tests/bot_pace_bench.py [seats] [turns]
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

STEP = 1 / 60


@dataclass
class Turn:
    seat: int
    flood: float
    last_draw: float | None = None
    next_flood: float | None = None

    @property
    def flood_to_draw(self) -> float:
        return (self.last_draw or self.flood) - self.flood


@dataclass
class Host:
    """The app around the table, reduced to its settings."""

    speed: float = 1.0
    pace: str = "normal"
    sounds: list[str] = field(default_factory=list)

    def prefs(self) -> Any:
        from nile_desktop.settings import Settings  # like the other imports here: on use

        return Settings(language="en", animation_speed=self.speed, bot_pace=self.pace)

    def play_sound(self, name: str, pan: float | None = None, duck: bool = False) -> None:
        self.sounds.append(name)

    def navigate(self, route: str, *, push: bool = True, **options: Any) -> None:
        """No other screens here."""

    def rematch(self) -> None:
        """No rematch here."""


class Nowhere:
    """No frame was drawn: effects lay themselves out for the usual window."""

    layout = None

    def element_rect(self, element_id: str) -> None:
        return None


def bot_game(seats: int = 6, seed: int = 4, *, speed: float = 1.0, pace: str = "normal"
             ) -> Any:
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table.logic.game import TableGame

    kinds = [{"name": f"B{i}", "kind": "easy", "colour": i} for i in range(seats)]
    save = new_save({"players": seats, "monuments": True, "random_crops": False}, seed, kinds)
    game = TableGame(save, save.new_state(), Host(speed, pace), Nowhere(), autosave=False,
                     saver=None, speed=None)
    game.start()
    return game


def measure(seats: int = 6, turns: int = 12, *, speed: float = 1.0, pace: str = "normal",
            seed: int = 4) -> list[Turn]:
    """The first ``turns`` whole bot turns of a game of ``seats`` Easy bots."""
    from nile_desktop.scenes.table.logic.effects import EffectReached, EffectStage

    game = bot_game(seats, seed, speed=speed, pace=pace)
    clock = [0.0]
    shown: list[Turn] = []

    def started(events: list[Any]) -> None:
        """A turn starts with its first flood (an offering's flood comes later in it)."""
        first = events[0] if events else None
        if first is not None and first.kind == "turn":
            shown.append(Turn(first.seat, -1.0))
        elif first is not None and first.kind == "flood" and shown and shown[-1].flood < 0:
            shown[-1].flood = clock[0]
            if len(shown) > 1:
                shown[-2].next_flood = clock[0]

    def notified(reached: EffectReached) -> None:
        if reached.kind == "draw" and reached.stage is EffectStage.END and shown:
            shown[-1].last_draw = clock[0]

    game.stage.started.append(started)
    game.stage.listeners.append(notified)
    try:
        while sum(t.next_flood is not None for t in shown) <= turns \
                and not game.session.over and clock[0] < 600:
            game.update(STEP)
            clock[0] += STEP
            if game.bots.runner.busy:
                game.bots.runner.wait(10)
    finally:
        game.close()
    return [t for t in shown if t.next_flood is not None][1:turns + 1]


def main(argv: list[str]) -> None:
    seats = int(argv[0]) if argv else 6
    turns = int(argv[1]) if len(argv) > 1 else 18
    print(f"{seats} Easy bots, {turns} turns, animation speed 1 (seconds on the table)")
    for pace in ("slow", "normal", "fast"):
        got = measure(seats, turns, pace=pace)
        spans = [t.flood_to_draw for t in got]
        whole = [(t.next_flood or 0) - t.flood for t in got]
        print(f"{pace:>6}: flood→last draw min {min(spans):.2f} median "
              f"{statistics.median(spans):.2f} max {max(spans):.2f}; "
              f"flood→next flood min {min(whole):.2f} median {statistics.median(whole):.2f} "
              f"max {max(whole):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
