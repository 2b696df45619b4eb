"""Rules of thumb for one turn, in four styles: the gauntlet players' own judgement.

Each gauntlet player (:mod:`.flat`) ranks its moves by these rules, picks its
root candidates from the ranking and plays its play-outs with them. They are
written from the rules alone, apart from the Medium heuristic and the Hard
search's policy, so the gauntlet meets Hard with judgements of its own.

The rules: plant where the projected pile is smallest (:mod:`.projection`),
and no more cards into a field than floods of its crop are still to come;
take a field over when the hand holds enough (R-PLANT-3, R-PLANT-4), the more
gladly the larger the field destroyed; keep off the top of the table while the
locust is still to come (R-LOCUST-1); build a Monument with two stones or
more (R-MON-1), the Obelisk first; speculate when nothing better can be
planted (R-SPEC-3); trade away cards that are no use (stones without a
Monument, cards of a crop another seat holds too firmly) at the market
(R-TRADE-2), or make an offering when the seat's fields stand to gain most
from an extra flood (R-TRADE-3). A :class:`Style` weighs these rules
differently: the aggressor, the speculator and the balancer are the neutral
player with one rule turned up.

Every move built here is legal by construction (a test checks it against the
engine on many positions), and every rule reads only the active seat's own
cards and the public table, so at the root the ranking is the same on every
deal of the hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter

from nile_desktop.engine import Move, State
from nile_desktop.engine.cards import (
    CROP_CARDS_PER_CROP,
    CROPS_SHOWN,
    MON_KEY,
    N_CROPS,
    OBELISK,
    SPEC_BASE,
    SPEC_PAIRS,
    SPHINX,
    STONE,
    WALL,
)
from nile_desktop.engine.moves import (
    HAND_TOKENS,
    MARKET,
    OFFER,
    PASS,
    PLANT,
    SPECULATE,
    stone_token,
    token_from_storage,
    token_key,
    token_kind,
)
from nile_desktop.engine.powers import TAKEOVER_MARGINS, payout_for

from .projection import flood_odds, floods_left, harvests


@dataclass(frozen=True)
class Style:
    """How much each rule of thumb counts; the neutral player is :data:`NEUTRAL`.

    ``takeover``: worth of a rival's field destroyed, per card it would have
    yielded; ``reserve``: cards short of a take-over that are still kept for
    it (never traded away or spent elsewhere); ``speculate``: a factor on a
    speculation's expected pay-out; ``trade`` and ``offer``: a bonus that makes
    a market or an offering more welcome; ``balance``: how sharply the
    smallest projected pile is preferred; ``monuments``: the order in which it
    builds them; ``width``: its root candidates.
    """

    key: str
    takeover: float = 0.6
    reserve: int = 0
    speculate: float = 1.0
    trade: float = 0.0
    offer: float = 0.0
    balance: float = 1.0
    monuments: tuple[int, ...] = (OBELISK, SPHINX, WALL)
    width: int = 8
    #: Whether every root candidate must feed the smallest pile when one can.
    feeds: bool = False


#: The flat player's own judgement: every rule at its plain weight.
NEUTRAL = Style("flat")
#: Plants to take rivals' fields over, keeps cards to do it, builds the Sphinx first.
AGGRESSOR = Style("aggressor", takeover=1.6, reserve=2, monuments=(SPHINX, OBELISK, WALL),
                  width=6)
#: Speculates whenever it can and trades its weak cards at the market and to Hapi. (Each
#: trade costs a card, so the bonuses are small: as greedy players on 400 two-player games
#: against Medium, these rules scored 43%, with bonuses of 0.25 and 0.35 23%, without any 47.5%.)
SPECULATOR = Style("speculator", speculate=3.0, trade=0.04, offer=0.12, width=6)
#: Always feeds its smallest pile first.
BALANCER = Style("balancer", balance=4.0, takeover=0.4, width=6, feeds=True)
STYLES: dict[str, Style] = {s.key: s for s in (NEUTRAL, AGGRESSOR, SPECULATOR, BALANCER)}

#: Storage cards one unknown card (a market draw, a pay-out card) is worth, before the
#: crop it lands on is weighed by how much its pile is wanted.
CARD_VALUE = 0.3
#: How much of a field's worth the locust is expected to take from the largest field.
LOCUST_SHARE = 0.7
#: A trade is made only if it gains more than this: it gives two cards for one (as a
#: greedy player these rules scored 25.5% of 200 two-player games against Medium with a
#: margin of 0.02, 53% with 0.2, 52.5% trading never).
TRADE_MARGIN = 0.2

_PASS = Move.make(PASS, ())
#: Moves looked up rather than built: planting ``n`` cards of crop ``c`` (``[c][n - 1]``),
#: one card each of two crops, speculating with one card or two.
_PLANT_ALL = tuple(tuple(Move.make(PLANT, (HAND_TOKENS[c],) * n)
                         for n in range(1, CROP_CARDS_PER_CROP + 1)) for c in range(N_CROPS))
_PLANT_TWO = {(a, b): Move.make_sorted(PLANT, (HAND_TOKENS[a], HAND_TOKENS[b]))
              for a in range(N_CROPS) for b in range(N_CROPS) if a != b}
_SPEC_KINDS = range(SPEC_BASE, STONE)
_SPEC_SHOWS = {k: set(SPEC_PAIRS[k - SPEC_BASE]) for k in _SPEC_KINDS}
_SPECULATE = {k: Move.make(SPECULATE, (HAND_TOKENS[k],)) for k in _SPEC_KINDS}
_SPECULATE_TWO = {(a, b): Move.make_sorted(SPECULATE, (HAND_TOKENS[a], HAND_TOKENS[b]))
                  for a in _SPEC_KINDS for b in _SPEC_KINDS if a < b}
CROP_RANGE = range(N_CROPS)
_STONE_TOKEN = HAND_TOKENS[STONE]


def smallest_crop(storage: Sequence[int], fields: Sequence[int], crops: Sequence[int],
                  floods: float, one: float) -> int:
    """The crop of the smallest projected pile: storage and what the field should yield."""
    yields = harvests(min(400, int(10 * floods * one + 0.5)))
    return min(crops, key=lambda c: storage[c] + yields[fields[c]])


class Judge:
    """The rules of thumb for the active seat of one position: what each card is worth.

    Built once per decision; :func:`ranked` asks it for the few sensible moves,
    :meth:`value` values any legal move (the root ranks every legal move by it).
    """

    __slots__ = ("state", "style", "seat", "hand", "fields", "flooded", "yields", "want", "sow",
                 "unknown", "biggest", "locust", "need", "holder", "keep", "spec_value",
                 "spec_keep", "dry", "one", "floods", "best")
    keep: list[float] | None

    def __init__(self, state: State, style: Style) -> None:
        self.state, self.style = state, style
        self.seat = seat = state.active
        self.hand = hand = state.hands[seat]
        self.fields = fields = state.fields[seat]
        storage = state.storage[seat]
        mons = state.mons[seat]
        all_fields, all_mons = state.fields, state.mons
        crops = state.crops
        flood = state.flood
        self.flooded = flooded = CROPS_SHOWN[flood] if flood >= 0 else ()
        self.floods = floods = floods_left(state)
        self.one, two = one, two = flood_odds(crops, state.rules.monuments)
        self.yields = yields = harvests(min(400, int(10 * floods * one + 0.5)))
        low = min([storage[c] + yields[fields[c]] for c in crops])
        self.want = want = [0.0] * N_CROPS
        for c in crops:
            want[c] = 1.0 / (1.0 + storage[c] + yields[fields[c]] - low)
        # How much a planting into each crop is wanted: sharper than ``want`` for a style
        # that feeds its smallest pile above all (the cards it keeps are valued plainly).
        balance = style.balance
        self.sow = want if balance == 1.0 else [w**balance for w in want]
        # An unknown card (a draw, a pay-out) lands on any crop: worth the mean want.
        self.unknown = unknown = CARD_VALUE * sum(want) / len(crops)
        self.biggest = max(max(map(max, all_fields)), max(map(max, all_mons)))
        self.locust = (0.0 if state.locust_aside
                       else LOCUST_SHARE * min(0.5, 10.0 / (len(state.deck) + 10)))
        margins = TAKEOVER_MARGINS[mons[SPHINX] > 0]
        self.need = need = [2] * N_CROPS  # cards a new field of each crop needs
        self.holder = holder = [-1] * N_CROPS  # the other seat holding it, or -1
        for o, row in enumerate(all_fields):
            if o != seat:
                for c in compress(CROP_RANGE, row):  # the crops of that seat's fields
                    holder[c], need[c] = o, row[c] + margins[all_mons[o][WALL] > 0]
        self.keep: list[float] | None = None
        self.spec_value = self.spec_keep = 0.0
        self.dry: list[int] = []
        if any(hand[SPEC_BASE:STONE]):
            pay = payout_for(mons[OBELISK] > 0)
            self.spec_value = style.speculate * pay * two * unknown
            self.spec_keep = 0.5 * self.spec_value
            self.dry = [k for k in compress(_SPEC_KINDS, hand[SPEC_BASE:STONE])
                        if not (flooded and _SPEC_SHOWS[k] & set(flooded))]
        self.best = 0.0

    def keeps(self) -> list[float]:
        """The worth of one more card of each crop in hand (what a trade gives away)."""
        if self.keep is None:
            hand, fields, want, yields = self.hand, self.fields, self.want, self.yields
            holder, need, reserve = self.holder, self.need, self.style.reserve
            self.keep = keep = [0.0] * N_CROPS
            for c in self.state.crops:
                h, f = hand[c], fields[c]
                if f:
                    keep[c] = want[c] * (yields[f + h + 1] - yields[f + h])
                elif holder[c] < 0:
                    keep[c] = want[c] * (yields[h + 1] - yields[h]) * 0.7
                elif h + 1 >= need[c] - reserve:
                    keep[c] = want[c] * 0.5 + reserve * 0.2  # saved for a take-over
                else:
                    keep[c] = 0.01  # blocked: another seat holds it too firmly
        return self.keep

    # -- any legal move --------------------------------------------------------
    def value(self, move: Move) -> float:
        """The worth of a legal move; a trade's is its gain added to :attr:`best` (or,
        if it gains nothing, below every turn-ending move)."""
        action = move.action
        if action == PLANT:
            plan: dict[int, int] = {}
            for t in move.tokens:
                key = token_key(t)
                plan[key] = plan.get(key, 0) + 1
            return sum(self.field_worth(key, n) for key, n in plan.items())
        if action == SPECULATE:
            return self.spec_value * len(move.tokens)
        if action in (MARKET, OFFER):
            cost = sum(self.card_keep(t) for t in move.tokens)
            gain = self.market_gain(cost) if action == MARKET else self.offer_gain(cost)
            return self.best + gain if gain > TRADE_MARGIN else gain - 1.0
        return 0.0

    def field_worth(self, key: int, n: int) -> float:
        """What ``n`` cards planted into the seat's field ``key`` (a crop or Monument) add."""
        if key >= MON_KEY:
            m = key - MON_KEY
            if self.state.mons[self.seat][m]:
                return 0.05 * n  # a larger Monument field is harder to take
            return self.monument_worth(m)
        f = self.fields[key]
        y = self.yields
        sow = self.sow[key]
        if f:
            gain = sow * (y[f + n] - y[f])
            if f + n > self.biggest:
                gain -= self.locust * sow * y[f + n]
            return gain
        worth = sow * y[n]
        if n >= self.biggest:
            worth -= self.locust * worth
        holder = self.holder[key]
        if holder >= 0:
            worth += (self.style.takeover * 2.0 / self.state.rules.players
                      * y[self.state.fields[holder][key]])
        return worth

    def monument_worth(self, m: int) -> float:
        """Building Monument ``m``: the Obelisk's extra draws, the others' protection."""
        own_turns = self.floods / self.state.rules.players
        rate = 1.0 if m == OBELISK else 0.4
        first = 1.5 if m == self.style.monuments[0] else 1.0
        return self.unknown * rate * min(own_turns, 8.0) * first

    def card_keep(self, token: int) -> float:
        """What a card given away in a trade was worth to the seat."""
        kind = token_kind(token)
        if token_from_storage(token):
            return self.want[kind] * 1.5  # a stored card counts at the end (R-END-3)
        if kind < N_CROPS:
            return self.keeps()[kind]
        if kind < STONE:
            return self.spec_keep
        stones = self.hand[STONE]
        return 0.25 if (stones >= 2 or any(self.state.mons[self.seat])) else 0.05

    def market_gain(self, cost: float) -> float:
        return self.unknown + self.style.trade - cost

    def offer_gain(self, cost: float) -> float:
        """An extra flood harvests every field of its crops (R-HARV-1): the seat's own,
        weighed by how much each pile is wanted, against a share of the others'."""
        state, seat = self.state, self.seat
        crops, fields = state.crops, self.fields
        mine = [c for c in crops if fields[c]]
        if len(mine) < 2:
            return -1.0
        players = state.rules.players
        theirs = sum(1 for o in range(players) if o != seat
                     for c in crops if state.fields[o][c]) / (players - 1)
        return (self.one * (sum(self.want[c] for c in mine) - 0.25 * theirs) + self.style.offer
                - cost)


