"""A handful of sensible moves, and a quick choice among them, for the search.

The legal move list of a turn can run to hundreds (every pair of cards for a
trade, every combination of plantings), almost all of them silly. Inside the
search, where a determinisation lets every hand be seen, each seat is given
only a few moves that a reasonable player would consider: planting all it
holds of a crop it can plant, adding to its own fields, a pair of new
fields, a Monument, its best speculation, a market or offering of its two
least useful cards, and passing. Every move built here is legal by
construction (a test checks this against the engine on many positions).
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import compress
from operator import itemgetter

from nile_desktop.engine import Move, State
from nile_desktop.engine.cards import (
    CROP_CARDS_PER_CROP,
    CROPS_SHOWN,
    N_CROPS,
    OBELISK,
    SPEC_BASE,
    SPEC_PAIRS,
    SPHINX,
    STONE,
    WALL,
    monument_key,
)
from nile_desktop.engine.moves import (
    HAND_TOKENS,
    MARKET,
    OFFER,
    PASS,
    PLANT,
    SPECULATE,
    stone_token,
)
from nile_desktop.engine.powers import TAKEOVER_MARGINS, takeover_need

from .evaluation import CROP_INDEX, likeliest_spec, specs_in_play

_PASS = Move.make(PASS, ())
_STONE_TOKEN = HAND_TOKENS[STONE]
#: Order in which a seat with stones prefers Monuments.
_MONUMENT_PREFERENCE = (OBELISK, SPHINX, WALL)
#: ``plant`` of ``n`` cards of crop ``c``: ``_PLANT_ALL[c][n - 1]`` (a crop has 14 cards,
#: R-COMP-2), and speculating with a card of each kind: looked up, not built, per move.
_PLANT_ALL = tuple(tuple(Move.make(PLANT, (HAND_TOKENS[c],) * n)
                         for n in range(1, CROP_CARDS_PER_CROP + 1)) for c in range(N_CROPS))
_SPECULATE = {k: Move.make(SPECULATE, (HAND_TOKENS[k],))
              for k in range(SPEC_BASE, SPEC_BASE + len(SPEC_PAIRS))}
#: Planting one card each of two different crops ``c1, c2``: ``_PLANT_TWO[c1, c2]``.
_PLANT_TWO = {(a, b): Move.make(PLANT, (HAND_TOKENS[a], HAND_TOKENS[b]))
              for a in range(N_CROPS) for b in range(N_CROPS) if a != b}
#: The market and the offering of a pair of hand tokens, as they are met (at most one
#: entry per pair of card kinds).
_TRADES: dict[tuple[int, int], tuple[Move, Move]] = {}


@lru_cache(maxsize=64)
def _spec_kinds(crops: tuple[int, ...]) -> tuple[dict[int, tuple[int, ...]],
                                                 dict[int, tuple[int, ...]]]:
    """Per flood card kind (and -1, no flood yet), the speculation cards of these
    crops (the only ones in the game, R-COMP-3) showing a crop it floods, and
    those showing none, each in rule order: junk now, and still worth playing."""
    specs = specs_in_play(crops)
    floods = [(-1, ())] + list(enumerate(CROPS_SHOWN))
    wet = {f: tuple(k for k, a, b in specs if a in shown or b in shown) for f, shown in floods}
    dry = {f: tuple(k for k, a, b in specs if a not in shown and b not in shown)
           for f, shown in floods}
    return wet, dry


def candidates(state: State) -> list[Move]:
    """A few sensible legal moves of the active seat, most promising first.

    Besides the plantings, a speculation and passing: a market (and, with two
    fields, an offering) of the two least useful hand cards, if both are near
    useless. Stones are junk without a Monument to build, speculation cards
    showing a crop flooded this turn are junk, and so are cards of a crop
    another seat holds in a field too large to take over.
    """
    seat = state.active
    hand = state.hands[seat]
    fields = state.fields[seat]
    storage = state.storage[seat]
    flood = state.flood
    flooded = CROPS_SHOWN[flood] if flood >= 0 else ()
    out: list[tuple[float, Move]] = []
    own: list[int] = []
    singles: list[tuple[float, int]] = []
    blocked: list[int] = []  # trade tokens of crops too late to take over, in rule order
    all_fields, all_mons = state.fields, state.mons
    margins = TAKEOVER_MARGINS[all_mons[seat][SPHINX] > 0]
    for c in compress(CROP_INDEX, hand):  # the crops in hand, in rule order
        n = hand[c]
        f = fields[c]
        if f:
            if c in flooded:
                continue
            want = 1.0 / (1.0 + storage[c] + f)
            own.append(c)
            singles.append((want, c))
            continue
        # takeover_need, inline: the seat has no field of c, so a holder is another
        # seat (looked at for a flooded crop too: its cards may be junk).
        need, holder = 0, -1
        for o, row in enumerate(all_fields):
            if row[c]:
                need, holder = row[c] + margins[all_mons[o][WALL] > 0], o
                if n < need - 1:
                    blocked += [HAND_TOKENS[c]] * min(2, n)
                break
        if c in flooded:
            continue
        want = 1.0 / (1.0 + storage[c])
        if n >= 2 and n >= need:
            bonus = 1.5 if holder >= 0 else 0.0
            out.append((n * want + bonus, _PLANT_ALL[c][n - 1]))
        if need <= 1:
            singles.append((want, c))
    if own:
        toks: tuple[int, ...] = ()
        for c in own:  # crops in rule order: the tokens come out sorted
            toks += (HAND_TOKENS[c],) * hand[c]
        out.append((sum(hand[c] / (1.0 + storage[c] + fields[c]) for c in own),
                    Move.make_sorted(PLANT, toks)))
        if len(singles) >= 2 and len(own) < len(singles):
            _pair_of_singles(out, singles, fields)
    elif len(singles) >= 2:
        _pair_of_singles(out, singles, fields)
    mons = all_mons[seat]
    stones = hand[STONE]
    if stones >= 2 and flood != STONE and state.rules.monuments:
        for m in _MONUMENT_PREFERENCE:
            if mons[m]:
                continue
            need, _ = takeover_need(state, seat, monument_key(m))
            if stones >= max(2, need):
                tokens = (stone_token(m),) * stones
                out.append((1.2 if m == OBELISK else 0.6, Move.make_sorted(PLANT, tokens)))
                break
    wet, dry = _spec_kinds(state.crops)
    specs = list(filter(hand.__getitem__, dry[flood]))  # held
    if specs:
        best, odds = likeliest_spec(state.deck, specs)  # the first of the likeliest, in rule order
        out.append((odds, _SPECULATE[best]))
    junk: list[int] = []
    if stones and (stones < 2 or flood == STONE) and not any(mons):
        junk += [_STONE_TOKEN] * min(2, stones)
    if flooded:
        for kind in filter(hand.__getitem__, wet[flood]):  # held
            junk += [HAND_TOKENS[kind]] * min(2, hand[kind])
    if len(junk) < 2:
        junk += blocked
    if len(junk) >= 2:
        pair = junk[0], junk[1]
        trades = _TRADES.get(pair)
        if trades is None:
            trades = _TRADES[pair] = Move.make(MARKET, pair), Move.make(OFFER, pair)
        out.append((0.3, trades[0]))
        if len(fields) - fields.count(0) >= 2:  # two fields (only crops in play have any)
            out.append((0.2, trades[1]))
    out.sort(key=itemgetter(0), reverse=True)  # stable: ties keep their order
    moves = [m for _, m in out]
    if not state.rules.must_act or not state.can_act():
        moves.append(_PASS)
    elif not any(m.action in (PLANT, SPECULATE) for m in moves):
        # R-PLANT-5: passing is refused while a planting or speculation is legal.
        moves.append(next(m for m in state.legal_moves() if m.action in (PLANT, SPECULATE)))
    return moves


def _pair_of_singles(out: list[tuple[float, Move]], singles: list[tuple[float, int]],
                     fields: list[int]) -> None:
    """Two single cards of the most wanted crops, one of them a new field (R-PLANT-1 b)."""
    singles.sort(reverse=True)
    (w1, c1), (w2, c2) = singles[0], singles[1]
    if not (fields[c1] and fields[c2]):
        out.append((w1 + w2, _PLANT_TWO[c1, c2]))


def rollout_move(state: State, rng: random.Random, explore: float = 0.15) -> Move:
    """The rollout policy: usually the most promising candidate, now and then another."""
    moves = candidates(state)
    if len(moves) > 1 and rng.random() < explore:
        return moves[rng.randrange(len(moves))]
    return moves[0]
