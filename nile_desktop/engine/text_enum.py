"""Enums whose members are their text: refusal codes, and the kinds and phases the game
compares and saves.

A member equals, prints and formats as its value ("not-held", "human", "compose"), so
a saved or printed string and an enum member compare equal, JSON writes the member as
its text, and a log line reads as the file does. This is what ``enum.StrEnum`` does on
Python 3.11; the game also runs on 3.10. It lives in the engine, the lowest layer,
because the engine's refusal codes are such an enum.
"""

from __future__ import annotations

from enum import Enum


class TextEnum(str, Enum):
    """A ``str`` enum that reads as its value everywhere (``str()``, f-strings, ``format``)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
