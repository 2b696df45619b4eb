"""The review's cache in the save record, its summaries and its command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from review_games import BLUNDER, OPENING, scripted_save, write

from nile_desktop.review.__main__ import main
from nile_desktop.review.analysis import ANY, FORCED, Decision, Step
from nile_desktop.review.cache import MAX_ENTRIES, cached_review, store_in_file, with_review
from nile_desktop.review.runner import Game, Review, compute_review
from nile_desktop.review.summary import (
    review_data,
    review_lines,
    summarise,
    turning_point,
    view_label,
)
from nile_desktop.saves import load_save


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def short():
    game = Game.from_save(scripted_save(OPENING[:4]))
    return game, compute_review(game, 6, 0, workers=1)


# -- the cache ---------------------------------------------------------------

def test_a_kept_review_is_found_again_and_the_record_is_not_changed(short):
    game, review = short
    record = {"format": "nile-save/2", "moves": list(game.moves)}
    kept = with_review(record, game, review)
    assert "review" not in record
    assert cached_review(kept, game, 6, 0) == review
    assert cached_review(json.loads(json.dumps(kept)), game, 6, 0) == review


def test_a_kept_review_of_another_game_or_depth_is_not_used(short):
    game, review = short
    kept = with_review({}, game, review)
    longer = Game(game.rules, game.seed, (*game.moves, "pass"), game.names, game.kinds)
    assert cached_review(kept, longer, 6, 0) is None
    assert cached_review(kept, game, 7, 0) is None
    assert cached_review(kept, game, 6, 1) is None
    assert cached_review(kept, game, 6, 0, seats=(0, 1)) is None  # seat 0 was not measured
    assert cached_review(kept, game, 6, 0, evaluator="other/1") is None


@pytest.mark.parametrize("damage", [None, [], {"format": "nile-review/2"},
                                    {"format": "nile-review/2", "entries": {"x": 1}}, "text"])
def test_damaged_cache_data_reads_as_none(short, damage):
    game, review = short
    kept = with_review({}, game, review)
    key = next(iter(kept["review"]["entries"]))
    assert cached_review({"review": damage}, game, 6, 0) is None
    kept["review"]["entries"][key]["review"]["steps"] = [{"index": "x"}]
    assert cached_review(kept, game, 6, 0) is None
    assert with_review({"review": damage}, game, review)["review"]["format"] == "nile-review/2"


def test_the_cache_keeps_a_few_reviews(short):
    game, review = short
    record: dict = {}
    for seed in range(MAX_ENTRIES + 2):
        record = with_review(record, game, Review(review.evaluator, 6, seed, review.names,
                                                  review.kinds, review.seats, review.steps,
                                                  review.views))
    assert len(record["review"]["entries"]) == MAX_ENTRIES
    assert cached_review(record, game, 6, MAX_ENTRIES + 1) is not None
    assert cached_review(record, game, 6, 0) is None


def test_storing_a_review_keeps_the_save_loadable(tmp_path, short):
    game, review = short
    path = write(scripted_save(OPENING[:4]), tmp_path / "game.json")
    store_in_file(path, game, review)
    saved, _state = load_save(path)
    assert saved.moves == list(game.moves)
    assert cached_review(json.loads(path.read_text("utf-8")), game, 6, 0) == review
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# -- summaries ---------------------------------------------------------------

def _decision(seat: int, loss: float, mark: str, kind: str = "") -> Decision:
    return Decision(seat, 50.0, 50.0 - loss, "pass", 50.0, loss, mark, None, (("pass", 50.0),),
                    kind)


def _summed_review() -> Review:
    steps = (Step(0, 0, "pass", _decision(0, 2.0, "")),
             Step(1, 1, "pass", None),
             Step(2, 0, "pass", _decision(0, 30.0, "blunder")),
             Step(3, 1, "pass", None),
             Step(4, 0, "pass", _decision(0, 7.0, "inaccuracy")),
             Step(5, 1, "pass", None),
             Step(6, 0, "pass", _decision(0, 0.0, "", FORCED)),
             Step(7, 1, "pass", None),
             Step(8, 0, "pass", _decision(0, 0.4, "", ANY)))
    chart = ((50.0, 50.0), (50.0, 50.0), (40.0, 60.0), (10.0, 90.0), (15.0, 85.0),
             (12.0, 88.0), (12.0, 88.0), (12.0, 88.0), (12.0, 88.0), (100.0, 0.0))
    return Review("x/1", 6, 0, ("Ana", "Bot"), ("human", "medium"), (0,), steps,
                  {"seat:0": chart})


def test_the_summary_counts_marks_accuracy_and_the_turning_point():
    """Forced moves and moves where any choice did as well are not judged."""
    review = _summed_review()
    [ana] = summarise(review)
    assert (ana.name, ana.decisions, ana.mean_loss) == ("Ana", 3, 13.0)
    assert ana.counts == {"inaccuracy": 1, "mistake": 0, "blunder": 1, FORCED: 1, ANY: 1}
    turn = turning_point(review, 0)
    assert turn is not None and (turn.index, turn.seat, turn.swing) == (8, 0, 88.0)
    lines = review_lines(review)
    assert lines[0].startswith("Each decision is judged by the win chances its player could see")
    assert "each bot plays as its level does" in lines[0]
    # a decision's chances before and after it are its view's chart's: one figure per question
    assert lines[2].startswith("3. Ana: pass — 40.0% → 10.0% (−30.0, blunder); better: pass")
    assert lines[4] == "7. Ana: pass — 12.0% → 12.0% (forced)"
    assert lines[5] == "9. Ana: pass — 12.0% → 100.0% (any move)"
    assert lines[-1] == "Turning point for Ana: move 9, Ana: pass (+88.0)"
    data = review_data(review)
    assert data["summary"][0]["counts"]["blunder"] == 1 and data["view"] == "seat:0"
    assert data["chart"][-1] == [100.0, 0.0]


def test_the_view_is_said_in_one_line():
    """The line says that every figure (chances, decisions, marks) is of the view."""
    review = _summed_review()
    assert view_label(review, "seat:0").startswith(
        "Win chances, decisions and marks as Ana could judge them")
    assert view_label(review, "open").startswith(
        "Win chances, decisions and marks with every hand open")
    assert "level" not in view_label(review, "open", assumed=False)
    people = Review(**{**vars(review), "kinds": ("human", "human")})
    assert "level" not in view_label(people, "seat:0")


# -- the command line --------------------------------------------------------

def test_json_output_is_deterministic_and_names_the_better_move(tmp_path, capsys):
    path = write(scripted_save((*OPENING, BLUNDER)), tmp_path / "blunder.json")
    args = [str(path), "--json", "--iterations", "12", "--workers", "1"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    last = data["steps"][-1]
    assert last["move"] == BLUNDER and last["decision"]["mark"] in ("mistake", "blunder")
    assert last["decision"]["best_chance"] > last["decision"]["played"]
    assert data["view"] == "seat:1" and data["view_label"].startswith(
        "Win chances, decisions and marks as P1")
    assert len(data["chart"]) == len(OPENING) + 2 and data["chart"][-1][1] == \
        last["decision"]["played"]
    assert all(sum(point) == pytest.approx(100.0) for point in data["chart"])


def test_the_open_view_is_computed_on_request_and_kept(tmp_path, capsys):
    path = write(scripted_save(OPENING[:6]), tmp_path / "open.json")
    assert main([str(path), "--json", "--iterations", "6", "--workers", "1", "--store"]) == 0
    capsys.readouterr()
    assert main([str(path), "--json", "--iterations", "6", "--workers", "1", "--view", "open",
                 "--store"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["view"] == "open" and sorted(data["views"]) == ["open", "seat:1"]
    assert all(sum(point) == pytest.approx(100.0) for point in data["chart"])
    kept = json.loads(path.read_text("utf-8"))["review"]["entries"]
    review = Review.from_dict(next(iter(kept.values()))["review"])
    assert sorted(review.views) == ["open", "seat:1"] and review.view == "seat:1"
    assert main([str(path), "--view", "9"]) == 2


def test_text_output_names_the_better_move_in_words(tmp_path, capsys):
    # 100 samples: enough to tell the take-over from a market of two other cards (README)
    path = write(scripted_save((*OPENING, BLUNDER)), tmp_path / "blunder.json")
    assert main([str(path), "--iterations", "100", "--workers", "2", "--store"]) == 0
    text = capsys.readouterr().out
    line = text.splitlines()[-3]
    assert line.startswith(f"19. P1: {BLUNDER} — ")
    assert "); better: plant wheat wheat (Plant Wheat ×2)" in line
    assert "takes a rival's field over (Wheat, P0): about " in line
    assert main([str(path), "--iterations", "100", "--workers", "1"]) == 0  # from the file
    assert capsys.readouterr().out == text


@pytest.mark.parametrize("content", [None, b"", b'{"format": "nile-save/2", "rules": 5}',
                                     b"\x00\xff garbage", b'{"format": "nile-save/2"'])
def test_a_bad_file_gives_one_line_and_exit_2(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    assert main([str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert len(out.err.strip().splitlines()) == 1 and "Traceback" not in out.err


def test_bad_iterations_are_refused(tmp_path, capsys):
    path = write(scripted_save(OPENING[:2]), tmp_path / "game.json")
    assert main([str(path), "--iterations", "-3"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_module_runs_and_a_missing_file_is_one_line(tmp_path):
    out = subprocess.run([sys.executable, "-m", "nile_desktop.review", str(tmp_path / "no.json")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_a_stored_review_survives_the_save_being_written_again(tmp_path, capsys):
    """The review is cached in the save record: loading and writing the save again (as an
    autosave or an export does) keeps it, so a second look stays instant."""
    from nile_desktop import saves

    path = write(scripted_save((*OPENING, BLUNDER)), tmp_path / "kept.json")
    assert main([str(path), "--iterations", "4", "--workers", "1", "--store"]) == 0
    capsys.readouterr()
    stored = json.loads(path.read_text(encoding="utf-8"))["review"]
    save, _state = saves.load_save(path)
    path.write_text(save.to_json(), encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["review"] == stored
