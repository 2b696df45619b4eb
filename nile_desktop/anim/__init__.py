"""Tweens: values that glide from one number to another over time.

The game never reads the wall clock here: an :class:`Animator` advances by the
``dt`` it is given, so tests step it on a fake clock and the animation speed
setting is a simple multiplier.
"""

from nile_desktop.anim.easing import EASINGS, ease, register_easing
from nile_desktop.anim.tween import Animator, Tween

__all__ = ["EASINGS", "Animator", "Tween", "ease", "register_easing"]