def ranked(state: State, style: Style = NEUTRAL) -> list[tuple[float, Move]]:
    """Sensible moves of the active seat with their worth, best first.

    A turn-ending move is worth what it adds to the seat's projected piles
    (each crop weighed by how small its pile is); a trade is worth the best
    turn-ending move plus what it gains, so it ranks first only when it pays.
    """
    j = Judge(state, style)
    hand, fields, flooded = j.hand, j.fields, j.flooded
    yields, sow, need, holder = j.yields, j.sow, j.need, j.holder
    field_worth = j.field_worth
    out: list[tuple[float, Move]] = []
    singles: list[tuple[float, int]] = []  # (worth, crop) of one card planted alone
    own: list[int] = []
    for c in compress(CROP_RANGE, hand):  # the crops in hand (only crops in play are dealt)
        if c in flooded:
            continue
        h, f = hand[c], fields[c]
        if f:
            own.append(c)
            singles.append((sow[c] * (yields[f + 1] - yields[f]), c))
            continue
        if holder[c] < 0:
            singles.append((sow[c] * yields[1], c))
        if h >= need[c] and h >= 2:  # a new field of one crop needs two (R-PLANT-1 a)
            out.append((field_worth(c, h), _PLANT_ALL[c][h - 1]))
    if own:
        tokens: tuple[int, ...] = ()
        worth = 0.0
        for c in own:
            tokens += (HAND_TOKENS[c],) * hand[c]
            worth += field_worth(c, hand[c])
        out.append((worth, Move.make_sorted(PLANT, tokens)))
    if len(singles) >= 2:
        singles.sort(reverse=True)
        (w1, c1), (w2, c2) = singles[0], singles[1]
        if not (fields[c1] and fields[c2]):
            out.append((w1 + w2, _PLANT_TWO[c1, c2]))
    stones = hand[STONE]
    if stones >= 2 and state.flood != STONE and state.rules.monuments:
        _monument(j, stones, out)
    dry = j.dry
    if dry:
        w = j.spec_value
        out.append((w, _SPECULATE[dry[0]]))
        if len(dry) >= 2:
            out.append((w + w, _SPECULATE_TWO[dry[0], dry[1]]))
    if not state.rules.must_act or not _can_act(out, state):
        out.append((0.0, _PASS))
    out.sort(key=itemgetter(0), reverse=True)
    j.best = out[0][0]
    if sum(hand) >= 2:
        trades = _trades(j)
        if trades:
            return trades + out if trades[0][0] > j.best else out + trades
    return out


