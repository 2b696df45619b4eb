"""Moves and engine events told in the player's language, for the table's
move list and game log.

The engine speaks notation (``market wheat storage:flax``) and events with
fields; this module turns both into short sentences through the catalogues,
so the log follows the language setting like every other text.

Nothing here should be kept as a finished string: keep the event (or the
move, or the bot's reason) and call these functions when drawing — or hold
an :class:`~nile_desktop.i18n.Deferred` of them — so that text already on
the table changes language with the setting. Every count goes through
``ngettext``, and no sentence needs the grammatical gender of a player's
name (Czech verbs in the present tense have none; "Ana: …" needs none).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from nile_desktop.ai.levels import LEVEL_LABELS
from nile_desktop.engine import CardRef, Event, assert_never
from nile_desktop.engine import events as ev
from nile_desktop.engine.seat_kinds import SeatKind
from nile_desktop.i18n import _, card_name, format_number, ngettext, times

STORAGE = "storage:"


def _stones_label(monument: str, n: int) -> str:
    return ngettext("{n} stone on the {monument}", "{n} stones on the {monument}", n).format(
        n=n, monument=card_name(monument))


def _speculation_label(name: str) -> str:
    """``spec:wheat+flax`` → "Wheat or Flax" (what the player bets the next flood is)."""
    first, _plus, second = name[len("spec:"):].partition("+")
    return _("{first} or {second}").format(first=card_name(first), second=card_name(second))


def card_label(token: str) -> str:
    """One card of a move: ``storage:flax`` → "Flax (storage)", ``stone@wall`` → "1 stone on the Wall"."""
    from_storage = token.startswith(STORAGE)
    name = token[len(STORAGE):] if from_storage else token
    if name.startswith("stone@"):
        text = _stones_label(name[len("stone@"):], 1)
    else:
        text = card_name(name)
    return _("{card} (storage)").format(card=text) if from_storage else text


def _card_parts(card: CardRef | str) -> tuple[bool, str, str | None]:
    """(from storage, name, the Monument of a stone laid on one) of a card, or of its
    notation in a move's text (which may be one no move can hold, shown as written)."""
    if isinstance(card, CardRef):
        return card.storage, card.kind, card.monument
    from_storage = card.startswith(STORAGE)
    name = card[len(STORAGE):] if from_storage else card
    if name.startswith("stone@"):
        return from_storage, "stone", name[len("stone@"):]
    return from_storage, name, None


def cards_label(cards: Sequence[CardRef | str], *, speculation: bool = False) -> str:
    """Cards grouped by kind, in the order given: "Wheat ×2, Flax, 3 stones on the Sphinx".

    Stones for a Monument are counted in words; with ``speculation`` a
    speculation card reads as the bet it makes ("Wheat or Flax").
    """
    tokens = [_card_parts(card) for card in cards]
    counts = Counter(tokens)
    parts = []
    for token in dict.fromkeys(tokens):
        from_storage, name, monument = token
        n = counts[token]
        if monument is not None:
            label = _stones_label(monument, n)
            n = 1
        elif speculation and name.startswith("spec:"):
            label = _speculation_label(name)
        else:
            label = card_name(name)
        if from_storage:
            label = _("{card} (storage)").format(card=label)
        parts.append(times(label, n) if n > 1 else label)
    return ", ".join(parts)


def possessive(name: str, thing: str) -> str:
    """A player's thing, "Ana's Wheat": in Czech "Pšenice (Ana)", so neither word is
    inflected (no name's gender, no card name's case)."""
    return _("{name}'s {thing}").format(name=name, thing=thing)


def describe_move(move: Any) -> str:
    """A move as a line of the move list; a text whose cards are no cards (a damaged or
    forged file's) is shown as written, lone surrogates replaced, never raised on."""
    written = str(move)
    try:
        return _worded(written)
    except ValueError:  # nothing to word, or a name that is no card's
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in written)


