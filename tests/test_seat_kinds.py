"""One definition of what may sit at a seat (seats.SeatKind), used by saves and the new-game
screen alike: a save holds SeatKind values and writes the same strings old saves hold."""

from __future__ import annotations

import json
from pathlib import Path

from nile_desktop import saves
from nile_desktop.seats import SEAT_KINDS, SeatKind

pytest_plugins = ["save_helpers"]  # the home fixture: a private user folder


def test_a_save_holds_seat_kinds_and_writes_their_text(home: Path) -> None:
    save = saves.new_save({"players": 2}, 7, [{"name": "Ana", "kind": "human", "colour": 0},
                                              {"name": "Bes", "kind": "hard", "colour": 1}])
    assert [seat.kind for seat in save.seats] == [SeatKind.HUMAN, SeatKind.HARD]
    assert all(type(seat.kind) is SeatKind for seat in save.seats)
    assert saves.autosave(save)
    assert save.path is not None
    written = json.loads(save.path.read_text(encoding="utf-8"))
    assert [seat["kind"] for seat in written["seats"]] == ["human", "hard"]
    loaded, _state = saves.load_save(save.path)
    assert all(type(seat.kind) is SeatKind for seat in loaded.seats)
    assert loaded.seats == save.seats


def test_the_new_game_screen_offers_every_seat_kind_in_order() -> None:
    from nile_desktop.scenes.new_game import KIND_CHOICES

    assert tuple(kind for kind, _label in KIND_CHOICES) == SEAT_KINDS
