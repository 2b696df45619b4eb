"""Numbers as each language writes them, checked against Babel's CLDR data.

The game formats numbers itself (``i18n.format_number``; it reads its catalogues
with the standard library and does not need Babel), and this test holds it to
the rules Babel has for each language: English groups thousands with a comma
("1,246"), Czech with a no-break space from four digits on ("2 709") and writes
a decimal comma. Babel is a development dependency only.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.numbers import format_decimal

from nile_desktop import i18n
from nile_desktop.i18n import format_number

INTEGERS = [0, 7, 42, 999, 1000, 1246, 2709, 9999, 10000, 12345, 123456, 1234567, -5, -2709,
            -1234567]
FLOATS = [-0.001, -0.4, 0.5, 2.5, 3.14159, 0.75, 12.3, 999.99, 1234.5, 2709.25, 1234567.891, -0.75, -1234.5]


@pytest.fixture(params=["en", "cs"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_whole_numbers_as_cldr_has_them(lang: str) -> None:
    for value in INTEGERS:
        assert format_number(value) == format_decimal(value, locale=lang), value


@pytest.mark.parametrize("decimals", [None, 0, 1, 2])
def test_fractions_as_cldr_has_them(lang: str, decimals: int | None) -> None:
    pattern = "#,##0.##" if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    for value in FLOATS:
        assert format_number(value, decimals) == format_decimal(
            value, format=pattern, locale=lang, decimal_quantization=True), (value, decimals)


def test_the_issues_examples() -> None:
    assert format_number(1246) == "1,246"
    i18n.set_language("cs")
    try:
        assert format_number(2709) == "2\u00a0709"
        assert format_number(2.5) == "2,5"
    finally:
        i18n.set_language("en")
