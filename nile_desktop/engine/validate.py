"""Checking a move against the rules without playing it, with the reason why not.

A refused move must tell the player *why* (R-WHY-1), so every check raises
:class:`IllegalMoveError` with the reason code of NOTATION.md (the first of
its table that applies), the rule id and the numbers behind it. The table
uses this through ``State.check`` to ask "is this move legal, and why not"
without building the full move list.
"""

from __future__ import annotations

from .board import Board
from .cards import KIND_NAMES, MON_KEY, N_CROPS, STONE, crops_shown, is_spec, key_name
from .errors import IllegalMoveError, RefusalCode
from .legal import can_act
from .moves import (
    MARKET,
    OFFER,
    PASS,
    SPECULATE,
    STONE_AT,
    Move,
    token_card,
    token_from_storage,
    token_key,
    token_kind,
)
from .powers import flooded_crops, takeover_need

#: A planting plan: planting key (crop, or ``MON_KEY + monument``) -> cards.
Plan = dict[int, int]


def _refuse(code: RefusalCode, move: Move | str, message: str,
            **numbers: int | str | None) -> IllegalMoveError:
    return IllegalMoveError(code, message, move=str(move), **numbers)  # type: ignore[arg-type]


def validate(board: Board, move: Move | str) -> tuple[Move, Plan]:
    """Check ``move`` against the rules; return it parsed, with its planting plan.

    Raises :class:`InvalidMoveError` for text that does not parse and
    :class:`IllegalMoveError` with the first reason of the NOTATION.md table
    that applies (R-WHY-1). Changes nothing.
    """
    if board.over:
        raise _refuse(RefusalCode.GAME_OVER, move, "the game is over")
    if not isinstance(move, Move):
        move = Move.parse(move)
    seat = board.active
    action, tokens = move.action, move.tokens
    if action in (MARKET, OFFER):
        if len(tokens) != 2:
            raise _refuse(RefusalCode.TRADE_NEEDS_TWO, move, "a trade discards exactly two cards",
                          needed=2, have=len(tokens))
        _check_held(board, move, seat)
        if board.rules.storage_top:
            _check_storage_top(board, move, seat)
        return move, {}
    if action == SPECULATE:
        _check_speculate(board, move, seat)
        return move, {}
    if action == PASS:
        if board.rules.must_act and can_act(board, seat):
            raise _refuse(RefusalCode.MUST_ACT, move,
                          "with the rule-book option must_act you plant or speculate when you can")
        return move, {}
    return move, _validate_plant(board, move, seat)


def _check_speculate(board: Board, move: Move, seat: int) -> None:
    """R-SPEC-1: one or two speculation cards, held, none showing a flooded crop."""
    tokens = move.tokens
    if not 1 <= len(tokens) <= 2:
        raise _refuse(RefusalCode.SPECULATE_ONE_OR_TWO, move, "speculate with one or two cards",
                      needed=2 if tokens else 1, have=len(tokens))
    for t in tokens:
        if not is_spec(token_kind(t)):
            raise _refuse(RefusalCode.NOT_SPECULATION, move,
                          "only speculation cards can be speculated",
                          card=KIND_NAMES[token_card(t)])
    _check_held(board, move, seat)
    flooded = flooded_crops(board)
    for t in tokens:
        if any(c in flooded for c in crops_shown(token_kind(t))):
            raise _refuse(RefusalCode.FLOODED, move, "this speculation shows a flooded crop",
                          card=KIND_NAMES[token_kind(t)], rule="R-SPEC-1")


def _check_held(board: Board, move: Move, seat: int) -> None:
    """The cards are in the hand (or storage) in that number (R-TRADE-1, R-PLANT-1)."""
    need_hand: dict[int, int] = {}
    need_store: dict[int, int] = {}
    for t in move.tokens:
        book = need_store if token_from_storage(t) else need_hand
        kind = token_card(t)
        book[kind] = book.get(kind, 0) + 1
    hand, store = board.hands[seat], board.storage[seat]
    for kind, n in need_hand.items():
        if hand[kind] < n:
            raise _refuse(RefusalCode.NOT_HELD, move,
                          "that card is not in your hand in that number",
                          needed=n, have=hand[kind], card=KIND_NAMES[kind])
    for kind, n in need_store.items():
        have = store[kind] if kind < N_CROPS else 0
        if have < n:
            raise _refuse(RefusalCode.NOT_HELD, move,
                          "that card is not in your storage in that number",
                          needed=n, have=have, card="storage:" + KIND_NAMES[kind])