def ranked_legal(state: State, legal: Sequence[Move], style: Style = NEUTRAL
                 ) -> list[tuple[float, Move]]:
    """Every legal move with its worth by the rules of thumb, best first (the root's
    ranking: all plantings, speculations and trades, not only the sensible few)."""
    j = Judge(state, style)
    finals = [(j.value(m), m) for m in legal if m.action not in (MARKET, OFFER)]
    j.best = max((v for v, _ in finals), default=0.0)
    out = finals + [(j.value(m), m) for m in legal if m.action in (MARKET, OFFER)]
    out.sort(key=itemgetter(0), reverse=True)
    return out


def _monument(j: Judge, stones: int, out: list[tuple[float, Move]]) -> None:
    """Building (or taking) the first Monument of the style's order that the stones allow."""
    state, seat = j.state, j.seat
    mons = state.mons[seat]
    for m in j.style.monuments:
        if mons[m]:
            continue
        need = 2
        for o in range(state.rules.players):
            theirs = state.mons[o][m]
            if o != seat and theirs:
                need = max(2, theirs + TAKEOVER_MARGINS[mons[SPHINX] > 0][state.mons[o][WALL] > 0])
        if stones >= need:
            out.append((j.monument_worth(m), Move.make_sorted(PLANT, (stone_token(m),) * stones)))
            return


