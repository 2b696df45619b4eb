"""Drawing what moves over the table: cards in flight, the locust swarm, the banners.

The sprites themselves (:mod:`sprites`) are display-free values the effects
tween; this module draws them, from the per-size card cache.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from nile_desktop.scenes.table.display.paint import Element, Paint, _face, as_rect, card_size
from nile_desktop.scenes.table.logic.sprites import BannerQueue, CardSprite, Sprite, Swarm
from nile_desktop.ui import theme


def draw_card(p: Paint, card: CardSprite) -> None:
    if not card.visible or card.alpha <= 1:
        return
    w, h = card_size(max(4, card.w * card.scale))
    squeeze = abs(math.cos(math.pi * card.turn))  # 1 → 0 → 1 as the card turns
    private = card.owner is not None and card.owner != p.revealed
    name = card.face if card.turn >= 0.5 and not private else "back"
    if card.owner is not None and name != "back":
        p.private_faces.append(card.owner)
    sw = max(2, int(w * squeeze))
    # a card in flight changes size every frame: render it at a size rounded to a
    # step (cached) and stretch that picture, instead of rendering the art anew
    step = 12
    base_w = max(step, (w + step - 1) // step * step)
    cached = _face(name, base_w, False)
    if cached is None:
        return
    image = cached if cached.get_size() == (sw, h) else pygame.transform.scale(cached, (sw, h))
    if card.alpha < 255:
        if image is cached:  # the cached picture is shared: fade a copy
            image = image.copy()
        image.set_alpha(int(card.alpha))
    p.surface.blit(image, (int(card.x + (w - sw) / 2 - w / 2), int(card.y - h / 2)))
    p.cards_drawn += 1


def draw_swarm(p: Paint, swarm: Swarm) -> None:
    if not swarm.visible or swarm.alpha <= 1:
        return
    r = max(2, p.px(3))
    layer = pygame.Surface((int(swarm.spread * 2 + 8 * r), int(swarm.spread * 2 + 8 * r)),
                           pygame.SRCALPHA)
    cx, cy = layer.get_width() / 2, layer.get_height() / 2
    for i in range(46):
        a = (i * 2.39996 + swarm.seed) % (2 * math.pi)
        d = swarm.spread * math.sqrt((i * 0.618 + swarm.seed * 0.1) % 1.0)
        wobble = math.sin(swarm.x * 0.05 + i) * r
        pos = (int(cx + math.cos(a) * d + wobble), int(cy + math.sin(a) * d * 0.6))
        pygame.draw.ellipse(layer, (*theme.LOCUST, int(swarm.alpha)),
                            (pos[0] - r, pos[1] - r // 2, 2 * r, r + 1))
    p.surface.blit(layer, (int(swarm.x - cx), int(swarm.y - cy)))


def draw_step(p: Paint, queue: BannerQueue, message: bool = False) -> None:
    """The step of a bot's turn as it happens, on the prompt line in place of its words
    (the line's element stays; ``status.step`` tells the step to the UI dump), unless the
    line has a ``message`` for the person (an answer to what they did comes first)."""
    if queue.step is not None and queue.step_seat is not None \
            and f"seat.{queue.step_seat}" in p.lay.areas:
        _light_seat(p, p.lay.seat(queue.step_seat))
    status = p.hits.get("status") if queue.step is not None and not message else None
    if status is None:
        return
    text = str(queue.step)
    bar = pygame.Rect(status.rect)
    pad = p.px(8)
    inner = bar.inflate(-2 * pad, -p.px(6))
    pygame.draw.rect(p.surface, theme.PAPYRUS_LIGHT, inner)
    size = p.fs(14)
    shown = theme.fit_text(text, size, inner.w, True)
    theme.draw_text(p.surface, shown, (inner.left, inner.centery), size, theme.LAPIS,
                    bold=True, anchor="midleft")
    p.add(Element("status.step", "status", text, as_rect(inner), focusable=False,
                  data={"step": text}))


def _light_seat(p: Paint, rect: tuple[int, int, int, int]) -> None:
    """The panel of the seat that plays: washed in gold and framed, where the eye goes."""
    box = pygame.Rect(rect)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.GOLD_LIGHT, 46), layer.get_rect(), border_radius=p.px(10))
    p.surface.blit(layer, box)
    p.ring(rect, theme.GOLD, 5, 2)


def draw_banner(p: Paint, queue: BannerQueue, centre: tuple[int, int],
                message: bool = False) -> None:
    draw_step(p, queue, message)
    banner = queue.current
    if banner is None:
        return
    # it arrives mostly opaque (quick to read) and fades out at the end of its hold
    fade = min(1.0, 0.7 + queue.shown_for / 0.5, max(0.0, (queue.hold - queue.shown_for) / 0.25))
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


def draw_sprites(p: Paint, sprites: Sequence[Sprite]) -> None:
    for sprite in sprites:
        if isinstance(sprite, Swarm):
            draw_swarm(p, sprite)
        else:
            draw_card(p, sprite)
