"""What the table says, in the player's language: log lines, prompts, refusals.

Everything here is asked for at draw time, so a language switch shows at
once. Refusals are built from the engine's refusal codes and numbers
(R-WHY-1), never from its English message, and name the rule they enforce.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from nile_desktop.engine import Event, RefusalCode, assert_never
from nile_desktop.engine import events as ev
from nile_desktop.i18n import _, card_name, ngettext, quoted, times
from nile_desktop.seats import SeatKind
from nile_desktop.text.refusals import TableRefusalCode, refusal_text
from nile_desktop.text.table import (
    cards_label,
    describe_event,
    possessive,
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


def event_line(event: Event, names: Sequence[str], viewer: int | None) -> str | None:
    """One event told to ``viewer``: cards drawn are named only to the seat that drew them."""
    if isinstance(event, ev.Drawn) and event.seat == viewer and event.cards:
        return _("{name}: draws {cards}").format(name=who(event.seat, names),
                                                  cards=cards_label(event.cards))
    if isinstance(event, ev.TurnStarted):
        return None
    return describe_event(event, names)


# -- refusals (R-WHY-1): the sentences are in .refusals ----------------------------------


def cannot_go(kind: str, place: str) -> str:
    """A card dropped where it does not belong (each crop goes to its own field)."""
    return _("{card} cannot go on {place}: each crop has its own field, stones go on a "
             "Monument").format(card=card_name(kind), place=place)


# -- banners -------------------------------------------------------------------------------------
def _counted(label: str, n: int) -> str:
    """"Castor (Imhotep) ×3"; a single card without "×1"."""
    return times(label, n) if n > 1 else label


def banner_line(event: Event, names: Sequence[str],
                group: Sequence[ev.MonumentEroded] = ()) -> str:
    """The big words across the table for a key moment: who, and what ("" for an event
    that is no key moment). ``group`` holds every event of an effect that tells several
    at once (each Monument a flood erodes)."""
    match event:
        case ev.LocustStruck():
            if not event.fields:
                return _("Locusts! No field to eat")
            eaten = ", ".join(_counted(possessive(who(s, names), card_name(place.name)), n)
                              for s, place, n in event.fields)
            return _("Locusts eat {fields}").format(fields=eaten)
        case ev.TakenOver():
            return _("{name} takes over {field}").format(
                name=who(event.seat, names),
                field=possessive(who(event.victim, names), card_name(event.crop)))
        case ev.MonumentBuilt():
            return _("{name} builds the {monument}").format(name=who(event.seat, names),
                                                            monument=card_name(event.monument))
        case ev.MonumentTaken():
            return _("{name} takes the {monument} from {victim}").format(
                name=who(event.seat, names), monument=card_name(event.monument),
                victim=who(event.victim, names))
        case ev.MonumentLost():
            return _("{thing} returns to the centre").format(
                thing=possessive(who(event.seat, names), card_name(event.monument)))
        case ev.SpeculationPaid():
            return ngettext("{name}: the speculation pays {n} card",
                            "{name}: the speculation pays {n} cards", event.count).format(
                name=who(event.seat, names), n=event.count)
        case ev.SpeculationFailed():
            return _("{name}: the speculation fails").format(name=who(event.seat, names))
        case ev.MonumentEroded():
            worn = ", ".join(possessive(who(e.seat, names), card_name(e.monument))
                             for e in (group or (event,)))
            return _("The flood wears a stone off {monuments}").format(monuments=worn)
        case ev.SeasonEnded():
            return _("Season {season} begins").format(season=event.season + 1)
        case ev.GameOver():
            return _("The game is over")
        case (ev.FloodRevealed() | ev.Harvested() | ev.Traded() | ev.Drawn() | ev.Planted()
              | ev.Speculated() | ev.Passed() | ev.TurnStarted()):
            return ""
        case _:
            assert_never(event)


class Refused(Protocol):
    """Why a pick or a move is refused, as the table's draft says it (its ``Refusal``):
    the refusal code and the rule and numbers the sentence names."""

    @property
    def code(self) -> RefusalCode | TableRefusalCode: ...
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
