"""Tweens of object attributes, stepped by an explicit ``dt``.

``animator.animate(card, 0.3, "out_cubic", x=400, y=200)`` moves ``card.x``
and ``card.y`` from their current values to the targets in 0.3 s. Numbers and
tuples of numbers (positions, colours) can be tweened. A new tween of the
same attribute of the same object replaces the old one, starting from where
the old one had got to, so re-targeting a moving card never jumps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nile_desktop.anim.easing import Easing, ease

Value = float | tuple[float, ...]


def lerp(a: Value, b: Value, t: float) -> Value:
    """Linear blend of two numbers or two equal-length tuples of numbers."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a + (b - a) * t
    if isinstance(a, Sequence) and isinstance(b, Sequence) and len(a) == len(b):
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    raise TypeError(f"cannot tween from {a!r} to {b!r}")


class Tween:
    """One object's attributes gliding to targets over ``duration`` seconds."""

    def __init__(
        self,
        target: Any,
        duration: float,
        easing: str | Easing = "out_cubic",
        *,
        delay: float = 0.0,
        on_finish: Callable[[], None] | None = None,
        **targets: Value,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        self.target = target
        self.duration = float(duration)
        self.easing: Easing = ease(easing) if isinstance(easing, str) else easing
        self.delay = float(delay)
        self.on_finish = on_finish
        self.targets: dict[str, Value] = dict(targets)
        self.starts: dict[str, Value] | None = None
        self.elapsed = 0.0
        self.done = False

    @classmethod
    def towards(cls, target: Any, duration: float, easing: str | Easing,
                targets: Mapping[str, Value]) -> Tween:
        """A tween of the attributes named in ``targets`` (names need not be identifiers)."""
        tween = cls(target, duration, easing)
        tween.targets = dict(targets)
        return tween

    @property
    def progress(self) -> float:
        """Linear progress in [0, 1] (before easing), 0 during the delay."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        if self.starts is None:
            self.starts = {name: getattr(self.target, name) for name in self.targets}
        t = self.progress
        eased = self.easing(t)
        for name, goal in self.targets.items():
            setattr(self.target, name, goal if t >= 1 else lerp(self.starts[name], goal, eased))
        if t >= 1:
            self.finish()

    def finish(self) -> None:
        """Jump to the end values and call ``on_finish`` once."""
        if self.done:
            return
        for name, goal in self.targets.items():
            setattr(self.target, name, goal)
        self.done = True
        if self.on_finish is not None:
            self.on_finish()

    def stop(self, names: set[str] | None = None) -> None:
        """Stop tweening ``names`` (all by default) where they are now; no callback."""
        for name in list(self.targets) if names is None else list(names):
            self.targets.pop(name, None)
        if not self.targets:
            self.done = True

