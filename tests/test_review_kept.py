"""A review kept inside a save is input like any other: a forged one, even with the right
game digest, is refused and the review computed afresh, never a traceback or a crash."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from review_games import OPENING, scripted_save, write

from nile_desktop.review.__main__ import main
from nile_desktop.review.cache import cached_review, with_review
from nile_desktop.review.runner import Game, compute_review

ITERATIONS = 4


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def kept() -> tuple[Game, dict[str, Any]]:
    """A short game and its save record holding its review (the person is seat 1)."""
    save = scripted_save(OPENING[:4])
    game = Game.from_save(save)
    review = compute_review(game, ITERATIONS, 0, workers=1)
    return game, with_review(json.loads(save.to_json()), game, review)


def _entry(record: dict[str, Any]) -> dict[str, Any]:
    return next(iter(record["review"]["entries"].values()))["review"]


def _decided(data: dict[str, Any]) -> dict[str, Any]:
    return next(s["decision"] for s in data["steps"] if s["decision"] is not None)


def _set(path: Callable[[dict[str, Any]], dict[str, Any]], key: str, value: Any):
    def forge(data: dict[str, Any]) -> None:
        path(data)[key] = value
    return forge


def _chart(data: dict[str, Any]) -> list[list[float]]:
    return next(iter(data["views"].values()))


FORGERIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "a reviewed seat out of range": _set(lambda d: d, "seats", [1, 7]),
    "a negative seat": _set(lambda d: d, "seats", [-1]),
    "a step's seat out of range": _set(lambda d: d["steps"][0], "seat", 9),
    "a step's seat not the mover": lambda d: d["steps"][0].update(seat=1 - d["steps"][0]["seat"]),
    "a step's move not the game's": _set(lambda d: d["steps"][0], "move", "pass"),
    "steps out of order": lambda d: d["steps"].reverse(),
    "a decision's seat out of range": _set(_decided, "seat", 5),
    "a chart shorter than the game": lambda d: _chart(d).pop(),
    "a chart without its point": lambda d: _chart(d).__setitem__(1, []),
    "a point of three seats": lambda d: _chart(d)[1].append(0.0),
    "a view of a seat out of range": lambda d: d["views"].update({"seat:8": _chart(d)}),
    "too few names": _set(lambda d: d, "names", ["Ana"]),
    "too few kinds": _set(lambda d: d, "kinds", ["human"]),
    "a NaN chance": lambda d: _chart(d)[1].__setitem__(0, math.nan),
    "an infinite loss": _set(_decided, "loss", math.inf),
    "a chance above 100%": lambda d: _chart(d)[2].__setitem__(1, 250.0),
    "a negative chance": _set(_decided, "before", -3.0),
    "a NaN in the seats' chances": lambda d: _decided(d)["seats_after"].__setitem__(0, math.nan),
    "the seats' chances of one seat only": _set(_decided, "seats_before", [50.0]),
    "a text for a number": _set(_decided, "played", "41"),
    "a boolean for a number": _set(_decided, "loss", True),
    "a list for a name": _set(lambda d: d, "names", [["Ana"], "Bot"]),
    "a number for a move": _set(_decided, "best", 5),
    "a dict for the options": _set(_decided, "options", {"pass": 50.0}),
    "an option's NaN chance": lambda d: _decided(d)["options"][0].__setitem__(1, math.nan),
    "an option of three parts": lambda d: _decided(d)["options"][0].append(1),
    "a number for the views": _set(lambda d: d, "views", 7),
    "a chart of texts": lambda d: _chart(d).__setitem__(0, "50,50"),
    "a decision for a bot's move": lambda d: d["steps"][0].update(
        decision=_decided(d)) if d["steps"][0]["decision"] is None else
        d["steps"][1].update(decision=_decided(d)),
    "a person's decision missing": lambda d: [s.update(decision=None) for s in d["steps"]],
    # Moves a decision names must be moves of that game, legal where they were weighed: a
    # text that is no move once reached the move list's wording and ended on a traceback.
    "an empty better move": _set(_decided, "best", ""),
    "a blank better move": _set(_decided, "best", "   "),
    "a better move of unknown cards": _set(_decided, "best", "market zzz qqq"),
    "a better move on no Monument": _set(_decided, "best", "plant stone@nowhere wheat"),
    "a speculation on nothing": _set(_decided, "best", "speculate spec:"),
    "a better move not legal there": _set(_decided, "best", "plant flax flax flax flax flax"),
    "a better move with a lone surrogate": _set(_decided, "best", "pass\ud800"),
    "an option that is no move": lambda d: _decided(d)["options"][0].__setitem__(0, "zzz"),
    "an option not legal there": lambda d: _decided(d)["options"][0].__setitem__(
        0, "offer castor castor castor castor"),
    "a search's move that is no move": _set(_decided, "search", "market"),
    "a number for the search's move": _set(_decided, "search", 3),
}


def _forged(kept: tuple[Game, dict[str, Any]], name: str) -> dict[str, Any]:
    game, record = kept
    forged = copy.deepcopy(record)
    FORGERIES[name](_entry(forged))
    return forged


def test_the_genuine_review_is_used(kept):
    game, record = kept
    assert cached_review(record, game, ITERATIONS, 0) is not None


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_review_with_the_right_digest_is_refused(kept, name):
    game, _record = kept
    assert cached_review(_forged(kept, name), game, ITERATIONS, 0) is None


@pytest.mark.parametrize("name", ["a reviewed seat out of range", "a chart shorter than the game",
                                  "too few names", "a NaN chance", "a text for a number"])
def test_the_command_reviews_afresh_over_a_forged_review(kept, name, tmp_path, capsys):
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(_forged(kept, name), allow_nan=True), encoding="utf-8")
    assert main([str(path), "--iterations", str(ITERATIONS), "--workers", "1", "--json"]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    data = json.loads(out.out)
    assert len(data["chart"]) == len(kept[0].moves) + 1
    assert all(sum(point) == pytest.approx(100.0) for point in data["chart"])


@pytest.mark.parametrize("best", ["", "   ", "market zzz qqq", "plant stone@nowhere wheat",
                                  "speculate spec:"])
def test_the_command_words_no_forged_move(kept, best, tmp_path, capsys):
    """The command's text words a marked decision's better move: one that is no move ended it
    on a traceback, exit 1. The forged review is refused and the game reviewed afresh."""
    forged = copy.deepcopy(kept[1])
    for step in _entry(forged)["steps"]:
        if step["decision"] is not None:
            step["decision"].update(best=best, loss=25.0, mark="blunder")
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert main([str(path), "--iterations", str(ITERATIONS), "--workers", "1"]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "zzz" not in out.out and "nowhere" not in out.out


def test_a_save_with_a_forged_review_still_opens(kept, tmp_path):
    from nile_desktop.saves import load_save

    path = write(scripted_save(OPENING[:4]), tmp_path / "game.json")
    path.write_text(json.dumps(_forged(kept, "a NaN chance"), allow_nan=True), encoding="utf-8")
    save, _state = load_save(path)
    assert save.moves == list(kept[0].moves)


def test_names_with_a_lone_surrogate_are_read_cleaned(kept):
    """A forged name is only text: kept, its lone surrogate replaced (no terminal, disk or
    font takes one), so the review is still used."""
    game, record = kept
    forged = copy.deepcopy(record)
    _entry(forged)["names"][0] = "Ana\ud800"
    review = cached_review(forged, game, ITERATIONS, 0)
    assert review is not None and review.names[0] == "Ana\ufffd"


def _surrogate_moves(data: dict[str, Any]) -> None:
    for step in data["steps"]:
        if step["decision"] is not None:
            step["decision"].update(best=step["decision"]["best"] + "\ud800", loss=25.0,
                                    mark="blunder")
            step["decision"]["options"][0][0] += "\udfff"


@pytest.mark.parametrize("output", [[], ["--json"]])
@pytest.mark.parametrize("where", ["names", "better moves and options"])
def test_the_command_prints_a_kept_review_with_lone_surrogates(kept, tmp_path, output, where):
    """Its names were printed as read, and a lone surrogate stopped the output with a
    UnicodeEncodeError (a better move's, or an option's, a ValueError in its wording or the
    same UnicodeEncodeError in --json); now the names are printed replaced, the moves'
    review is refused and computed afresh, and the command exits 0."""
    import subprocess
    import sys

    forged = copy.deepcopy(kept[1])
    if where == "names":
        _entry(forged)["names"] = ["Ana\ud800", "Bo\udfff"]
    else:
        _surrogate_moves(_entry(forged))
    path = tmp_path / "surrogates.json"
    path.write_text(json.dumps(forged, ensure_ascii=True), encoding="ascii")
    out = subprocess.run([sys.executable, "-m", "nile_desktop.review", str(path), "--iterations",
                          str(ITERATIONS), "--workers", "1", *output],
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert b"Traceback" not in out.stderr
    out.stdout.decode("utf-8")  # strict: no surrogate reached the output
    if where == "names":
        assert "\ufffd".encode() in out.stdout or b"\\ufffd" in out.stdout


@pytest.mark.parametrize("view", ["\u00b2", "\u0661", "\uff11", "-1", "+1", " 1", "99999"])
def test_the_view_takes_ascii_digits_only(kept, tmp_path, capsys, view):
    """``str.isdigit`` took ``²`` (and ``int`` then raised) and read ``١`` as seat 1; a seat
    is written in ASCII digits, as on the engine's command line."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(kept[1]), encoding="utf-8")
    assert main([str(path), "--iterations", str(ITERATIONS), "--workers", "1",
                 "--view", view]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
