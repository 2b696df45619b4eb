"""The scene stack: every screen of the game is a scene on one stack.

The top scene gets the player's input and is updated; scenes below it are
paused. Drawing starts at the highest *opaque* scene so an overlay (a dialog,
the crash screen) can show the table under it. Each hook has one meaning:

``enter``   the scene was pushed (or replaced another) and is now on the stack
``exit``    the scene leaves the stack for good
``pause``   another scene was pushed on top of it
``resume``  the scene above it left; it is on top again

Nothing here touches the pygame display, so the stack is tested without a
window (like Tuxemon's state manager). Stack operations called while a scene
is handling an event take effect at once; the stack is a plain list, and the
caller that changed it is on the stack no longer, so it simply returns.

Each scene is drawn at the window's real resolution, in one of two ways
(see :mod:`nile_desktop.ui.view`): a ``native`` scene lays itself out in
window pixels; a logical one (the default) keeps a 1280x720 layout that the
app's view transform scales. The stack calls every hook inside
``scene_context(scene)``, which the app uses to make that scene's view
current, so code run from ``enter`` or ``relayout`` measures text at the
scale it will be drawn at.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any, Protocol

from nile_desktop.settings import Settings

if TYPE_CHECKING:  # named for the types only: the stack itself never touches pygame
    import pygame

log = logging.getLogger(__name__)


class AppHost(Protocol):
    """What a scene may ask of the application it runs in: the settings (kept, and applied
    to the window and the language), sounds, the crash screen's way back, quitting."""

    settings: Settings

    def save_settings(self) -> None: ...

    def apply_settings(self) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def set_window_size(self, size: tuple[int, int]) -> None: ...

    def play(self, sound: str, pan: float | None = None, duck: bool = False) -> None: ...

    def toggle_mute(self) -> None: ...

    def recover(self, scene: Scene) -> None: ...

    def quit(self, code: int = 0) -> None: ...


class Scene:
    """One screen. Subclasses override the hooks they need; all default to no-ops.

    ``opaque`` scenes hide what is below them; a transparent scene is drawn
    over the scene under it. ``stack`` is set while the scene is on a stack.
    """

    opaque: bool = True
    #: When False, Escape on this scene does not pop it (the title screen, the table).
    escape_pops: bool = True
    #: True: the scene works in window pixels (events, layout, drawing) and lays itself
    #: out again in ``relayout`` when the window is resized. False: it works in the
    #: logical 1280x720 layout, which the app's view scales and centres in the window.
    native: bool = False
    #: The scene's name in the UI dump and the prefix of its element ids ("title",
    #: "new-game"); by default made from the class name (TitleScene -> "title").
    dump_name: str = ""
    #: The music track heard while this is the topmost scene that names one
    #: (``nile_desktop.audio.TRACK_NAMES``); None keeps the music of the scenes below.
    music: str | None = None

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # -- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene is put on the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """This scene is on top again."""

    # -- per frame ---------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance the scene by ``dt`` seconds of game time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on the logical surface."""

    def relayout(self) -> None:
        """Texts or sizes changed (the language, the window size): rebuild cached layout."""

    def dump_info(self) -> dict[str, Any]:
        """Facts for the top level of the UI dump, e.g. ``{"turn": 2}`` (whose turn it is)."""
        return {}

    @classmethod
    def scene_name(cls) -> str:
        """:attr:`dump_name`, or the class name without "Scene" in kebab case."""
        if cls.dump_name:
            return cls.dump_name
        base = cls.__name__.removesuffix("Scene") or cls.__name__
        return re.sub(r"(?<!^)(?=[A-Z])", "-", base).lower()

    # -- helpers -----------------------------------------------------------------
    @property
    def app(self) -> AppHost | None:
        """The application object the stack belongs to (None in bare tests)."""
        return self.stack.app if self.stack is not None else None

    @property
    def on_stack(self) -> SceneStack:
        """The stack this scene is on. A scene's handlers run only while it is on one,
        so they reach it here; anywhere else that is a bug, and it says so."""
        if self.stack is None:
            raise RuntimeError(f"{type(self).__name__} is not on a scene stack")
        return self.stack

    def close(self) -> None:
        """Pop this scene if it is on top of its stack."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()


class SceneStack:
    """A stack of scenes with push / pop / replace and the lifecycle hooks."""

    def __init__(self, app: AppHost | None = None, on_empty: Callable[[], None] | None = None,
                 scene_context: Callable[[Scene], AbstractContextManager[Any]] | None = None
                 ) -> None:
        self.app = app
        self._scenes: list[Scene] = []
        self._on_empty = on_empty
        self._context = scene_context

    def context(self, scene: Scene) -> AbstractContextManager[Any]:
        """What every call into ``scene`` runs inside (the app: that scene's view)."""
        return self._context(scene) if self._context is not None else nullcontext()

    # -- inspection --------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        """Scenes from the bottom to the top."""
        return iter(list(self._scenes))

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of this class, if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # -- operations --------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top; the old top is paused, then the new one entered."""
        if scene in self._scenes:
            raise ValueError(f"{scene!r} is already on the stack")
        old = self.top
        if old is not None:
            with self.context(old):
                old.pause()
        scene.stack = self
        self._scenes.append(scene)
        log.debug("push %s", type(scene).__name__)
        with self.context(scene):
            scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene (exit), then resume the one below it."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        log.debug("pop %s", type(scene).__name__)
        with self.context(scene):
            scene.exit()
        scene.stack = None
        new_top = self.top
        if new_top is not None:
            with self.context(new_top):
                new_top.resume()
        elif self._on_empty is not None:
            self._on_empty()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``; the scene below is neither paused nor resumed."""
        if self._scenes:
            old = self._scenes.pop()
            log.debug("replace %s", type(old).__name__)
            with self.context(old):
                old.exit()
            old.stack = None
        scene.stack = self
        self._scenes.append(scene)
        with self.context(scene):
            scene.enter()
        return scene

    def clear(self) -> None:
        """Exit every scene, top first, without resuming any."""
        while self._scenes:
            scene = self._scenes.pop()
            scene.exit()
            scene.stack = None

    def abandon(self) -> None:
        """Empty the stack after an error: every scene exits, and one that fails
        while exiting is logged instead of stopping the others."""
        while self._scenes:
            scene = self._scenes.pop()
            try:
                scene.exit()
            except Exception:
                log.exception("%s failed while closing", type(scene).__name__)
            scene.stack = None

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack and start again with ``scene`` alone."""
        self.clear()
        return self.push(scene)

    # -- per frame ---------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        if top is None:
            return False
        with self.context(top):
            return top.handle_event(event)

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            with self.context(top):
                top.update(dt)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the highest opaque scene up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            with self.context(scene):
                scene.draw(surface)

    def relayout(self) -> None:
        """Ask every scene, not just the top, to rebuild (the language or the size changed)."""
        for scene in list(self._scenes):
            with self.context(scene):
                scene.relayout()
