"""Driving the real App without a screen: SDL's dummy drivers, frames stepped by hand.

The soak tools and the tests use these helpers to start the game's App,
feed it synthetic pygame events (the same kinds SDL delivers: mouse,
keys, text, wheel, window resizes) and step frames of a fixed length, so
nothing depends on a clock or on the inside of any one scene.
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path

for _name, _value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                      ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
    os.environ.setdefault(_name, _value)

from typing import Any  # noqa: E402

import pygame  # noqa: E402

from nile_desktop import i18n  # noqa: E402
from nile_desktop.app import App  # noqa: E402
from nile_desktop.settings import Settings  # noqa: E402

STEP = 1 / 60


def headless_app(settings: Any = None, **kwargs: Any) -> Any:
    """A started App on the dummy video driver (the caller calls ``app.shutdown()``)."""
    settings = settings if settings is not None else Settings(language="en")
    i18n.set_language(kwargs.get("overrides", {}).get("language", settings.language))
    app = App(settings, **kwargs)
    app.open_window()
    return app


def frames(app: Any, n: int = 2, events: list[pygame.event.Event] | None = None) -> None:
    """Run ``n`` frames of 1/60 s; ``events`` go into the first one."""
    app.frame(STEP, list(events or []))
    for _ in range(n - 1):
        app.frame(STEP, [])


def key(k: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def text(chars: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=chars)


def motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                              precise_y=float(y))


def resize(size: tuple[int, int]) -> pygame.event.Event:
    """A window resize as SDL reports it (the window is resized first, as the OS would)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def describe(exc: BaseException) -> str:
    """The error and where it was raised (the innermost frame), on one line."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {str(exc)[:200]}{where}"
