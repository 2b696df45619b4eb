"""What a position is worth to each seat: expected final storage piles.

Only the smallest storage pile scores (R-END-3), and storage comes only from
harvesting fields, so the evaluation estimates, for every seat and crop, the
pile the seat will end with: its storage now, plus what its field of that
crop should still yield before the game ends (fewer if the field is likely
to be eaten by the locust or taken over), plus a share of the cards in hand
that could still be planted. The seat's *score* is a soft minimum of those
piles (the smallest pile dominates, the next ones break ties), and a
position's value for a seat is its softmax share of the scores, a smooth
stand-in for the chance to win.

A :class:`PileForecast` is built either from a :class:`~nile_desktop.engine.View`
(hidden cards replaced by expectations: this is all the heuristic bots
see) or from a full state (a determinisation inside the search bot).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import chain, compress
from typing import Any

from nile_desktop.engine import State, View
from nile_desktop.engine.cards import (
    CROP_CARDS_PER_CROP,
    LOCUST,
    MON_KEY,
    N_CROPS,
    N_KINDS,
    OBELISK,
    SPEC_BASE,
    SPEC_PAIRS,
    SPHINX,
    STONE,
    WALL,
    full_deck_counts,
    monument_key,
)
from nile_desktop.engine.powers import TAKEOVER_MARGINS, payout_for

#: Cards used up per flood reveal (flood, draws, trades, pay-outs): a + b × players
#: in the current season, and in later (smaller) seasons' piles.
CARDS_PER_FLOOD = (4.3, 0.28)
LATER_CARDS_PER_FLOOD = 3.5
#: Each later season's pile, as a share of the season before (cards pile up in hands).
PILE_DECAY = 0.75
#: Worth of a crop card in hand, as a share of what it would yield planted.
HAND_SHARE = 0.5
#: Worth of a card in hand of a crop another seat holds (and we cannot take over).
BLOCKED_SHARE = 0.2
#: Worth of an unknown card (a future draw) in piles, spread over the crops.
GENERIC_SHARE = 0.35
#: Worth of a stone in hand, in unknown cards.
STONE_WORTH = 0.3
#: Worth of a speculation card in hand, as a share of its expected pay-out.
SPEC_HAND_SHARE = 0.55
#: Cards per own turn each Monument is worth (Obelisk draws one more; the others protect).
MONUMENT_RATE = {SPHINX: 0.35, OBELISK: 1.0, WALL: 0.35}
#: How soft the minimum over piles is (in cards).
SOFTMIN = 1.0
#: How sure the final ranking is, in score units, for the softmax of the scores.
TEMPERATURE = 1.0
#: How likely an opponent who can take a field over actually does it.
TAKEOVER_WILL = 0.5


@lru_cache(maxsize=4096)
def poisson_tails(lam: float, upto: int) -> tuple[float, ...]:
    """``P(X >= j)`` for ``j = 0..upto`` with ``X ~ Poisson(lam)``."""
    tails = [1.0]
    p = math.exp(-lam)
    cdf = 0.0
    for j in range(upto):
        cdf += p
        tails.append(max(0.0, 1.0 - cdf))
        p *= lam / (j + 1)
    return tuple(tails)


@lru_cache(maxsize=4096)
def poisson_yields(lam: float, upto: int) -> tuple[float, ...]:
    """``sum(poisson_tails(lam, upto)[1 : j + 1])`` for ``j = 0..upto``: E[min(X, j)]."""
    tails = poisson_tails(lam, upto)
    return tuple(sum(tails[1 : j + 1]) for j in range(upto + 1))


@lru_cache(maxsize=20_000)
def _yields_at(lam: float) -> tuple[float, ...]:
    """``poisson_yields(round(lam, 1), 40)``, remembered by the unrounded ``lam`` (the
    evaluation meets the same few thousand values over and over, and rounding a float
    to one decimal costs more than looking its table up)."""
    return poisson_yields(round(lam, 1), 40)


@lru_cache(maxsize=8192)
def at_least(n: int, p: float, k: int) -> float:
    """``P(Bin(n, p) >= k)``: the chance a hidden hand of ``n`` holds ``k`` of a kind."""
    if k <= 0:
        return 1.0
    if k > n or p <= 0.0:
        return 0.0
    below = 0.0
    q = 1.0 - p
    term = q**n
    for i in range(k):
        below += term
        term *= (n - i) / (i + 1) * p / q if q > 0 else 0.0
    return max(0.0, 1.0 - below)


#: For each speculation kind: the speculation kinds that share one of its crops, itself
#: included, in rule order (a flood card of any of them pays it, R-SPEC-3).
_SPEC_RELATED: dict[int, tuple[int, ...]] = {
    SPEC_BASE + j: tuple(SPEC_BASE + i for i, (x, y) in enumerate(SPEC_PAIRS)
                         if x in SPEC_PAIRS[j] or y in SPEC_PAIRS[j])
    for j in range(len(SPEC_PAIRS))
}


def spec_odds(counts: Sequence[float], kind: int) -> float:
    """Chance the next flood card shows a crop of speculation card ``kind`` (R-SPEC-3).

    ``counts`` is the make-up of the pile per kind (expected or exact); the
    locust never counts, since a replacement is revealed in its place.
    """
    a, b = SPEC_PAIRS[kind - SPEC_BASE]
    hit = counts[a] + counts[b]
    for k in _SPEC_RELATED[kind]:
        hit += counts[k]
    total = sum(counts) - counts[LOCUST]
    return hit / total if total > 0 else 0.0


_NO_YIELDS: tuple[float, ...] = ()
#: Indices of the speculation cards (from ``SPEC_BASE``), and the crops' kinds (the
#: first kinds of a hand), to pick out with ``compress`` the ones a count list holds.
_SPEC_INDEX = range(len(SPEC_PAIRS))
CROP_INDEX = range(N_CROPS)
#: The hand of a seat whose cards are not known: none of any kind.
_NO_CARDS = (0,) * N_KINDS


def likeliest_spec(deck: Sequence[int], kinds: Sequence[int]) -> tuple[int, float]:
    """The first of ``kinds`` (speculation cards, at least one) most likely to be
    paid by the next flood card of the pile ``deck``, and its :func:`spec_odds`.

    The candidate moves ask this of every position the search plays through,
    so the pile is counted once and the odds share one denominator.
    """
    counts = [0] * N_KINDS
    for k in deck:  # quicker than a Counter for a pile of this size
        counts[k] += 1
    total = len(deck) - counts[LOCUST]
    if total <= 0:
        return kinds[0], 0.0
    best, best_hit = kinds[0], -1
    for kind in kinds:
        a, b = SPEC_PAIRS[kind - SPEC_BASE]
        hit = counts[a] + counts[b]
        for k in _SPEC_RELATED[kind]:
            hit += counts[k]
        if hit > best_hit:
            best, best_hit = kind, hit
    return best, best_hit / total


@lru_cache(maxsize=64)
def specs_in_play(crops: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """(kind, crop, crop) of every speculation card whose two crops are both in play."""
    return tuple((SPEC_BASE + i, a, b) for i, (a, b) in enumerate(SPEC_PAIRS)
                 if a in crops and b in crops)


@lru_cache(maxsize=64)
def _flood_rates(n_crops: int, players: int) -> tuple[float, float]:
    """(chance a later season's flood shows a given crop, cards used up per flood now)."""
    all_cards = n_crops * CROP_CARDS_PER_CROP + n_crops * (n_crops - 1) // 2 + 15
    return ((CROP_CARDS_PER_CROP + n_crops - 1) / all_cards,
            CARDS_PER_FLOOD[0] + CARDS_PER_FLOOD[1] * players)


@lru_cache(maxsize=1024)
def _later_floods(circulating: int, seasons_left: int) -> float:
    """Flood reveals expected in the later seasons, whose piles shrink by
    :data:`PILE_DECAY` a season from the ``circulating`` cards."""
    return sum([circulating * PILE_DECAY**k for k in range(1, seasons_left + 1)]
               ) / LATER_CARDS_PER_FLOOD


class PileForecast:
    """One seat's forecast of every seat's final storage piles: its picture of a position,
    with everything the evaluation needs to say what the position is worth.

    ``hands[s]`` is ``None`` for a hand the seat cannot see; ``storage[s]``
    holds expected counts for storage it cannot see. ``pool`` is the expected
    make-up (counts per kind) of the cards still to be drawn or revealed.
    """

    __slots__ = (
        "players", "crops", "specs", "season", "seasons", "deck_size", "circulating", "pool",
        "locust_in_deck", "fields", "mons", "hands", "hand_sizes", "storage", "q_next",
        "q_stone", "frac", "reveals", "yields", "p_locust", "board_max", "holder", "_memo",
    )

    def __init__(self) -> None:
        self.players = 0
        self.crops: tuple[int, ...] = ()
        self.specs: tuple[tuple[int, int, int], ...] = ()
        self.season = self.seasons = self.deck_size = 0
        self.pool: list[float] = []
        self.locust_in_deck = False
        self.fields: list[list[int]] = []
        self.mons: list[list[int]] = []
        self.hands: list[list[int] | None] = []
        self.hand_sizes: list[int] = []
        self.storage: list[list[float]] = []
        self.circulating = 0

    # -- building ---------------------------------------------------------
    @classmethod
    def from_view(cls, view: View, memory: float = 1.0, recall: bool = False) -> PileForecast:
        """The table as ``view.seat`` sees it; ``memory`` < 1 forgets played cards.

        A seat with poor memory blends what is really unseen with the full
        deck, as if it had not watched the discards and floods. With
        ``recall`` the seat also remembers every storage pile it watched fill
        (:attr:`~nile_desktop.engine.View.storages`, when the view has them);
        without, other storage piles are expected from their sizes alone.
        """
        if view.storages is not None and not recall:
            view = replace(view, storages=None)
        t = cls()
        t._common(view.rules.players, view.crops, view.season, view.seasons, view.deck_size,
                  view.deck_size + sum(view.discard) + sum(view.flood_stack), view.fields,
                  view.mons)
        unseen: list[float] = [float(u) for u in view.unseen()]
        if memory < 1.0:
            full = full_deck_counts(view.crops, view.rules.monuments)
            total_u, total_f = sum(unseen), sum(full)
            unseen = [memory * u + (1 - memory) * f * total_u / total_f
                      for u, f in zip(unseen, full, strict=True)]
        watched = view.storages
        hidden_storage = (sum(view.storage_sizes) - view.storage_sizes[view.seat]
                          if watched is None else 0)
        crop_unseen = sum(unseen[c] for c in view.crops) or 1.0
        share = {c: unseen[c] / crop_unseen for c in view.crops}
        t.hands = [None] * t.players
        t.hands[view.seat] = list(view.hand)
        t.hand_sizes = list(view.hand_sizes)
        t.storage = []
        for s in range(t.players):
            if s == view.seat:
                t.storage.append([float(x) for x in view.storage])
            elif watched is not None:
                t.storage.append([float(x) for x in watched[s]])
            else:
                size = view.storage_sizes[s]
                t.storage.append([size * share.get(c, 0.0) for c in range(N_CROPS)])
        pool = [float(x) for x in unseen]
        for c in view.crops:
            pool[c] = max(0.0, pool[c] - hidden_storage * share[c])
        t.locust_in_deck = unseen[LOCUST] > 0.5
        t._finish(pool)
        return t

    @classmethod
    def from_state(cls, state: State) -> PileForecast:
        """The table of a full state (a determinisation: every card is known)."""
        t = cls.__new__(cls)  # every part is set below: no need for __init__'s defaults
        deck = len(state.deck)
        t._common(state.rules.players, state.crops, state.season, state.seasons, deck,
                  deck + sum(state.discard) + sum(state.flood_stack), state.fields, state.mons,
                  copy=False)
        # Shared with the state, read only: a table never changes its parts (the
        # heuristic copies a part before it plays a move on it).
        t.hands = state.hands  # type: ignore[assignment]
        t.hand_sizes = list(map(sum, state.hands))
        t.storage = state.storage  # type: ignore[assignment]  # ints read as floats
        pool = [0.0] * N_KINDS
        for k in state.deck:  # quicker than a Counter for a pile of this size
            pool[k] += 1
        t.locust_in_deck = pool[LOCUST] > 0
        t._finish(pool)
        t._memo = None  # scored once (the search's leaves): nothing to remember
        return t

    def _common(self, players: int, crops: tuple[int, ...], season: int, seasons: int,
                deck_size: int, circulating: int, fields: Sequence[Sequence[int]],
                mons: Sequence[Sequence[int]], copy: bool = True) -> None:
        """The public part: seats, seasons, pile sizes, fields and Monuments.

        ``circulating`` counts the cards that can still come back in a later
        season's pile: the draw pile, the discards and the flood stack.
        """
        self.players = players
        self.crops = tuple(crops)
        self.specs = specs_in_play(self.crops)
        self.season, self.seasons = season, seasons
        self.deck_size = deck_size
        self.circulating = circulating
        self.fields = [list(f) for f in fields] if copy else fields  # type: ignore[assignment]
        self.mons = [list(m) for m in mons] if copy else mons  # type: ignore[assignment]

    def _finish(self, pool: list[float]) -> None:
        """Derive flood odds, remaining floods and locust odds from the pool."""
        self.pool = pool
        crops = self.crops
        players = self.players
        show = [0.0] * N_CROPS
        for c in crops:
            show[c] = pool[c]
        for k, a, b in self.specs:
            n = pool[k]
            if n:
                show[a] += n
                show[b] += n
        total = sum(pool) - pool[LOCUST]
        total = total if total > 0 else 1.0
        self.q_next = q_next = [x / total for x in show]
        self.q_stone = pool[STONE] / total
        self.frac = frac = [0.0] * N_CROPS
        for c in crops:
            frac[c] = pool[c] / total
        # Remaining flood reveals: this season's pile, then the later seasons.
        q_static, per_flood = _flood_rates(len(crops), players)
        now = self.deck_size / per_flood
        circulating = self.circulating
        later = _later_floods(circulating, self.seasons - self.season)
        self.reveals = now + later
        self.yields = yields = [_NO_YIELDS] * N_CROPS
        for c in crops:
            yields[c] = _yields_at(now * q_next[c] + later * q_static)
        # The locust: the chance it comes before the active seat's next turn.
        if self.locust_in_deck and self.deck_size:
            self.p_locust = min(1.0, (3.0 * players + 1) / self.deck_size)
        else:
            self.p_locust = 0.0
        fields = self.fields
        self.board_max = max(chain(*fields, *self.mons))
        self.holder = holder = [-1] * N_CROPS
        for s, row in enumerate(fields):
            for c in compress(CROP_INDEX, row):  # the crops of this seat's fields
                holder[c] = s
        # Field risks, kept for the heuristic, which values many moves on one table.
        self._memo: dict[tuple[Any, ...], float] | None = {}

    # -- evaluating -------------------------------------------------------
    def field_risk(self, seat: int, key: int, size: int, board_max: int, wall: bool) -> float:
        """Chance a field (crop ``key`` or Monument ``MON_KEY + m``) is lost before it pays.

        The locust eats the largest fields; an opponent with enough cards of
        the crop in hand may take a crop field over (R-PLANT-3, R-PLANT-4);
        ``wall`` says whether the seat owns the Wall.
        """
        if size >= board_max:
            risk = self.p_locust
        elif size == board_max - 1:
            risk = 0.3 * self.p_locust
        else:
            risk = 0.0
        if key >= MON_KEY:
            return risk
        keep = 1.0
        mons, hands = self.mons, self.hands
        margins = TAKEOVER_MARGINS
        for o in range(self.players):
            if o == seat:
                continue
            need = size + margins[mons[o][SPHINX] > 0][wall]
            hand = hands[o]
            if hand is None:
                keep *= 1.0 - TAKEOVER_WILL * at_least(self.hand_sizes[o], round(self.frac[key], 2),
                                                       need)
            elif hand[key] >= need:  # a seen hand can take it over, or cannot (keep *= 1)
                keep *= 1.0 - TAKEOVER_WILL
        return 1.0 - (1.0 - risk) * keep

    def piles(self, seat: int, fields: Sequence[int] | None = None,
              mons: Sequence[int] | None = None, hand: Sequence[int] | None = None,
              generic: float = 0.0, storage: Sequence[float] | None = None,
              board_max: int | None = None) -> list[float]:
        """Expected final storage pile per crop in play for ``seat``.

        Any of the seat's parts may be replaced (to value a move without
        playing it); ``generic`` adds unknown cards to the hand.
        """
        return self._piles(seat, self.fields[seat] if fields is None else fields,
                           self.mons[seat] if mons is None else mons,
                           self.hands[seat] if hand is None else hand, generic,
                           self.storage[seat] if storage is None else storage,
                           self.board_max if board_max is None else board_max)

    def _piles(self, seat: int, fields: Sequence[int], mons: Sequence[int],
               hand: Sequence[int] | None, generic: float, storage: Sequence[float],
               bmax: int) -> list[float]:
        """:meth:`piles` with every part given (the search evaluates thousands of
        positions a second, so the field risks are worked out inline here)."""
        frac = self.frac
        if hand is None:
            generic += self.hand_sizes[seat]
        else:
            specs = hand[SPEC_BASE:STONE]
            if any(specs):
                q = self.q_next
                pay = payout_for(mons[OBELISK] > 0)  # R-SPEC-3, R-MON-5: 4 with the Obelisk
                for i in compress(_SPEC_INDEX, specs):  # the speculation cards held, in rule order
                    a, b = SPEC_PAIRS[i]
                    generic += specs[i] * SPEC_HAND_SHARE * pay * (q[a] + q[b])
            generic += hand[STONE] * STONE_WORTH
        wall = mons[WALL] > 0
        if mons[0] or mons[1] or mons[2]:
            own_turns = self.reveals / self.players
            for m in range(3):
                k = mons[m]
                if k:
                    life = k / max(0.05, self.q_stone * self.players)
                    worth = MONUMENT_RATE[m] * min(own_turns, life)
                    generic += worth * (1.0 - self.field_risk(seat, monument_key(m), k, bmax, wall))
        g = GENERIC_SHARE * generic
        yields_of, holders, memo = self.yields, self.holder, self._memo
        all_fields, all_mons = self.fields, self.mons
        margins = TAKEOVER_MARGINS[mons[SPHINX] > 0]
        held = hand if hand is not None else _NO_CARDS
        out: list[float] = []
        append = out.append
        # A crop has 14 cards (R-COMP-2), so no field or hand reaches the end of a
        # yield table (40 cards): the counts index it directly.
        for c in self.crops:
            base = storage[c] + frac[c] * g
            f = fields[c]
            h = held[c]
            if not f:
                if not h:
                    append(base + 0.0)
                    continue
                # A hand of a crop with no field yet: worth less if another seat's
                # field of it is too large to take over (R-PLANT-3, R-PLANT-4).
                share = HAND_SHARE
                holder = holders[c]
                if holder >= 0 and holder != seat:
                    if h < all_fields[holder][c] + margins[all_mons[holder][WALL] > 0]:
                        share = BLOCKED_SHARE
                append(base + share * yields_of[c][h])
                continue
            yields = yields_of[c]
            if memo is None:
                kept = 1.0 - self.field_risk(seat, c, f, bmax, wall)
            else:
                key = (seat, c, f, bmax, wall)
                known = memo.get(key)
                if known is None:
                    known = memo[key] = 1.0 - self.field_risk(seat, c, f, bmax, wall)
                kept = known
            y = yields[f]
            e = y * kept
            if h:
                e += HAND_SHARE * (yields[f + h] - y)
            append(base + e)
        return out

    def score(self, seat: int, **parts: Any) -> float:
        """The seat's soft minimum over its expected piles (R-END-3)."""
        return softmin(self.piles(seat, **parts))

    def scores(self) -> list[float]:
        """Every seat's :meth:`score` as things stand."""
        piles, bmax = self._piles, self.board_max
        return [softmin(piles(s, self.fields[s], self.mons[s], self.hands[s], 0.0, self.storage[s],
                              bmax))
                for s in range(self.players)]


def softmin(piles: list[float], tau: float = SOFTMIN) -> float:
    """A smooth minimum: the smallest pile counts most, the next ones break ties."""
    lo = min(piles)
    exp = math.exp
    if tau == 1.0:  # the search's case: the same sums without dividing by one
        return lo - math.log(sum([exp(lo - p) for p in piles]))
    return lo - tau * math.log(sum([exp((lo - p) / tau) for p in piles]))


def win_shares(scores: list[float], temperature: float = TEMPERATURE) -> list[float]:
    """Softmax of the scores: a smooth estimate of each seat's chance to win."""
    hi = max(scores)
    ex = [math.exp((s - hi) / temperature) for s in scores]
    total = sum(ex)
    return [x / total for x in ex]
