"""Why a move, a pick or a drop is refused, in the player's language (R-WHY-1).

Every refusal code has one sentence here, in :data:`REFUSAL_TEXTS`: the engine's
codes (:class:`~nile_desktop.engine.RefusalCode`) and the table's own
(:class:`TableRefusalCode`, for what the table refuses before it asks the engine).
A test checks that the table covers every code in every language. The sentences are
built from the code and its numbers, never from the engine's English message, and
name the rule they enforce.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nile_desktop.engine import CardRef, InvalidMoveError, RefusalCode
from nile_desktop.engine.places import STONE
from nile_desktop.engine.text_enum import TextEnum
from nile_desktop.i18n import _, card_name, ngettext


class TableRefusalCode(TextEnum):
    """What the table refuses before there is a move to ask the engine about."""

    NOT_YOUR_TURN = "not-your-turn"
    NOTHING_PICKED = "nothing-picked"
    STAGE_FIRST = "stage-first"
    CLEAR_FIRST = "clear-first"
    NO_ROOM = "no-room"


@dataclass(frozen=True)
class Facts:
    """What a refusal's sentence may name: the card's kind and name, the crop (the
    card's own unless one is given), the numbers, and the owner of the field."""

    kind: str
    name: str
    crop: str
    needed: int | None
    have: int | None
    owner: str


Sentence = Callable[[Facts], str]


def _flooded(f: Facts) -> str:
    if f.kind == STONE:
        return _("A stone is the flood card: stones cannot be planted this turn")
    return _("{crop} is flooded this turn").format(crop=f.crop)


def _field_too_small(f: Facts) -> str:
    if f.owner:
        return ngettext("The {crop} field of {owner} has {have} card: you need {needed}",
                        "The {crop} field of {owner} has {have} cards: you need {needed}",
                        f.have or 0).format(crop=f.crop, owner=f.owner, have=f.have,
                                            needed=f.needed)
    return ngettext("A take-over needs {needed} card; you plant {have}",
                    "A take-over needs {needed} cards; you plant {have}",
                    f.needed or 0).format(needed=f.needed, have=f.have)


def _trade_needs_two(f: Facts) -> str:
    return ngettext("A trade takes exactly two cards; {have} is picked",
                    "A trade takes exactly two cards; {have} are picked",
                    f.have or 0).format(have=f.have or 0)


def _not_allowed(f: Facts) -> str:
    return _("That move is not allowed")


#: The sentence of every refusal code (the codes are ``str`` enums: a plain code string
#: finds its sentence too).
REFUSAL_TEXTS: dict[str, Sentence] = {
    RefusalCode.GAME_OVER: lambda f: _("The game is over"),
    RefusalCode.UNKNOWN_MOVE: _not_allowed,
    RefusalCode.TRADE_NEEDS_TWO: _trade_needs_two,
    RefusalCode.SPECULATE_ONE_OR_TWO: lambda f: _("Speculate with one or two speculation cards"),
    RefusalCode.NOT_SPECULATION: lambda f: _("Only speculation cards can be laid to speculate"),
    RefusalCode.NOT_PLANTABLE: lambda f: _("{card} cannot be planted").format(card=f.name),
    RefusalCode.STONE_NEEDS_MONUMENT:
        lambda f: _("Stones are planted on a Monument: drop them on one"),
    RefusalCode.NOT_HELD: lambda f: _("You do not hold that card"),
    RefusalCode.STORAGE_NOT_TOP: lambda f: _("Only the top cards of your storage can be traded"),
    RefusalCode.FLOODED: _flooded,
    RefusalCode.ONE_MONUMENT_PER_TURN:
        lambda f: _("Only one Monument can be built or taken per turn"),
    RefusalCode.NEW_FIELD_NEEDS_TWO:
        lambda f: _("A new field needs at least two cards of one crop, or one card beside "
                    "a second crop"),
    RefusalCode.TWO_CROPS_TWO_CARDS:
        lambda f: _("Two different crops: exactly one card of each, unless every card joins "
                    "a field you own"),
    RefusalCode.TOO_MANY_KINDS:
        lambda f: _("At most two crops at once, unless every card joins a field you own"),
    RefusalCode.FIELD_TOO_SMALL: _field_too_small,
    RefusalCode.MUST_ACT:
        lambda f: _("You can still plant or speculate, and this rule book requires it"),
    TableRefusalCode.NOT_YOUR_TURN: lambda f: _("It is not your turn"),
    TableRefusalCode.NOTHING_PICKED: lambda f: _("Pick cards from your hand first"),
    TableRefusalCode.STAGE_FIRST:
        lambda f: _("Drop the picked cards on a glowing place first, then press Plant"),
    TableRefusalCode.CLEAR_FIRST:
        lambda f: _("Put the cards you picked or laid out back first (Clear)"),
    TableRefusalCode.NO_ROOM: lambda f: _("None of the picked cards can go there"),
}


def _card_kind(card: str | None) -> str:
    """The kind of the card a refusal names (``stone`` for ``stone@sphinx``)."""
    if not card:
        return ""
    try:
        return CardRef.parse(card).kind
    except InvalidMoveError:  # not a card the notation knows: shown as given
        return card


def refusal_text(code: str, *, rule: str = "", card: str | None = None,
                 needed: int | None = None, have: int | None = None,
                 owner: str = "", crop: str | None = None) -> str:
    """Why a pick or a move is refused, with its numbers and rule id."""
    kind = _card_kind(card)
    name = card_name(kind) if kind else ""
    facts = Facts(kind, name, card_name(crop) if crop else name, needed, have, owner)
    text = REFUSAL_TEXTS.get(code, _not_allowed)(facts)
    if not rule:
        return text
    if text.endswith(")"):  # "(vybráno: 0)": the rule joins that parenthesis, not a second one
        return f"{text[:-1]}; {rule})"
    return f"{text} ({rule})"
