"""Moves as small immutable values with one canonical text form (NOTATION.md).

A move is an action plus a sorted tuple of card *tokens*. A token packs a card
kind and where it comes from into one integer, ``kind * 2 + from_storage``,
so that sorting the integers gives exactly the canonical order of the
notation (rule order, a hand card before a storage card of the same kind).
Stones planted on a Monument use the pseudo kinds 30–32 (``stone@sphinx`` …).
Moves are interned: the same move is the same object, so bots can build and
compare thousands of them cheaply.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    CROP_BY_NAME,
    KIND_BY_NAME,
    KIND_NAMES,
    MON_KEY,
    MONUMENTS,
    N_CROPS,
    N_KINDS,
    SPEC_BY_PAIR,
    STONE,
)
from .errors import InvalidMoveError, RefusalCode
from .places import CardRef

MARKET, OFFER, PLANT, SPECULATE, PASS = "market", "offer", "plant", "speculate", "pass"
ACTIONS: tuple[str, ...] = (MARKET, OFFER, PLANT, SPECULATE, PASS)
TRADES = (MARKET, OFFER)

#: Pseudo kind of a stone laid on Monument ``m``: ``STONE_AT + m``.
STONE_AT = N_KINDS  # 30, 31, 32
_STORAGE = "storage:"


# Tokens are decoded only through the helpers below: nothing else in the
# project knows how a token packs its kind and source.

def token(kind: int, storage: bool = False) -> int:
    """Pack a card kind (or ``STONE_AT + m``) and its source into a token."""
    return kind * 2 + (1 if storage else 0)


def token_kind(tok: int) -> int:
    """The card kind of a token (``STONE_AT + m`` for a stone laid on Monument ``m``)."""
    return tok >> 1


def token_from_storage(tok: int) -> bool:
    """Whether a token's card comes from storage (only in a trade)."""
    return bool(tok & 1)


def token_card(tok: int) -> int:
    """The real card kind a token spends: a stone for ``stone@…``."""
    kind = tok >> 1
    return STONE if kind >= STONE_AT else kind


def stone_token(monument: int) -> int:
    """The token of a stone laid on ``monument``."""
    return (STONE_AT + monument) * 2


def key_token(key: int) -> int:
    """The token of one card planted into the field with planting ``key``."""
    return key * 2 if key < MON_KEY else (STONE_AT + key - MON_KEY) * 2


def token_key(tok: int) -> int:
    """The planting key a ``plant`` token goes to (a crop, or ``MON_KEY + m``)."""
    kind = tok >> 1
    return MON_KEY + kind - STONE_AT if kind >= STONE_AT else kind


#: ``token(kind)`` of every card kind, for the move generator's hot loops.
HAND_TOKENS: tuple[int, ...] = tuple(token(k) for k in range(N_KINDS))
#: ``token(crop, storage=True)`` of every crop.
STORAGE_TOKENS: tuple[int, ...] = tuple(token(k, True) for k in range(N_KINDS))
#: ``key_token(key)`` of every planting key (crops, then Monuments).
KEY_TOKENS: tuple[int, ...] = tuple(key_token(k) for k in range(MON_KEY + len(MONUMENTS)))


def _token_text(tok: int) -> str:
    kind = tok >> 1
    name = f"stone@{MONUMENTS[kind - STONE_AT]}" if kind >= STONE_AT else KIND_NAMES[kind]
    return _STORAGE + name if tok & 1 else name


#: The notation of every token, by token (moves are written often: the command
#: line streams millions of them for the richest positions).
TOKEN_TEXTS: tuple[str, ...] = tuple(_token_text(t) for t in range(2 * (STONE_AT + len(MONUMENTS))))


def token_text(tok: int) -> str:
    """The notation of one token: ``wheat``, ``storage:flax``, ``stone@sphinx``."""
    return TOKEN_TEXTS[tok]


#: The card reference of every token a move can hold (a storage card is a crop), so a
#: move's events name their cards without reading text back.
TOKEN_REFS: dict[int, CardRef] = {
    t: CardRef.parse(TOKEN_TEXTS[t]) for t in range(len(TOKEN_TEXTS))
    if not (t & 1) or (t >> 1) < N_CROPS
}


