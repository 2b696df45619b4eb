"""What each level knows, on arranged positions named by the rule they test.

Medium counts cards: it takes a field over when it holds enough cards
(R-PLANT-3, R-PLANT-4), plants for its smallest storage pile (R-END-3),
speculates when the odds pay (R-SPEC-3) and builds the Obelisk (R-MON-5).
Hard is deterministic with a seed and an iteration cap; Easy is noisy.
"""

from __future__ import annotations

import random

from nile_desktop.ai import make_bot
from nile_desktop.engine import Rules, State, new_game, observe
from nile_desktop.engine.cards import CROP_BY_NAME, KIND_BY_NAME, LOCUST, N_KINDS


def arranged(players: int, hand: dict[str, int], storage: dict[str, int] | None = None,
             fields: dict[int, dict[str, int]] | None = None, flood: str = "stone",
             seed: int = 1) -> State:
    """A state whose active seat holds ``hand`` and ``storage``; ``fields`` by seat offset.

    Every card comes out of the real deck, so totals per kind stay right;
    other seats get five random cards each.
    """
    s = new_game(Rules(players=players), seed=seed)
    pool = list(s.deck)
    for seat in range(players):
        pool += [k for k in range(N_KINDS) for _ in range(s.hands[seat][k])]
        s.hands[seat] = [0] * N_KINDS
    pool.append(s.flood)
    rng = random.Random(seed)

    def take(kind: int) -> int:
        pool.remove(kind)
        return kind

    s.flood = take(KIND_BY_NAME[flood])
    me = s.active
    for name, n in hand.items():
        for _ in range(n):
            s.hands[me][take(KIND_BY_NAME[name])] += 1
    for name, n in (storage or {}).items():
        for _ in range(n):
            s.storage[me][take(CROP_BY_NAME[name])] += 1
    for offset, crops in (fields or {}).items():
        for name, n in crops.items():
            for _ in range(n):
                s.fields[(me + offset) % players][take(CROP_BY_NAME[name])] += 1
    rng.shuffle(pool)
    for seat in range(players):
        if seat != me:
            for _ in range(5):
                k = next(k for k in pool if k != LOCUST)
                s.hands[seat][take(k)] += 1
    s.deck = pool
    return s


def choose(level: str, state: State, seed: int = 0, **options):
    bot = make_bot(level, **options)
    return bot.choose(observe(state, state.active), state.legal_moves(), random.Random(seed))


BALANCED = {"wheat": 2, "lettuce": 2, "castor": 2, "flax": 2}


def test_medium_takes_over_a_field_when_it_holds_enough_cards() -> None:
    """R-PLANT-3/R-PLANT-4: three Papyrus beat a field of two, and Papyrus is its smallest pile."""
    s = arranged(4, {"papyrus": 3, "spec:wheat+lettuce": 1}, BALANCED, {1: {"papyrus": 2}})
    move, reason = choose("medium", s)
    assert str(move) == "plant papyrus papyrus papyrus"
    assert str(reason) == "takes the Papyrus field, 3 against 2"


def test_medium_plants_the_crop_of_its_smallest_pile() -> None:
    """R-END-3: only the smallest pile scores, so Wheat (0 in storage) is planted, not Flax."""
    s = arranged(4, {"wheat": 2, "flax": 2}, {"papyrus": 2, "lettuce": 2, "castor": 2, "flax": 3})
    move, _ = choose("medium", s)
    assert move.action == "plant"
    assert "wheat" in move.cards


def test_medium_speculates_when_it_has_nothing_to_plant() -> None:
    """R-SPEC-3: a speculation pays three cards if the next flood shows one of its crops."""
    s = arranged(4, {"spec:papyrus+wheat": 1, "stone": 1}, BALANCED)
    move, reason = choose("medium", s)
    assert str(move) == "speculate spec:papyrus+wheat"
    assert "chance to draw 3" in str(reason)


