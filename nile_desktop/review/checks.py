"""Strict readers for the values of a review read back from a file.

A review kept inside a save (:mod:`.cache`) is input like any other: its
game digest only says which game it claims to review, and anyone can compute
it. These readers take a value only if it has the type the review wrote
(no text read as a number, no ``true`` as 1) and, for a chance, a finite
percentage; anything else raises ValueError, so a damaged or forged review
reads as missing and is computed afresh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def whole(value: object) -> int:
    """An int written as one (never a bool, a float or a text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def number(value: object) -> float:
    """A finite number written as one (never a bool or a text)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"not a finite number: {value!r}")
    return float(value)


def percentage(value: object) -> float:
    """A chance in percent: a finite number from 0 to 100."""
    x = number(value)
    if not 0.0 <= x <= 100.0:
        raise ValueError(f"not a percentage: {value!r}")
    return x


def text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a text: {value!r}")
    return value


def items(value: object) -> Sequence[Any]:
    """A JSON list (a tuple too, as a review made in this process holds)."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"not a list: {value!r}")
    return value


def percentages(value: object) -> tuple[float, ...]:
    """A list of chances in percent."""
    return tuple(percentage(x) for x in items(value))
