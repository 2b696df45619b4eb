"""Every legal move of a position, listed once each in canonical form.

Generated directly from the rules instead of by trying candidate texts, so
the list is complete and cheap enough for bots that call it in every node of
a search. Order: markets, offerings, plantings, speculations, pass.
"""

from __future__ import annotations

from itertools import combinations

from .cards import N_CROPS, STONE, crops_shown, is_spec
from .moves import MARKET, OFFER, PASS, PLANT, SPECULATE, STONE_AT, Move
from .play import flooded_crops, takeover_need

_PASS = Move.make(PASS, ())
_MON_KEY = N_CROPS


def trade_pairs(state, seat: int) -> list[tuple[int, int]]:
    """Every distinct pair of cards the seat could discard (hand and storage tokens)."""
    hand, store = state.hands[seat], state.storage[seat]
    slots = [(k * 2, n) for k, n in enumerate(hand) if n]
    slots += [(c * 2 + 1, n) for c, n in enumerate(store) if n]
    slots.sort()  # pairs come out in canonical order
    pairs = []
    for i, (t, n) in enumerate(slots):
        if n >= 2:
            pairs.append((t, t))
        for u, _ in slots[i + 1 :]:
            pairs.append((t, u))
    return pairs


def legal_moves(state) -> list[Move]:
    if state.over:
        return []
    seat = state.active
    make = Move.make_sorted
    pairs = trade_pairs(state, seat)
    moves = [make(MARKET, p) for p in pairs]
    moves += [make(OFFER, p) for p in pairs]
    moves += plant_moves(state, seat)
    moves += speculate_moves(state, seat)
    moves.append(_PASS)
    return moves


def speculate_moves(state, seat: int) -> list[Move]:
    flooded = flooded_crops(state)
    hand = state.hands[seat]
    ok = [
        k * 2
        for k in range(N_CROPS, STONE)
        if hand[k] and is_spec(k) and not any(c in flooded for c in crops_shown(k))
    ]
    moves = [Move.make_sorted(SPECULATE, (t,)) for t in ok]
    moves += [Move.make_sorted(SPECULATE, p) for p in combinations(ok, 2)]
    return moves


def _key_token(key: int) -> int:
    return key * 2 if key < _MON_KEY else (STONE_AT + key - _MON_KEY) * 2


def plant_moves(state, seat: int) -> list[Move]:
    hand = state.hands[seat]
    flood = state.flood
    flooded = crops_shown(flood) if flood >= 0 else ()
    fields, mons = state.fields[seat], state.mons[seat]
    stones = hand[STONE] if flood != STONE else 0
    own_crops: list[int] = []
    new_keys: list[tuple[int, int]] = []  # (key, cards available)
    for c in state.crops:
        n = hand[c]
        if n and c not in flooded:
            if fields[c]:
                own_crops.append(c)
            else:
                new_keys.append((c, n))
    own_mons: list[int] = []
    if stones:
        for m in range(3):
            if mons[m]:
                own_mons.append(m)
            else:
                new_keys.append((_MON_KEY + m, stones))
    if not own_crops and not new_keys and not own_mons:
        return []
    moves: list[Move] = []
    make = Move.make_sorted

    # Form c: any cards into fields the player already has.
    if own_crops or own_mons:
        combos: list[tuple[int, ...]] = [()]
        for c in own_crops:
            tok = (c * 2,)
            combos = [a + tok * n for a in combos for n in range(hand[c] + 1)]
        if own_mons:
            spreads = _stone_spreads(own_mons, stones)
            combos = [a + b for a in combos for b in spreads]
        moves += [make(PLANT, toks) for toks in combos if toks]
    if not new_keys:
        return moves
    needs = {key: takeover_need(state, seat, key)[0] for key, _ in new_keys}

    # Form a: two or more cards of one kind into one new field.
    for key, have in new_keys:
        tok = (_key_token(key),)
        for n in range(max(2, needs[key]), have + 1):
            moves.append(make(PLANT, tok * n))

    # Form b: exactly two cards of different kinds, at least one new field.
    singles = [(key, True) for key, _ in new_keys if needs[key] <= 1]
    if not singles:
        return moves
    singles += [(c, False) for c in own_crops]
    singles += [(_MON_KEY + m, False) for m in own_mons]
    singles.sort()
    for (k1, new1), (k2, new2) in combinations(singles, 2):
        if not (new1 or new2):
            continue
        if k1 >= _MON_KEY and (stones < 2 or (new1 and new2)):
            continue
        moves.append(make(PLANT, (_key_token(k1), _key_token(k2))))
    return moves


def _stone_spreads(own_mons: list[int], stones: int) -> list[tuple[int, ...]]:
    """Every way to lay 0..stones stones on the Monuments the player owns."""
    spreads: list[tuple[int, ...]] = [()]
    for m in own_mons:
        tok = (STONE_AT + m) * 2
        spreads = [s + (tok,) * n for s in spreads for n in range(stones - len(s) + 1)]
    return spreads

