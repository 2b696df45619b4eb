"""Things that move over the table while an effect plays: cards, the locust
swarm, and the banners that say who did what.

Sprites are plain objects with numeric attributes the timeline tweens
(``x``, ``y``, ``w``, ``turn``, ``alpha``); :mod:`sprite_draw` draws them on
top of the table, in window pixels, from the per-size card cache. No pygame
here: the effects that move them are tested without a display.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from nile_desktop.i18n import Message


@dataclass
class CardSprite:
    """A card in flight. ``face`` is shown once ``turn`` passes 0.5 (a card turning over);
    before that the back. A card that must stay private has ``face == "back"``."""

    face: str
    x: float
    y: float
    w: float
    turn: float = 1.0
    alpha: float = 255.0
    scale: float = 1.0
    visible: bool = True
    #: The seat a private card belongs to (a drawn card); None for public cards.
    owner: int | None = None


@dataclass
class Swarm:
    """The locust swarm: a cloud of dark specks drifting to the fields it eats."""

    x: float
    y: float
    spread: float = 40.0
    alpha: float = 0.0
    seed: int = 7
    visible: bool = True


@dataclass
class Banner:
    """Big words across the table; ``text`` is told when drawn (a language switch shows)."""

    text: Message
    kind: str


@dataclass
class BannerQueue:
    """Banners wait their turn: none ever overwrites another."""

    waiting: deque[Banner] = field(default_factory=deque)
    current: Banner | None = None
    shown_for: float = 0.0
    hold: float = 1.4
    history: list[str] = field(default_factory=list)
    #: The step of a bot's turn now on show, told on the prompt line (None: none), and
    #: the seat that plays it (its panel is lit while it plays).
    step: Message | None = None
    step_seat: int | None = None

    def push(self, text: Message, kind: str) -> None:
        self.waiting.append(Banner(text, kind))
        self.history.append(str(text))
        del self.history[:-50]
        if self.current is None:
            self.update(0.0)  # shown from this very frame

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.waiting)

    def update(self, dt: float) -> None:
        if self.current is not None:
            self.shown_for += dt
            if self.shown_for >= self.hold:
                self.current = None
        if self.current is None and self.waiting:
            self.current = self.waiting.popleft()
            self.shown_for = 0.0

    def only(self, kind: str) -> bool:
        """Nothing waits and the banner on show, if any, is of ``kind``."""
        return not self.waiting and (self.current is None or self.current.kind == kind)

    def keep_only(self, kind: str) -> None:
        """Drop every banner but those of ``kind``; the first of them shows at once."""
        kept = deque(b for b in (self.current, *self.waiting) if b is not None and b.kind == kind)
        if self.current is not None and self.current.kind == kind:
            kept.popleft()  # it stays on show
        else:
            self.current = None
        self.waiting = kept
        self.update(0.0)

    def skip(self) -> None:
        self.waiting.clear()
        self.current = None


#: What flies over the table: a card, or the locust swarm.
Sprite = CardSprite | Swarm
