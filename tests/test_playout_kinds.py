"""Every seat is played out as its kind plays: the levels, the personalities and a person.

The win chances (the table's "show win chances", the review) deal the hidden
cards and play each deal on; a Raider's seat must take fields over there as
the Raider does at the table, not play as an even person would.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from nile_desktop.ai import make_bot, playouts, win_chances
from nile_desktop.ai.bot_factory import bot_class
from nile_desktop.ai.personalities import BY_KEY
from nile_desktop.ai.playouts import STRENGTHS, elo_strength, person_move, seat_model
from nile_desktop.ai.thumb import STYLES
from nile_desktop.engine import Rules, new_game, observe
from nile_desktop.engine.seat_kinds import (
    BOT_KINDS,
    LEVELS,
    PERSONALITY_KINDS,
    SEAT_KINDS,
    SeatKind,
    as_kind,
)


def midgame(seed: int, moves: int = 10):
    state = new_game(Rules(2), seed)
    bot, rng = make_bot("medium"), random.Random(seed)
    for _ in range(moves):
        move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
        state.apply(move)
    return state


def test_the_kinds_are_one_list_a_person_first() -> None:
    assert SEAT_KINDS[0] is SeatKind.HUMAN and set(SEAT_KINDS) == {SeatKind.HUMAN, *BOT_KINDS}
    assert set(LEVELS).isdisjoint(PERSONALITY_KINDS) and set(PERSONALITY_KINDS) == set(BY_KEY)
    assert as_kind("aggressor") is SeatKind.AGGRESSOR and str(SeatKind.AGGRESSOR) == "aggressor"
    assert as_kind(["human"]) is SeatKind.HUMAN and SeatKind.read({"a": 1}) is None


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_every_bot_kind_has_its_class_and_none_plays_as_a_person(kind: SeatKind) -> None:
    assert getattr(bot_class(kind), "level", kind) == kind
    model = seat_model(kind)
    assert model.kind is kind and not model.is_person and model.policy is not person_move
    with pytest.raises(ValueError):
        bot_class(SeatKind.HUMAN)


def test_a_personalitys_strength_lies_between_the_levels_around_it() -> None:
    assert elo_strength(0) == STRENGTHS["medium"] and elo_strength(150) == STRENGTHS["hard"]
    raider = seat_model(SeatKind.AGGRESSOR).strength
    assert STRENGTHS["medium"] < raider < STRENGTHS["hard"]
    assert raider == pytest.approx(elo_strength(BY_KEY["aggressor"].elo))


def test_a_raiders_seat_is_played_out_by_the_raiders_policy(monkeypatch: Any) -> None:
    """The person's seat 0 asks its chances against a Raider at seat 1 while the Raider is to
    move (a chart point of the review, the table between turns): every play-out move of
    seat 1 is the Raider's rules of thumb in the Raider's style, and no other seat's."""
    calls: list[tuple[str, int]] = []
    real = playouts.choose

    def spy(state: Any, style: Any, rng: Any, explore: float = 0.1) -> Any:
        calls.append((style.key, state.active))
        return real(state, style, rng, explore)

    monkeypatch.setattr(playouts, "choose", spy)
    state = midgame(3)
    while state.active != 1:
        state.apply(state.legal_moves()[0])
    win_chances(observe(state, 0), budget=6, seed=1, kinds=("human", "aggressor"))
    assert calls and all(key == STYLES["aggressor"].key and seat == 1 for key, seat in calls)
    calls.clear()
    win_chances(observe(state, 0), budget=6, seed=1, kinds=("human", "medium"))
    assert not calls  # a Medium seat plays the Medium heuristic
