"""A card's name in a Czech sentence stands where its nominative is right.

Card names come from code in the nominative ("Pšenice", "Hroznové víno",
"Sarančata"), and Czech declines: "sází Pšenice" or "pole Salát" is wrong.
Every catalogue entry that takes a card name is rendered here with every
card name (all seven crops, every speculation card, the stone, the locust,
the Monuments) and each name must stand in one of the places the glossary
(locales/cs/GLOSSARY.md) accepts: after a colon, in a list, in parentheses,
or as the subject at the start. The review's ten broken sentences are also
rendered through the game's own code and compared with accepted Czech.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from nile_desktop import i18n
from nile_desktop.ai import reasons as R
from nile_desktop.ai.reasons import CardName, Reason
from nile_desktop.engine import CROPS, MONUMENTS, CardRef
from nile_desktop.engine.events import Drawn, TakenOver
from nile_desktop.i18n import card_name
from nile_desktop.text.table import describe_event, reason_text
from nile_desktop.text.words import event_line, refusal_text

#: Placeholders that receive a card's (or a list of cards', or a Monument's) name.
SLOTS = {"crop", "crop2", "card", "card2", "cards", "monument", "first", "second", "field",
         "thing", "fields"}
#: Where one of those names is a number or a counted phrase instead (msgid → placeholders).
NOT_A_NAME = {
    "speculates on {crop} or {crop2}: {percent}% chance to draw {cards} card": {"cards"},
    "speculates with two cards, expected card gain: {cards}": {"cards"},
    "You can take over this {crop} field ({owner}): plant {cards} of it at once.": {"cards"},
}
#: What may stand right before a name: nothing, a colon, a bracket, a list, a dash, the
#: speculation card's own word, or a verb whose subject the name is ("přijde Len").
BEFORE = re.compile(r"(?:^|: |\(|, |– |\+ | nebo | a |^Spekulace |přijde )$")
#: What may follow it: nothing, punctuation, a bracket, a dash, a count ("×2"), a list, "+",
#: or a verb in the present tense, which has the same form for every name ("se vrací").
AFTER = re.compile(r"^(?:$|[,;:)]| \(| –| ×| nebo | a | \+|[ \u00a0]ve[ \u00a0]skladu:"
                   r"| se vrací| ztrácí)")

NBSP = "\u00a0"


def every_card() -> list[str]:
    """Every name a card slot can receive, in notation."""
    specs = [f"spec:{a}+{b}" for a, b in itertools.combinations(CROPS, 2)]
    return [*CROPS, *specs, "stone", "locust", *MONUMENTS]


@pytest.fixture(autouse=True)
def czech() -> Iterator[None]:
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def entries_with_names() -> list[tuple[str, str, set[str]]]:
    """(msgid, Czech text, card placeholders) for each form of each entry taking a name."""
    po, _mo = i18n.catalogue_paths("cs")
    with po.open("rb") as fh:
        catalogue = read_po(fh, locale="cs")
    found = []
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        slots = set(re.findall(r"\{(\w+)\}", msgid)) & SLOTS
        slots -= NOT_A_NAME.get(msgid, set())
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(msgid, text, slots) for text in forms if slots]
    return found


def test_there_are_sentences_to_check() -> None:
    msgids = {msgid for msgid, _text, _slots in entries_with_names()}
    assert len(msgids) > 40 and "{card} cannot be planted" in msgids


def render(text: str, slot: str, name: str) -> str:
    """``text`` with ``name`` in ``slot`` and a plain value in every other placeholder."""
    values = {key: ("Ana" if key in ("name", "owner", "victim", "place") else 3)
              for key in re.findall(r"\{(\w+)\}", text)}
    values[slot] = name
    return text.format(**values)


def test_every_card_name_stands_where_its_nominative_is_right() -> None:
    problems = []
    names = [card_name(card) for card in every_card()]
    for msgid, text, slots in entries_with_names():
        for slot in slots:
            for name in names:
                shown = render(text, slot, name)
                marker = "{" + slot + "}"
                start = text.index(marker)
                before = render(text[:start], slot, name)
                after = render(text[start + len(marker):], slot, name)
                assert shown == before + name + after
                if not BEFORE.search(before.replace(NBSP, " ")) or \
                        not AFTER.search(after.replace(NBSP, " ")):
                    problems.append((msgid, shown))
                    break
    assert not problems, "\n".join(f"{msgid!r}: {shown}" for msgid, shown in problems)


def test_the_check_refuses_the_reviewed_case_errors() -> None:
    """The sentences the review found broken would fail the check above."""
    broken = ["sází {crop}, svou nejmenší hromádku", "přebírá pole {crop}, {mine} proti {theirs}",
              "{card} nelze zasadit", "obětuje Hapimu {card} a {card2}", "{name}: dobírá {cards}"]
    for text in broken:
        slot = re.findall(r"\{(crop|card|cards)\}", text)[0]
        start = text.index("{" + slot + "}")
        after = text[start + len(slot) + 2:]
        assert not (BEFORE.search(text[:start]) and AFTER.search(after)), text


def test_speculation_cards_are_named_without_a_colon() -> None:
    assert card_name("spec:wheat+flax") == "Spekulace Pšenice + Len"
    assert all(":" not in card_name(card) for card in every_card())
    i18n.set_language("en")
    assert card_name("spec:wheat+flax") == "Wheat + Flax speculation"


def plain(text: str) -> str:
    return text.replace(NBSP, " ")


@pytest.mark.parametrize(("made", "czech_text"), [
    (lambda: reason_text(Reason(R.PLANT_SMALLEST, crop=CardName("wheat"))),
     "sází: Pšenice (nejmenší hromádka ve skladu)"),
    (lambda: reason_text(Reason(R.KEEP, crop=CardName("wheat"))),
     "nesází; šetří karty do nejmenší hromádky (Pšenice)"),
    (lambda: reason_text(Reason(R.TAKEOVER, crop=CardName("lettuce"), mine=3, theirs=2)),
     "přebírá pole: Salát, 3 proti 2"),
    (lambda: reason_text(Reason(R.PLANT_NEW, crop=CardName("grapes"), count=2)),
     "zakládá pole: Hroznové víno (2 karty)"),
    (lambda: refusal_text("field-too-small", owner="Ana", crop="lettuce", have=2, needed=3),
     "Salát – pole (Ana) má 2 karty, potřebujete 3"),
    (lambda: describe_event(TakenOver(seat=0, victim=1, crop="flax", count=2), ["Ana", "Hráč 2"]),
     "Hráč 2 přichází o pole: Len; přebírá ho Ana"),
    (lambda: refusal_text("not-plantable", card="locust"), "Nelze zasadit: Sarančata"),
    (lambda: reason_text(Reason(R.MARKET, card=CardName("wheat"), card2=CardName("spec:wheat+flax"))),
     "směňuje na trhu za novou kartu: Pšenice, Spekulace Pšenice + Len"),
    (lambda: reason_text(Reason(R.OFFER, card=CardName("onions"), card2=CardName("papyrus"))),
     "obětuje Hapimu: Cibule, Papyrus – záplava prospěje vlastním polím"),
    (lambda: event_line(Drawn(seat=0, reason="turn", count=3,
                              cards=(CardRef("wheat"), CardRef("wheat"), CardRef("flax"))),
                        ["Ana"], 0),
     "Ana dobírá: Pšenice ×2, Len"),
])
def test_the_reviewed_sentences_read_right(made, czech_text: str) -> None:
    """The ten sentences the review found in the wrong case, through the game's own code."""
    assert plain(made()) == czech_text
