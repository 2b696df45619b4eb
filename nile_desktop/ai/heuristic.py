"""Valuing single moves without playing them: the brain of the Easy and Medium bots.

Every legal move is valued by the position it leaves, read from the
:class:`~nile_desktop.ai.evaluation.PileForecast`: planting moves cards from hand into
fields (and may take a field or a Monument over), speculating trades a card
for the chance of a pay-out at the next flood, a market trades two cards for
an unknown one, an offering trades two cards for an extra flood now. Nothing
is simulated and no hidden card is looked at, so a whole turn is valued in a
few milliseconds, and the same code ranks the search bot's candidate moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nile_desktop.engine import Move
from nile_desktop.engine.cards import (
    KIND_NAMES,
    LOCUST,
    MON_KEY,
    OBELISK,
    SPEC_BASE,
    SPEC_PAIRS,
    STONE,
    crops_shown,
)
from nile_desktop.engine.moves import (
    MARKET,
    OFFER,
    PLANT,
    SPECULATE,
    token_card,
    token_from_storage,
    token_key,
    token_kind,
)
from nile_desktop.engine.powers import draws_for, payout_for

from . import reasons as R
from .evaluation import PileForecast, spec_odds, win_shares
from .reasons import CardName, Reason, crop_name, monument_name

#: Weight of the seat's own score beside its win share, to break near-ties.
OWN_SCORE_WEIGHT = 0.02
#: How much better than standing still a trade must look to be made.
TRADE_MARGIN = 0.006


def plan_of(move: Move) -> dict[int, int]:
    """Planting keys (crop, or ``MON_KEY + monument``) to card counts."""
    plan: dict[int, int] = {}
    for t in move.tokens:
        key = token_key(t)
        plan[key] = plan.get(key, 0) + 1
    return plan


class Scorer:
    """Values moves for ``seat`` on a table; higher is better.

    A value is the seat's win share (softmax of everyone's score) after the
    move, plus a little of its own score; :attr:`base` is the value of
    standing still.
    """

    def __init__(self, table: PileForecast, seat: int, offers: bool = True) -> None:
        self.table = table
        self.seat = seat
        self.offers = offers
        hand = table.hands[seat]
        assert hand is not None, "a seat always sees its own hand"
        self.hand: list[int] = hand
        self.scores = table.scores()
        self.base = self.value(self.scores)
        self._offer_gain: float | None = None

    def value(self, scores: list[float]) -> float:
        return win_shares(scores)[self.seat] + OWN_SCORE_WEIGHT * scores[self.seat]

    def _with_me(self, **parts: Any) -> float:
        scores = list(self.scores)
        scores[self.seat] = self.table.score(self.seat, **parts)
        return self.value(scores)

    # -- the moves --------------------------------------------------------
    def score(self, move: Move) -> float:
        action = move.action
        if action == PLANT:
            return self._plant(move)
        if action == SPECULATE:
            return self._speculate(move)
        if action == MARKET:
            return self._trade(move, generic=1.0)
        if action == OFFER:
            if not self.offers or not any(self.table.fields[self.seat]):
                return self.base - 1.0
            return self._trade(move, generic=0.0) + self.offer_gain()
        return self.base

    def _plant(self, move: Move) -> float:
        t, seat = self.table, self.seat
        hand = list(self.hand)
        fields = list(t.fields[seat])
        mons = list(t.mons[seat])
        scores = list(self.scores)
        generic = 0.0
        for key, n in plan_of(move).items():
            crop = key < MON_KEY
            own, index = (fields, key) if crop else (mons, key - MON_KEY)
            hand[key if crop else STONE] -= n
            if not own[index]:
                if not crop and index == OBELISK:
                    # the Obelisk already counts for this turn's draw (R-DRAW-1)
                    generic += draws_for(True) - draws_for(False)
                self._take_from_others(scores, crop, index)
            own[index] += n
        bmax = max(t.board_max, max(fields), max(mons))
        scores[seat] = t.score(seat, fields=fields, mons=mons, hand=hand, generic=generic,
                               board_max=bmax)
        return self.value(scores)

    def _take_from_others(self, scores: list[float], crop: bool, index: int) -> None:
        """Rescore the seat that loses its field (or Monument) to a take-over (R-PLANT-3)."""
        t = self.table
        for o in range(t.players):
            theirs = t.fields[o] if crop else t.mons[o]
            if o != self.seat and theirs[index]:
                lost = list(theirs)
                lost[index] = 0
                scores[o] = t.score(o, fields=lost) if crop else t.score(o, mons=lost)

    def _speculate(self, move: Move) -> float:
        t, seat = self.table, self.seat
        hand = list(self.hand)
        pay = payout_for(t.mons[seat][OBELISK] > 0)
        generic = 0.0
        for tok in move.tokens:
            hand[token_kind(tok)] -= 1
            generic += pay * spec_odds(t.pool, token_kind(tok))
        return self._with_me(hand=hand, generic=generic)

    def _trade(self, move: Move, generic: float) -> float:
        t, seat = self.table, self.seat
        hand = list(self.hand)
        storage = list(t.storage[seat])
        for tok in move.tokens:
            if token_from_storage(tok):
                storage[token_kind(tok)] -= 1
            else:
                hand[token_kind(tok)] -= 1
        return self._with_me(hand=hand, storage=storage, generic=generic) - TRADE_MARGIN

    def offer_gain(self) -> float:
        """Expected change of the value from one more flood now, over every card it could be."""
        if self._offer_gain is None:
            t = self.table
            total = sum(t.pool) - t.pool[LOCUST]
            gain = 0.0
            if total > 0:
                for kind, n in enumerate(t.pool):
                    if n <= 0 or kind > STONE:
                        continue
                    gain += n / total * (self._after_flood(kind) - self.base)
            self._offer_gain = gain
        return self._offer_gain

    def _after_flood(self, kind: int) -> float:
        t = self.table
        scores = list(self.scores)
        if kind == STONE:
            for s in range(t.players):
                if any(t.mons[s]):
                    scores[s] = t.score(s, mons=[max(0, x - 1) for x in t.mons[s]])
            return self.value(scores)
        shown = crops_shown(kind)
        for s in range(t.players):
            if any(t.fields[s][c] for c in shown):
                fields, storage = list(t.fields[s]), list(t.storage[s])
                for c in shown:
                    if fields[c]:
                        fields[c] -= 1
                        storage[c] += 1
                scores[s] = t.score(s, fields=fields, storage=storage)
        return self.value(scores)

    # -- choosing -----------------------------------------------------------
    def ranked(self, legal: Sequence[Move]) -> list[tuple[float, Move]]:
        """Every legal move with its value, a trade valued together with the turn after it.

        A trade is followed by another decision, so its value adds what it
        gains to the best turn-ending move it still leaves possible (one that
        does not need the cards it discards): a market ranks first only when
        trading *and then* planting beats planting now.
        """
        finals = sorted(((self.score(m), m) for m in legal if m.action not in (MARKET, OFFER)),
                        key=lambda x: -x[0])
        out = list(finals)
        hand = self.hand
        for move in legal:
            if move.action not in (MARKET, OFFER):
                continue
            gain = self.score(move) - self.base
            if gain <= 0:
                out.append((self.base + gain - 1.0, move))
                continue
            left = list(hand)
            for tok in move.tokens:
                if not token_from_storage(tok):
                    left[token_kind(tok)] -= 1
            after = next((v for v, m in finals if _affords(left, m)), self.base)
            out.append((after + gain, move))
        return out

    # -- explaining ---------------------------------------------------------
    def explain(self, move: Move) -> Reason:
        """A short reason for ``move``, as the table shows it."""
        t, seat = self.table, self.seat
        if move.action == PLANT:
            return self._explain_plant(move)
        if move.action == SPECULATE:
            pay = payout_for(t.mons[seat][OBELISK] > 0)
            if len(move.tokens) == 2:
                cards = sum(pay * spec_odds(t.pool, token_kind(tok)) for tok in move.tokens)
                return Reason(R.SPECULATE_TWO, cards=round(cards, 1))
            kind = token_kind(move.tokens[0])
            a, b = SPEC_PAIRS[kind - SPEC_BASE]
            return Reason(R.SPECULATE, crop=crop_name(a), crop2=crop_name(b),
                          percent=round(100 * spec_odds(t.pool, kind)), cards=pay)
        if move.action in (MARKET, OFFER):
            names = [CardName(KIND_NAMES[token_kind(tok)]) for tok in move.tokens]
            if names[0] == names[1]:
                return Reason(R.MARKET_PAIR if move.action == MARKET else R.OFFER_PAIR,
                              card=names[0])
            msg = R.MARKET if move.action == MARKET else R.OFFER
            return Reason(msg, card=names[0], card2=names[1])
        hand = self.hand
        if t.p_locust >= 0.5 and any(hand[c] >= 2 for c in t.crops):
            return Reason(R.PASS_LOCUST, percent=round(100 * t.p_locust))
        small = self.smallest_crop()
        if hand[small]:
            return Reason(R.KEEP, crop=crop_name(small))
        return Reason(R.PASS)

    def smallest_crop(self) -> int:
        """The crop of the seat's smallest expected pile."""
        piles = self.table.piles(self.seat)
        return self.table.crops[min(range(len(piles)), key=piles.__getitem__)]

    def _explain_plant(self, move: Move) -> Reason:
        t, seat = self.table, self.seat
        plan = plan_of(move)
        new = []
        for key, n in plan.items():
            if key < MON_KEY:
                if t.fields[seat][key]:
                    continue
                for o in range(t.players):
                    if o != seat and t.fields[o][key]:
                        return Reason(R.TAKEOVER, crop=crop_name(key), mine=n,
                                      theirs=t.fields[o][key])
                new.append((key, n))
            else:
                m = key - MON_KEY
                if t.mons[seat][m]:
                    continue
                for o in range(t.players):
                    if o != seat and t.mons[o][m]:
                        return Reason(R.MON_TAKE, monument=monument_name(m), mine=n,
                                      theirs=t.mons[o][m])
                return Reason(R.MON_BUILD, monument=monument_name(m), count=n)
        if len(new) == 2:
            return Reason(R.PLANT_PAIR, crop=crop_name(new[0][0]), crop2=crop_name(new[1][0]))
        if len(new) == 1:
            key, n = new[0]
            if key == self.smallest_crop():
                return Reason(R.PLANT_SMALLEST, crop=crop_name(key))
            return Reason(R.PLANT_NEW, count=n, crop=crop_name(key))
        if all(k >= MON_KEY for k in plan):
            return Reason(R.MON_ADD, count=len(move.tokens))
        return Reason(R.PLANT_ADD, count=len(move.tokens))


def _affords(hand: list[int], move: Move) -> bool:
    """Whether ``hand`` still holds every card ``move`` plays (stones for any Monument)."""
    need: dict[int, int] = {}
    for tok in move.tokens:
        kind = token_card(tok)
        need[kind] = need.get(kind, 0) + 1
    return all(hand[k] >= n for k, n in need.items())
