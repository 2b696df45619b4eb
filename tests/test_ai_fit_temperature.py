"""Fitting the win chances' temperature from arena games (docs/BOTS.md, "Win chances")."""

from __future__ import annotations

import pytest

from nile_desktop.ai import arena, fit_temperature
from nile_desktop.ai.chances import TEMPERATURE


@pytest.fixture(scope="module")
def games_csv(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("fit") / "games.csv")
    arena.main(["--games", "6", "--players", "2", "--bots", "medium,medium", "--seed", "5",
                "--csv", path, "--quiet"])
    return path


def test_positions_are_scored_with_their_outcome(games_csv: str) -> None:
    """R-END-3: every sample's outcome is a win, a loss or a share, summing to 1."""
    rows = fit_temperature.samples([games_csv])[2]
    assert len(rows) > 6 * 10
    for row in rows:
        assert len(row.scores) == 2 and row.floods >= 0.0
        assert sum(row.actual) == pytest.approx(1.0) and row.levels == ("medium", "medium")


def test_a_far_too_sharp_temperature_fits_worse(games_csv: str) -> None:
    rows = fit_temperature.samples([games_csv])[2]
    assert fit_temperature.log_loss(rows, 0.02, 0.0) > fit_temperature.log_loss(rows, *TEMPERATURE)


def test_the_command_prints_the_grid_and_the_best(games_csv: str, capsys) -> None:
    assert fit_temperature.main([games_csv]) == 0
    out = capsys.readouterr().out
    assert "2 players" in out and "best: a = " in out and "in use: a = 0.10, b = 0.06" in out


def test_a_missing_file_is_refused_without_a_traceback(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        fit_temperature.main([str(tmp_path / "none.csv")])
    assert exc.value.code == 2
    assert "no games" in capsys.readouterr().err
