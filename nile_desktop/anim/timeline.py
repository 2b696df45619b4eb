"""Timelines: tweens, pauses and calls in sequence and in groups.

An effect on the table is a small script: "this card flies, then these three
together, wait, then call back". A :class:`Timeline` holds such scripts as
steps and plays them with the ``dt`` it is given (never the wall clock):

    tl = Timeline()
    tl.then(tween(card, 0.3, x=400, y=200))
    tl.together(tween(a, 0.3, y=10), tween(b, 0.3, y=10), tween(c, 0.3, y=10))
    tl.wait(0.2)
    tl.call(on_done)

:meth:`Timeline.finish` jumps to the end: every tween lands on its target
and every call runs once, in order, so skipping an effect leaves the same
picture as watching it. A tween checks its attribute names when it is
created, so a typo fails where it is written, not frames later.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any

from nile_desktop.anim.easing import Easing
from nile_desktop.anim.tween import Tween, Value, lerp


class Step(ABC):
    """Something that takes time on a timeline."""

    done = False

    @abstractmethod
    def update(self, dt: float) -> float:
        """Advance by ``dt``; return the time left over once the step is done."""

    @abstractmethod
    def finish(self) -> None:
        """Jump to the end."""


class TweenStep(Step):
    """A :class:`~nile_desktop.anim.tween.Tween` on a timeline: attributes of ``target``
    glide to their targets, from where they are when the step starts."""

    def __init__(self, target: Any, duration: float, easing: str | Easing = "out_cubic",
                 **targets: Value) -> None:
        missing = [name for name in targets if not hasattr(target, name)]
        if missing:
            raise AttributeError(
                f"{type(target).__name__} has no attribute {', '.join(sorted(missing))} to tween")
        for name, goal in targets.items():
            lerp(getattr(target, name), goal, 0.0)  # a TypeError now, not in a later frame
        self.tween = Tween.towards(target, duration, easing, targets)

    @property
    def done(self) -> bool:  # type: ignore[override]
        return self.tween.done

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.tween.update(dt)
        return max(0.0, self.tween.elapsed - self.tween.duration) if self.done else 0.0

    def finish(self) -> None:
        self.tween.finish()


class Wait(Step):
    def __init__(self, seconds: float) -> None:
        self.left = max(0.0, float(seconds))

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        if dt >= self.left:
            rest = dt - self.left
            self.left = 0.0
            self.done = True
            return rest
        self.left -= dt
        return 0.0

    def finish(self) -> None:
        self.left = 0.0
        self.done = True


class Call(Step):
    """Run ``fn`` once, when the timeline reaches it (or is finished past it)."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn

    def update(self, dt: float) -> float:
        self.finish()
        return dt

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.fn()


class Sequence(Step):
    """Steps one after another."""

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self.steps: list[Step] = list(steps)
        self.index = 0

    @property
    def done(self) -> bool:  # type: ignore[override]
        return self.index >= len(self.steps)

    def add(self, step: Step) -> Step:
        self.steps.append(step)
        return step

    def update(self, dt: float) -> float:
        while self.index < len(self.steps):
            dt = self.steps[self.index].update(dt)
            if not self.steps[self.index].done:
                return 0.0
            self.index += 1
            if dt <= 0:
                # steps that take no time (calls, empty groups) still run at once
                while self.index < len(self.steps) and _instant(self.steps[self.index]):
                    self.steps[self.index].update(0.0)
                    self.index += 1
                return 0.0
        return dt

    def finish(self) -> None:
        while self.index < len(self.steps):
            self.steps[self.index].finish()
            self.index += 1


class Group(Step):
    """Steps that play together; done when the longest is."""

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self.steps: list[Step] = list(steps)

    @property
    def done(self) -> bool:  # type: ignore[override]
        return all(s.done for s in self.steps)

    def update(self, dt: float) -> float:
        left = dt
        for step in self.steps:
            if not step.done:
                left = min(left, step.update(dt))
        return left if self.done else 0.0

    def finish(self) -> None:
        for step in self.steps:
            step.finish()


def _instant(step: Step) -> bool:
    return isinstance(step, Call) or (isinstance(step, Group) and not step.steps)


def tween(target: Any, duration: float, easing: str | Easing = "out_cubic",
          **targets: Value) -> TweenStep:
    """A tween step (attribute names are checked here)."""
    return TweenStep(target, duration, easing, **targets)


class Timeline:
    """A queue of steps played in order; ``speed`` scales time (0 or less: instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.root = Sequence()

    @property
    def busy(self) -> bool:
        return not self.root.done

    def then(self, *steps: Step) -> Timeline:
        """Each step after the last one queued."""
        for step in steps:
            self.root.add(step)
        return self

    def together(self, *steps: Step) -> Timeline:
        """All these steps at once, after what is queued."""
        self.root.add(Group(steps))
        return self

    def wait(self, seconds: float) -> Timeline:
        self.root.add(Wait(seconds))
        return self

    def call(self, fn: Callable[[], object]) -> Timeline:
        self.root.add(Call(fn))
        return self

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.finish()
            return
        self.root.update(dt * self.speed)
        self._trim()

    def finish(self) -> None:
        """Jump to the end of everything queued: all tweens land, all calls run."""
        while self.busy:
            self.root.finish()
        self._trim()

    def _trim(self) -> None:
        if self.root.index > 64:
            del self.root.steps[: self.root.index]
            self.root.index = 0
