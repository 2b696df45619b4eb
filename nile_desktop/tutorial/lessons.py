"""The lessons of the guided first game, as data.

Each lesson begins when its situation is on the table: a predicate over the
engine state and the events of the moves played since the previous lesson
ended (never a timer). It points at one named area of the table layout (or
an element id), says what it teaches, and either waits for one move (the
move the prepared deck was built around) or for "Next". A move other than
the one asked for is refused with the lesson's own friendly word.

A lesson never invites a move it blocks: on the person's turn their cards
stay live while any lesson is up, so a lesson may invite a move the rules
refuse (``tries``: trying it is the lesson, and its own ``refusal`` says
why), or let the person play as they like (``plays``: their move ends it).

The bot's scripted moves, one per bot turn, are here too: together with the
person's lesson moves they make the whole guided game deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nile_desktop.engine import (
    KIND_BY_NAME,
    BaseEvent,
    Event,
    MoveError,
    RefusalCode,
    flooded_crop_names,
)
from nile_desktop.engine.events import Harvested, LocustStruck, MonumentEroded, SpeculationPaid
from nile_desktop.i18n import N_

PERSON, BOT = 0, 1

Trigger = Callable[[Any, Sequence[Event]], bool]


@dataclass(frozen=True)
class Lesson:
    """One step of the tutorial. ``move`` is None for a lesson that waits for "Next".

    ``highlight`` names what the lesson points at: element ids or layout areas,
    separated by ``|``; the first one on screen is used.
    """

    id: str
    title: Any
    text: Any
    highlight: str
    trigger: Trigger
    move: str | None = None
    refusal: Any = None
    #: While this lesson waits for its situation, the person plays as they like.
    free: bool = False
    #: The refusal code (NOTATION.md) of the move this lesson invites the person to try:
    #: when the table refuses it, ``refusal`` says why in the lesson's words.
    tries: RefusalCode | None = None
    #: A lesson that waits for "Next" but lets the person play meanwhile: their move ends it.
    plays: bool = False


def person_turn(state: Any, events: Sequence[Event]) -> bool:
    return not state.over and state.active == PERSON


def legal_now(move: str) -> Trigger:
    """The person's turn, and ``move`` is legal: the lesson's cards are on the table."""
    def check(state: Any, events: Sequence[Event]) -> bool:
        if not person_turn(state, events):
            return False
        try:
            state.check(move)
        except MoveError:  # refused: the lesson's cards are not on the table yet
            return False
        return True
    return check


def asks(lesson_id: str, title: Any, text: Any, highlight: str, move: str,
         refusal: Any) -> Lesson:
    """A lesson that waits for ``move``, beginning once the move is legal."""
    return Lesson(lesson_id, title, text, highlight, legal_now(move), move, refusal)


def event_seen(kind: type[BaseEvent], seat: int | None = None) -> Trigger:
    """An event of class ``kind`` (of ``seat``, if given) among the moves played."""
    def check(state: Any, events: Sequence[Event]) -> bool:
        return any(isinstance(e, kind) and (seat is None or getattr(e, "seat", None) == seat)
                   for e in events)
    return check


def start(state: Any, events: Sequence[Event]) -> bool:
    return True


def flooded_in_hand(state: Any, events: Sequence[Event]) -> bool:
    """The person's turn, and the flood card shows a crop the person holds."""
    return person_turn(state, events) and any(state.hands[PERSON][KIND_BY_NAME[crop]]
                                              for crop in flooded_crop_names(state))


def game_over(state: Any, events: Sequence[Event]) -> bool:
    return bool(state.over)


