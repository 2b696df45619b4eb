"""The review's evaluator and analysis: fair, deterministic, resumable, one view per chart."""

from __future__ import annotations

import threading

import pytest
from review_games import BLUNDER as BLUNDER_MOVE
from review_games import OPENING, SEED, TAKEOVER, bot_save, scripted_save, write

from nile_desktop.ai import reasons as R
from nile_desktop.ai.chances import final_chances, view_deal
from nile_desktop.ai.playouts import seat_models
from nile_desktop.engine import Move, observe, resample
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.review import analysis
from nile_desktop.review.analysis import (
    ANY,
    BLUNDER,
    DECISION,
    FORCED,
    INACCURACY,
    MISTAKE,
    OPEN,
    POINT,
    Job,
    Step,
    mark_for,
    percents,
    replay,
    run_job,
    seat_view,
)
from nile_desktop.review.evaluate import (
    EVALUATOR,
    Cancelled,
    Race,
    measure_decision,
    measure_point,
    start_race,
)
from nile_desktop.review.runner import Game, Review, ReviewTask, compute_review
from nile_desktop.saves import load_save

K = 24  # samples per evaluation: enough to be stable, small enough to be quick
KINDS = ("medium", "human")  # seat 1 is the person of the scripted games
MODELS = seat_models(KINDS, 2)


def _hidden_shuffled(state, seat, seed):
    """A full state that ``seat`` cannot tell from ``state`` but whose hidden cards differ."""
    view = observe(state, seat)
    for attempt in range(50):
        other = resample(view, EngineRandom(seed + attempt))
        if other.hands != state.hands or other.deck != state.deck:
            assert observe(other, seat) == view
            return other
    raise AssertionError("no other deal found")


def _job(moves, kind=DECISION, view="seat:1", samples_seed=0):
    played = moves[-1] if kind == DECISION else ""
    before = moves[:-1] if kind == DECISION else moves
    return Job(kind, {"players": 2}, SEED, tuple(before), view, KINDS, samples_seed, played)


@pytest.mark.parametrize("seat", [0, 1])
def test_chances_never_depend_on_hidden_cards(seat):
    """R-HARV-3: a seat's win chances come from its own view; other hands and the deck do not."""
    state = replay({"players": 2}, SEED, OPENING[:7])
    other = _hidden_shuffled(state, seat, 11)
    if seat == state.active:
        move = state.legal_moves()[0]
        first = measure_decision(observe(state, seat), start_race(observe(state, seat), move, 5),
                                 MODELS, K, 5)
        second = measure_decision(observe(other, seat), start_race(observe(other, seat), move, 5),
                                  MODELS, K, 5)
    else:
        first = measure_point(view_deal(observe(state, seat)), 2, MODELS, seat, K, 5)
        second = measure_point(view_deal(observe(other, seat)), 2, MODELS, seat, K, 5)
    assert vars(first) == vars(second) if isinstance(first, Race) else \
        (first.sums, first.squares) == (second.sums, second.squares)


def test_a_race_is_deterministic_ranked_and_adds_up():
    state = replay({"players": 2}, SEED, OPENING[:6])
    view = observe(state, state.active)
    race = measure_decision(view, start_race(view, state.legal_moves()[0], 9), MODELS, K, 9)
    again = measure_decision(view, start_race(view, state.legal_moves()[0], 9), MODELS, K, 9)
    assert race == again and race.n == K
    order = race.order()
    mover = [race.chances(i)[view.seat] for i in order]
    assert mover == sorted(mover, reverse=True)
    assert all(sum(race.chances(i)) == pytest.approx(1.0) for i in order)


def test_a_race_goes_on_from_where_it_stopped_as_if_it_never_had():
    """The review's first pass and its refinement give what one long pass gives."""
    state = replay({"players": 2}, SEED, OPENING[:9])
    view = observe(state, state.active)
    move = state.legal_moves()[0]
    whole = measure_decision(view, start_race(view, move, 4), MODELS, 120, 4)
    part = measure_decision(view, start_race(view, move, 4), MODELS, 40, 4)
    assert part.n == 40
    assert measure_decision(view, part, MODELS, 120, 4) == whole
    deal = view_deal(observe(state, 0))
    once = measure_point(deal, 2, MODELS, 0, 60, 2)
    twice = measure_point(deal, 2, MODELS, 0, 60, 2, measure_point(deal, 2, MODELS, 0, 20, 2))
    assert (once.n, once.sums, once.squares) == (twice.n, twice.sums, twice.squares)


def test_a_finished_game_has_its_result_as_chances():
    """R-END-3: the winner's chance is 1; a shared win is shared."""
    state = bot_save(4).replay()
    assert state.over
    top = state.result.ranking[0]
    assert final_chances(state.result).p == tuple(1 / len(top) if s in top else 0.0
                                                      for s in range(2))


