"""A record of the text a frame draws, so tests can check that every text fits.

Czech runs longer than English and player names can be long, so a label
that fits in one language may be cut off or spill over its box in another.
:mod:`nile_desktop.ui.theme` reports here every line it draws, every text it
shortens with an ellipsis and every word too wide to wrap; nothing is kept
unless a test is :func:`recording`, so the game pays one truth test per text.

A widget that shows a cut text offers the full text as a tooltip: the widget
group and the list catch what was cut while drawing (:func:`catch_cuts`) and
declare the offer (:func:`offer_full_text`); anything else drawing a tooltip
declares it the same way.
:func:`problems` lists every cut text without such an offer, every text
that leaves the screen or the box it was drawn in (:func:`box`), and every
two texts drawn over each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class DrawnText:
    """One line of text as drawn: where, at which size, inside which box (if one was declared)."""

    text: str
    rect: pygame.Rect
    layer: int
    box: pygame.Rect | None = None


@dataclass(frozen=True)
class Cut:
    """A text shortened to fit ``width`` pixels: ``shown`` ends with an ellipsis."""

    full: str
    shown: str
    width: int


@dataclass(frozen=True)
class TooWide:
    """A word of wrapped text wider than the ``width`` it had to wrap into."""

    word: str
    width: int


@dataclass
class TextLog:
    """Everything one recording saw; ``layer`` goes up each time the screen is dimmed."""

    drawn: list[DrawnText] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)
    too_wide: list[TooWide] = field(default_factory=list)
    offered: set[str] = field(default_factory=set)
    layer: int = 0

    def texts(self) -> list[str]:
        """Every line drawn, in order."""
        return [d.text for d in self.drawn]


_logs: list[TextLog] = []
_boxes: list[pygame.Rect] = []
_catchers: list[list[str]] = []


def active() -> bool:
    """Whether a test is recording (the theme reports what it draws only then)."""
    return bool(_logs)


def wants_cuts() -> bool:
    """Whether anything listens for cut text (a recording, or a widget catching it for a tooltip)."""
    return bool(_logs or _catchers)


@contextmanager
def catch_cuts() -> Iterator[list[str]]:
    """Collect the full text of everything cut off inside the block, to show it as a tooltip.

    Only the innermost catcher gets them, so a list catching per row keeps
    its rows' texts from the group drawing the list.
    """
    caught: list[str] = []
    _catchers.append(caught)
    try:
        yield caught
    finally:
        _catchers.pop()


@contextmanager
def recording() -> Iterator[TextLog]:
    """Record the text drawn inside the ``with`` block."""
    log = TextLog()
    _logs.append(log)
    try:
        yield log
    finally:
        _logs.remove(log)


@contextmanager
def box(rect: pygame.Rect | None) -> Iterator[None]:
    """Declare that text drawn inside the block must stay inside ``rect`` (None: no box)."""
    if rect is None or not _logs:
        yield
        return
    _boxes.append(pygame.Rect(rect))
    try:
        yield
    finally:
        _boxes.pop()


def note_drawn(text: str, rect: pygame.Rect) -> None:
    if rect.w == 0 or rect.h == 0:
        return  # clipped away entirely: nothing shows
    current = _boxes[-1] if _boxes else None
    for log in _logs:
        log.drawn.append(DrawnText(text, pygame.Rect(rect), log.layer, current))


def note_cut(full: str, shown: str, width: int) -> None:
    if _catchers:
        _catchers[-1].append(full)
    for log in _logs:
        log.cuts.append(Cut(full, shown, width))


def note_too_wide(word: str, width: int) -> None:
    for log in _logs:
        log.too_wide.append(TooWide(word, width))


def note_layer() -> None:
    """Everything drawn so far is now behind a veil (a dialog opens on top)."""
    for log in _logs:
        log.layer += 1


def offer_full_text(text: str) -> None:
    """The element that shows ``text`` (or any part of it) cut off also offers it whole,
    e.g. as its tooltip."""
    for log in _logs:
        log.offered.add(text)


def problems(log: TextLog, screen: pygame.Rect, *, overlap_slack: int = 2) -> list[str]:
    """What is wrong with the recorded text, one sentence each (empty when all fits)."""
    found: list[str] = []
    for cut in log.cuts:
        if not any(cut.full in offer for offer in log.offered):
            found.append(f"cut off without the full text on offer: {cut.full!r} -> {cut.shown!r}")
    for wide in log.too_wide:
        found.append(f"a word wider than its {wide.width} px line: {wide.word!r}")
    for d in log.drawn:
        if not d.text.strip():
            continue
        if not screen.contains(d.rect):
            found.append(f"off the screen: {d.text!r} at {tuple(d.rect)}")
        elif d.box is not None and not d.box.inflate(2, 2).contains(d.rect):
            found.append(f"outside its box {tuple(d.box)}: {d.text!r} at {tuple(d.rect)}")
    top = max((d.layer for d in log.drawn), default=0)
    visible = [d for d in log.drawn if d.layer == top and d.text.strip()]
    for i, a in enumerate(visible):
        inner_a = a.rect.inflate(-2 * overlap_slack, -2 * overlap_slack - a.rect.h // 3)
        for b in visible[i + 1:]:
            inner_b = b.rect.inflate(-2 * overlap_slack, -2 * overlap_slack - b.rect.h // 3)
            if inner_a.colliderect(inner_b) and (a.text, a.rect) != (b.text, b.rect):
                found.append(f"drawn over each other: {a.text!r} and {b.text!r}")
    return found