class Move:
    """One decision of the active player, e.g. ``market wheat storage:flax``.

    Build moves with :meth:`make` (from tokens) or :meth:`parse` (from text);
    both return the one shared instance of that move. ``str(move)`` is the
    canonical text.
    """

    __slots__ = ("action", "tokens", "_text", "_hash", "__weakref__")
    _interned: dict[tuple[str, tuple[int, ...]], Move] = {}
    #: Above this many interned moves the cache starts afresh (bounded memory).
    INTERN_LIMIT = 200_000

    action: str
    tokens: tuple[int, ...]
    _text: str | None
    _hash: int

    def __init__(self, action: str, tokens: tuple[int, ...]) -> None:
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "_text", None)
        # Worked out once: the search looks moves up in its tree's dicts all the time.
        object.__setattr__(self, "_hash", hash((action, tokens)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    @classmethod
    def make(cls, action: str, tokens: tuple[int, ...] | list[int]) -> Move:
        """The move of ``action`` with these tokens, in any order."""
        key = (action, tuple(sorted(tokens)))
        move = cls._interned.get(key)
        if move is None:
            if len(cls._interned) > cls.INTERN_LIMIT:
                cls._interned.clear()
            move = cls(action, key[1])
            cls._interned[key] = move
        return move

    @classmethod
    def make_sorted(cls, action: str, tokens: tuple[int, ...]) -> Move:
        """:meth:`make` for tokens already in canonical order (the move generator's fast path)."""
        move = cls._interned.get((action, tokens))
        return move if move is not None else cls.make(action, tokens)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read one move; raises :class:`InvalidMoveError` (code ``unknown-move``).

        Parsing checks only the shape of the text; whether the move is allowed
        in a position is decided by the state.
        """
        if not isinstance(text, str):
            raise _unknown(str(text), "a move must be text")
        words = text.strip().lower().split()
        if not words:
            raise _unknown(text, "the move is empty")
        action, args = words[0], words[1:]
        if action not in ACTIONS:
            raise _unknown(text, f"unknown action {action!r}")
        if action == PASS and args:
            raise _unknown(text, "pass takes no cards")
        if action == PLANT and not args:
            raise _unknown(text, "plant names the cards to plant")
        tokens = [_parse_card(word, action, text) for word in args]
        return cls.make(action, tokens)

    @property
    def refs(self) -> tuple[CardRef, ...]:
        """The cards of the move as :class:`~.places.CardRef` values, in canonical order."""
        refs = TOKEN_REFS
        return tuple(refs[t] for t in self.tokens)

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards of the move in canonical text form."""
        texts = TOKEN_TEXTS
        return tuple(texts[t] for t in self.tokens)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = " ".join((self.action, *self.cards))
            object.__setattr__(self, "_text", text)
        return text

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Move):
            return NotImplemented
        return self.action == other.action and self.tokens == other.tokens

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Move) -> bool:
        return str(self) < str(other)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Move.parse, (str(self),))


def _unknown(text: str, why: str) -> InvalidMoveError:
    return InvalidMoveError(RefusalCode.UNKNOWN_MOVE, f"cannot read the move: {why}", move=str(text))


def _parse_card(word: str, action: str, text: str) -> int:
    storage = word.startswith(_STORAGE)
    if storage:
        if action not in TRADES:
            raise _unknown(text, "cards come from storage only in a trade")
        word = word[len(_STORAGE) :]
    if "@" in word:
        name, _, monument = word.partition("@")
        if name != "stone" or monument not in MONUMENTS or action != PLANT or storage:
            raise _unknown(text, f"{word!r} is not a card")
        return token(STONE_AT + MONUMENTS.index(monument))
    if word.startswith("spec:"):
        a, plus, b = word[5:].partition("+")
        if not plus or a not in CROP_BY_NAME or b not in CROP_BY_NAME or a == b:
            raise _unknown(text, f"{word!r} is not a card")
        lo, hi = sorted((CROP_BY_NAME[a], CROP_BY_NAME[b]))
        return token(SPEC_BY_PAIR[(lo, hi)], storage)
    kind = KIND_BY_NAME.get(word)
    if kind is None:
        raise _unknown(text, f"{word!r} is not a card")
    return token(kind, storage)
