"""Timelines of tweens on a fake clock: sequences, groups, waits, calls, skipping."""

from __future__ import annotations

import pytest

from nile_desktop.anim.timeline import Timeline, tween


class Sprite:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)


def test_sequence_then_group_then_wait_then_call() -> None:
    a, b, c = Sprite(), Sprite(), Sprite()
    calls: list[str] = []
    tl = Timeline()
    tl.then(tween(a, 1.0, "linear", x=10))
    tl.together(tween(b, 1.0, "linear", x=5), tween(c, 2.0, "linear", pos=(4, 8)))
    tl.wait(0.5)
    tl.call(lambda: calls.append("done"))
    tl.update(0.5)
    assert a.x == pytest.approx(5) and b.x == 0
    tl.update(0.5)
    assert a.x == 10 and b.x == 0  # b starts only when a is done
    tl.update(1.0)
    assert b.x == 5 and c.pos == pytest.approx((2, 4))
    tl.update(1.0)
    assert c.pos == (4, 8) and calls == []
    tl.update(0.5)
    assert calls == ["done"] and not tl.busy


def test_leftover_time_carries_into_the_next_step() -> None:
    a = Sprite()
    tl = Timeline()
    tl.then(tween(a, 0.2, "linear", x=1), tween(a, 1.0, "linear", x=11))
    tl.update(0.7)
    assert a.x == pytest.approx(6)


def test_finish_jumps_to_the_end_and_runs_every_call_once() -> None:
    a, b = Sprite(), Sprite()
    calls: list[int] = []
    tl = Timeline()
    tl.then(tween(a, 5, x=3)).call(lambda: calls.append(1))
    tl.together(tween(b, 9, x=7)).call(lambda: calls.append(2))
    tl.update(0.1)
    tl.finish()
    assert (a.x, b.x, calls) == (3, 7, [1, 2]) and not tl.busy
    tl.finish()
    assert calls == [1, 2]


def test_attribute_names_are_checked_when_the_tween_is_made() -> None:
    with pytest.raises(AttributeError, match="y"):
        tween(Sprite(), 1.0, y=3)
    with pytest.raises(TypeError):
        tween(Sprite(), 1.0, pos=5.0)
    with pytest.raises(ValueError):
        tween(Sprite(), -1, x=1)


def test_speed_scales_time_and_zero_is_instant() -> None:
    a = Sprite()
    tl = Timeline(speed=2.0)
    tl.then(tween(a, 1.0, "linear", x=10))
    tl.update(0.25)
    assert a.x == pytest.approx(5)
    tl.speed = 0
    tl.update(0.0)
    assert a.x == 10 and not tl.busy


def test_tween_starts_from_where_the_value_is_when_it_starts() -> None:
    a = Sprite()
    tl = Timeline()
    tl.then(tween(a, 1.0, "linear", x=10), tween(a, 1.0, "linear", x=0))
    tl.update(1.5)
    assert a.x == pytest.approx(5)
