"""Win chances: a probability per seat with its error, steadier with more budget."""

from __future__ import annotations

import random

import pytest

from nile_desktop.ai import make_bot, win_chances
from nile_desktop.ai.calibrate import Prediction, fit_power, main, table
from nile_desktop.ai.chances import calibrated, dice_for, open_chances, open_deal, play_out
from nile_desktop.ai.playouts import assumes_bots, seat_model, seat_models
from nile_desktop.engine import Rules, new_game, observe
from nile_desktop.engine.seat_kinds import BOT_KINDS


def midgame(players: int, seed: int, moves: int = 12):
    state = new_game(Rules(players), seed)
    bot = make_bot("medium")
    rng = random.Random(seed)
    for _ in range(moves):
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    return state


@pytest.mark.parametrize("players", [2, 3, 6])
def test_chances_are_probabilities_with_errors(players: int) -> None:
    state = midgame(players, 4)
    c = win_chances(observe(state, 0), budget=60, seed=1)
    assert len(c.p) == len(c.error) == players and c.samples == 60
    assert sum(c.p) == pytest.approx(1.0)
    assert all(0.0 <= p <= 1.0 for p in c.p) and all(e >= 0.0 for e in c.error)
    assert win_chances(observe(state, 0), budget=60, seed=1) == c  # the same seed, the same


def test_more_budget_gives_a_smaller_error() -> None:
    view = observe(midgame(4, 9), 1)
    small, large = win_chances(view, budget=40), win_chances(view, budget=640)
    assert sum(large.error) < sum(small.error) / 2


def test_a_finished_game_gives_its_result() -> None:
    """R-END-3: the winner's chance is 1 (a shared win is shared), with no error."""
    state = new_game(Rules(2), 2)
    bot = make_bot("medium")
    rng = random.Random(0)
    while not state.over:
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    c = win_chances(observe(state, 0))
    assert state.over
    top = state.result.winners
    assert c.p == tuple(1 / len(top) if s in top else 0.0 for s in range(2))
    assert c.error == (0.0, 0.0)


def test_every_chance_is_from_one_view_and_they_add_up() -> None:
    """One question per answer: a seat's view gives every seat's chance, summing to 1, and
    the open view (every hand known, the draw pile dealt) does too."""
    state = midgame(4, 3)
    for seat in range(4):
        assert sum(win_chances(observe(state, seat), budget=40, seed=2).p) == pytest.approx(1.0)
    opened = open_chances(state, budget=40, seed=2)
    assert sum(opened.p) == pytest.approx(1.0) and opened == open_chances(state, 40, 2)


def test_the_open_view_deals_only_the_draw_pile() -> None:
    state = midgame(2, 8)
    deal = open_deal(state)
    dealt = deal(random.Random(1))
    assert dealt.hands == state.hands and dealt.storage == state.storage
    assert sorted(dealt.deck) == sorted(state.deck)


def test_a_chance_knows_whom_it_plays_against() -> None:
    """The same view, against an Easy bot or a Hard one: the weaker the bots, the better the
    person's chance (each seat is played out, and scored, by its level)."""
    state = new_game(Rules(2), 11)
    view = observe(state, state.active)
    other = 1 - state.active
    chance = {}
    for level in ("easy", "medium", "hard"):
        kinds = ["human", "human"]
        kinds[other] = level
        chance[level] = win_chances(view, budget=150, seed=4, kinds=kinds).p[state.active]
    assert chance["easy"] > chance["medium"] > chance["hard"]
    assert assumes_bots(["human", "easy"]) and not assumes_bots(["human", "human"])
    assert not assumes_bots(None)


def test_every_sample_is_scored_at_the_viewers_turn() -> None:
    """The play-out goes on, past its horizon, to the turn of the seat whose view it is."""
    state = midgame(4, 6)
    for until in range(4):
        line = state.clone()
        play_out(line, dice_for(3, 4), seat_models(None, 4), until)
        assert line.over or line.active == until


