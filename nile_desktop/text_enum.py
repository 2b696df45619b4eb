"""Enums whose members are their text: the kinds and phases the game compares and saves.

A member equals, prints and formats as its value ("human", "compose"), so a save's
string and an enum member compare equal and a log line reads as the save does. This
is what ``enum.StrEnum`` does on Python 3.11; the game also runs on 3.10.
"""

from __future__ import annotations

from enum import Enum


class TextEnum(str, Enum):
    """A ``str`` enum that reads as its value everywhere (``str()``, f-strings, ``format``)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
