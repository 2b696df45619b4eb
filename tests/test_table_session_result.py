"""A game finished at the table is written with its result (the table hands the save its live
state: saves keep no state of their own)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nile_desktop import saves
from nile_desktop.scenes.table.logic.session import GameSession


def test_a_game_played_to_the_end_is_saved_with_its_result(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    seats = [{"name": "Ana", "kind": "human", "colour": 0},
             {"name": "Bora", "kind": "human", "colour": 1}]
    save = saves.new_save({"players": 2, "monuments": True, "random_crops": False}, 11, seats)
    session = GameSession(save)
    rng = random.Random(3)
    session.play(rng.choice(session.state.legal_moves()))
    assert json.loads(Path(save.path).read_text(encoding="utf-8"))["result"] is None
    while not session.over:
        session.play(rng.choice(session.state.legal_moves()))
    written = json.loads(Path(save.path).read_text(encoding="utf-8"))
    assert session.state.over  # the result is written with the last move
    assert written["result"] == session.state.result.to_dict() and written["result"]["ranking"]
