"""Tweens: values that glide from one number to another over time.

The game never reads the wall clock here: a :class:`Tween` advances by the
``dt`` it is given, so tests step it on a fake clock and the animation speed
setting is a simple multiplier (the table's timeline runs its steps' tweens).
"""

from nile_desktop.anim.easing import EASINGS, ease, register_easing
from nile_desktop.anim.tween import Tween

__all__ = ["EASINGS", "Tween", "ease", "register_easing"]