def _worded(text: str) -> str:
    action, *tokens = text.split()
    if action == "market":
        return _("Market: give {cards}, draw a card").format(cards=cards_label(tokens))
    if action == "offer":
        return _("Offering to Hapi: give {cards}, new flood").format(cards=cards_label(tokens))
    if action == "plant":
        return _("Plant {cards}").format(cards=cards_label(tokens))
    if action == "speculate":
        return _("Speculate on {cards}").format(cards=cards_label(tokens, speculation=True))
    if action == "pass":
        return _("End the turn without planting")
    raise ValueError(f"not a move: {text!r}")


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One log line for an engine event."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    match event:
        case ev.FloodRevealed():
            return _("{name} turns up the flood: {card}").format(
                name=who(event.seat), card=card_name(event.card.kind))
        case ev.Harvested():
            return _("{name} harvests {crop}").format(name=who(event.seat),
                                                     crop=card_name(event.crop))
        case ev.Traded():
            cards = cards_label(event.cards)
            if event.action == "offer":
                return _("{name} offers {cards} to Hapi").format(name=who(event.seat),
                                                                 cards=cards)
            return _("{name} trades {cards} at the market").format(name=who(event.seat),
                                                                   cards=cards)
        case ev.Drawn():
            return ngettext("{name} draws {n} card", "{name} draws {n} cards",
                            event.count).format(name=who(event.seat), n=event.count)
        case ev.Planted():
            return _("{name} plants {cards}").format(name=who(event.seat),
                                                     cards=cards_label(event.cards))
        case ev.TakenOver():
            return _("{name} takes over the {crop} field from {victim}").format(
                name=who(event.seat), crop=card_name(event.crop), victim=who(event.victim))
        case ev.MonumentBuilt():
            return ngettext("{name} builds the {monument} on {n} stone",
                            "{name} builds the {monument} on {n} stones", event.stones).format(
                name=who(event.seat), monument=card_name(event.monument), n=event.stones)
        case ev.MonumentTaken():
            return _("{name} takes the {monument} from {victim}").format(
                name=who(event.seat), monument=card_name(event.monument),
                victim=who(event.victim))
        case ev.MonumentEroded():
            return _("The flood wears a stone off the {monument} of {name}").format(
                name=who(event.seat), monument=card_name(event.monument))
        case ev.MonumentLost():
            return _("The {monument} of {name} returns to the centre").format(
                name=who(event.seat), monument=card_name(event.monument))
        case ev.LocustStruck():
            if not event.fields:
                return _("Plague of Locusts! There was no field to eat.")
            eaten = ", ".join(possessive(who(seat), card_name(place.name))
                              for seat, place, _cards in event.fields)
            return _("Plague of Locusts! Eaten: {fields}").format(fields=eaten)
        case ev.Speculated():
            return _("{name} speculates on {cards}").format(
                name=who(event.seat), cards=cards_label(event.cards, speculation=True))
        case ev.SpeculationPaid():
            return ngettext("The speculation of {name} pays {n} card",
                            "The speculation of {name} pays {n} cards", event.count).format(
                name=who(event.seat), n=event.count)
        case ev.SpeculationFailed():
            return _("The speculation of {name} fails").format(name=who(event.seat))
        case ev.Passed():
            return _("{name} plants nothing").format(name=who(event.seat))
        case ev.TurnStarted():
            return _("— {name} to play —").format(name=who(event.seat))
        case ev.SeasonEnded():
            return _("Season {season} is over: the discards make a new draw pile").format(
                season=event.season)
        case ev.GameOver():
            winners = [who(seat) for seat in event.ranking[0]]
            return ngettext("The game is over. Winner: {names}",
                            "The game is over. Winners: {names}",
                            len(winners)).format(names=", ".join(winners))
        case _:
            assert_never(event)


def reason_text(reason: Any) -> str:
    """A bot's reason (:class:`nile_desktop.ai.Reason`) in the current language, numbers
    and counts included; plain text is shown as it is."""
    render = getattr(reason, "render", None)
    if render is None:
        return str(reason or "")
    return str(render(_, card_name, ngettext, format_number))


def seat_kind_label(kind: str) -> str:
    """"Person", "Hard bot"… in the current language (bot labels from the bots' own list)."""
    if kind == SeatKind.HUMAN:
        return _("Person")
    label = LEVEL_LABELS.get(kind)
    return _(str(label)) if label is not None else kind