def test_medium_builds_the_obelisk_with_its_stones() -> None:
    """R-MON-5: the Obelisk draws an extra card every turn; three stones build it."""
    s = arranged(4, {"stone": 3}, BALANCED, flood="lettuce")
    move, reason = choose("medium", s)
    assert str(move) == "plant stone@obelisk stone@obelisk stone@obelisk"
    assert str(reason) == "builds the Obelisk with 3 stones"


def test_medium_never_speculates_on_a_flooded_crop() -> None:
    """R-SPEC-1: a speculation showing a flooded crop is not even considered (it is not legal)."""
    s = arranged(4, {"spec:papyrus+wheat": 1}, BALANCED, flood="wheat")
    move, _ = choose("medium", s)
    assert move.action != "speculate"


def test_hard_is_deterministic_with_a_seed_and_an_iteration_cap() -> None:
    s = arranged(4, {"papyrus": 3, "wheat": 1, "flax": 1, "spec:lettuce+castor": 1}, BALANCED,
                 {1: {"papyrus": 2}})
    options = {"iterations": 150, "budget": None, "workers": 1}
    first = choose("hard", s, seed=5, **options)
    again = choose("hard", s, seed=5, **options)
    assert first[0] == again[0] and str(first[1]) == str(again[1])


def test_hard_builds_the_obelisk_and_says_how_sure_it_is() -> None:
    """R-MON-5 through the search: stones alone build the Obelisk; the reason gives the odds."""
    s = arranged(4, {"stone": 3}, BALANCED, flood="lettuce")
    move, reason = choose("hard", s, seed=1, iterations=300, budget=None, workers=1)
    assert move.action == "plant" and set(move.cards) == {"stone@obelisk"}
    assert str(reason).startswith("builds the Obelisk with ")
    assert str(reason).endswith(" of 300 simulated games)")


def test_easy_is_noisy_but_legal() -> None:
    """Easy picks among good moves with noise: different seeds, different choices, all legal."""
    s = arranged(4, {"wheat": 2, "flax": 2, "papyrus": 1, "spec:lettuce+castor": 1}, BALANCED)
    legal = s.legal_moves()
    picks = {choose("easy", s, seed=i)[0] for i in range(40)}
    assert picks <= set(legal)
    assert len(picks) > 1


def test_hard_gives_the_same_answer_on_one_core_or_two() -> None:
    """Without a clock the search is split into fixed shares: processes only change the speed."""
    s = arranged(4, {"wheat": 2, "flax": 2, "stone": 2}, BALANCED, flood="lettuce")
    one = choose("hard", s, seed=3, iterations=120, workers=1)
    two = choose("hard", s, seed=3, iterations=120, workers=2)
    assert one[0] == two[0] and str(one[1]) == str(two[1])


def test_hard_keeps_to_its_time_budget(monkeypatch) -> None:
    """A wall-clock budget per decision (here 0.2 s), not an iteration count, ends the search.

    The search's own clock is replaced by a fake that moves 1 ms each time it is
    read, so the test is about behaviour (the deadline stops the search) and never
    about this machine's speed. A cap of 5,000 iterations is the safety net: were
    the deadline ignored, the search would stop there and the test fail, not hang.
    """
    import nile_desktop.ai.search as search_module

    now = [1000.0]

    def fake_time() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(search_module, "clock", fake_time)
    s = arranged(4, {"wheat": 2, "flax": 2, "stone": 2}, BALANCED, flood="lettuce")
    bot = make_bot("hard", budget=0.2, iterations=5000, workers=1)
    move, _ = bot.choose(observe(s, s.active), s.legal_moves(), random.Random(0))
    assert 5 < bot.last_iterations < 400  # ~200 clock reads fit in 0.2 s of fake time
    assert move in s.legal_moves()
    # The search stops early enough that gathering the workers' answers (at most
    # parallel.GRACE late) still ends the decision inside its budget.
    assert now[0] - 1000.0 <= 0.2 - search_module.GRACE


def test_expert_searches_three_times_as_long_as_hard() -> None:
    hard, expert = make_bot("hard"), make_bot("expert")
    assert expert.level == "expert" and expert.budget == 3 * hard.budget == 3.0
    capped = make_bot("expert", iterations=30, workers=1)
    assert capped.budget is None and capped.iterations == 30