def test_the_played_move_is_always_measured_and_never_dropped():
    state = replay({"players": 2}, SEED, OPENING)
    view = observe(state, state.active)
    race = measure_decision(view, start_race(view, BLUNDER_MOVE, 1), MODELS, 120, 1)
    assert race.moves[race.played] == str(Move.parse(BLUNDER_MOVE))
    assert race.alive[race.played] and race.counts[race.played] == race.n


def test_percents_add_up_to_exactly_100():
    for chances in ((1 / 3, 1 / 3, 1 / 3), (0.12345, 0.87655), (0.2, 0.2, 0.2, 0.2, 0.2)):
        assert sum(percents(chances)) == pytest.approx(100.0)
        assert all(abs(p - 100 * c) <= 0.1 for p, c in zip(percents(chances), chances,
                                                            strict=True))


def test_offering_away_a_takeover_is_marked_and_the_takeover_is_named():
    """R-TRADE-3 / R-PLANT-3: offering the two Wheat that would take the rival's Wheat field
    loses more than 10 points (a market of two other cards comes close to the take-over,
    so it takes 100 samples to tell them apart)."""
    _race, decision = run_job(_job((*OPENING, BLUNDER_MOVE)), 100)
    assert decision.seat == 1 and decision.mark in ("mistake", "blunder")
    assert decision.loss >= MISTAKE
    assert decision.best == TAKEOVER
    assert decision.before == decision.best_chance > decision.played
    assert decision.real and decision.better and decision.error > 0
    assert decision.reason.msgid == R.BETTER_TAKES_FIELD  # R-PLANT-3: the take-over explains it
    assert decision.reason.values["crop"] == "wheat" and decision.reason.values["rival"] == 0
    assert sum(decision.seats_before) == pytest.approx(100) == sum(decision.seats_after)
    assert decision.seats_after[1] == decision.played


def test_playing_the_takeover_is_not_marked():
    _race, decision = run_job(_job((*OPENING, TAKEOVER)), K)
    assert decision.mark == "" and decision.loss < INACCURACY


def test_a_move_the_search_plays_itself_is_never_marked(monkeypatch):
    """The blunder is the search's own choice here (made so): it is not marked, and the
    decision says why."""
    monkeypatch.setattr(analysis, "search_choice", lambda view, seed: str(Move.parse(
        BLUNDER_MOVE)))
    _race, decision = run_job(_job((*OPENING, BLUNDER_MOVE)), K)
    assert decision.loss >= MISTAKE and decision.mark == ""
    assert decision.spared and decision.search == str(Move.parse(BLUNDER_MOVE))


def _race_with(values: list[float]) -> Race:
    race = Race.start([Move.parse(m) for m in ("pass", "plant wheat wheat", "plant flax")][
        :len(values)], 0, 1, 2)
    race.n = 10
    for i, v in enumerate(values):
        race.counts[i] = 10
        race.sums[i] = [10 * (1 - v), 10 * v]
        race.ref[i] = [10 * (1 - values[0]), 10 * values[0]]
    return race


def test_a_forced_move_and_a_choice_that_hardly_mattered_are_not_judged():
    view = observe(replay({"players": 2}, SEED, OPENING[:1]), 1)
    forced = analysis._decision(view, _race_with([0.4]), 0)
    assert forced.kind == FORCED and not forced.judged and forced.mark == ""
    close = analysis._decision(view, _race_with([0.400, 0.405, 0.409]), 0)
    assert close.kind == ANY and close.mark == ""
    apart = analysis._decision(view, _race_with([0.40, 0.42, 0.47]), 0)
    assert apart.kind == "" and apart.judged and apart.mark == "inaccuracy"


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


def test_a_review_charts_every_move_from_one_view_and_the_chances_add_up():
    game = _short_game()
    seen: list[tuple[int, int]] = []
    shown: list[Review] = []
    review = compute_review(game, 8, 2, progress=lambda d, t: seen.append((d, t)), workers=1,
                            shown=shown.append)
    assert review.evaluator == EVALUATOR and review.seats == (1,) and review.final
    assert list(review.views) == [seat_view(1)] and review.view == seat_view(1)
    assert [s.move for s in review.steps] == list(game.moves)
    chart = review.chart()
    assert len(chart) == len(game.moves) + 1
    assert all(sum(point) == pytest.approx(100.0) for point in chart)
    assert [s.decision is not None for s in review.steps] == [s.seat == 1 for s in review.steps]
    total = seen[-1][1]
    assert seen == [(i, total) for i in range(total + 1)]
    assert len(shown) == 1 and not shown[0].final and list(shown[0].views) == list(review.views)
    assert Review.from_dict(review.to_dict()) == review