def _can_act(out: list[tuple[float, Move]], state: State) -> bool:
    """Whether the seat must plant or speculate (R-PLANT-5); adds a legal one if the
    rules of thumb found none."""
    if not state.can_act():
        return False
    if not any(m.action in (PLANT, SPECULATE) for _, m in out):
        move = next(m for m in state.legal_moves() if m.action in (PLANT, SPECULATE))
        out.append((-1.0, move))
    return True


def _trades(j: Judge) -> list[tuple[float, Move]]:
    """A market and an offering of the two cards in hand worth least, if they pay."""
    market_max = j.market_gain(0.0)
    offer_max = j.offer_gain(0.0)
    if market_max <= TRADE_MARGIN and offer_max <= TRADE_MARGIN:
        return []  # not even two worthless cards would pay
    hand, keep = j.hand, j.keeps()
    values: list[tuple[float, int]] = []
    for c in compress(CROP_RANGE, hand):  # the crops in hand
        v = keep[c]
        values.append((v, c))
        if hand[c] > 1:
            values.append((v, c))
    for k in list(compress(_SPEC_KINDS, hand[SPEC_BASE:STONE]))[:2]:
        values.append((j.spec_keep, k))
    stones = hand[STONE]
    if stones:
        values += [(j.card_keep(_STONE_TOKEN), STONE)] * min(2, stones)
    if len(values) < 2:
        return []
    values.sort()
    (v1, k1), (v2, k2) = values[0], values[1]
    cost = v1 + v2
    pair = (HAND_TOKENS[k1], HAND_TOKENS[k2])
    out: list[tuple[float, Move]] = []
    market = market_max - cost
    if market > TRADE_MARGIN:
        out.append((j.best + market, Move.make_sorted(MARKET, pair)))
    offer = offer_max - cost
    if offer > TRADE_MARGIN:
        out.append((j.best + offer, Move.make_sorted(OFFER, pair)))
    if len(out) > 1:
        out.sort(key=itemgetter(0), reverse=True)
    return out


def choose(state: State, style: Style, rng: random.Random, explore: float = 0.1) -> Move:
    """The play-out move: the best by the rules of thumb, now and then the second best."""
    moves = ranked(state, style)
    if len(moves) > 1 and rng.random() < explore:
        return moves[1][1]
    return moves[0][1]
