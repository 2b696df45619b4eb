"""The bot interface, reasons, the candidate moves of the search, and the layer rule.

Every level returns one of the legal moves with a reason; the search's
hand-built candidate moves are always legal; the bots import without pygame.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

from nile_desktop.ai import LEVELS, Reason, make_bot, suggest
from nile_desktop.ai.policy import candidates
from nile_desktop.ai.reasons import CardName, crop_name
from nile_desktop.engine import Rules, new_game, observe


def positions(players: int, games: int, seed: int = 0, level: str = "medium"):
    """States met along Medium games (each one waiting for a move)."""
    bot = make_bot(level)
    for g in range(games):
        state = new_game(Rules(players=players), seed=seed + g)
        rng = random.Random(g)
        while not state.over:
            yield state
            move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
            state.apply(move)


def test_unknown_level_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random, easy, medium, hard"):
        make_bot("grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move_and_a_reason(level: str) -> None:
    """The interface: ``choose(view, legal, rng) -> (move, reason)``, move taken from ``legal``."""
    options = {"iterations": 40, "budget": None, "workers": 1} if level in ("hard", "expert") \
        else {}
    bot = make_bot(level, **options)
    for i, state in enumerate(positions(3, 1, seed=11)):
        if i % 4:
            continue
        legal = state.legal_moves()
        move, reason = bot.choose(observe(state, state.active), legal, random.Random(i))
        assert move in legal
        assert isinstance(reason, Reason) and str(reason)


def test_reason_is_english_by_default_and_renders_through_a_catalogue() -> None:
    """A reason is a message id plus values, so the table can show it in any language."""
    r = Reason("takes the {crop} field, {mine} against {theirs}", crop=crop_name(4), mine=4,
               theirs=3)
    assert str(r) == "takes the Flax field, 4 against 3"
    czech = {"takes the {crop} field, {mine} against {theirs}":
             "bere pole {crop}, {mine} proti {theirs}"}
    text = r.render(lambda m: czech.get(m, m), lambda name: {"flax": "Len"}[name])
    assert text == "bere pole Len, 4 proti 3"
    assert pickle.loads(pickle.dumps(r)) == r


def test_nested_reason_and_speculation_card_names() -> None:
    inner = Reason("trades {card} and {card2} at the market for a new card",
                   card=CardName("spec:wheat+flax"), card2=CardName("stone"))
    outer = Reason("{why} (won {percent}% of {playouts} simulated games)", why=inner, percent=40,
                   playouts=900)
    assert str(outer) == ("trades Speculation Wheat+Flax and Stone at the market for a new card "
                          "(won 40% of 900 simulated games)")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_search_candidates_are_always_legal(players: int) -> None:
    """The search's few sensible moves are built by hand; each must be a legal move."""
    for state in positions(players, 2, seed=100 + players):
        legal = set(state.legal_moves())
        for move in candidates(state):
            assert move in legal, (str(move), state.to_json())


def test_advisor_suggests_a_legal_move_with_a_reason() -> None:
    """The table's "suggest" button: Hard's move for a human seat."""
    state = new_game(Rules(players=4), seed=3)
    legal = state.legal_moves()
    move, reason = suggest(observe(state, state.active), legal, random.Random(0), budget=None,
                           iterations=60)
    assert move in legal
    assert "% of 60 simulated games)" in str(reason)


def test_bots_import_and_play_without_pygame() -> None:
    """Layer rule (docs/ARCHITECTURE.md): the engine and the bots never depend on pygame."""
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import random\n"
        "from nile_desktop.engine import Rules, new_game, observe\n"
        "from nile_desktop.ai import make_bot, LEVELS\n"
        "s = new_game(Rules(players=3), seed=1)\n"
        "for level in LEVELS:\n"
        "    opts = {'iterations': 10, 'budget': None, 'workers': 1} if level == 'hard' else {}\n"
        "    bot = make_bot(level, **opts)\n"
        "    m, r = bot.choose(observe(s, s.active), s.legal_moves(), random.Random(0))\n"
        "    assert m in s.legal_moves()\n"
        "assert 'pygame' not in [k for k, v in sys.modules.items() if v is not None]\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