@pytest.mark.parametrize("players", [2, 4])
def test_on_a_whole_game_every_view_adds_up_to_100_at_every_position(players, monkeypatch):
    """A whole bot game, the person's view and the open view: at every position the seats'
    chances add up to 100% (a shared win split as ranked, R-END-3), the last position
    being the game's result."""
    monkeypatch.setattr(analysis, "search_choice", lambda view, seed: "")  # marks unneeded here
    save = bot_save(11, players=players)
    game = Game.from_save(save)
    review = compute_review(game, 2, 1, workers=1, views=[seat_view(0), OPEN])
    state = replay(game.rules, game.seed, game.moves)
    for view in (seat_view(0), OPEN):
        chart = review.chart(view)
        assert len(chart) == len(save.moves) + 1 and all(len(p) == players for p in chart)
        for point in chart:
            assert sum(point) == pytest.approx(100.0, abs=1e-9)
            assert all(0.0 <= x <= 100.0 for x in point)
        assert chart[-1] == pytest.approx([100 * x for x in final_chances(state.result).p])


def test_the_persons_chart_drops_by_just_what_a_decision_lost():
    """After a decision the chart shows the chance of the move played (the list's figure);
    before one it shows the best move's, unless the point is already the chance after the
    same person's trade just before (R-TRADE-2: the turn goes on)."""
    review = compute_review(_short_game(), 8, 2, workers=1)
    chart = review.chart()
    for step in review.steps:
        if step.decision is not None:
            after_own = step.index > 0 and review.steps[step.index - 1].seat == step.seat
            if not after_own:
                assert chart[step.index][1] == step.decision.before
            assert chart[step.index + 1][1] == step.decision.played


def test_the_open_view_is_added_later_and_adds_up_too():
    game = _short_game()
    review = compute_review(game, 8, 2, workers=1)
    both = compute_review(game, 8, 2, workers=1, views=[OPEN], have=review)
    assert list(both.views) == [seat_view(1), OPEN]
    assert both.steps == review.steps and both.views[seat_view(1)] == review.views[seat_view(1)]
    assert all(sum(point) == pytest.approx(100.0) for point in both.chart(OPEN))


def test_the_review_is_the_same_on_two_processes():
    game = _short_game()
    assert compute_review(game, 6, 3, workers=2) == compute_review(game, 6, 3, workers=1)


def test_a_cancelled_review_stops():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        compute_review(_short_game(), 6, 0, cancel=cancel, workers=1)


def test_cancelling_stops_a_job_at_its_next_sample():
    """A deep evaluation asks before every sample, so a cancelled review stops at once
    instead of finishing a job that can take minutes (and holding the processor)."""
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(Cancelled):
        run_job(_job((*OPENING, BLUNDER_MOVE)), 2000, stop=stop)
    assert len(asked) == 4
    asked.clear()
    with pytest.raises(Cancelled):
        run_job(_job((), POINT, "seat:0"), 2000, stop=stop)
    assert len(asked) == 4


def test_a_cancelled_review_stops_the_jobs_its_workers_have_begun(monkeypatch):
    """Cancelling reaches the worker processes too: a deep job a worker has already begun
    ends at its next sample with Cancelled, instead of computing on for minutes."""
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
        compute_review(_short_game(), 8000, 0, progress=lambda d, t: cancel.set(),
                       cancel=cancel, workers=2)
    for thread in threading.enumerate():
        if thread.name == "review-pool-closer":
            thread.join(timeout=120)  # by then the jobs not yet begun are dropped
    begun = [future for future in submitted if not future.cancelled()]
    assert begun, "no job had reached a worker"
    assert all(isinstance(future.exception(timeout=120), Cancelled) for future in begun)


def test_a_background_review_shows_its_first_pass_and_then_its_result():
    game = _short_game()
    task = ReviewTask(game, iterations=6, seed=1, workers=1).start()
    assert task.wait(60)
    assert task.error is None and task.fraction == 1.0
    assert task.shown is not None and not task.shown.final
    assert task.result == compute_review(game, 6, 1, workers=1)
    stopped = ReviewTask(game, iterations=6, workers=1)
    stopped.cancel()
    stopped.start().wait(60)
    assert isinstance(stopped.error, Cancelled) and stopped.result is None


def test_a_step_survives_json():
    _race, decision = run_job(_job((*OPENING, BLUNDER_MOVE)), 6)
    step = Step(len(OPENING), 1, BLUNDER_MOVE, decision)
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
    assert seen == list(range(len(seen)))


def test_a_market_is_judged_with_the_turn_it_leads_to():
    """R-TRADE-2: a market before building the Obelisk is not a mistake (the mover plays on)."""
    assert OPENING[10] == "market wheat wheat" and OPENING[11].startswith("plant stone@obelisk")
    _race, decision = run_job(_job(OPENING[:11]), K)
    assert decision.loss < INACCURACY
