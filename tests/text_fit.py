"""Reusable check that a scene's text fits, in any language, pseudo-language included.

Call :func:`scene_text_problems` from any test with an opened app and a
scene (or a function making one): it switches the language, puts the scene
on top, draws frames, records every text drawn (``nile_desktop.ui.textlog``)
and returns one sentence per problem — text cut off without the full text on
offer, text outside the screen or its box, texts drawn over each other, and
English text left on screen in another language (not passed through the
catalogues, or kept from before a language switch). An empty list means
everything fits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import pygame

from nile_desktop import i18n, pofile
from nile_desktop.scenes.stack import Scene
from nile_desktop.ui import textlog

STEP = 1 / 60


@contextmanager
def headless_app(home: Path) -> Iterator:
    """An opened app in English; the caller points NILE_DESKTOP_HOME at ``home`` first."""
    from nile_desktop.app import App
    from nile_desktop.settings import Settings

    app = App(Settings(language="en"))
    app.open_window()
    try:
        yield app
    finally:
        app.shutdown()
        i18n.set_language("en")


@lru_cache(maxsize=1)
def english_messages() -> frozenset[str]:
    """Every English source text of the catalogues (singular and plural forms)."""
    po, _mo = i18n.catalogue_paths("en")
    texts: set[str] = set()
    for (_context, msgid, plural), _strings in pofile.parse_po(po.read_text("utf-8")).items():
        texts.update(t for t in (msgid, plural) if t)
    return frozenset(texts)


def untranslated(texts: Iterable[str], language: str) -> list[str]:
    """Texts drawn in English although ``language`` translates them differently."""
    if language == "en":
        return []
    found = []
    for text in texts:
        if text in english_messages() and i18n._(text) != text:
            found.append(f"shown in English: {text!r}")
    return found


def record_frame(app, events: list[pygame.event.Event] | None = None) -> textlog.TextLog:
    """Draw one frame of ``app`` and return the text it drew."""
    with textlog.recording() as log:
        app.frame(STEP, events or [])
    return log


def scene_text_problems(app, scene: Scene | Callable[[], Scene], language: str = i18n.PSEUDO_LANGUAGE,
                        *, events: list[pygame.event.Event] | None = None,
                        frames: int = 3) -> list[str]:
    """Everything wrong with the text of ``scene`` drawn in ``language`` on ``app``'s surface.

    ``scene`` may be a scene or a factory; it is pushed unless it is already
    on the stack. ``events`` are fed in the first frame (e.g. to open a list
    or focus a field); then ``frames`` frames are stepped before the recorded one.
    """
    i18n.set_language(language)
    if callable(scene) and not isinstance(scene, Scene):
        scene = scene()
    if scene not in app.stack:
        app.stack.push(scene)
    app.frame(STEP, events or [])
    for _ in range(frames):
        app.frame(STEP, [])
    assert not app.crashed, f"{type(scene).__name__} crashed"
    log = record_frame(app)
    assert log.drawn, "nothing was drawn"
    return textlog.problems(log, app.surface.get_rect()) + untranslated(log.texts(), language)


def drawing_text_problems(draw: Callable[[pygame.Surface], None], size: tuple[int, int],
                          language: str = i18n.PSEUDO_LANGUAGE) -> list[str]:
    """The same check for a drawing made straight onto a surface of ``size`` (e.g. a scene
    that draws at the window's real resolution: ``lambda s: table.draw(s)``)."""
    i18n.set_language(language)
    surface = pygame.Surface(size)
    draw(surface)  # a first frame lays out for this size and language
    with textlog.recording() as log:
        draw(surface)
    assert log.drawn, "nothing was drawn"
    return textlog.problems(log, surface.get_rect()) + untranslated(log.texts(), language)
