"""What a seat remembers: every storage pile it watched fill, and nothing hidden.

Storage is secret (R-HARV-3), but cards enter it only by harvests from public
fields (R-HARV-1) and leave it only by trades that show them (R-TRADE-1). A
seat that watched the game from its deal knows every pile; the view carries
that memory (``View.storages``) and a search bot that remembers (the Expert)
deals it instead of guessing. These tests check that the memory is exactly
what the public events tell, that a game without its history gets none, that
the determinisations keep it, and that only a bot that remembers uses it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from nile_desktop.ai.evaluation import PileForecast
from nile_desktop.engine import Rules, State, new_game, observe, redact, resample
from nile_desktop.engine.cards import CROP_BY_NAME, N_CROPS
from nile_desktop.engine.events import Event, Harvested, Traded

STORAGE = "storage:"


def replay_storage(events: list[Event], piles: list[list[int]]) -> None:
    """Add what these events (as one seat sees them) tell about every storage pile."""
    for event in events:
        if isinstance(event, Harvested):
            piles[event.seat][CROP_BY_NAME[event.crop]] += 1
        elif isinstance(event, Traded):
            for card in event.cards:
                if card.storage:
                    piles[event.seat][CROP_BY_NAME[card.kind]] -= 1


def storage_trades_first(legal: list, rng: random.Random) -> object:
    """A random move, preferring trades from storage so that piles also shrink."""
    from_storage = [m for m in legal if STORAGE in str(m)]
    if from_storage and rng.random() < 0.3:
        return rng.choice(from_storage)
    return rng.choice(legal)


def played(rules: Rules, seed: int, moves: int) -> State:
    """A game after ``moves`` moves that plant whatever they can (so fields, and then
    storage piles, grow), or at its end."""
    state = new_game(rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        legal = list(state.legal_moves())
        plants = [m for m in legal if m.action == "plant"]
        state.apply(rng.choice(plants or legal))
    return state


@pytest.mark.parametrize("players,storage_top", [(2, False), (4, False), (3, True)])
def test_r_harv_3_the_remembered_piles_are_what_the_public_events_tell(
        players: int, storage_top: bool) -> None:
    """R-HARV-1, R-HARV-3, R-TRADE-1: each seat's memory of the storage piles is rebuilt
    exactly from the events it was shown (other seats' draws hidden), move by move."""
    rng = random.Random(players)
    state = new_game(Rules(players, storage_top=storage_top), seed=40 + players)
    seen = {s: [[0] * N_CROPS for _ in range(players)] for s in range(players)}
    shrunk = False
    for s in range(players):
        replay_storage([redact(e, s) for e in state.events], seen[s])
    while not state.over:
        events = state.apply(storage_trades_first(list(state.legal_moves()), rng))
        shrunk |= any(isinstance(e, Traded) and any(c.storage for c in e.cards) for e in events)
        for s in range(players):
            replay_storage([redact(e, s) for e in events], seen[s])
            view = observe(state, s)
            assert view.storages == tuple(tuple(p) for p in seen[s])
            assert view.storages == tuple(tuple(p) for p in state.storage)
    assert shrunk, "the game should have traded from storage at least once"


def test_a_position_read_without_its_history_remembers_nothing() -> None:
    """R-HARV-3: a position from JSON has no history, so other piles stay unknown."""
    state = played(Rules(3), seed=5, moves=40)
    assert sum(map(sum, state.storage))
    loaded = State.from_json(state.to_json())
    assert loaded.watched is None and observe(loaded, 0).storages is None
    assert loaded.clone().watched is None
    copy = state.clone()
    assert copy.watched == state.watched and copy.watched is not state.watched


def test_determinisations_keep_the_remembered_piles_and_deal_the_rest() -> None:
    """Every deal has exactly the watched storage piles; hands and the draw pile still vary,
    and the cards dealt are the ones not seen anywhere (R-COMP-2..5)."""
    state = played(Rules(4), seed=12, moves=60)
    assert sum(map(sum, state.storage)) - sum(state.storage[1]) >= 3
    view = observe(state, 1)
    hands = set()
    for i in range(20):
        dealt = resample(view, random.Random(i))
        assert dealt.storage == [list(p) for p in view.storages or ()]
        assert dealt.card_totals() == state.card_totals()
        hands.add(str(dealt.hands))
    assert len(hands) > 1


def test_the_bots_table_uses_the_memory_only_when_asked() -> None:
    """The search remembers the piles (``recall``); Medium's table keeps expecting them from
    their sizes, as before the memory existed."""
    state = played(Rules(2), seed=3, moves=40)
    assert sum(state.storage[1]) >= 2
    view = observe(state, 0)
    remembered = PileForecast.from_view(view, recall=True)
    assert remembered.storage[1] == [float(x) for x in state.storage[1]]
    forgetful = PileForecast.from_view(view)
    blind = PileForecast.from_view(replace(view, storages=None))
    assert forgetful.storage == blind.storage and forgetful.pool == blind.pool


def test_the_expert_that_remembers_never_peeks() -> None:
    """R-HARV-3: the Expert bot searches with its memory of the storage piles, and its
    choice still never changes when the cards it cannot know (other hands, the draw
    pile, the true storage behind the record) are dealt anew; only what the table
    watched counts."""
    from test_ai_fairness import sample_positions, shuffle_hidden

    from nile_desktop.ai import make_bot

    bot = make_bot("expert", iterations=20, budget=None, workers=1)  # 3 × 20 iterations
    assert bot.remembers
    rng = random.Random(8)
    for i, state in enumerate(sample_positions(3, 4, seed=620)):
        seat = state.active
        games = [state] + [shuffle_hidden(state, seat, rng) for _ in range(2)]
        views = {observe(game, seat) for game in games}
        assert len(views) == 1 and next(iter(views)).storages is not None
        picks = {tuple(map(str, bot.choose(observe(game, seat), game.legal_moves(),
                                           random.Random(i))))
                 for game in games}
        assert len(picks) == 1, picks


@pytest.mark.parametrize(("level", "remembers"), [("hard", False), ("expert", True)])
def test_only_the_expert_deals_the_piles_it_remembers(
        monkeypatch: pytest.MonkeyPatch, level: str, remembers: bool) -> None:
    """R-HARV-3: the Expert's determinisations keep every storage pile as the seat watched
    it fill; Hard's forget them and deal the other piles from their sizes alone."""
    from nile_desktop.ai import make_bot
    from nile_desktop.ai import search as S

    seen: list[object] = []

    class Recording(S.Dealer):  # type: ignore[name-defined,misc]
        def __init__(self, view: object) -> None:
            seen.append(view)
            super().__init__(view)

    monkeypatch.setattr(S, "Dealer", Recording)
    state = new_game(Rules(players=3), seed=31)
    rng = random.Random(2)
    legal = state.legal_moves()
    while not any(any(pile) for pile in state.storage) or len(legal) < 3:
        state.apply(legal[rng.randrange(len(legal))])
        legal = state.legal_moves()
    view = observe(state, state.active)
    assert view.storages is not None
    make_bot(level, iterations=4, budget=None, workers=1).choose(view, legal, random.Random(1))
    assert seen
    for dealt_from in seen:
        assert (dealt_from.storages == view.storages) is remembers  # type: ignore[attr-defined]
        if not remembers:
            assert dealt_from.storages is None  # type: ignore[attr-defined]