LESSONS: tuple[Lesson, ...] = (
    Lesson("welcome", N_("Welcome to the Nile"),
           N_("You farm the banks of the Nile against Imhotep. Plant crops in fields; each "
              "flood moves the top card of a field into your storage. At the end, your "
              "smallest storage pile decides who wins. Imhotep plays first: watch his move."),
           "seat.1", start),
    Lesson("flood", N_("The flood and the harvest"),
           N_("Each turn begins with a flood: the top card of the draw pile is turned over. "
              "It floods its crop (a speculation card floods two). Everyone with a field of "
              "that crop harvests: its top card goes into their storage. The Wheat flood "
              "just harvested one card from your Wheat field."),
           "flood", event_seen(Harvested, PERSON)),
    Lesson("storage", N_("Your storage, and why the smallest pile decides"),
           N_("Harvested cards wait in your storage, hidden from Imhotep. At the end of the "
              "game each crop is counted separately, and only your smallest pile counts: "
              "now you have no Castor, so your score would be 0. Harvest a bit of every "
              "crop."),
           "storage.castor|storage", person_turn),
    asks("market", N_("A market trade"),
         N_("Before planting you may trade, as often as you like. A market trade discards "
            "any two cards, from your hand or your storage, for one new card from the draw "
            "pile. Imhotep owns the Flax field, so your two Flax are of little use: pick "
            "both and press Market."),
         "hand.flax|hand", "market flax flax",
         N_("This lesson asks for a market trade of your two Flax cards.")),
    asks("new-field", N_("Planting a new field"),
         N_("You plant once per turn, in one of three ways: two or more cards of one crop "
            "as a new field; exactly two cards of different crops, each starting a new "
            "field or joining your field of that crop; or any number of cards onto fields "
            "you already have. Drag both Lettuce cards onto the empty plot in your area (or "
            "pick them and click the plot), then press Plant. Planting ends your turn; you "
            "then draw two cards."),
         "hand.lettuce|hand", "plant lettuce lettuce",
         N_("This lesson asks you to plant your two Lettuce cards as a new field.")),
    asks("two-crops", N_("Planting two different crops"),
         N_("The second way: exactly two cards of different crops, one card of each. Drag "
            "your Papyrus onto the empty plot (a new field) and one Wheat onto your Wheat "
            "field, then press Plant: both go in one move."),
         "field.0.wheat|seat.0", "plant papyrus wheat",
         N_("This lesson asks you to plant one Papyrus and one Wheat together.")),
    Lesson("flooded", N_("A flooded crop cannot be planted"),
           N_("The flood card shows Wheat, so Wheat is under water this turn: nobody may "
              "plant it or speculate on it until the next flood. Your Wheat cards wait in "
              "your hand. Try dragging one to your field if you like, then press Next."),
           "flood", flooded_in_hand,
           refusal=N_("Refused, as the lesson says: Wheat is under water this turn, so "
                      "nobody may plant it until the next flood (R-FLOOD-2). Press Next."),
           tries=RefusalCode.FLOODED),
    asks("takeover", N_("Taking over a field"),
         N_("Each crop can have only one field on the table. Imhotep's Castor field has two "
            "cards; to start your own Castor field you must plant more cards than his "
            "field holds: three. His field is then discarded. Plant your three Castor."),
         "field.1.castor|seat.1", "plant castor castor castor",
         N_("This lesson asks you to take over the Castor field with three Castor cards.")),
    asks("speculate", N_("Speculating"),
         N_("Instead of planting you may play one or two speculation cards. If the next "
            "flood shows one of its two crops, you draw three cards. Play your "
            "Castor and Flax speculation and press Speculate."),
         "hand.spec:castor+flax|hand", "speculate spec:castor+flax",
         N_("This lesson asks you to play your Castor and Flax speculation card.")),
    Lesson("payout", N_("The speculation pays"),
           N_("Imhotep's flood is Flax, one of the crops on your speculation: it paid you "
              "three cards. A speculation that misses is simply discarded."),
           "flood", event_seen(SpeculationPaid, PERSON)),
    asks("offer", N_("An offering to Hapi"),
         N_("The other trade is an offering: discard any two cards, and a new flood is "
            "turned over at once, harvest and all. Pick your Papyrus card and your Papyrus "
            "and Castor speculation, then press Offer to Hapi."),
         "action.offer|actions", "offer papyrus spec:papyrus+castor",
         N_("This lesson asks for an offering of your Papyrus and your speculation card.")),
    Lesson("locust", N_("The plague of locusts"),
           N_("The locusts came up! Whenever the locust card is drawn, the largest field on "
              "the table is destroyed (all of them on a tie), yours or not: it ate "
              "Imhotep's three Papyrus. Then another card is drawn in its place."),
           "seat.1", event_seen(LocustStruck)),
    asks("monument", N_("Building a Monument"),
         N_("Stones build Monuments. Plant your three stones on the Obelisk in the centre. "
            "While you own it you draw three cards at the end of each turn instead of "
            "two. The Sphinx makes your take-overs cheaper, the Wall makes taking over "
            "your fields dearer."),
         "monument.centre.obelisk|centre", "plant stone@obelisk stone@obelisk stone@obelisk",
         N_("This lesson asks you to build the Obelisk with your three stones.")),
    Lesson("erosion", N_("A stone flood erodes"),
           N_("A stone came up as Imhotep's flood. It floods no crop, but every Monument "
              "loses one stone; a Monument whose last stone goes returns to the centre. "
              "Your Obelisk stands on two stones now."),
           "monument.0.obelisk|seat.0", event_seen(MonumentEroded, PERSON)),
    Lesson("seasons", N_("Seasons and the end of the game"),
           N_("A game has as many seasons as players. When the draw pile runs out, the "
              "season ends and the discards are shuffled into a new pile. This is the last "
              "season: when the pile runs out now, the game ends. Play the last turns as "
              "you like; End turn ends a turn without planting."),
           "season", person_turn, plays=True),
    Lesson("end", N_("The end of the game"),
           N_("Each player's storage is sorted by crop. Whoever has the largest smallest "
              "pile wins; a tie looks at the next pile. That is the whole game: you are ready "
              "for a real one."),
           "result.chart|status", game_over, free=True),
)

#: Imhotep's moves, one per turn; a move that is not legal falls back to the Easy bot.
BOT_MOVES: tuple[str, ...] = (
    "plant castor castor",
    "plant flax flax",
    "pass",
    "pass",
    "plant papyrus papyrus papyrus",
    "plant flax flax flax",
)


def lesson_index(lesson_id: str) -> int:
    for i, lesson in enumerate(LESSONS):
        if lesson.id == lesson_id:
            return i
    raise KeyError(lesson_id)
