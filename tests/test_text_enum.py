"""Kinds and phases read as their text on every supported Python (3.10 has no StrEnum)."""

from __future__ import annotations

from nile_desktop.ai.levels import LEVELS
from nile_desktop.engine.text_enum import TextEnum
from nile_desktop.seats import SEAT_KINDS, SeatKind


class Colour(TextEnum):
    RED = "red"


def test_a_text_enum_member_is_its_value_in_every_form() -> None:
    assert Colour.RED == "red" and Colour("red") is Colour.RED
    assert str(Colour.RED) == "red" and f"{Colour.RED}" == "red" and f"{Colour.RED:>5}" == "  red"
    assert {"red": 1}[Colour.RED] == 1


def test_every_bot_level_is_a_seat_kind() -> None:
    assert [str(kind) for kind in SEAT_KINDS] == ["human", *LEVELS]
    assert SeatKind("expert").is_human is False and SeatKind.HUMAN.is_human
