"""Things that move over the table while an effect plays: cards, the locust
swarm, and the banners that say who did what.

Sprites are plain objects with numeric attributes the timeline tweens
(``x``, ``y``, ``w``, ``turn``, ``alpha``); they are drawn on top of the
table, in window pixels, from the per-size card cache.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pygame

from nile_desktop.scenes.table.paint import Paint, _face, card_size
from nile_desktop.ui import theme


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

    def draw(self, p: Paint) -> None:
        if not self.visible or self.alpha <= 1:
            return
        w, h = card_size(max(4, self.w * self.scale))
        squeeze = abs(math.cos(math.pi * self.turn))  # 1 → 0 → 1 as the card turns
        private = self.owner is not None and self.owner != p.revealed
        name = self.face if self.turn >= 0.5 and not private else "back"
        if self.owner is not None and name != "back":
            p.private_faces.append(self.owner)
        sw = max(2, int(w * squeeze))
        # a card in flight changes size every frame: render it at a size rounded to a
        # step (cached) and stretch that picture, instead of rendering the art anew
        step = 12
        base_w = max(step, (w + step - 1) // step * step)
        cached = _face(name, base_w, False)
        if cached is None:
            return
        image = cached if cached.get_size() == (sw, h) else pygame.transform.scale(cached, (sw, h))
        if self.alpha < 255:
            if image is cached:  # the cached picture is shared: fade a copy
                image = image.copy()
            image.set_alpha(int(self.alpha))
        p.surface.blit(image, (int(self.x + (w - sw) / 2 - w / 2), int(self.y - h / 2)))
        p.cards_drawn += 1


@dataclass
class Swarm:
    """The locust swarm: a cloud of dark specks drifting to the fields it eats."""

    x: float
    y: float
    spread: float = 40.0
    alpha: float = 0.0
    seed: int = 7
    visible: bool = True

    def draw(self, p: Paint) -> None:
        if not self.visible or self.alpha <= 1:
            return
        r = max(2, p.px(3))
        layer = pygame.Surface((int(self.spread * 2 + 8 * r), int(self.spread * 2 + 8 * r)),
                               pygame.SRCALPHA)
        cx, cy = layer.get_width() / 2, layer.get_height() / 2
        for i in range(46):
            a = (i * 2.39996 + self.seed) % (2 * math.pi)
            d = self.spread * math.sqrt((i * 0.618 + self.seed * 0.1) % 1.0)
            wobble = math.sin(self.x * 0.05 + i) * r
            pos = (int(cx + math.cos(a) * d + wobble), int(cy + math.sin(a) * d * 0.6))
            pygame.draw.ellipse(layer, (0x2A, 0x3A, 0x12, int(self.alpha)),
                                (pos[0] - r, pos[1] - r // 2, 2 * r, r + 1))
        p.surface.blit(layer, (int(self.x - cx), int(self.y - cy)))


@dataclass
class Banner:
    """Big words across the table; ``text`` is told when drawn (a language switch shows)."""

    text: Any
    kind: str


@dataclass
class BannerQueue:
    """Banners wait their turn: none ever overwrites another."""

    waiting: deque = field(default_factory=deque)
    current: Banner | None = None
    shown_for: float = 0.0
    hold: float = 1.4
    history: list[str] = field(default_factory=list)

    def push(self, text: Any, kind: str) -> None:
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

    def skip(self) -> None:
        self.waiting.clear()
        self.current = None

    def draw(self, p: Paint, centre: tuple[int, int]) -> None:
        banner = self.current
        if banner is None:
            return
        # it arrives mostly opaque (quick to read) and fades out at the end of its hold
        fade = min(1.0, 0.7 + self.shown_for / 0.5, max(0.0, (self.hold - self.shown_for) / 0.25))
        size = p.fs(26)
        image = theme.render_text(str(banner.text), size, theme.GOLD_LIGHT, True)
        box = image.get_rect().inflate(p.px(60), p.px(24))
        box.center = centre
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        fill = theme.ERROR if banner.kind == "locust" else theme.LAPIS
        pygame.draw.rect(layer, (*fill, 235), layer.get_rect(), border_radius=p.px(14))
        pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=max(2, p.px(3)),
                         border_radius=p.px(14))
        layer.blit(image, image.get_rect(center=layer.get_rect().center))
        layer.set_alpha(int(255 * fade))
        p.surface.blit(layer, box)


#: What flies over the table: a card, or the locust swarm.
Sprite = CardSprite | Swarm


def draw_sprites(p: Paint, sprites: list[Sprite]) -> None:
    for sprite in sprites:
        sprite.draw(p)
