"""Golden playthroughs: seeded games stored as text and replayed move by move.

The games and the replay live in ``golden_games.py`` (CI also runs it on
other Python versions). To regenerate after a deliberate rule change, delete
the file in tests/golden/, run ``python -c "import golden_games as g;
g.write_missing()"`` from tests/, and review the diff.
"""

import pytest
from golden_games import (
    GAMES,
    GOLDEN,
    PLAYS,
    header,
    play_output,
    playthrough,
    stored_moves,
)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    """R-SETUP-2..4, R-FLOOD..R-END: a stored game replays identically, event by event."""
    rules, seed = GAMES[name]
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert expected.splitlines()[0] == header(rules, seed)
    assert playthrough(rules, seed, stored_moves(expected)) == expected
    assert expected.splitlines()[-1].startswith("result {'ranking'")


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_golden_bot_game(name):
    """A bot game of the engine's play command (the bots draw from EngineRandom) replays
    identically, move for move."""
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert play_output(PLAYS[name]) == expected
    assert '"result"' in expected.splitlines()[-1]