def _check_storage_top(board: Board, move: Move, seat: int) -> None:
    """R-TRADE-1 with ``storage: top``: only the top card, or the top two, leave storage."""
    taken = sorted(token_kind(t) for t in move.tokens if token_from_storage(t))
    if not taken:
        return
    stack = board.stacks[seat]
    top = sorted(stack[-len(taken):])
    if taken != top:
        wrong = next((k for k in taken if k not in top), taken[-1])
        shown = " and ".join(KIND_NAMES[k] for k in reversed(stack[-len(taken):]))
        raise _refuse(RefusalCode.STORAGE_NOT_TOP, move,
                      f"only the top of your storage can be traded: {shown}",
                      needed=len(taken), card="storage:" + KIND_NAMES[wrong])


def _validate_plant(board: Board, move: Move, seat: int) -> Plan:
    """R-PLANT-1..4 and R-MON-1..3: which fields the cards go to, and whether that is allowed."""
    for t in move.tokens:
        kind = token_kind(t)
        if N_CROPS <= kind < STONE_AT and kind != STONE:
            raise _refuse(RefusalCode.NOT_PLANTABLE, move,
                          "only crop cards and stones can be planted",
                          card=KIND_NAMES[kind])
    plan: Plan = {}
    for t in move.tokens:
        if token_kind(t) == STONE:
            raise _refuse(RefusalCode.STONE_NEEDS_MONUMENT, move,
                          "a stone is planted on a Monument: write stone@sphinx, stone@obelisk or stone@wall")
        key = token_key(t)
        plan[key] = plan.get(key, 0) + 1
    _check_held(board, move, seat)
    flooded = flooded_crops(board)
    for key in plan:
        if key < MON_KEY and key in flooded:
            raise _refuse(RefusalCode.FLOODED, move,
                          "this crop is flooded and cannot be planted this turn",
                          card=key_name(key))
        if key >= MON_KEY and board.flood == STONE:
            # R-FLOOD-4: a stone flood card forbids planting stones this turn.
            raise _refuse(RefusalCode.FLOODED, move,
                          "a stone is the flood card: no stones can be planted",
                          card="stone", rule="R-FLOOD-4")
    fields, mons = board.fields[seat], board.mons[seat]
    # R-PLANT-2: one field per crop, so a card of a crop the seat has joins that field.
    new = [k for k in plan if not (fields[k] if k < MON_KEY else mons[k - MON_KEY])]
    if sum(1 for k in new if k >= MON_KEY) > 1:
        raise _refuse(RefusalCode.ONE_MONUMENT_PER_TURN, move,
                      "only one Monument can be built in a turn")
    if new:
        total = sum(plan.values())
        if len(plan) == 1:
            if total < 2:
                raise _refuse(RefusalCode.NEW_FIELD_NEEDS_TWO, move,
                              "a new field of one crop needs two cards",
                              needed=2, have=total)
        elif len(plan) == 2:
            if total != 2:
                raise _refuse(RefusalCode.TWO_CROPS_TWO_CARDS, move,
                              "two different crops are planted as exactly one card each",
                              needed=2, have=total)
        else:
            raise _refuse(RefusalCode.TOO_MANY_KINDS, move,
                          "more than two kinds of card go only into fields you already have")
        for key in new:
            needed, holder = takeover_need(board, seat, key)
            if holder >= 0 and plan[key] < needed:
                raise _refuse(RefusalCode.FIELD_TOO_SMALL, move,
                              f"taking over this field needs {needed} cards, you play {plan[key]}",
                              needed=needed, have=plan[key], card=key_name(key))
    return plan
