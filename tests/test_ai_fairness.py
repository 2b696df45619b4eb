"""Fairness: a bot (and the win chances) never sees hidden cards (docs/BOTS.md; R-HARV-3).

For many positions, every card hidden from the bot's seat (the other hands
and storage piles, the order of the draw pile, the seed) is dealt anew into
alternative true states with the same view; with a fixed seed (and, for
Hard, an iteration cap instead of a clock) the bot's choice never changes.
"""

from __future__ import annotations

import random

import pytest

from nile_desktop.ai import make_bot, win_chances
from nile_desktop.engine import Rules, State, new_game, observe
from nile_desktop.engine.cards import LOCUST, N_CROPS, N_KINDS


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """Another true state that ``seat`` cannot tell apart from ``state``.

    Other seats' storage, other hands and the draw pile are gathered and
    dealt again at random (storage only gets crop cards, the locust stays in
    the pile), keeping every size the seat can see; the seed changes too.
    """
    alt = state.clone()
    alt.seed = rng.getrandbits(40)
    others = [s for s in range(state.rules.players) if s != seat]
    cards = [k for k in alt.deck if k != LOCUST]
    locust = LOCUST in alt.deck
    for s in others:
        cards += [k for k in range(N_KINDS) for _ in range(alt.hands[s][k])]
        cards += [c for c in range(N_CROPS) for _ in range(alt.storage[s][c])]
    rng.shuffle(cards)
    for s in others:
        size = sum(alt.storage[s])
        alt.storage[s] = [0] * N_CROPS
        for _ in range(size):
            i = next(i for i, k in enumerate(cards) if k < N_CROPS)
            alt.storage[s][cards.pop(i)] += 1
    for s in others:
        size = sum(alt.hands[s])
        alt.hands[s] = [0] * N_KINDS
        for _ in range(size):
            alt.hands[s][cards.pop()] += 1
    if locust:
        cards.insert(rng.randrange(len(cards) + 1), LOCUST)
    alt.deck = cards
    if alt.rules.storage_top:  # the arrival order of other seats' storage is hidden too
        for s in others:
            order = [c for c in range(N_CROPS) for _ in range(alt.storage[s][c])]
            rng.shuffle(order)
            alt.stacks[s] = order
    return alt


def sample_positions(players: int, count: int, seed: int, **options: bool) -> list[State]:
    """Positions spread over Medium games (early, middle and late)."""
    bot = make_bot("medium")
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = new_game(Rules(players=players, **options), seed=seed + g)
        rng = random.Random(g)
        step = 0
        while not state.over:
            if step % 9 == 4 and len(out) < count:
                out.append(state.clone())
            move, _ = bot.choose(observe(state, state.active), state.legal_moves(), rng)
            state.apply(move)
            step += 1
        g += 1
    return out


LEVEL_OPTIONS = {
    "easy": {},
    "medium": {},
    "hard": {"iterations": 60, "budget": None, "workers": 1},
    "expert": {"iterations": 90, "budget": None, "workers": 1},
}


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("level", sorted(LEVEL_OPTIONS))
def test_shuffling_hidden_cards_never_changes_the_choice(level: str, players: int) -> None:
    bot = make_bot(level, **LEVEL_OPTIONS[level])
    rng = random.Random(players)
    for i, state in enumerate(sample_positions(players, 6, seed=500 + 10 * players)):
        seat = state.active
        view = observe(state, seat)
        legal = state.legal_moves()
        expected, reason = bot.choose(view, legal, random.Random(i))
        for _ in range(3):
            alt = shuffle_hidden(state, seat, rng)
            assert alt.hands != state.hands or alt.deck != state.deck
            alt_view = observe(alt, seat)
            assert alt_view == view  # the same information...
            move, alt_reason = bot.choose(alt_view, alt.legal_moves(), random.Random(i))
            assert move == expected  # ...so the same choice
            assert str(alt_reason) == str(reason)


@pytest.mark.parametrize("level", sorted(LEVEL_OPTIONS))
def test_r_trade_1_storage_top_order_of_other_seats_never_changes_the_choice(level: str) -> None:
    """R-TRADE-1 (storage: top), R-PLANT-5 (must_act): with both rule-book options on, a bot
    sees its own storage order but never another seat's: reordering it changes nothing."""
    bot = make_bot(level, **LEVEL_OPTIONS[level])
    rng = random.Random(3)
    states = sample_positions(3, 6, seed=900, must_act=True, storage_top=True)
    assert any(len(st.stacks[s]) > 1 for st in states for s in range(3))
    for i, state in enumerate(states):
        seat = state.active
        view = observe(state, seat)
        assert list(view.storage_order) == state.stacks[seat]
        expected, reason = bot.choose(view, state.legal_moves(), random.Random(i))
        for _ in range(3):
            alt = shuffle_hidden(state, seat, rng)
            alt_view = observe(alt, seat)
            assert alt_view == view
            move, alt_reason = bot.choose(alt_view, alt.legal_moves(), random.Random(i))
            assert move == expected and str(alt_reason) == str(reason)


def test_shuffled_states_are_really_different_and_complete() -> None:
    """The test's own shuffle keeps every card: same totals per kind, other hidden layout."""
    state = sample_positions(4, 1, seed=77)[0]
    alt = shuffle_hidden(state, state.active, random.Random(1))

    def totals(s: State) -> list[int]:
        t = [len([k for k in s.deck if k == kind]) for kind in range(N_KINDS)]
        for seat in range(s.rules.players):
            for kind in range(N_KINDS):
                t[kind] += s.hands[seat][kind]
            for c in range(N_CROPS):
                t[c] += s.storage[seat][c]
        return t

    assert totals(alt) == totals(state)
    assert alt.deck != state.deck


@pytest.mark.parametrize("players", [2, 4])
def test_win_chances_never_peek(players: int) -> None:
    """The win chances of a view are the same whatever the hidden cards really are."""
    rng = random.Random(players)
    for state in sample_positions(players, 4, seed=300 + players):
        seat = state.active
        expected = win_chances(observe(state, seat), budget=30, seed=5)
        for _ in range(3):
            alt = shuffle_hidden(state, seat, rng)
            assert observe(alt, seat) == observe(state, seat)
            assert win_chances(observe(alt, seat), budget=30, seed=5) == expected
