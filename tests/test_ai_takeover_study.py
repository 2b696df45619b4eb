"""The take-over study replays a gauntlet's games and counts take-overs (R-PLANT-3,
R-PLANT-4) for the level and its opponents, the two sides' counts agreeing."""

from __future__ import annotations

from pathlib import Path

import pytest

from nile_desktop.ai.arena_files import read_csv
from nile_desktop.ai.gauntlet import main as gauntlet
from nile_desktop.ai.takeover_study import main, study, takeable
from nile_desktop.engine import Rules, new_game


def test_the_sides_count_each_other_s_take_overs(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "g.csv"
    assert gauntlet(["--level", "medium", "--players", "2", "--members", "aggressor",
                     "--iterations", "6", "--workers", "1", "--games", "4", "--round", "4",
                     "--quiet", "--csv", str(games)]) == 0
    records = read_csv(str(games))
    sides, exposures = study(records, "medium")
    level, members = sides["level"], sides["members"]
    assert level.games == members.games == 4
    assert level.score + members.score == pytest.approx(4)
    assert len(level.made) == len(members.suffered) and len(level.suffered) == len(members.made)
    assert len(exposures) == len(level.suffered)  # every field it lost followed its own move
    assert level.taken <= level.chances and members.taken <= members.chances
    assert len(level.behind) + len(level.even) + len(level.ahead) == 4
    assert main([str(games), "--level", "medium"]) == 0
    out = capsys.readouterr().out
    assert "== medium against aggressor" in out and "took a field when able" in out


def test_a_field_is_takeable_only_with_more_cards_than_it_holds() -> None:
    state = new_game(Rules(players=2), seed=3)
    crop = state.crops[0]
    state.fields[1][crop] = 2
    state.hands[0][crop] = 2
    assert crop not in takeable(state, 0)  # R-PLANT-4: 2 against 2 needs a Sphinx
    state.hands[0][crop] = 3
    assert crop in takeable(state, 0)
