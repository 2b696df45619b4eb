"""The review's evaluator and analysis: fair, deterministic, absolute chances, blunders found."""

from __future__ import annotations

import threading

import pytest
from review_games import BLUNDER as BLUNDER_MOVE
from review_games import OPENING, SEED, TAKEOVER, bot_save, scripted_save, write

from nile_desktop.engine import observe, resample
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.review.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Job,
    Step,
    mark_for,
    replay,
    run_job,
    start_point,
)
from nile_desktop.review.evaluate import EVALUATOR, final_chances, win_chances
from nile_desktop.review.runner import Cancelled, Game, Review, ReviewTask, compute_review
from nile_desktop.saves import load_save

K = 24  # samples per evaluation: enough to be stable, small enough to be quick


def _hidden_shuffled(state, seat, seed):
    """A full state that ``seat`` cannot tell from ``state`` but whose hidden cards differ."""
    view = observe(state, seat)
    for attempt in range(50):
        other = resample(view, EngineRandom(seed + attempt))
        if other.hands != state.hands or other.deck != state.deck:
            assert observe(other, seat) == view
            return other
    raise AssertionError("no other deal found")


@pytest.mark.parametrize("seat", [0, 1])
def test_chances_never_depend_on_hidden_cards(seat):
    """R-HARV-3: a seat's win chances come from its own view; other hands and the deck do not count."""
    state = replay({"players": 2}, SEED, OPENING[:7])
    other = _hidden_shuffled(state, seat, 11)
    first = win_chances(observe(state, seat), K, 5)
    second = win_chances(observe(other, seat), K, 5)
    assert first == second
    assert bool(first.moves) == (seat == state.active)


def test_chances_are_deterministic_absolute_and_ranked():
    state = replay({"players": 2}, SEED, OPENING[:6])
    view = observe(state, state.active)
    chances = win_chances(view, K, 9)
    assert chances == win_chances(view, K, 9)
    assert chances.samples == K
    assert sum(chances.chances) == pytest.approx(1.0)  # win shares of two seats, not advantages
    mover = [c[view.seat] for c in chances.moves.values()]
    assert mover == sorted(mover, reverse=True)
    assert chances.chances == chances.moves[chances.best]
    assert all(0.0 <= c <= 1.0 for c in mover)


def test_a_finished_game_has_its_result_as_chances():
    save = bot_save(4)
    state = save.replay()
    assert state.over
    for seat in range(2):
        chances = win_chances(observe(state, seat), K, 0)
        assert chances.chances == final_chances(state.result, 2)


def test_the_played_move_is_always_measured():
    state = replay({"players": 2}, SEED, OPENING)
    chances = win_chances(observe(state, state.active), K, 1, [BLUNDER_MOVE])
    assert BLUNDER_MOVE in chances.moves


def test_offering_away_a_takeover_is_a_blunder_and_the_takeover_is_named():
    """R-TRADE-3 / R-PLANT-3: offering the two Wheat that would take the rival's Wheat field."""
    job = Job({"players": 2}, SEED, (*OPENING, BLUNDER_MOVE), True, K, 0)
    step = run_job(job)
    decision = step.decision
    assert decision is not None and step.seat == 1
    assert decision.mark == "blunder"
    assert decision.loss >= BLUNDER
    assert decision.best == TAKEOVER
    assert decision.before == decision.best_chance > decision.played
    assert str(decision.reason) == "takes the Wheat field, 2 against 1"
    assert step.chart[1] == decision.played


def test_playing_the_takeover_is_not_marked():
    step = run_job(Job({"players": 2}, SEED, (*OPENING, TAKEOVER), True, K, 0))
    assert step.decision is not None
    assert step.decision.mark == "" and step.decision.loss < INACCURACY


def test_marks_follow_the_thresholds():
    assert INACCURACY < MISTAKE < BLUNDER
    assert mark_for(0.0) == mark_for(INACCURACY - 0.1) == ""
    assert mark_for(INACCURACY) == "inaccuracy"
    assert mark_for(MISTAKE) == "mistake"
    assert mark_for(BLUNDER) == mark_for(80.0) == "blunder"


def test_replaying_a_save_reaches_the_engines_final_position(tmp_path):
    save = bot_save(6)
    path = write(save, tmp_path / "game.json")
    loaded, state = load_save(path)
    game = Game.from_save(loaded)
    engine = save.new_state()
    for move in save.moves:
        engine.apply(move)
    assert engine.over
    assert replay(game.rules, game.seed, game.moves).to_json() == engine.to_json() \
        == state.to_json()


