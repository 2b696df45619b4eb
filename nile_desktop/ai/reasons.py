"""Short, localisable explanations of a bot's move ("takes the Flax field, 4 against 3").

A :class:`Reason` is a message id with ``{placeholders}`` and their values,
not a finished sentence, so the table can show it in the player's language:
it translates the message id through its catalogue and the card names
through its own card-name function (:meth:`Reason.render`). ``str(reason)``
gives the English text, for logs, tests and the arena.

The bots sit below the app layer and must not import it, so message ids are
marked with a local no-op ``N_`` marker, and messages about a count with
``NP_`` (singular, plural, and the value that counts), which
:meth:`Reason.render` passes to the table's ``ngettext``; the i18n extractor
looks for both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nile_desktop.engine import CROPS, MONUMENTS


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark ``message`` for extraction into the catalogues; it stays English here."""
    return message


class Plural(str):
    """A message id that has a plural form; the value named ``count_key`` chooses the form."""

    plural: str
    count_key: str

    def __new__(cls, singular: str, plural: str, count: str) -> Plural:
        message = super().__new__(cls, singular)
        message.plural = plural
        message.count_key = count
        return message

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]
        return (str(self), self.plural, self.count_key)


def NP_(singular: str, plural: str, count: str = "count") -> Plural:  # noqa: N802 - gettext-style marker
    """Mark a counted message for extraction; ``count`` names the value that chooses the form."""
    return Plural(singular, plural, count)


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _as_is(value: object) -> object:
    return value


class CardName(str):
    """A card or Monument in notation form (``flax``, ``obelisk``) used as a value.

    Rendering shows it through the table's card-name function (translated);
    ``str()`` of the reason shows the English name.
    """

    __slots__ = ()


def crop_name(crop: int) -> CardName:
    """The placeholder value for crop index ``crop``."""
    return CardName(CROPS[crop])


def monument_name(monument: int) -> CardName:
    """The placeholder value for Monument index ``monument``."""
    return CardName(MONUMENTS[monument])


def _english_card(name: str) -> str:
    """English display name of a notation name: ``spec:wheat+flax`` → "Speculation Wheat+Flax"."""
    if name.startswith("spec:"):
        first, _, second = name[5:].partition("+")
        return f"Speculation {first.capitalize()}+{second.capitalize()}"
    return name.capitalize()


class Reason:
    """A message id and its placeholder values; ``str()`` is the English text.

    Values may be numbers, :class:`CardName`, plain text or nested reasons
    (e.g. the search bot wraps the heuristic's reason with its confidence).
    """

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, **values: object) -> None:
        self.msgid = msgid
        self.values = values

    def render(
        self,
        translate: Callable[[str], str] = N_,
        card_name: Callable[[str], str] = _english_card,
        ngettext: Callable[[str, str, int], str] = _english_plural,
        number: Callable[[object], object] = _as_is,
    ) -> str:
        """The text in a language: ``translate`` maps message ids, ``card_name`` card names,
        ``ngettext`` picks the form of a counted message, ``number`` formats numbers."""
        values: dict[str, object] = {}
        for key, value in self.values.items():
            if isinstance(value, Reason):
                values[key] = value.render(translate, card_name, ngettext, number)
            elif isinstance(value, CardName):
                values[key] = card_name(str(value))
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                values[key] = number(value)
            else:
                values[key] = value
        msgid = self.msgid
        if isinstance(msgid, Plural):
            count = self.values[msgid.count_key]
            text = ngettext(str(msgid), msgid.plural, count if isinstance(count, int) else 0)
        else:
            text = translate(msgid)
        return str(text).format(**values)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Reason({self.msgid!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Reason) and self.msgid == other.msgid and self.values == other.values
        )

    def __hash__(self) -> int:
        return hash(self.msgid)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, object]]]:
        return (_rebuild, (self.msgid, self.values))


def _rebuild(msgid: str, values: dict[str, object]) -> Reason:
    return Reason(msgid, **values)


# -- the messages the bots use ------------------------------------------------
RANDOM = N_("picks a move at random")
ONLY_MOVE = N_("has only one possible move")
TAKEOVER = N_("takes the {crop} field, {mine} against {theirs}")
PLANT_NEW = NP_("starts a {crop} field with {count} card", "starts a {crop} field with {count} cards")
PLANT_SMALLEST = N_("plants {crop}, my smallest pile")
PLANT_PAIR = N_("starts fields of {crop} and {crop2}")
PLANT_ADD = NP_("adds {count} card to my fields", "adds {count} cards to my fields")
MON_BUILD = NP_("builds the {monument} with {count} stone", "builds the {monument} with {count} stones")
MON_TAKE = NP_("takes the {monument}, {mine} stone against {theirs}",
               "takes the {monument}, {mine} stones against {theirs}", "mine")
MON_ADD = NP_("adds {count} stone to my Monuments", "adds {count} stones to my Monuments")
SPECULATE = NP_("speculates on {crop} or {crop2}: {percent}% chance to draw {cards} card",
                "speculates on {crop} or {crop2}: {percent}% chance to draw {cards} cards", "cards")
SPECULATE_TWO = N_("speculates with two cards, expected card gain: {cards}")
MARKET = N_("trades {card} and {card2} at the market for a new card")
OFFER = N_("offers {card} and {card2} to Hapi for a flood that helps my fields")
#: The same with two cards of one kind ("trades two Flax", not "Flax and Flax").
MARKET_PAIR = N_("trades two {card} at the market for a new card")
OFFER_PAIR = N_("offers two {card} to Hapi for a flood that helps my fields")
KEEP = N_("passes, keeping {crop} for my smallest pile")
PASS = N_("passes: nothing worth planting")
PASS_LOCUST = N_("passes: the locust is {percent}% likely before my next turn")
SEARCH = NP_("{why} (won {percent}% of {playouts} simulated game)",
             "{why} (won {percent}% of {playouts} simulated games)", "playouts")
KEEP_FOR_TAKEOVER = N_("passes, keeping {crop} to take that field over")
FEED_SMALLEST = NP_("feeds {crop}, my smallest pile, with {count} card",
                    "feeds {crop}, my smallest pile, with {count} cards")
#: The Easy level's own: what a beginner was after (:class:`~nile_desktop.ai.bots.EasyBot`).
EASY_BIG = NP_("plants {count} card at once: a big field looks safe",
               "plants {count} cards at once: a big field looks safe")
EASY_MARKET = N_("trades {card} and {card2} at the market: my hand has grown too big")
EASY_MARKET_PAIR = N_("trades two {card} at the market: my hand has grown too big")
