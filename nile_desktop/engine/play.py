"""Applying a move: validation with reasons, then every automatic consequence.

One call plays the active player's decision and everything it sets off, in
the order of RULES.md: trades, planting and speculation, the end-of-turn draw,
the next player's flood with its pay-outs and harvest, locusts wherever they
turn up, erosion, season changes and the end of the game. Validation happens
completely before the first change, so a refused move changes nothing.
"""

from __future__ import annotations

from .cards import (
    CROPS,
    KIND_NAMES,
    LOCUST,
    MONUMENTS,
    N_CROPS,
    OBELISK,
    SPHINX,
    STONE,
    WALL,
    crops_shown,
    is_spec,
)
from .errors import IllegalMoveError
from .events import (
    Drawn,
    FloodRevealed,
    GameOver,
    Harvested,
    LocustStruck,
    MonumentBuilt,
    MonumentEroded,
    MonumentLost,
    MonumentTaken,
    Passed,
    Planted,
    SeasonEnded,
    Speculated,
    SpeculationFailed,
    SpeculationPaid,
    TakenOver,
    Traded,
    TurnStarted,
)
from .moves import MARKET, OFFER, PASS, PLANT, SPECULATE, STONE_AT, Move
from .rng import Rng
from .scoring import final_result

# Planting keys: a crop 0–6, or a Monument as N_CROPS + m.
_MON_KEY = N_CROPS


def _refuse(code: str, move: Move | str, message: str, **numbers) -> IllegalMoveError:
    return IllegalMoveError(code, message, move=str(move), **numbers)


def flooded_crops(state) -> tuple[int, ...]:
    """Crops shown by the current flood card (R-FLOOD-2)."""
    return crops_shown(state.flood) if state.flood >= 0 else ()


def takeover_need(state, seat: int, key: int) -> tuple[int, int]:
    """(cards a new field ``key`` of ``seat`` needs, current holder or -1) (R-PLANT-4)."""
    sphinx = 1 if state.mons[seat][SPHINX] else 0
    for other in range(state.rules.players):
        if other == seat:
            continue
        size = state.fields[other][key] if key < _MON_KEY else state.mons[other][key - _MON_KEY]
        if size:
            wall = 1 if state.mons[other][WALL] else 0
            return size + 1 - sphinx + wall, other
    return 0, -1


def validate(state, move: Move | str) -> tuple[Move, dict[int, int]]:
    """Check ``move`` against the rules; return it parsed, with the planting plan.

    The plan maps planting keys (crop, or ``N_CROPS + monument``) to card
    counts. Raises :class:`IllegalMoveError` with the first reason of the
    NOTATION.md table that applies.
    """
    if state.over:
        raise _refuse("game-over", move, "the game is over")
    if not isinstance(move, Move):
        move = Move.parse(move)
    seat = state.active
    action, tokens = move.action, move.tokens
    if action in (MARKET, OFFER):
        if len(tokens) != 2:
            raise _refuse("trade-needs-two", move, "a trade discards exactly two cards",
                          needed=2, have=len(tokens))
        _check_held(state, move, seat)
        return move, {}
    if action == SPECULATE:
        if not 1 <= len(tokens) <= 2:
            raise _refuse("speculate-one-or-two", move, "speculate with one or two cards",
                          needed=2 if tokens else 1, have=len(tokens))
        for t in tokens:
            if not is_spec(t >> 1):
                raise _refuse("not-speculation", move, "only speculation cards can be speculated",
                              card=KIND_NAMES[t >> 1])
        _check_held(state, move, seat)
        flooded = flooded_crops(state)
        for t in tokens:
            if any(c in flooded for c in crops_shown(t >> 1)):
                raise _refuse("flooded", move, "this speculation shows a flooded crop",
                              card=KIND_NAMES[t >> 1])
        return move, {}
    if action == PASS:
        return move, {}
    return move, _validate_plant(state, move, seat)


def _check_held(state, move: Move, seat: int) -> None:
    need_hand: dict[int, int] = {}
    need_store: dict[int, int] = {}
    for t in move.tokens:
        kind = t >> 1
        if kind >= STONE_AT:
            kind = STONE
        book = need_store if t & 1 else need_hand
        book[kind] = book.get(kind, 0) + 1
    hand, store = state.hands[seat], state.storage[seat]
    for kind, n in need_hand.items():
        if hand[kind] < n:
            raise _refuse("not-held", move, "that card is not in your hand in that number",
                          needed=n, have=hand[kind], card=KIND_NAMES[kind])
    for kind, n in need_store.items():
        have = store[kind] if kind < N_CROPS else 0
        if have < n:
            raise _refuse("not-held", move, "that card is not in your storage in that number",
                          needed=n, have=have, card="storage:" + KIND_NAMES[kind])


