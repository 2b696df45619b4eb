"""Easing functions by name, in a registry other modules may add to.

Each easing maps progress ``t`` in [0, 1] to an eased progress, with
``f(0) == 0`` and ``f(1) == 1``. docs/ART.md asks for soft motion that eases out
on arrival, so ``out_cubic`` is the default.
"""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]

EASINGS: dict[str, Easing] = {}


def register_easing(name: str) -> Callable[[Easing], Easing]:
    """Decorator: make ``fn`` available as ``ease(name)``."""

    def deco(fn: Easing) -> Easing:
        EASINGS[name] = fn
        return fn

    return deco


def ease(name: str) -> Easing:
    """The easing registered under ``name``; a clear error for a typo."""
    try:
        return EASINGS[name]
    except KeyError:
        raise KeyError(f"unknown easing {name!r}; known: {', '.join(sorted(EASINGS))}") from None


@register_easing("linear")
def linear(t: float) -> float:
    return t


@register_easing("in_quad")
def in_quad(t: float) -> float:
    return t * t


@register_easing("out_quad")
def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


@register_easing("in_out_quad")
def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - 2 * (1 - t) * (1 - t)


@register_easing("out_cubic")
def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


@register_easing("in_out_cubic")
def in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@register_easing("out_sine")
def out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


@register_easing("out_back")
def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


@register_easing("out_elastic")
def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1


@register_easing("out_bounce")
def out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375
