"""What the review and record screen tests share: a finished game with a blunder, reviewed,
and a headless app driven through its UI dump, on the title screen, with its own home.

The game is the scripted opening of ``review_games`` (seat 1 is the
person), then the blunder — offering the two Wheat that would take seat 0's
Wheat field (R-TRADE-3, R-PLANT-3) — then Medium bots play it to the end.
Its review (:data:`K` samples, seed 0) is computed once per test process and
kept in the save, as a second look finds it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from review_games import BLUNDER, OPENING, scripted_save
from ui_driver import UiDriver

from nile_desktop.ai import make_bot
from nile_desktop.engine import observe
from nile_desktop.review.cache import with_review
from nile_desktop.review.runner import Game, Review, compute_review
from nile_desktop.saves import SaveGame, load_save, write_save
from nile_desktop.scenes import nav
from nile_desktop.scenes.title import TitleScene
from nile_desktop.ui import dump

K = 24
#: The blunder's move index (0-based): the 19th move of the game.
BLUNDER_INDEX = len(OPENING)


def finished_game() -> SaveGame:
    save = scripted_save((*OPENING, BLUNDER))
    state = save.replay()
    bot, rng = make_bot("medium"), random.Random(1)
    while not state.over:
        move, _reason = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
        save.record(move)
    save.result = state.result
    return save


@lru_cache(maxsize=1)
def _review() -> Review:
    return compute_review(Game.from_save(finished_game()), K, 0, workers=1)


def reviewed_game() -> SaveGame:
    """The finished game with its review kept in it (a fresh copy each time)."""
    save = finished_game()
    save.review = with_review({}, Game.from_save(save), _review())["review"]
    return save


def saved(save: SaveGame, path: Path) -> SaveGame:
    """``save`` written to ``path`` and read back, as Load gives it."""
    write_save(path, save)
    loaded, _state = load_save(path)
    return loaded


def title_driver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[UiDriver]:
    """A headless app on the title screen, its user folders in ``tmp_path`` (a fixture body)."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    d = UiDriver(tmp_path / "ui" / "dump.json")
    d.app.stack.push(TitleScene())
    yield d
    d.close()
    dump.set_active(False)


def record_pushes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every scene asked for with ``nav.push`` (route and options) from now on, none opened."""
    asked: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(nav, "push", lambda stack, name, **options: asked.append((name, options)))
    return asked