def _validate_plant(state, move: Move, seat: int) -> dict[int, int]:
    for t in move.tokens:
        kind = t >> 1
        if N_CROPS <= kind < STONE_AT and kind != STONE:
            raise _refuse("not-plantable", move, "only crop cards and stones can be planted",
                          card=KIND_NAMES[kind])
    plan: dict[int, int] = {}
    for t in move.tokens:
        kind = t >> 1
        if kind == STONE:
            raise _refuse("stone-needs-monument", move,
                          "a stone is planted on a Monument: write stone@sphinx, stone@obelisk or stone@wall")
        key = _MON_KEY + kind - STONE_AT if kind >= STONE_AT else kind
        plan[key] = plan.get(key, 0) + 1
    _check_held(state, move, seat)
    flooded = flooded_crops(state)
    for key in plan:
        if key < _MON_KEY and key in flooded:
            raise _refuse("flooded", move, "this crop is flooded and cannot be planted this turn",
                          card=CROPS[key])
        if key >= _MON_KEY and state.flood == STONE:
            raise _refuse("flooded", move, "a stone is the flood card: no stones can be planted",
                          card="stone")
    fields, mons = state.fields[seat], state.mons[seat]
    new = [k for k in plan if not (fields[k] if k < _MON_KEY else mons[k - _MON_KEY])]
    if sum(1 for k in new if k >= _MON_KEY) > 1:
        raise _refuse("one-monument-per-turn", move, "only one Monument can be built in a turn")
    if new:
        total = sum(plan.values())
        if len(plan) == 1:
            if total < 2:
                raise _refuse("new-field-needs-two", move, "a new field of one crop needs two cards",
                              needed=2, have=total)
        elif len(plan) == 2:
            if total != 2:
                raise _refuse("two-crops-two-cards", move,
                              "two different crops are planted as exactly one card each",
                              needed=2, have=total)
        else:
            raise _refuse("too-many-kinds", move,
                          "more than two kinds of card go only into fields you already have")
        for key in new:
            needed, holder = takeover_need(state, seat, key)
            if holder >= 0 and plan[key] < needed:
                name = CROPS[key] if key < _MON_KEY else MONUMENTS[key - _MON_KEY]
                raise _refuse("field-too-small", move,
                              f"taking over this field needs {needed} cards, you play {plan[key]}",
                              needed=needed, have=plan[key], card=name)
    return plan


# -- applying ----------------------------------------------------------------

def apply_move(state, move: Move | str) -> list:
    move, plan = validate(state, move)
    state.events = events = []
    seat = state.active
    action = move.action
    if action in (MARKET, OFFER):
        hand, store = state.hands[seat], state.storage[seat]
        for t in move.tokens:
            kind = t >> 1
            (store if t & 1 else hand)[kind] -= 1
            state.discard[kind] += 1
        events.append(Traded(seat, action, move.cards))
        if action == MARKET:
            draw(state, seat, 1, "market")
        else:
            reveal_flood(state, seat)
        _end_step(state)
        return events
    if action == PLANT:
        _plant(state, seat, move, plan)
    elif action == SPECULATE:
        hand = state.hands[seat]
        for t in move.tokens:
            hand[t >> 1] -= 1
            state.specs[seat].append(t >> 1)
        events.append(Speculated(seat, move.cards))
    else:
        events.append(Passed(seat))
    n = 3 if state.mons[seat][OBELISK] else 2
    draw(state, seat, n, "turn")
    if not _end_step(state):
        state.active = (seat + 1) % state.rules.players
        start_turn(state)
    return events


def start_turn(state) -> None:
    """The active player's flood and harvest (R-FLOOD, R-HARV)."""
    state.events.append(TurnStarted(state.active))
    reveal_flood(state, state.active)
    _end_step(state)


def _end_step(state) -> bool:
    """End the game if the last pile ran out during this step (R-END-2)."""
    if state.ending and not state.over:
        state.over = True
        state.result = final_result(state)
        state.events.append(GameOver(
            tuple(tuple(g) for g in state.result["ranking"]),
            tuple(tuple(p) for p in state.result["piles"]),
        ))
    return state.over


def _plant(state, seat: int, move: Move, plan: dict[int, int]) -> None:
    events = state.events
    hand = state.hands[seat]
    for t in move.tokens:
        kind = t >> 1
        hand[STONE if kind >= STONE_AT else kind] -= 1
    events.append(Planted(seat, move.cards))
    for key, n in plan.items():
        if key < _MON_KEY:
            if not state.fields[seat][key]:
                _, holder = takeover_need(state, seat, key)
                if holder >= 0:
                    lost = state.fields[holder][key]
                    state.fields[holder][key] = 0
                    state.discard[key] += lost
                    events.append(TakenOver(seat, holder, CROPS[key], lost))
            state.fields[seat][key] += n
        else:
            m = key - _MON_KEY
            if not state.mons[seat][m]:
                _, holder = takeover_need(state, seat, key)
                if holder >= 0:
                    lost = state.mons[holder][m]
                    state.mons[holder][m] = 0
                    state.discard[STONE] += lost
                    events.append(MonumentTaken(seat, holder, MONUMENTS[m], lost, n))
                else:
                    events.append(MonumentBuilt(seat, MONUMENTS[m], n))
            state.mons[seat][m] += n


