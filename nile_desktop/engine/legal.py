"""Every legal move of a position, listed once each in canonical form.

Generated directly from the rules instead of by trying candidate texts, so
the list is complete and cheap enough for bots that call it in every node of
a search. Order: markets, offerings, plantings (into own fields, one new
field, two cards), speculations, pass.

Planting into fields a seat already has (R-PLANT-1 c) allows any number of
each crop held, so the count of those moves is a product over the crops:
two seats holding 13 of each crop with a field of each have over half a
million. Such a list is never built. Below :data:`EAGER_LIMIT` moves the
result is a plain ``list``; above it, a :class:`LegalMoves` sequence that
knows its length at once and makes each move only when asked for (by index,
by iteration, or ``in``), so every move stays reachable in bounded memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import overload

from .board import Board
from .cards import MON_KEY, N_CROPS, N_MONUMENTS, STONE, crops_shown, monument_key
from .moves import (
    HAND_TOKENS,
    KEY_TOKENS,
    MARKET,
    OFFER,
    PASS,
    PLANT,
    SPECULATE,
    STORAGE_TOKENS,
    Move,
    stone_token,
    token,
    token_from_storage,
    token_key,
)
from .powers import flooded_crops, takeover_need

_PASS = Move.make(PASS, ())
#: Up to this many plantings into own fields the move list is built eagerly.
EAGER_LIMIT = 4096


def trade_pairs(board: Board, seat: int) -> list[tuple[int, int]]:
    """Every distinct pair of cards the seat may discard, as tokens, in canonical order.

    R-TRADE-1: two cards from hand and/or storage; under ``storage: top`` only
    the top storage card, or the top two together, may be among them.
    """
    hand, store = board.hands[seat], board.storage[seat]
    slots = [(HAND_TOKENS[k], n) for k, n in enumerate(hand) if n]
    stack = board.stacks[seat] if board.rules.storage_top else None
    if stack is None:
        slots += [(STORAGE_TOKENS[c], n) for c, n in enumerate(store) if n]
    elif stack:
        slots.append((token(stack[-1], True), 1))
    slots.sort()  # pairs come out in canonical order
    pairs = []
    for i, (t, n) in enumerate(slots):
        if n >= 2:
            pairs.append((t, t))
        for u, _ in slots[i + 1 :]:
            pairs.append((t, u))
    if stack is not None and len(stack) >= 2:
        a, b = sorted((token(stack[-1], True), token(stack[-2], True)))
        pairs.append((a, b))
        pairs.sort()
    return pairs


class _OwnFieldPlantings:
    """Form c of R-PLANT-1 as a mixed-radix number: for each own crop field the
    count of its cards (0..held), then a spread of stones over own Monuments.
    Number ``i`` (1..count) is the ``i``-th move in canonical list order.
    """

    __slots__ = ("crops", "radix", "spreads", "count")

    def __init__(self, crops: list[int], held: list[int], spreads: list[tuple[int, ...]]) -> None:
        self.crops = crops
        self.radix = [n + 1 for n in held]
        self.spreads = spreads
        total = len(spreads)
        for r in self.radix:
            total *= r
        self.count = total - 1  # without the empty move

    def move(self, i: int) -> Move:
        """The ``i``-th planting, ``0 <= i < count`` (canonical order)."""
        n = i + 1
        n, spread = divmod(n, len(self.spreads))
        counts = [0] * len(self.crops)
        for j in range(len(self.crops) - 1, -1, -1):
            n, counts[j] = divmod(n, self.radix[j])
        toks: tuple[int, ...] = ()
        for c, k in zip(self.crops, counts, strict=True):
            toks += (token(c),) * k
        return Move(PLANT, toks + self.spreads[spread])  # not interned: there may be millions

    def all(self) -> list[Move]:
        combos: list[tuple[int, ...]] = [()]
        for c, r in zip(self.crops, self.radix, strict=True):
            tok = (token(c),)
            combos = [a + tok * n for a in combos for n in range(r)]
        if self.spreads != [()]:
            combos = [a + b for a in combos for b in self.spreads]
        return [Move.make_sorted(PLANT, toks) for toks in combos[1:]]

    def __iter__(self) -> Iterator[Move]:
        """The moves in order, one at a time (an odometer over the counts, lazily)."""
        toks = [(token(c),) for c in self.crops]
        first = True
        for counts in product(*(range(r) for r in self.radix)):
            head: tuple[int, ...] = ()
            for tok, k in zip(toks, counts, strict=True):
                if k:
                    head += tok * k
            for spread in self.spreads:
                if first:  # the empty planting is no move
                    first = False
                    continue
                yield Move(PLANT, head + spread)

    def holds(self, move: Move, board: Board, seat: int) -> bool:
        """Whether ``move`` is one of these plantings."""
        if move.action != PLANT or not move.tokens:
            return False
        hand = board.hands[seat]
        crops = set(self.crops)
        per: dict[int, int] = {}
        stones = 0
        for t in move.tokens:
            if token_from_storage(t):
                return False
            key = token_key(t)
            per[key] = per.get(key, 0) + 1
            if key >= MON_KEY:
                stones += 1
                if not board.mons[seat][key - MON_KEY] or not self.spreads[-1]:
                    return False
            elif key not in crops or per[key] > hand[key]:
                return False
        return stones == 0 or (board.flood != STONE and stones <= hand[STONE])


class LegalMoves(Sequence[Move]):
    """The legal moves of a position too rich to list: a lazy, read-only sequence.

    ``len()`` is exact and immediate; indexing, slicing, iteration and ``in``
    make moves only as they are asked for, in the same canonical order a list
    would have.
    """

    def __init__(self, board: Board, seat: int, head: list[Move],
                 own: _OwnFieldPlantings, tail: list[Move]) -> None:
        self._board, self._seat = board.clone(), seat
        self._head, self._own, self._tail = head, own, tail

    def __len__(self) -> int:
        return len(self._head) + self._own.count + len(self._tail)

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal move index out of range")
        if i < len(self._head):
            return self._head[i]
        i -= len(self._head)
        if i < self._own.count:
            return self._own.move(i)
        return self._tail[i - self._own.count]

    def __iter__(self) -> Iterator[Move]:
        yield from self._head
        yield from self._own
        yield from self._tail

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        return (move in self._head or move in self._tail
                or self._own.holds(move, self._board, self._seat))

    def __repr__(self) -> str:
        return f"<LegalMoves {len(self)} moves>"


def legal_moves(board: Board) -> Sequence[Move]:
    """Every legal move of the active seat, canonical, each once (see the module doc)."""
    if board.over:
        return []
    seat = board.active
    make = Move.make_sorted
    pairs = trade_pairs(board, seat)
    moves = [make(MARKET, p) for p in pairs]
    moves += [make(OFFER, p) for p in pairs]
    p = _plantable(board, seat)
    own = _own_field_plantings(board, seat, p)
    rest = _new_field_plantings(board, seat, p) + speculate_moves(board, seat)
    acts = rest or (own is not None and own.count > 0)
    if not (acts and board.rules.must_act):  # R-PLANT-5: no pass while an act is legal
        rest.append(_PASS)
    if own is None:
        return moves + rest
    if own.count <= EAGER_LIMIT:
        return moves + own.all() + rest
    return LegalMoves(board, seat, moves, own, rest)


def can_act(board: Board, seat: int) -> bool:
    """Whether ``seat`` (the active seat) has a legal planting or speculation (R-PLANT-5)."""
    p = _plantable(board, seat)
    if p[0] or p[2]:  # a card into an own field is always a planting
        return True
    return bool(speculate_moves(board, seat) or _new_field_plantings(board, seat, p))


def speculate_moves(board: Board, seat: int) -> list[Move]:
    """R-SPEC-1: one or two speculation cards held, none showing a flooded crop."""
    flooded = flooded_crops(board)
    hand = board.hands[seat]
    ok = [
        HAND_TOKENS[k]
        for k in range(N_CROPS, STONE)
        if hand[k] and not any(c in flooded for c in crops_shown(k))
    ]
    moves = [Move.make_sorted(SPECULATE, (t,)) for t in ok]
    moves += [Move.make_sorted(SPECULATE, p) for p in combinations(ok, 2)]
    return moves


_Plantable = tuple[list[int], list[tuple[int, int]], list[int], int]


def _plantable(board: Board, seat: int) -> _Plantable:
    """(own crop fields that can grow, new keys with cards available, own Monuments, stones)."""
    hand = board.hands[seat]
    flooded = flooded_crops(board)
    fields, mons = board.fields[seat], board.mons[seat]
    stones = hand[STONE] if board.flood != STONE else 0  # R-FLOOD-4
    own_crops: list[int] = []
    new_keys: list[tuple[int, int]] = []
    for c in board.crops:
        n = hand[c]
        if n and c not in flooded:
            if fields[c]:
                own_crops.append(c)
            else:
                new_keys.append((c, n))
    own_mons: list[int] = []
    if stones:
        for m in range(N_MONUMENTS):
            if mons[m]:
                own_mons.append(m)
            else:
                new_keys.append((monument_key(m), stones))
    return own_crops, new_keys, own_mons, stones


def _own_field_plantings(board: Board, seat: int, p: _Plantable) -> _OwnFieldPlantings | None:
    """R-PLANT-1 c (and R-MON-1): any cards into fields the seat already has."""
    own_crops, _, own_mons, stones = p
    if not own_crops and not own_mons:
        return None
    hand = board.hands[seat]
    spreads: list[tuple[int, ...]] = stone_spreads(own_mons, stones) if own_mons else [()]
    return _OwnFieldPlantings(own_crops, [hand[c] for c in own_crops], spreads)


def _new_field_plantings(board: Board, seat: int, p: _Plantable) -> list[Move]:
    """R-PLANT-1 a and b, with the take-over need of R-PLANT-3/4 and R-MON-2."""
    own_crops, new_keys, own_mons, stones = p
    if not new_keys:
        return []
    make = Move.make_sorted
    moves: list[Move] = []
    needs = {key: takeover_need(board, seat, key)[0] for key, _ in new_keys}

    # Form a: two or more cards of one kind into one new field.
    for key, have in new_keys:
        tok = (KEY_TOKENS[key],)
        for n in range(max(2, needs[key]), have + 1):
            moves.append(make(PLANT, tok * n))

    # Form b: exactly two cards of different kinds, at least one new field.
    singles = [(key, True) for key, _ in new_keys if needs[key] <= 1]
    if not singles:
        return moves
    singles += [(c, False) for c in own_crops]
    singles += [(monument_key(m), False) for m in own_mons]
    singles.sort()
    for (k1, new1), (k2, new2) in combinations(singles, 2):
        if not (new1 or new2):
            continue
        if k1 >= MON_KEY and (stones < 2 or (new1 and new2)):
            continue  # two stones needed; two new Monuments break R-MON-2
        moves.append(make(PLANT, (KEY_TOKENS[k1], KEY_TOKENS[k2])))
    return moves


def stone_spreads(monuments: list[int], stones: int) -> list[tuple[int, ...]]:
    """Every way to lay 0..stones stones on these Monuments, as sorted stone tokens."""
    spreads: list[tuple[int, ...]] = [()]
    for m in monuments:
        tok = stone_token(m)
        spreads = [s + (tok,) * n for s in spreads for n in range(stones - len(s) + 1)]
    return spreads
