"""Two things the Czech review of the table found: Hapi is a god, and a bot's reason
wrapped in the search's words must not end in two parentheses (nor a refusal with its rule).

Hapi, the god of the Nile's flood, declines as a man's name ("bohu Hapimu",
"obětuje Hapimu") in the lesson's title, the rules, the Speculator's line, the
log and the buttons; the glossary rules the goddess out everywhere. The Hard
bot's reason is "{why} (won …% of … simulated games)": in Czech many reasons
already end in a parenthesis ("(2 kameny)"), so the search's part follows a
semicolon there, never a second parenthesis.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nile_desktop import i18n
from nile_desktop.ai import reasons as R
from nile_desktop.ai.reason_data import KNOWN
from nile_desktop.ai.reasons import Plural, Reason, crop_name, monument_name
from nile_desktop.engine import CardRef
from nile_desktop.engine.events import Traded
from nile_desktop.text.table import describe_event, reason_text


@pytest.fixture
def czech() -> Iterator[None]:
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def sample(msgid: str) -> Reason:
    """``msgid`` with a value of the right kind for each of its placeholders."""
    values: dict[str, object] = {}
    for name in ("crop", "crop2"):
        values[name] = crop_name(0 if name == "crop" else 1)
    values.update(card=crop_name(2), card2=crop_name(3), monument=monument_name(1),
                  count=2, mine=3, theirs=2, percent=40, cards=3, playouts=2709)
    if isinstance(msgid, Plural):
        values[msgid.count_key] = 2
    values["why"] = Reason(R.PASS)
    return Reason(msgid, **values)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_no_reason_ends_in_two_parentheses(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for msgid in KNOWN.values():
            if msgid == R.SEARCH:
                continue
            text = reason_text(Reason(R.SEARCH, why=sample(msgid), percent=62, playouts=2709))
            assert ") (" not in text and "))" not in text, text
    finally:
        i18n.set_language("en")


def test_the_search_reason_in_czech(czech: None) -> None:
    why = Reason(R.MON_BUILD, monument=monument_name(1), count=2)
    text = reason_text(Reason(R.SEARCH, why=why, percent=62, playouts=2709))
    assert text == "staví monument: Obelisk (2 kameny); úspěšnost 62\u00a0% při " \
                   "2\u00a0709 simulovaných hrách"


def test_hapi_is_a_god(czech: None) -> None:
    from nile_desktop.ai.levels import LEVEL_DESCRIPTIONS
    from nile_desktop.tutorial.lessons import LESSONS, lesson_index

    assert str(LESSONS[lesson_index("offer")].title) == "Oběť bohu Hapimu"
    assert i18n._("Offer to Hapi") == "Oběť Hapimu"
    assert i18n._(str(LEVEL_DESCRIPTIONS["speculator"])).endswith("obětuje Hapimu.")
    offer = reason_text(Reason(R.OFFER, card=crop_name(0), card2=crop_name(1)))
    assert offer.startswith("obětuje Hapimu: ")
    logged = describe_event(Traded(seat=0, action="offer",
                                   cards=(CardRef("wheat"), CardRef("flax"))), ["Ana"])
    assert logged.startswith("Ana obětuje Hapimu: ")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_no_refusal_ends_in_two_parentheses(lang: str) -> None:
    """"Obchod potřebuje právě dvě karty (vybráno: 0; R-TRADE-1)", not "… 0) (R-TRADE-1)"."""
    from nile_desktop.text.refusals import REFUSAL_TEXTS, refusal_text

    i18n.set_language(lang)
    try:
        for code in REFUSAL_TEXTS:
            for have in (0, 1, 3):
                text = refusal_text(code, rule="R-TRADE-1", card="wheat", needed=3, have=have,
                                    owner="Ana", crop="flax")
                assert ") (" not in text and text.count("R-TRADE-1") == 1, text
    finally:
        i18n.set_language("en")