def _take_top(state) -> int:
    """Take the top card of the draw pile, or -1 if none is left (the game is ending)."""
    if not state.deck and not season_end(state):
        return -1
    return state.deck.pop()


def _after_take(state) -> None:
    """The moment the pile is empty the season ends (R-END-1)."""
    if not state.deck:
        season_end(state)


def season_end(state) -> bool:
    """Start the next season's pile; False if this was the last season (R-END-1, R-END-2)."""
    if state.ending:
        return False
    if state.season >= state.seasons:
        state.ending = True
        return False
    pile = []
    for counts in (state.discard, state.flood_stack):
        for kind, n in enumerate(counts):
            if n:
                pile.extend([kind] * n)
                counts[kind] = 0
    if state.locust_aside:
        pile.append(LOCUST)
        state.locust_aside = False
    state.shuffles += 1
    Rng(state.seed, state.shuffles).shuffle(pile)
    state.deck = pile
    state.season += 1
    state.events.append(SeasonEnded(state.season - 1, len(pile)))
    return True


def draw(state, seat: int, n: int, reason: str) -> None:
    """``seat`` draws ``n`` cards; a locust is resolved and replaced (R-LOCUST-3)."""
    got: list[int] = []
    hand = state.hands[seat]
    while len(got) < n:
        kind = _take_top(state)
        if kind < 0:
            break
        if kind == LOCUST:
            _locust(state, seat, reason)
        else:
            hand[kind] += 1
            got.append(kind)
        _after_take(state)
    got.sort()
    state.events.append(Drawn(seat, reason, len(got), tuple(KIND_NAMES[k] for k in got)))


def reveal_flood(state, seat: int) -> None:
    """Reveal a new flood card: locusts first, then pay-outs, then harvest or erosion (R-FLOOD)."""
    while True:
        kind = _take_top(state)
        if kind < 0:
            return
        if kind != LOCUST:
            break
        _locust(state, seat, "flood")
        _after_take(state)
    if state.flood >= 0:
        state.flood_stack[state.flood] += 1
    state.flood = kind
    state.events.append(FloodRevealed(seat, KIND_NAMES[kind]))
    _pay_speculations(state, seat, kind)
    if kind == STONE:
        _erode(state)
    else:
        _harvest(state, crops_shown(kind))
    _after_take(state)


def _pay_speculations(state, revealer: int, flood: int) -> None:
    shown = set(crops_shown(flood))
    players = state.rules.players
    for i in range(players):
        seat = (revealer + i) % players
        pending = state.specs[seat]
        if not pending:
            continue
        for kind in sorted(pending):
            if shown.intersection(crops_shown(kind)):
                count = 4 if state.mons[seat][OBELISK] else 3
                state.events.append(SpeculationPaid(seat, KIND_NAMES[kind], count))
                draw(state, seat, count, "speculation")
            else:
                state.events.append(SpeculationFailed(seat, KIND_NAMES[kind]))
        for kind in pending:
            state.discard[kind] += 1
        state.specs[seat] = []


def _harvest(state, crops: tuple[int, ...]) -> None:
    for seat in range(state.rules.players):
        fields = state.fields[seat]
        for crop in crops:
            if fields[crop]:
                fields[crop] -= 1
                state.storage[seat][crop] += 1
                state.events.append(Harvested(seat, CROPS[crop], fields[crop]))


def _erode(state) -> None:
    for seat in range(state.rules.players):
        mons = state.mons[seat]
        for m in range(3):
            if mons[m]:
                mons[m] -= 1
                state.discard[STONE] += 1
                state.events.append(MonumentEroded(seat, MONUMENTS[m], mons[m]))
                if not mons[m]:
                    state.events.append(MonumentLost(seat, MONUMENTS[m], "erosion"))


def _locust(state, seat: int, cause: str) -> None:
    """The largest fields of all players are eaten, ties included (R-LOCUST)."""
    largest = 0
    for s in range(state.rules.players):
        largest = max(largest, *state.fields[s], *state.mons[s])
    eaten: list[tuple[int, str, int]] = []
    lost: list[tuple[int, str]] = []
    if largest:
        for s in range(state.rules.players):
            fields, mons = state.fields[s], state.mons[s]
            for crop in range(N_CROPS):
                if fields[crop] == largest:
                    fields[crop] = 0
                    state.discard[crop] += largest
                    eaten.append((s, CROPS[crop], largest))
            for m in range(3):
                if mons[m] == largest:
                    mons[m] = 0
                    state.discard[STONE] += largest
                    eaten.append((s, MONUMENTS[m], largest))
                    lost.append((s, MONUMENTS[m]))
    state.locust_aside = True
    state.events.append(LocustStruck(seat, cause, tuple(eaten)))
    for s, name in lost:
        state.events.append(MonumentLost(s, name, "locust"))
