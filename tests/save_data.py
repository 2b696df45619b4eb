"""A game setup the save tests share, and a played game of it saved to its own file."""

from __future__ import annotations

import json

from nile_desktop import saves
from nile_desktop.engine import State

RULES = {"players": 3, "monuments": True, "random_crops": False}
SEATS = [{"name": "Ana", "kind": "human", "colour": 0},
         {"name": "Imhotep", "kind": "hard", "colour": 1},
         {"name": "Tiye", "kind": "easy", "colour": 2}]


def play_saved(moves: int | None, seed: int = 5, updated: str | None = None
               ) -> tuple[saves.SaveGame, State]:
    """A game of this setup with ``moves`` moves (to the end if None), autosaved to its own
    file with its live state; ``updated`` rewrites the date in the file."""
    save = saves.new_save(RULES, seed, SEATS)
    state = save.new_state()
    while not state.over and (moves is None or len(save.moves) < moves):
        move = state.legal_moves()[len(save.moves) % len(state.legal_moves())]
        state.apply(move)
        save.record(move)
    assert saves.autosave(save, state)
    if updated is not None:
        data = json.loads(save.path.read_text(encoding="utf-8"))
        data["updated"] = updated
        save.path.write_text(json.dumps(data), encoding="utf-8")
    return save, state
