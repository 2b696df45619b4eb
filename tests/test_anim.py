"""Tweens and easings, stepped on a fake clock (explicit dt, never sleeping)."""

from __future__ import annotations

import pytest

from nile_desktop.anim import EASINGS, Tween, ease, register_easing
from nile_desktop.anim.tween import lerp


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)
        self.alpha = 255.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(name: str) -> None:
    f = ease(name)
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_out_easing_is_ahead_of_linear() -> None:
    assert ease("out_cubic")(0.5) > 0.5
    assert ease("in_quad")(0.5) < 0.5


def test_unknown_easing_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="out_cubic"):
        ease("bouncy")


def test_register_easing() -> None:
    @register_easing("test_step")
    def step(t: float) -> float:
        return 0.0 if t < 1 else 1.0

    assert ease("test_step") is step
    del EASINGS["test_step"]


def test_linear_tween_on_fake_clock() -> None:
    thing = Thing()
    tw = Tween(thing, 1.0, "linear", x=100)
    tw.update(0.25)
    assert thing.x == pytest.approx(25)
    tw.update(0.5)
    assert thing.x == pytest.approx(75)
    tw.update(10)
    assert thing.x == 100 and tw.done


def test_tuple_values_and_delay() -> None:
    thing = Thing()
    tw = Tween(thing, 1.0, "linear", delay=0.5, pos=(10, 20))
    tw.update(0.5)
    assert thing.pos == (0.0, 0.0)
    tw.update(0.5)
    assert thing.pos == pytest.approx((5, 10))


def test_on_finish_called_once() -> None:
    thing = Thing()
    calls: list[int] = []
    tween = Tween(thing, 0.2, on_finish=lambda: calls.append(1), x=1)
    for _ in range(10):
        tween.update(0.05)
    assert calls == [1]
    assert tween.done and thing.x == 1


def test_zero_duration_and_bad_values() -> None:
    thing = Thing()
    tw = Tween(thing, 0, x=5)
    tw.update(0)
    assert thing.x == 5
    with pytest.raises(ValueError):
        Tween(thing, -1, x=1)
    with pytest.raises(TypeError):
        lerp("a", 1, 0.5)  # type: ignore[arg-type]
