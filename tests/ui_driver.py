"""Drive the real app headless through its UI dump, as a player (or a screen reader) would.

:class:`UiDriver` starts an :class:`~nile_desktop.app.App` with SDL's dummy
video driver and ``ui_dump`` pointed at a file, steps frames by hand (never a
clock), reads the dump file the app wrote, and acts on elements found by id
or by a predicate: a click is a mouse press and release at the centre of the
element's rectangle in window pixels, handed to ``app.frame(dt, events)``
exactly as pygame would hand them over. Keys and typed text go the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.settings import Settings

STEP = 1 / 60
Element = dict[str, Any]
Match = str | Callable[[Element], bool]


class ElementNotFound(LookupError):
    pass


class UiDriver:
    """One headless app, its dump file, and the player's hands."""

    def __init__(self, dump_path: Path, *, size: tuple[int, int] = (1280, 720),
                 language: str = "en", **settings: Any) -> None:
        i18n.set_language(language)
        self.dump_path = Path(dump_path)
        self.app = App(Settings(language=language, window_size=size, **settings),
                       ui_dump=self.dump_path)
        self.app.open_window()

    # -- time ------------------------------------------------------------------------
    def step(self, frames: int = 1, events: list[pygame.event.Event] | None = None,
             *, wait_bots: bool = True) -> None:
        """Run ``frames`` frames (``events`` go into the first); a bot still thinking, or
        the record still being read or changed, is waited for first, so what happens does
        not depend on this machine's speed."""
        for i in range(frames):
            if wait_bots:
                self._wait_bots()
            self.app.frame(STEP, list(events or []) if i == 0 else [])

    def _wait_bots(self) -> None:
        for scene in self.app.stack:
            runner = getattr(scene, "runner", None)
            if runner is not None and getattr(runner, "busy", False):
                runner.wait(30)
            task = getattr(scene, "record_task", None)  # the record read or changed off-thread
            if task is not None:
                task.wait(30)

    def until(self, check: Callable[[dict[str, Any]], bool], max_frames: int = 3000) -> \
            dict[str, Any]:
        """Step frames until ``check(dump)`` holds; the dump that satisfied it."""
        for _ in range(max_frames):
            doc = self.dump()
            if check(doc):
                return doc
            self.step()
        raise AssertionError(f"not reached in {max_frames} frames; last dump: "
                             f"{self.summary()}")

    # -- reading -----------------------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        """The dump file as the app last wrote it (after a first frame if none is drawn yet)."""
        if not self.dump_path.exists():
            self.step()
        return json.loads(self.dump_path.read_text(encoding="utf-8"))

    def elements(self, match: Match | None = None) -> list[Element]:
        items = self.dump()["elements"]
        if match is None:
            return items
        if isinstance(match, str):
            return [e for e in items if e["id"] == match]
        return [e for e in items if match(e)]

    def find(self, match: Match) -> Element:
        found = self.elements(match)
        if not found:
            raise ElementNotFound(f"no element {match!r} on screen; there are: {self.summary()}")
        return found[0]

    def summary(self) -> str:
        doc = self.dump()
        ids = ", ".join(e["id"] for e in doc["elements"])
        return f"scene={doc.get('scene')} turn={doc.get('turn')} elements=[{ids}]"

    @property
    def scene(self) -> str | None:
        return self.dump().get("scene")

    # -- acting ------------------------------------------------------------------------
    @staticmethod
    def centre(element: Element) -> tuple[int, int]:
        x, y, w, h = element["rect"]
        return (x + w // 2, y + h // 2)

    def click_at(self, pos: tuple[int, int], frames: int = 2) -> None:
        events = [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
        self.step(frames, events)

    def click(self, match: Match, frames: int = 2) -> Element:
        """Click the centre of the first element matching ``match`` (it must be enabled)."""
        element = self.find(match)
        if not element["enabled"]:
            raise AssertionError(f"{element['id']} is disabled")
        self.click_at(self.centre(element), frames)
        return element

    def press(self, key: int, mod: int = 0, unicode: str = "", frames: int = 2) -> None:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step(frames, [event])

    def type(self, text: str, frames: int = 2) -> None:
        self.step(frames, [pygame.event.Event(pygame.TEXTINPUT, text=text)])

    def close(self) -> None:
        self.app.shutdown()
        i18n.set_language("en")
