"""Every refusal code has its sentence, in English and in Czech (R-WHY-1).

The sentences are a table keyed by the engine's refusal codes and the table's own; a
code without a sentence would fall back to "That move is not allowed", which says
nothing of why, so each code must be in the table and translated.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nile_desktop import i18n
from nile_desktop.engine import RefusalCode
from nile_desktop.text.refusals import REFUSAL_TEXTS, TableRefusalCode, refusal_text

CODES = [*RefusalCode, *TableRefusalCode]
#: Each sentence with and without the facts that change it (a stone or a crop, a field's
#: owner or none).
FACTS = [dict(card="wheat", needed=3, have=2),
         dict(card="stone@sphinx", needed=3, have=1, owner="Ana", crop="flax")]


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_table_has_every_code_and_nothing_else() -> None:
    assert set(REFUSAL_TEXTS) == set(CODES)
    assert len(set(CODES)) == len(CODES)  # no code is both the engine's and the table's


@pytest.mark.parametrize("code", CODES, ids=str)
def test_every_code_is_told_in_english_and_czech(code: str, english: None) -> None:
    fallback = refusal_text("no-such-code")
    for facts in FACTS:
        english_text = refusal_text(code, **facts)
        assert english_text and "{" not in english_text
        assert (english_text == fallback) == (code == RefusalCode.UNKNOWN_MOVE)
        i18n.set_language("cs")
        czech_text = refusal_text(code, **facts)
        i18n.set_language("en")
        assert czech_text and "{" not in czech_text and czech_text != english_text, code


def test_a_code_reads_the_same_as_its_text_and_names_its_rule(english: None) -> None:
    """A code arrives as an enum member (the engine, the draft) or as text (a test, a
    file): both find the same sentence, and the rule is appended."""
    assert refusal_text(RefusalCode.FLOODED, card="wheat") == refusal_text("flooded", card="wheat")
    assert refusal_text("stage-first") == refusal_text(TableRefusalCode.STAGE_FIRST)
    assert refusal_text("flooded", rule="R-PLANT-1", card="stone").endswith("(R-PLANT-1)")
