"""The projected storage: how many cards of each crop a seat should end the game with.

The evaluation of the gauntlet's flat players (:mod:`.flat`), written from the
rules alone and apart from the search bots' own evaluation (:mod:`.evaluation`), so the
gauntlet tests Hard against a judgement that does not share its blind spots.

Only the smallest storage pile scores (R-END-3), and cards reach storage only
as harvests of the seat's own fields (R-HARV-1), one card per flood of the
field's crop. So a seat's projected pile of a crop is its storage now, plus
what its field should still yield (the field's size capped by the floods of
that crop still to come, a Poisson count), less what the locust may eat, plus
a share of the cards in hand it could still plant. The floods still to come
are this season's pile divided by the cards a flood turn uses up, plus the
later seasons, whose piles are the cards discarded and flooded before them
(R-END-1). A seat's score is a soft minimum of its projected piles, and a
position's worth to a seat is a logistic of its score against the best
other seat's: near 1 when it leads clearly, near 0 when it trails.
"""

from __future__ import annotations

import math
from functools import lru_cache

from nile_desktop.engine import State
from nile_desktop.engine.cards import (
    CROP_CARDS_PER_CROP,
    OBELISK,
    SPEC_BASE,
    STONE,
    STONE_CARDS,
)
from nile_desktop.engine.powers import payout_for

#: Cards of the draw pile used up per flood reveal (a flood, the turn's draw, trades
#: and pay-outs): measured over 40 Medium games, 3.8 at two players and 3.6 at four.
CARDS_PER_FLOOD = 3.7
#: Share of the cards still in this season's pile that come back in the next one
#: (flood cards and discards, R-END-1), and the shrinking of each season after that.
RETURNING = 0.55
LATER_SHRINK = 0.6
#: A later season's pile is used up a little faster (more speculation pay-outs).
LATER_CARDS_PER_FLOOD = 3.5
#: Worth of a crop card in hand, as a share of what it would add planted.
HAND_SHARE = 0.6
#: The same for a card of a crop another seat holds in a field too large to take.
BLOCKED_SHARE = 0.15
#: Storage cards an unknown future card is worth (a draw of the Obelisk, a pay-out).
CARD_WORTH = 0.3
#: Worth of a stone in hand, in unknown cards, and of a speculation card in hand, as a
#: share of its expected pay-out.
STONE_WORTH = 0.5
SPEC_SHARE = 0.5
#: Cards per own turn the Sphinx and the Wall are worth (they protect and attack).
GUARD_WORTH = 0.12
#: How soft the minimum over piles is, and how sure a lead of one card is.
SOFTNESS = 0.7
CONFIDENCE = 2.5


@lru_cache(maxsize=4096)
def harvests(lam10: int) -> tuple[float, ...]:
    """``E[min(X, j)]`` for ``j = 0..40`` with ``X ~ Poisson(lam10 / 10)``: what a field
    of ``j`` cards yields when ``X`` floods of its crop are still to come."""
    lam = lam10 / 10.0
    p = math.exp(-lam)
    cdf = 0.0
    out = [0.0]
    total = 0.0
    for j in range(40):
        cdf += p
        total += max(0.0, 1.0 - cdf)  # P(X >= j + 1)
        out.append(total)
        p *= lam / (j + 1)
    return tuple(out)


@lru_cache(maxsize=64)
def flood_odds(crops: tuple[int, ...], monuments: bool) -> tuple[float, float]:
    """(chance a flood card shows a given crop, chance it shows one of two given crops),
    over the whole deck of these crops (R-COMP-2, R-COMP-3, R-COMP-5; the locust never
    floods, R-FLOOD-3)."""
    n = len(crops)
    total = n * CROP_CARDS_PER_CROP + n * (n - 1) // 2 + (STONE_CARDS if monuments else 0)
    one = (CROP_CARDS_PER_CROP + n - 1) / total
    two = (2 * CROP_CARDS_PER_CROP + 2 * (n - 1) - 1) / total
    return one, two


def floods_left(state: State) -> float:
    """Flood reveals expected before the game ends: this pile's, then the later seasons'."""
    return expected_floods(len(state.deck), sum(state.discard) + sum(state.flood_stack),
                           state.seasons - state.season)


def expected_floods(deck: int, returned: int, seasons: int) -> float:
    """:func:`floods_left` from the draw pile's size, the cards already discarded or
    flooded this season (``returned``: they make the next pile) and the seasons after."""
    later = 0.0
    if seasons > 0:
        pile = returned + RETURNING * deck
        for _ in range(seasons):
            later += pile / LATER_CARDS_PER_FLOOD
            pile *= LATER_SHRINK
    return deck / CARDS_PER_FLOOD + later


def seat_piles(state: State, seat: int, floods: float) -> list[float]:
    """The projected final pile of every crop in play for ``seat``."""
    one, two = flood_odds(state.crops, state.rules.monuments)
    yields = harvests(min(400, int(10 * floods * one + 0.5)))
    fields, hand, storage = state.fields[seat], state.hands[seat], state.storage[seat]
    all_fields = state.fields
    biggest = max(max(f) for f in all_fields)
    locust = 0.0 if state.locust_aside else min(0.6, 12.0 / (len(state.deck) + 12.0))
    mons = state.mons[seat]
    own_turns = floods / state.rules.players
    extra = 0.0
    if mons[OBELISK]:
        extra += own_turns  # one more card drawn every turn (R-DRAW-1)
    extra += GUARD_WORTH * own_turns * ((mons[0] > 0) + (mons[2] > 0))
    pay = payout_for(mons[OBELISK] > 0)
    # Pending speculations are paid at the next reveal (R-SPEC-3); those in hand later.
    extra += pay * two * (len(state.specs[seat]) + SPEC_SHARE * sum(hand[SPEC_BASE:STONE]))
    extra += STONE_WORTH * hand[STONE]
    generic = CARD_WORTH * extra / len(state.crops)
    out = []
    for c in state.crops:
        f, h = fields[c], hand[c]
        pile = storage[c] + generic
        if f:
            got = yields[f]
            if f >= biggest:
                got *= 1.0 - locust
            pile += got
            if h:
                pile += HAND_SHARE * (yields[f + h] - yields[f])
        elif h:
            share = HAND_SHARE
            for o, row in enumerate(all_fields):
                if o != seat and row[c] >= h:
                    share = BLOCKED_SHARE
                    break
            pile += share * yields[h]
        out.append(pile)
    return out


def soft_minimum(piles: list[float]) -> float:
    """The smallest pile, softened so the next smallest still counts a little (R-END-3)."""
    lo = min(piles)
    return lo - SOFTNESS * math.log(sum(math.exp((lo - p) / SOFTNESS) for p in piles))


def worth(state: State, seat: int) -> float:
    """The position's worth to ``seat`` in [0, 1]: its share of a finished game's win
    (R-END-3), else a logistic of its projected score against the best other seat's."""
    players = state.rules.players
    if state.result is not None:
        return state.result.shares()[seat]
    floods = floods_left(state)
    mine = soft_minimum(seat_piles(state, seat, floods))
    best = max(soft_minimum(seat_piles(state, s, floods)) for s in range(players) if s != seat)
    x = (mine - best) / CONFIDENCE
    return 1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0
