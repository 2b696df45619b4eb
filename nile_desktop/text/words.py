"""What the table says, in the player's language: log lines, prompts, refusals.

Everything here is asked for at draw time, so a language switch shows at
once. Refusals are built from the engine's refusal codes and numbers
(R-WHY-1), never from its English message, and name the rule they enforce.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from nile_desktop.engine import CardRef, InvalidMoveError
from nile_desktop.engine.places import STONE
from nile_desktop.i18n import _, card_name, ngettext, quoted, times
from nile_desktop.seats import SeatKind
from nile_desktop.text.table import (
    cards_label,
    describe_event,
    reason_text,
    seat_kind_label,
)


def who(seat: int | None, names: Sequence[str]) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def turn_header(seat: int | None, names: Sequence[str], kinds: Sequence[str]) -> str:
    name = who(seat, names)
    if seat is not None and 0 <= seat < len(kinds) and kinds[seat] != SeatKind.HUMAN:
        return _("{name} ({kind})").format(name=name, kind=seat_kind_label(kinds[seat]))
    return name


def reason_line(reason: Any) -> str:
    """A bot's reason in the current language (a Reason, or plain text)."""
    return quoted(reason_text(reason))


def note_line(note: str) -> str:
    if note == "save-failed":
        return _("The game could not be saved automatically.")
    if note == "resumed":
        return _("The game is resumed.")
    if note == "taken-back":
        return _("Turn taken back: this game is now marked “with take-backs”.")
    return note


def event_line(event: Any, names: Sequence[str], viewer: int | None) -> str | None:
    """One event told to ``viewer``: cards drawn are named only to the seat that drew them."""
    if event.kind == "draw" and event.seat == viewer and event.cards:
        return _("{name}: draws {cards}").format(name=who(event.seat, names),
                                                  cards=cards_label(event.cards))
    if event.kind == "turn":
        return None
    return describe_event(event, names)


# -- refusals (R-WHY-1) -----------------------------------------------------------------
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
    crop_text = card_name(crop) if crop else name
    if code == "flooded":
        if kind == STONE:
            text = _("A stone is the flood card: stones cannot be planted this turn")
        else:
            text = _("{crop} is flooded this turn").format(crop=crop_text)
    elif code == "field-too-small" and owner:
        text = ngettext("The {crop} field of {owner} has {have} card: you need {needed}",
                        "The {crop} field of {owner} has {have} cards: you need {needed}",
                        have or 0).format(crop=crop_text, owner=owner, have=have, needed=needed)
    elif code == "field-too-small":
        text = ngettext("A take-over needs {needed} card; you plant {have}",
                        "A take-over needs {needed} cards; you plant {have}",
                        needed or 0).format(needed=needed, have=have)
    elif code == "new-field-needs-two":
        text = _("A new field needs at least two cards of one crop, or one card beside "
                 "a second crop")
    elif code == "two-crops-two-cards":
        text = _("Two different crops: exactly one card of each, unless every card joins "
                 "a field you own")
    elif code == "too-many-kinds":
        text = _("At most two crops at once, unless every card joins a field you own")
    elif code == "one-monument-per-turn":
        text = _("Only one Monument can be built or taken per turn")
    elif code == "not-held":
        text = _("You do not hold that card")
    elif code == "not-plantable":
        text = _("{card} cannot be planted").format(card=name)
    elif code == "trade-needs-two":
        text = ngettext("A trade takes exactly two cards; {have} is picked",
                        "A trade takes exactly two cards; {have} are picked",
                        have or 0).format(have=have or 0)
    elif code == "speculate-one-or-two":
        text = _("Speculate with one or two speculation cards")
    elif code == "not-speculation":
        text = _("Only speculation cards can be laid to speculate")
    elif code == "stone-needs-monument":
        text = _("Stones are planted on a Monument: drop them on one")
    elif code == "must-act":
        text = _("You can still plant or speculate, and this rule book requires it")
    elif code == "storage-not-top":
        text = _("Only the top cards of your storage can be traded")
    elif code == "game-over":
        text = _("The game is over")
    elif code == "not-your-turn":
        text = _("It is not your turn")
    elif code == "nothing-picked":
        text = _("Pick cards from your hand first")
    elif code == "stage-first":
        text = _("Drop the picked cards on a glowing place first, then press Plant")
    elif code == "clear-first":
        text = _("Put the cards you picked or laid out back first (Clear)")
    elif code == "no-room":
        text = _("None of the picked cards can go there")
    else:
        text = _("That move is not allowed")
    return f"{text} ({rule})" if rule else text