def _short_game() -> Game:
    return Game.from_save(scripted_save(OPENING[:5]))


def test_a_review_charts_every_move_and_measures_the_persons_decisions():
    game = _short_game()
    seen: list[tuple[int, int]] = []
    review = compute_review(game, 8, 2, progress=lambda d, t: seen.append((d, t)), workers=1)
    assert review.evaluator == EVALUATOR and review.seats == (1,)
    assert [s.move for s in review.steps] == list(game.moves)
    assert len(review.chart) == len(game.moves) + 1
    assert all(len(point) == 2 and all(0 <= c <= 100 for c in point) for point in review.chart)
    assert [s.decision is not None for s in review.steps] == [s.seat == 1 for s in review.steps]
    assert seen == [(i, 6) for i in range(7)]
    assert Review.from_dict(review.to_dict()) == review


def test_the_review_is_the_same_on_two_processes():
    game = _short_game()
    assert compute_review(game, 6, 3, workers=2) == compute_review(game, 6, 3, workers=1)


def test_a_cancelled_review_stops():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        compute_review(_short_game(), 6, 0, cancel=cancel, workers=1)


def test_cancelling_stops_a_job_at_its_next_determinisation():
    """A deep evaluation asks before every determinisation, so a cancelled review stops at
    once instead of finishing a job that can take minutes (and holding the processor)."""
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(Cancelled):
        run_job(Job({"players": 2}, SEED, (*OPENING, BLUNDER_MOVE), True, 2000, 0), stop)
    assert len(asked) == 4
    asked.clear()
    with pytest.raises(Cancelled):
        start_point(Job({"players": 2}, SEED, (), False, 2000, 0), stop)
    assert len(asked) == 4


def test_a_cancelled_review_stops_the_jobs_its_workers_have_begun(monkeypatch):
    """Cancelling reaches the worker processes too: a deep job a worker has already begun
    ends at its next determinisation with Cancelled, instead of computing on for minutes."""
    from nile_desktop.review import runner

    submitted = []

    class RecordingPool(runner.ProcessPoolExecutor):
        def submit(self, *args, **kwargs):
            future = super().submit(*args, **kwargs)
            submitted.append(future)
            return future

    monkeypatch.setattr(runner, "ProcessPoolExecutor", RecordingPool)
    cancel = threading.Event()
    with pytest.raises(Cancelled):
        compute_review(_short_game(), 2000, 0, progress=lambda d, t: cancel.set(),
                       cancel=cancel, workers=2)
    for thread in threading.enumerate():
        if thread.name == "review-pool-closer":
            thread.join(timeout=120)  # by then the jobs not yet begun are dropped
    begun = [future for future in submitted if not future.cancelled()]
    assert begun, "no job had reached a worker"
    assert all(isinstance(future.exception(timeout=120), Cancelled) for future in begun)


def test_a_background_review_reports_progress_and_its_result():
    game = _short_game()
    task = ReviewTask(game, iterations=6, seed=1, workers=1).start()
    assert task.wait(60)
    assert task.error is None and task.fraction == 1.0
    assert task.result == compute_review(game, 6, 1, workers=1)
    stopped = ReviewTask(game, iterations=6, workers=1)
    stopped.cancel()
    stopped.start().wait(60)
    assert isinstance(stopped.error, Cancelled) and stopped.result is None


def test_a_step_survives_json():
    step = run_job(Job({"players": 2}, SEED, (*OPENING, BLUNDER_MOVE), True, 6, 0))
    assert Step.from_dict(step.to_dict()) == step


def test_without_worker_processes_the_review_runs_here(monkeypatch):
    from nile_desktop.review import runner

    def refuse(*args, **kwargs):
        raise OSError("no processes here")

    game = _short_game()
    monkeypatch.setattr(runner, "ProcessPoolExecutor", refuse)
    seen: list[int] = []
    review = compute_review(game, 6, 3, progress=lambda d, t: seen.append(d), workers=2)
    assert review == compute_review(game, 6, 3, workers=1)
    assert seen == list(range(7))


def test_a_market_is_judged_with_the_turn_it_leads_to():
    """R-TRADE-2: a market before building the Obelisk is not a mistake (the mover plays on)."""
    assert OPENING[10] == "market wheat wheat" and OPENING[11].startswith("plant stone@obelisk")
    step = run_job(Job({"players": 2}, SEED, OPENING[:11], True, K, 0))
    assert step.decision is not None
    assert step.decision.loss < INACCURACY
