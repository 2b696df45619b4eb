"""The replay scene: a saved game on the real table, with the replay's controls.

Opened as ``nav.push(stack, "replay", save=<SaveGame>, at=<move index or None>)``
(from the Review screen, or from the menu of a finished game): it shows the
position after the save's first ``at`` moves, that is the position in which
move ``at`` (counted from 0) was chosen, or the end with ``at=None``; one
step forward then plays that move. It returns where it came from on Escape
or Back. It is the table scene with a
:class:`~nile_desktop.scenes.table.logic.replay.ReplayGame` in place of the game
and :class:`ReplayInput` in place of its input: cards cannot be picked and no
move can be made; the keys step (arrows), play or pause (Space), jump (Home,
End), play faster (F) and show all hands (H, a finished game only).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from nile_desktop.engine import State
from nile_desktop.saves import SaveGame
from nile_desktop.scenes.table.display.logview import LogView
from nile_desktop.scenes.table.display.paint import Hits
from nile_desktop.scenes.table.display.scene import TableScene
from nile_desktop.scenes.table.display.table_input import TableInput
from nile_desktop.scenes.table.logic.layout import Rect
from nile_desktop.scenes.table.logic.replay import ReplayGame
from nile_desktop.scenes.table.logic.session import Saver

KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_SPACE: "play",
        pygame.K_HOME: "first", pygame.K_END: "last", pygame.K_h: "hands", pygame.K_f: "speed"}


def seek_index(track: Rect, x: int, total: int) -> int:
    """The move a click at ``x`` on the seek track goes to."""
    left, _top, width, _height = track
    share = (x - left) / width if width > 0 else 1.0
    return round(max(0.0, min(1.0, share)) * total)


class ReplayInput(TableInput):
    """The table's mouse and keyboard, with the replay's controls and keys."""

    def __init__(self, game: ReplayGame, logview: LogView, hits: Callable[[], Hits],
                 coach_press: Callable[[str], None] | None = None, *,
                 mute: Callable[[], None] | None = None) -> None:
        super().__init__(game, logview, hits, coach_press, mute=mute)
        self.replay = game
        self.sliding = False

    def control(self, control: str) -> None:
        g = self.replay
        if control == "first":
            g.playing = False
            g.seek(0)
        elif control == "back":
            g.step_back()
        elif control == "play":
            g.toggle_play()
        elif control == "forward":
            g.playing = False
            g.stage.finish()
            g.step_forward()
        elif control == "last":
            g.playing = False
            g.seek(g.total)
        elif control == "hands":
            g.toggle_open_hands()
        elif control == "speed":
            g.faster()

    def button(self, bid: str) -> None:
        if bid.startswith("step."):
            self.control(bid.split(".", 1)[1])
        elif bid == "hands":
            self.control("hands")
        elif bid == "menu":
            self.replay.leave()
        else:
            super().button(bid)

    def _slide(self, x: int) -> None:
        track = self.hits.get("seek")
        if track is not None:
            self.replay.playing = False
            self.replay.seek(seek_index(track.rect, x, self.replay.total))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.replay.leave()
                return True
            if event.key in KEYS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.control(KEYS[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            top = self.hits.at(event.pos)
            if top is not None and top.id == "seek":
                self.sliding = True
                self.mouse = event.pos
                self._slide(event.pos[0])
                return True
        if self.sliding and event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._slide(event.pos[0])
            return True
        if self.sliding and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.sliding = False
            return True
        return super().handle(event)


class ReplayScene(TableScene):
    """A saved game replayed on the table; nothing in it is played or saved."""

    def __init__(self, save: SaveGame, at: int | None = None, *, speed: float | None = None
                 ) -> None:
        self.at = at
        super().__init__(save, None, autosave=False, speed=speed)

    def _make_game(self, save: SaveGame, state: State | None, *, autosave: bool,
                   saver: Saver | None, speed: float | None) -> ReplayGame:
        return ReplayGame(save, self.at, self, self.drawer, leave=self.close, speed=speed)

    def _make_input(self) -> TableInput:
        assert isinstance(self.game, ReplayGame)
        return ReplayInput(self.game, self.logview, lambda: self.drawer.hits, self._coach_press,
                           mute=self.toggle_mute)

    @property
    def replay(self) -> ReplayGame:
        assert isinstance(self.game, ReplayGame)
        return self.game

    def enter(self) -> None:
        self.game.start()  # no hints: nothing is played here

    def dump_info(self) -> dict[str, object]:
        r = self.replay.replay_state()
        return {**super().dump_info(), "replay": {
            "cursor": r.cursor, "total": r.total, "playing": r.playing,
            "open_hands": r.open_hands, "finished": r.finished, "rate": r.rate}}
