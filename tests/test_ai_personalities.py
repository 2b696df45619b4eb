"""The bot personalities: seat kinds a player can pick, named, described in both languages,
placed among the levels by their measured strength, explaining their turns, and kept by saves."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from nile_desktop import i18n, saves
from nile_desktop.ai import make_bot
from nile_desktop.ai.levels import LEVEL_DESCRIPTIONS, LEVEL_LABELS
from nile_desktop.ai.personalities import (
    BY_KEY,
    LEVEL_ELO,
    PERSONALITIES,
    Personality,
    Score,
    elo_gap,
    nearest_level,
)
from nile_desktop.ai.reason_data import reason_from_data, reason_to_data
from nile_desktop.engine import observe
from nile_desktop.seats import SEAT_KINDS, SeatKind
from nile_desktop.text.table import reason_text, seat_kind_label

pytest_plugins = ["save_helpers"]  # the home fixture: a private user folder


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_every_personality_is_a_seat_kind_and_a_bot() -> None:
    for p in PERSONALITIES:
        assert SeatKind(p.key).value == p.key
        assert make_bot(p.key, iterations=10).level == p.key
        assert LEVEL_LABELS[p.key] == p.label and LEVEL_DESCRIPTIONS[p.key] == p.description
    assert {"aggressor", "speculator", "balancer"} <= set(BY_KEY)


def test_strength_on_the_levels_scale() -> None:
    assert elo_gap(0.5) == 0 and elo_gap(0.99) == elo_gap(0.91) == pytest.approx(400, abs=2)
    even = Personality("x", "x", "x", (Score("hard", 10, 20, 1500),))
    assert even.elo == LEVEL_ELO["hard"] and even.level == "hard"
    mixed = Personality("x", "x", "x", (Score("medium", 15, 20, 500), Score("hard", 5, 20, 1500)))
    assert LEVEL_ELO["medium"] < mixed.elo < LEVEL_ELO["hard"]
    assert nearest_level(-500) == "random" and nearest_level(10_000) == "expert"


@pytest.mark.parametrize("language", ["en", "cs"])
def test_names_and_descriptions_in_both_languages(language: str) -> None:
    from nile_desktop.scenes.new_game import kind_help, kind_label

    i18n.set_language(language)
    for p in PERSONALITIES:
        label, help_text = kind_label(p.key), kind_help(p.key)
        assert i18n._(p.label) in label and "~" in label
        assert seat_kind_label(p.key) == i18n._(p.label)  # the table and the record name it
        first, *measured = help_text.split("\n")
        assert first == i18n._(p.description)
        assert len(measured) == len(p.scores) >= 1  # a line per level it met
        assert all(any(ch.isdigit() for ch in line) for line in measured)
        if language == "cs":
            assert i18n._(p.label) != p.label and first != p.description


def test_the_new_game_screen_keeps_a_personality_seat() -> None:
    from nile_desktop.scenes.new_game import KIND_CHOICES, NewGameScene, restore_setup

    assert SeatKind.AGGRESSOR in [kind for kind, _label in KIND_CHOICES]
    scene = NewGameScene()
    restore_setup(scene, {"rules": {"players": 3},
                          "seats": [{"kind": "human"}, {"kind": "aggressor"}, {"kind": "flat"}]})
    _rules, _seed, seats = scene.setup()
    assert [s["kind"] for s in seats] == ["human", "aggressor", "flat"]


@pytest.mark.parametrize("key", [p.key for p in PERSONALITIES])
def test_a_personality_explains_its_turn(key: str) -> None:
    """Its reason renders as text in both languages and survives a save (as data)."""
    from nile_desktop.engine import Rules, new_game

    state = new_game(Rules(players=2), seed=5)
    bot, rng = make_bot(key, iterations=30, workers=1), random.Random(2)
    for _turn in range(6):
        legal = state.legal_moves()
        move, reason = bot.choose(observe(state, state.active), legal, rng)
        assert move in legal
        again = reason_from_data(reason_to_data(reason))
        for language in ("en", "cs"):
            i18n.set_language(language)
            assert reason_text(reason).strip() and reason_text(again) == reason_text(reason)
        state.apply(move)


def test_a_save_with_personality_seats_loads_and_replays(home: Path, tmp_path: Path) -> None:
    seats = [{"name": "Ana", "kind": "human", "colour": 0},
             {"name": "Bes", "kind": "speculator", "colour": 1},
             {"name": "Kheti", "kind": "balancer", "colour": 2}]
    save = saves.new_save({"players": 3}, 11, seats)
    state = save.new_state()
    bots = {1: make_bot("speculator", iterations=20, workers=1),
            2: make_bot("balancer", iterations=20, workers=1)}
    rng = random.Random(3)
    while len(save.moves) < 30 and not state.over:
        legal = state.legal_moves()
        bot = bots.get(state.active)
        if bot is None:
            move, data = rng.choice(legal), None
        else:
            move, reason = bot.choose(observe(state, state.active), legal, rng)
            data = reason_to_data(reason)
        state.apply(move)
        save.record(move, data)
    path = tmp_path / "game.json"
    saves.write_save(path, save)
    loaded, replayed = saves.load_save(path)
    assert [seat.kind for seat in loaded.seats] == [SeatKind.HUMAN, SeatKind.SPECULATOR,
                                                     SeatKind.BALANCER]
    assert replayed.to_json() == state.to_json()
    assert any(loaded.reason_at(i) for i in range(len(loaded.moves)))


def test_a_style_that_beats_hard_says_so_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The help lists every level the personality met, with the games behind each, and a
    level it beats comes first, said as such; the label names the level it plays like."""
    from nile_desktop.text import opponents

    raider = Personality("aggressor", BY_KEY["aggressor"].label, BY_KEY["aggressor"].description,
                         (Score("medium", 60.0, 100, 500), Score("hard", 120.0, 200, 1500)))
    monkeypatch.setitem(opponents.BY_KEY, "aggressor", raider)
    lines = opponents.kind_help("aggressor").split("\n")
    assert lines[1] == "It beats the Hard bot: won 60% of 200 two-player games."
    assert lines[2] == "It beats the Medium bot: won 60% of 100 two-player games."
    assert opponents.kind_label("aggressor") == "Raider (~Hard)"
    weaker = Personality("aggressor", raider.label, raider.description,
                         (Score("medium", 55.0, 100, 500), Score("hard", 90.0, 200, 1500)))
    monkeypatch.setitem(opponents.BY_KEY, "aggressor", weaker)
    lines = opponents.kind_help("aggressor").split("\n")
    assert lines[1:] == ["It beats the Medium bot: won 55% of 100 two-player games.",
                         "Against the Hard bot: won 45% of 200 two-player games."]


def test_the_new_game_screen_orders_the_bots_by_the_measured_strength() -> None:
    from nile_desktop.scenes.new_game import KIND_CHOICES

    kinds = [k for k, _label in KIND_CHOICES]
    assert kinds[0] is SeatKind.HUMAN and set(kinds) == set(SEAT_KINDS)
    strength = {**LEVEL_ELO, **{p.key: p.elo for p in PERSONALITIES}}
    assert [strength[k] for k in kinds[1:]] == sorted(strength[k] for k in kinds[1:])
