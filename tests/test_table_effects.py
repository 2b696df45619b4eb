"""Every engine event has its effect, and what the table shows after the effects of a
move have played is exactly the engine's state, for every viewer."""

from __future__ import annotations

import inspect
import random

import pytest

from nile_desktop.engine import Rules, events, new_game


def event_kinds() -> set[str]:
    kinds = set()
    for _name, cls in inspect.getmembers(events, inspect.isclass):
        if issubclass(cls, events.Event) and cls is not events.Event:
            kinds.add(cls.kind)
    return kinds


def test_every_event_class_has_an_effect() -> None:
    from nile_desktop.scenes.table.effects import EFFECTS

    missing = event_kinds() - set(EFFECTS)
    assert not missing, f"events without an effect: {sorted(missing)}"


@pytest.mark.parametrize("options", [{}, {"monuments": False}])
def test_board_after_each_move_matches_the_engine_for_every_viewer(options: dict) -> None:
    """200 random games: the board, changed only by events, equals the engine state."""
    from nile_desktop.scenes.table.board import Board

    games = 100
    for g in range(games):
        rng = random.Random(g)
        n = rng.randint(2, 6)
        state = new_game(Rules(players=n, **options), g)
        while not state.over:
            board = Board.of(state)
            move = rng.choice(state.legal_moves())
            for event in state.apply(move):
                board.apply(event)
            want = Board.of(state)
            for viewer in [None, *range(n)]:
                assert board.picture(viewer) == want.picture(viewer), (g, str(move), viewer)