def refusal_of(error: Any, names: Sequence[str] = (), owner_seat: int | None = None,
               crop: str | None = None) -> str:
    """A refused move (the engine's IllegalMoveError) in words."""
    owner = who(owner_seat, names) if owner_seat is not None else ""
    return refusal_text(error.code, rule=getattr(error, "rule", "") or "",
                        card=getattr(error, "card", None), needed=getattr(error, "needed", None),
                        have=getattr(error, "have", None), owner=owner, crop=crop)


def cannot_go(kind: str, place: str) -> str:
    """A card dropped where it does not belong (each crop goes to its own field)."""
    return _("{card} cannot go on {place}: each crop has its own field, stones go on a "
             "Monument").format(card=card_name(kind), place=place)


# -- banners -------------------------------------------------------------------------------------
def _possessive(name: str, what: str) -> str:
    return _("{name}'s {thing}").format(name=name, thing=what)


def banner_line(event: Any, names: Sequence[str], group: Sequence[Any] = ()) -> str:
    """The big words across the table for a key moment: who, and what. ``group`` holds
    every event of an effect that tells several at once (each Monument a flood erodes)."""
    kind = event.kind
    if kind == "locust":
        if not event.fields:
            return _("Locusts! No field to eat")
        eaten = ", ".join(times(_possessive(who(s, names), card_name(name)), n)
                          for s, name, n in event.fields)
        return _("Locusts eat {fields}").format(fields=eaten)
    if kind == "takeover":
        return _("{name} takes over {field}").format(
            name=who(event.seat, names),
            field=_possessive(who(event.victim, names), card_name(event.crop)))
    if kind == "monument-built":
        return _("{name} builds the {monument}").format(name=who(event.seat, names),
                                                        monument=card_name(event.monument))
    if kind == "monument-taken":
        return _("{name} takes the {monument} from {victim}").format(
            name=who(event.seat, names), monument=card_name(event.monument),
            victim=who(event.victim, names))
    if kind == "monument-lost":
        return _("{thing} returns to the centre").format(
            thing=_possessive(who(event.seat, names), card_name(event.monument)))
    if kind == "speculation-paid":
        return ngettext("{name}: the speculation pays {n} card",
                        "{name}: the speculation pays {n} cards", event.count).format(
            name=who(event.seat, names), n=event.count)
    if kind == "speculation-failed":
        return _("{name}: the speculation fails").format(name=who(event.seat, names))
    if kind == "monument-eroded":
        worn = ", ".join(_possessive(who(e.seat, names), card_name(e.monument))
                         for e in (group or (event,)))
        return _("The flood wears a stone off {monuments}").format(monuments=worn)
    if kind == "season":
        return _("Season {season} begins").format(season=event.season + 1)
    if kind == "game-over":
        return _("The game is over")
    return ""


class Refused(Protocol):
    """Why a pick or a move is refused, as the table's draft says it (its ``Refusal``):
    the refusal code and the rule and numbers the sentence names."""

    @property
    def code(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def card(self) -> str | None: ...
    @property
    def needed(self) -> int | None: ...
    @property
    def have(self) -> int | None: ...
    @property
    def owner(self) -> int | None: ...
    @property
    def crop(self) -> str | None: ...


def refusal_words(names: Sequence[str], refusal: Refused) -> str:
    """A refusal in words, naming the owner of the field it is about."""
    owner = who(refusal.owner, names) if refusal.owner is not None else ""
    return refusal_text(refusal.code, rule=refusal.rule, card=refusal.card,
                        needed=refusal.needed, have=refusal.have, owner=owner, crop=refusal.crop)
