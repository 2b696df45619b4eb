"""Card references and table places as values, with their text forms from NOTATION.md.

A move names its cards as ``wheat`` (from the hand), ``storage:flax``
(from storage, in a trade) or ``stone@sphinx`` (a stone laid on a
Monument). Code that builds moves piece by piece (the table's draft, the
tutorial) holds :class:`CardRef` values instead of those strings, so a
misspelt reference fails where it is made, not later as a refused move.

A :class:`Place` is where a planted card goes: one of a seat's fields
(``field:wheat``) or a Monument (``monument:sphinx``). Places are the
table's names for drop targets; the engine reads a planted card's place
from the card itself (R-PLANT-1, R-MON-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import CROPS, KIND_NAMES, MONUMENTS
from .errors import InvalidMoveError, RefusalCode

STORAGE_PREFIX = "storage:"
STONE = "stone"


def _bad(text: str, why: str) -> InvalidMoveError:
    return InvalidMoveError(RefusalCode.UNKNOWN_MOVE, f"cannot read the card: {why}", move=text)


@dataclass(frozen=True)
class CardRef:
    """One card named by a move: its kind, whether it comes from storage, and for a
    stone the Monument it is laid on. ``str()`` is the notation; :meth:`parse` reads it.

    Raises :class:`InvalidMoveError` (code ``unknown-move``) for a kind or a Monument
    that does not exist, a storage card that is not a crop, or ``@`` on anything but a
    stone.
    """

    kind: str
    storage: bool = False
    monument: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KIND_NAMES:
            raise _bad(self.kind, f"{self.kind!r} is not a card")
        if self.storage and self.kind not in CROPS:
            raise _bad(self.kind, "storage holds crop cards only")
        if self.monument is not None and (self.kind != STONE or self.monument not in MONUMENTS
                                          or self.storage):
            raise _bad(self.kind, f"{self.kind}@{self.monument} is not a card")

    @classmethod
    def parse(cls, text: str) -> CardRef:
        """``wheat``, ``storage:flax``, ``spec:wheat+flax`` or ``stone@sphinx``."""
        word = text.strip().lower()
        storage = word.startswith(STORAGE_PREFIX)
        if storage:
            word = word[len(STORAGE_PREFIX):]
        if "@" in word:
            kind, _, monument = word.partition("@")
            return cls(kind, storage, monument)
        return cls(word, storage)

    @property
    def from_storage(self) -> bool:
        return self.storage

    def in_hand(self) -> CardRef:
        """The same kind of card, from the hand and laid nowhere yet."""
        return CardRef(self.kind) if self.storage or self.monument else self

    def laid_on(self, place: Place) -> CardRef:
        """This hand card planted on ``place`` (a stone names its Monument)."""
        if place.kind is PlaceKind.MONUMENT:
            return CardRef(self.kind, False, place.name)
        return CardRef(self.kind)

    def __str__(self) -> str:
        if self.monument is not None:
            return f"{self.kind}@{self.monument}"
        return STORAGE_PREFIX + self.kind if self.storage else self.kind


class PlaceKind(Enum):
    FIELD = "field"
    MONUMENT = "monument"


@dataclass(frozen=True)
class Place:
    """A seat's field of one crop (``field:wheat``) or a Monument (``monument:sphinx``)."""

    kind: PlaceKind
    name: str

    def __post_init__(self) -> None:
        names = CROPS if self.kind is PlaceKind.FIELD else MONUMENTS
        if self.name not in names:
            raise _bad(str(self), f"{self.name!r} is not a {self.kind.value}")

    @classmethod
    def parse(cls, text: str) -> Place:
        prefix, colon, name = text.partition(":")
        try:
            kind = PlaceKind(prefix)
        except ValueError:
            raise _bad(text, f"{text!r} is not a place") from None
        if not colon:
            raise _bad(text, f"{text!r} is not a place")
        return cls(kind, name)

    @classmethod
    def field(cls, crop: str) -> Place:
        return cls(PlaceKind.FIELD, crop)

    @classmethod
    def monument_of(cls, name: str) -> Place:
        return cls(PlaceKind.MONUMENT, name)

    @classmethod
    def of_card(cls, card: CardRef) -> Place:
        """Where a planted card goes: its crop's field, or the Monument a stone names."""
        if card.monument is not None:
            return cls(PlaceKind.MONUMENT, card.monument)
        return cls(PlaceKind.FIELD, card.kind)

    @property
    def card_kind(self) -> str:
        """The kind of card planted here: the crop, or a stone on a Monument."""
        return STONE if self.kind is PlaceKind.MONUMENT else self.name

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.name}"


#: The :class:`CardRef` of every card kind from the hand, by kind index, and the
#: :class:`Place` of every crop's field and every Monument, by index: a move's events
#: are built from these shared values rather than from new ones.
CARD_REFS: tuple[CardRef, ...] = tuple(CardRef(name) for name in KIND_NAMES)
FIELD_PLACES: tuple[Place, ...] = tuple(Place.field(crop) for crop in CROPS)
MONUMENT_PLACES: tuple[Place, ...] = tuple(Place.monument_of(name) for name in MONUMENTS)
