"""The in-app rules say where they read the rule book, in English and in Czech.

The Czech rule book is the box a Czech player owns: where the game's ruling
differs (R-SPEC-2) the text states the book's rule as the book does, then the
game's, with the rule id; the rule-book options
are named exactly as on the setup screen, and the details the review found
missing are there: the Obelisk's cards instead of two (R-MON-5), the
locust's replacement drawn, also during a draw (R-LOCUST-1, R-LOCUST-3), and
the speculation cards of removed crops removed too (R-COMP-3).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nile_desktop import i18n
from nile_desktop.i18n import _
from nile_desktop.text.rules_book import RULES_TEXT, paragraph


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def plain(text: str) -> str:
    """``text`` with its no-break spaces as plain ones, to compare wording only."""
    return text.replace("\u00a0", " ")


def rules_text() -> str:
    return plain("\n".join(paragraph(kind, content) for kind, content in RULES_TEXT
                           if kind != "cards"))


#: (English, Czech) words each passage must contain, with the rule it tells.
PASSAGES = {
    "R-SPEC-2": [("R-SPEC-2", "R-SPEC-2"), ("whoever turns it up", "ať ji otočí kdokoli"),
                 ("In the Czech rule book the speculator turns up a new flood card at once",
                  "Podle českých pravidel spekulující hráč hned poté otočí novou kartu záplavy")],
    "R-MON-5": [("three cards at the end of the turn instead of two",
                 "tři karty místo dvou"), ("four per matching speculation card instead of three",
                  "čtyři karty místo tří")],
    "R-LOCUST-3": [("another card is drawn in its place", "místo ní se lízne jiná karta"),
                   ("in the draw at the end of a turn", "při dobírání na konci tahu")],
    "R-COMP-3": [("the speculation cards of a crop left out leave with it",
                  "odcházejí ze hry i její karty spekulace")],
}


@pytest.mark.parametrize("rule", sorted(PASSAGES))
def test_rules_tell_the_passages_the_review_asked_for(rule: str) -> None:
    for english, czech in PASSAGES[rule]:
        assert english in rules_text()
        i18n.set_language("cs")
        assert czech in rules_text()
        i18n.set_language("en")


def test_the_rules_state_the_czech_book_without_hedging() -> None:
    """R-SPEC-2: the book's rule is told as the book tells it, not as a possible reading."""
    for code, hedges in (("en", ("can be read", "as if")), ("cs", ("lze číst", "i tak"))):
        i18n.set_language(code)
        assert not [h for h in hedges if h in rules_text()]


@pytest.mark.parametrize("code", ["en", "cs"])
def test_rule_book_options_have_their_setup_screen_names(code: str) -> None:
    """The options are named as on the setup screen (the same catalogue entries), both in
    their own paragraphs (name, a dash, what it does: the name may hold a colon, so no
    second colon follows it) and where step 4 of a turn points to one."""
    i18n.set_language(code)
    text = rules_text()
    dash = {"en": " — ", "cs": " – "}[code]
    for label in ("Must plant or speculate", "Storage: top cards only"):
        line = next(line for line in text.splitlines() if line.startswith(plain(_(label))))
        assert line.startswith(plain(_(label)) + dash) and line.count(":") == label.count(":")
    step_four = next(line for line in text.splitlines() if line.startswith("4. "))
    assert plain(_("Must plant or speculate")) in step_four
    assert plain(_("Rule book variants")) in step_four


def test_czech_option_names_are_the_rule_book_words() -> None:
    i18n.set_language("cs")
    assert _("Must plant or speculate") == "Povinné sázení či spekulace"
    assert _("Storage: top cards only") == "Sklad: jen horní karty"
