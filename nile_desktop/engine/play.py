"""Applying a move: every automatic consequence, in the order of RULES.md.

One call plays the active player's decision and everything it sets off:
trades, planting and speculation, the end-of-turn draw, the next player's
flood with its pay-outs and harvest, locusts wherever they turn up, erosion,
season changes and the end of the game. Validation (:mod:`.validate`)
happens completely before the first change, so a refused move changes
nothing (R-WHY-1).

Every step is told as an event (:mod:`.events`) unless the board is
``quiet``: a search's determinisation, whose thousands of moves a second
nobody reads about, plays the same rules without building them.
"""

from __future__ import annotations

from .board import Board
from .cards import (
    CROPS,
    CROPS_SHOWN,
    LOCUST,
    MON_KEY,
    MONUMENTS,
    N_CROPS,
    N_MONUMENTS,
    OBELISK,
    STONE,
    crops_shown,
)
from .events import (
    Drawn,
    Event,
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
from .moves import (
    MARKET,
    OFFER,
    PLANT,
    SPECULATE,
    Move,
    token_from_storage,
    token_key,
    token_kind,
)
from .places import CARD_REFS, FIELD_PLACES, MONUMENT_PLACES, Place
from .powers import payout_for, takeover_need, turn_draw
from .rng import Rng
from .scoring import final_result
from .validate import Plan, validate

# -- applying ----------------------------------------------------------------

def apply_move(state: Board, move: Move | str) -> list[Event]:
    """Validate and play ``move`` for the active seat; return the events it set off."""
    move, plan = validate(state, move)
    return _play(state, move, plan)


def apply_known_legal(state: Board, move: Move) -> list[Event]:
    """Play ``move`` that the caller knows is legal here, without validating it.

    For the search bot, whose moves come from the legal list or from a
    policy that builds only legal moves (its tests check that against
    :func:`~.validate.validate`): validation is a quarter of the cost of a
    move. An illegal move here leaves the state wrong, so anything that
    comes from a person goes through :func:`apply_move`.
    """
    plan = _plans.get(move)
    if plan is None:
        plan = {}
        if move.action == PLANT:
            for t in move.tokens:
                key = token_key(t)
                plan[key] = plan.get(key, 0) + 1
        if len(_plans) >= _PLANS_KEPT:
            _plans.clear()
        _plans[move] = plan
    return _play(state, move, plan)


#: The planting plan of each move played by :func:`apply_known_legal` (read only: a
#: plan is never changed), so that a search's thousands of moves are not parsed again.
_plans: dict[Move, Plan] = {}
_PLANS_KEPT = 20_000


def _play(state: Board, move: Move, plan: Plan) -> list[Event]:
    """Play a validated ``move`` with its planting ``plan``."""
    events: list[Event] = []
    state.events = events
    seat = state.active
    action = move.action
    if action in (MARKET, OFFER):
        # R-TRADE-1: two cards from hand and/or storage go to the discard pile.
        hand, store = state.hands[seat], state.storage[seat]
        from_store = 0
        for t in move.tokens:
            kind = token_kind(t)
            if token_from_storage(t):
                store[kind] -= 1
                from_store += 1
                if state.watched is not None:  # shown as it goes: everyone sees it leave
                    state.watched[seat][kind] -= 1
            else:
                hand[kind] -= 1
            state.discard[kind] += 1
        if from_store and state.rules.storage_top:
            del state.stacks[seat][-from_store:]  # validated: these are the top cards
        if not state.quiet:
            events.append(Traded(seat, action, move.refs))
        if action == MARKET:
            draw(state, seat, 1, "market")  # R-TRADE-2
        else:
            reveal_flood(state, seat)  # R-TRADE-3
        _end_step(state)
        return events
    if action == PLANT:
        _plant(state, seat, move, plan)
    elif action == SPECULATE:
        hand = state.hands[seat]
        for t in move.tokens:
            hand[token_kind(t)] -= 1
            state.specs[seat].append(token_kind(t))  # R-SPEC-2: pending until the next reveal
        if not state.quiet:
            events.append(Speculated(seat, move.refs))
    elif not state.quiet:
        events.append(Passed(seat))
    # R-DRAW-1: the Obelisk as owned when the draw starts.
    draw(state, seat, turn_draw(state, seat), "turn")
    if not _end_step(state):
        state.active = (seat + 1) % state.rules.players
        start_turn(state)
    return events


def start_turn(state: Board) -> None:
    """The active player's flood and harvest (R-FLOOD, R-HARV)."""
    if not state.quiet:
        state.events.append(TurnStarted(state.active))
    reveal_flood(state, state.active)
    _end_step(state)


def _end_step(state: Board) -> bool:
    """End the game if the last pile ran out during this step (R-END-2)."""
    if state.ending and state.result is None:
        result = state.result = final_result(state)
        if not state.quiet:
            state.events.append(GameOver(result.ranking, result.piles))
    return state.result is not None


def _plant(state: Board, seat: int, move: Move, plan: Plan) -> None:
    """Lay the cards on the fields of ``plan``, taking over where needed (R-PLANT, R-MON-1..3)."""
    events = state.events
    hand = state.hands[seat]
    for key, n in plan.items():  # a crop card, or a stone for a Monument
        hand[key if key < MON_KEY else STONE] -= n
    if not state.quiet:
        events.append(Planted(seat, move.refs))
    # R-PLANT-4: ownership (Sphinx, Wall) is read before the move, so every
    # take-over of this move is decided on the board as it was.
    fields, mons = state.fields[seat], state.mons[seat]
    holders = {key: takeover_need(state, seat, key)[1] for key in plan
               if not (fields[key] if key < MON_KEY else mons[key - MON_KEY])}
    for key, n in plan.items():
        if key < MON_KEY:
            if not fields[key]:
                holder = holders[key]
                if holder >= 0:
                    lost = state.fields[holder][key]
                    state.fields[holder][key] = 0
                    state.discard[key] += lost
                    if not state.quiet:
                        events.append(TakenOver(seat, holder, CROPS[key], lost))
            fields[key] += n
        else:
            m = key - MON_KEY
            if not mons[m]:
                holder = holders[key]
                if holder >= 0:
                    lost = state.mons[holder][m]
                    state.mons[holder][m] = 0
                    state.discard[STONE] += lost
                    if not state.quiet:
                        events.append(MonumentTaken(seat, holder, MONUMENTS[m], lost, n))
                elif not state.quiet:
                    events.append(MonumentBuilt(seat, MONUMENTS[m], n))
            mons[m] += n


def _take_top(state: Board) -> int:
    """Take the top card of the draw pile, or -1 if none is left (the game is ending)."""
    if not state.deck and not season_end(state):
        return -1
    return state.deck.pop()


def _after_take(state: Board) -> None:
    """The moment the pile is empty the season ends (R-END-1)."""
    if not state.deck:
        season_end(state)


def season_end(state: Board) -> bool:
    """Start the next season's pile; False if this was the last season (R-END-1, R-END-2)."""
    if state.ending:
        return False
    if state.season >= state.seasons:
        state.ending = True
        return False
    pile: list[int] = []
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
    if not state.quiet:
        state.events.append(SeasonEnded(state.season - 1, len(pile)))
    return True


def draw(state: Board, seat: int, n: int, reason: str) -> None:
    """``seat`` draws ``n`` cards; a locust is resolved and replaced (R-LOCUST-3).

    A draw that outlasts the last pile gives what is left (R-END-2).
    """
    hand = state.hands[seat]
    deck = state.deck
    if 0 < n < len(deck) and LOCUST not in deck[-n:]:
        # The usual case in one step: no locust, and the pile does not run out.
        got = deck[-n:]
        del deck[-n:]
        for kind in got:
            hand[kind] += 1
    else:
        got = []
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
    if not state.quiet:
        got.sort()
        state.events.append(Drawn(seat, reason, len(got), tuple(map(CARD_REFS.__getitem__, got))))


def reveal_flood(state: Board, seat: int) -> None:
    """Reveal a new flood card (R-FLOOD-1): locusts first (R-FLOOD-3), then
    pay-outs, then harvest or erosion (R-FLOOD-5, R-FLOOD-4)."""
    while True:
        kind = _take_top(state)
        if kind < 0:
            return
        if kind != LOCUST:
            break
        _locust(state, seat, "flood")  # R-FLOOD-3: resolved, set aside, replaced
        _after_take(state)
    if state.flood >= 0:
        state.flood_stack[state.flood] += 1
    state.flood = kind
    if not state.quiet:
        state.events.append(FloodRevealed(seat, CARD_REFS[kind]))
    if any(state.specs):
        _pay_speculations(state, seat, kind)
    if kind == STONE:
        _erode(state)  # R-FLOOD-4: a stone floods no crop
    else:
        _harvest(state, CROPS_SHOWN[kind])
    _after_take(state)


def _pay_speculations(state: Board, revealer: int, flood: int) -> None:
    """Pay every pending speculation of this reveal (R-SPEC-2, R-SPEC-3); called
    only when some seat has one pending.

    All pending cards, matched or not, go to the discard pile before the
    first pay-out card is drawn, so a reshuffle during a pay-out takes them
    all. Seats are paid in turn order from the revealer; whether a seat has
    the Obelisk's 4 is read once, when its pay-out starts.
    """
    shown = set(crops_shown(flood))
    players = state.rules.players
    pending: list[tuple[int, list[int]]] = []
    for i in range(players):
        seat = (revealer + i) % players
        if state.specs[seat]:
            kinds = sorted(state.specs[seat])
            pending.append((seat, kinds))
            for kind in kinds:
                state.discard[kind] += 1
            state.specs[seat] = []
    for seat, kinds in pending:
        count = payout_for(state.mons[seat][OBELISK] > 0)
        for kind in kinds:
            if shown.intersection(crops_shown(kind)):
                if not state.quiet:
                    state.events.append(SpeculationPaid(seat, CARD_REFS[kind], count))
                draw(state, seat, count, "speculation")
            else:
                if not state.quiet:
                    state.events.append(SpeculationFailed(seat, CARD_REFS[kind]))


def _harvest(state: Board, crops: tuple[int, ...]) -> None:
    """R-HARV-1: every seat moves the top card of each flooded field to storage.

    R-HARV-2: a field that empties is gone (its count is 0). Monument fields
    are never harvested (R-MON-4). Under ``storage: top`` the cards go on the
    pile in crop order (R-TRADE-1).
    """
    top = state.rules.storage_top
    watched = state.watched
    for seat, fields in enumerate(state.fields):  # one row per seat
        for crop in crops:  # crops_shown lists them in rule order
            if fields[crop]:
                fields[crop] -= 1
                state.storage[seat][crop] += 1
                if watched is not None:  # in plain sight, from a field everyone sees
                    watched[seat][crop] += 1
                if top:
                    state.stacks[seat].append(crop)
                if not state.quiet:
                    state.events.append(Harvested(seat, CROPS[crop], fields[crop]))


def _erode(state: Board) -> None:
    """R-MON-6: each Monument field loses a stone; one left bare goes back to the centre."""
    for seat in range(state.rules.players):
        mons = state.mons[seat]
        for m in range(N_MONUMENTS):
            if mons[m]:
                mons[m] -= 1
                state.discard[STONE] += 1
                if not state.quiet:
                    state.events.append(MonumentEroded(seat, MONUMENTS[m], mons[m]))
                    if not mons[m]:
                        state.events.append(MonumentLost(seat, MONUMENTS[m], "erosion"))


def _locust(state: Board, seat: int, cause: str) -> None:
    """The largest fields of all players are eaten, ties included (R-LOCUST-1).

    A Monument field eaten returns its Monument to the centre (R-LOCUST-2);
    the locust is set aside for the next season's pile (R-LOCUST-3).
    """
    largest = 0
    for s in range(state.rules.players):
        largest = max(largest, *state.fields[s], *state.mons[s])
    eaten: list[tuple[int, Place, int]] = []
    lost: list[tuple[int, str]] = []
    if largest:
        for s in range(state.rules.players):
            fields, mons = state.fields[s], state.mons[s]
            for crop in range(N_CROPS):
                if fields[crop] == largest:
                    fields[crop] = 0
                    state.discard[crop] += largest
                    eaten.append((s, FIELD_PLACES[crop], largest))
            for m in range(N_MONUMENTS):
                if mons[m] == largest:
                    mons[m] = 0
                    state.discard[STONE] += largest
                    eaten.append((s, MONUMENT_PLACES[m], largest))
                    lost.append((s, MONUMENTS[m]))
    state.locust_aside = True
    if not state.quiet:
        state.events.append(LocustStruck(seat, cause, tuple(eaten)))
        for s, name in lost:
            state.events.append(MonumentLost(s, name, "locust"))