@pytest.mark.parametrize("level", BOT_KINDS)
def test_each_level_plays_legal_moves_in_the_play_outs(level: str) -> None:
    """Every bot kind, the personalities in their own styles included."""
    state = midgame(3, 2)
    rng = random.Random(1)
    for _ in range(30):
        if state.over:
            break
        move = seat_model(level).policy(state, rng)
        assert move in state.legal_moves()
        state.apply(move)


def test_calibration_sharpens_and_keeps_the_order() -> None:
    raw = (0.5, 0.3, 0.2)
    sharp = calibrated(raw, 2.0)
    assert sum(sharp) == pytest.approx(1.0) and sharp[0] > 0.5 and sharp[2] < 0.2
    assert calibrated(raw, 1.0) == pytest.approx(raw)


def test_the_fit_finds_the_power_that_made_the_outcomes() -> None:
    """Outcomes drawn from chances sharpened by 2 are best fitted by a power near 2."""
    rng = random.Random(3)
    rows = []
    for i in range(3000):
        a = rng.uniform(0.2, 0.8)
        raw = (a, 1 - a)
        rows.append(Prediction(2, i, 0, 0, raw[0], float(rng.random() < calibrated(raw, 2)[0]),
                               raw))
    k, _ = fit_power(rows)
    assert 1.6 <= k <= 2.5


def test_calibration_table_has_deciles_and_a_brier_score(tmp_path, capsys) -> None:
    path = tmp_path / "cal.csv"
    assert main(["--games", "2", "--players", "2", "--budget", "10", "--every", "8",
                 "--csv", str(path), "--quiet", "--fit"]) == 0
    out = capsys.readouterr().out
    assert "predictions from 2 games" in out and "Brier score" in out and "power" in out
    rows = path.read_text().splitlines()
    assert main(["--games", "2", "--players", "2", "--budget", "10", "--every", "8",
                 "--csv", str(path), "--quiet"]) == 0  # resumed: nothing to play again
    assert path.read_text().splitlines() == rows
    assert main(["--games", "2", "--players", "2", "--csv", str(path), "--quiet",
                 "--recalibrate"]) == 0
    assert "predictions from 2 games" in capsys.readouterr().out
    assert "0.0-0.1" in table([Prediction(2, 0, 0, 0, 0.05, 0.0, (0.05, 0.95))])


def test_calibration_reads_arena_games_and_draws_its_chart(tmp_path, capsys) -> None:
    """Games of any levels come from an arena CSV (the search levels' too); the table is
    also given per table size and levels, and the reliability chart is a PNG."""
    from nile_desktop.ai.arena import main as arena

    games = tmp_path / "games.csv"
    assert arena(["--games", "2", "--players", "2", "--bots", "medium,easy", "--quiet",
                  "--csv", str(games)]) == 0
    capsys.readouterr()
    chart = tmp_path / "cal.png"
    assert main(["--from", str(games), "--players", "2", "--budget", "8", "--every", "6",
                 "--quiet", "--by-game", "--plot", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "predictions from 2 games" in out and "2 players, easy+medium:" in out
    data = chart.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data[-12:]


def test_the_raw_chances_at_the_deal_are_reported(capsys) -> None:
    assert main(["--deals", "2", "--players", "2", "--budget", "8"]) == 0
    out = capsys.readouterr().out
    assert "each seat's own raw chance" in out and "add up to" in out


def test_the_strength_fit_finds_the_better_level() -> None:
    """A level that wins more than its positions say gets a strength above the reference's."""
    from nile_desktop.ai.fit_temperature import Sample, fit_strengths

    rows = [Sample([1.0, 1.0], 5.0, [1.0, 0.0] if i % 4 else [0.0, 1.0], ("hard", "medium"))
            for i in range(400)]
    assert fit_strengths(rows, 0.1, 0.06)["hard"] > 0.02
