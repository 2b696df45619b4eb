"""The Czech catalogue keeps to its glossary (locales/cs/GLOSSARY.md): the rule book's
words, one word per thing, its capital letters, formal address and Czech typography.

The ruled-out words and the capital-letter lists are read from the glossary
itself, so the document and the test cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from nile_desktop import i18n, paths

GLOSSARY = paths.locales_dir() / "cs" / "GLOSSARY.md"
NBSP = "\u00a0"


def czech_texts() -> Iterator[tuple[str, str]]:
    """(msgid, Czech text) for every form of every entry."""
    po, _mo = i18n.catalogue_paths("cs")
    with po.open("rb") as fh:
        catalogue = read_po(fh, locale="cs")
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in forms:
            yield msgid, text


def section(title: str) -> str:
    text = Path(GLOSSARY).read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def ruled_out() -> list[str]:
    """The words of the glossary's "Ruled out" column."""
    words = []
    for line in section("Terms").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("English", "---"):
            words += re.findall(r"`([^`]+)`", cells[2])
    return words


def word_pattern(word: str) -> re.Pattern[str]:
    """A ruled-out word, any capitalisation; ``*`` is any ending."""
    body = re.escape(word.rstrip("*")).replace(r"\ ", r"[\s\u00a0]+")
    tail = r"\w*" if word.endswith("*") else ""
    return re.compile(rf"(?<!\w){body}{tail}(?!\w)", re.IGNORECASE)


def listed(after: str) -> list[str]:
    """The backticked words of the paragraph of "Capital letters" that starts with ``after``."""
    text = section("Capital letters")
    start = text.index(after)
    end = text.find("\n\n", start)
    return re.findall(r"`([^`]+)`", text[start:end if end >= 0 else len(text)])


def test_glossary_lists_the_reviewed_words() -> None:
    """The words the Czech review found out of place are among the ruled-out ones."""
    words = {w.lower() for w in ruled_out()}
    assert {"období", "bohyn*", "kobyl*", "vrchní", "spekulační", "dobírací",
            "odhazovací", "povinná akce", "semínk*"} <= words


def test_no_catalogue_entry_uses_a_ruled_out_word() -> None:
    found = [(word, msgid) for word in ruled_out() for msgid, text in czech_texts()
             if word_pattern(word).search(text)]
    assert not found, "words the glossary rules out:\n" + "\n".join(map(str, found))


def test_the_check_catches_each_kind_of_slip() -> None:
    """The patterns match the review's slips, whatever their capitals or endings."""
    slips = ["Začíná období 2", "oběť bohyni Hapi", "Přiletěly kobylky!", "karta kobylek",
             "otočte vrchní kartu", "dvě spekulační karty", "Povinná akce"]
    words = ruled_out()
    assert all(any(word_pattern(w).search(s) for w in words) for s in slips)
    assert not any(word_pattern(w).search("Oběť Hapimu, sezóna, horní karta, karta spekulace")
                   for w in words)


def test_capital_letters_follow_the_glossary() -> None:
    """Monuments and the Sarančata always with a capital; a crop's case form never."""
    always = listed("Always with a capital")
    never = listed("Never with a capital")
    assert "Obelisk" in always and "Sarančat" in always and "Pšenici" in never
    problems = []
    for _msgid, text in czech_texts():
        for word in always:
            if re.search(rf"(?<!\w){word.lower()}(?!\w)", text):
                problems.append((word.lower(), text))
        for word in never:
            if re.search(rf"(?<!\w){word}(?!\w)", text):
                problems.append((word, text))
    assert not problems


PARTICIPLE = re.compile(r"(?<!\w)(?:\w+l[aiy]?[\s\u00a0]+(?:jste|byste)|(?:jste|byste|abyste|"
                        r"kdybyste)[\s\u00a0]+(?:\w+[\s\u00a0]+)?\w+l[aiy]?)(?!\w)", re.IGNORECASE)


def test_address_is_formal_and_needs_no_gender() -> None:
    """The player is "vy" everywhere, and no sentence needs to know their gender: no past
    participle or conditional addressed to them ("převzali jste", "byste mohl")."""
    found = [text for _msgid, text in czech_texts() if PARTICIPLE.search(text)]
    assert not found
    assert PARTICIPLE.search("kde jste skončili") and PARTICIPLE.search("co byste mohl zasadit")
    assert not PARTICIPLE.search("jste na tahu")


ONE_LETTER = re.compile(r"(?<![\w{}])[kKsSvVzZoOuUiI] ")
#: Where a no-break space may stand: after those one-letter words, before "%" and "×".
NBSP_PLACE = re.compile(r"(?<![\w{}])[kKsSvVzZoOuUiI]\u00a0|\u00a0[%×]")


def test_czech_typography() -> None:
    """No-break spaces after one-letter prepositions and before %, and nowhere else (not
    after "a", "na" or "za": one rule, kept everywhere), the en dash, „…“ quotes."""
    problems = []
    for _msgid, text in czech_texts():
        if ONE_LETTER.search(text):
            problems.append(("one-letter word before a normal space", text))
        if text.count(NBSP) != len(NBSP_PLACE.findall(text)):
            problems.append(("no-break space where the glossary puts none", text))
        if " %" in text or re.search(r"\}%", text):
            problems.append(("percent without a no-break space", text))
        if "—" in text:
            problems.append(("em dash", text))
        if "”" in text or '"' in text or text.count("„") != text.count("“"):
            problems.append(("not Czech quotes", text))
    assert not problems
    assert ONE_LETTER.search("pole v ruce") and not ONE_LETTER.search(f"pole v{NBSP}ruce")
    assert len(NBSP_PLACE.findall(f"v{NBSP}ruce a{NBSP}na{NBSP}stole, 40{NBSP}%")) == 2


@pytest.fixture
def czech() -> Iterator[None]:
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def test_quotes_made_by_code_follow_the_language(czech: None) -> None:
    """A bot's reason is quoted by code: „…“ in Czech, “…” in English."""
    from nile_desktop.ai import reasons as R
    from nile_desktop.ai.reasons import Reason
    from nile_desktop.text.words import reason_line

    assert reason_line(Reason(R.RANDOM)) == "„volí tah náhodně“"
    assert i18n.quoted("Ana") == "„Ana“"
    i18n.set_language("en")
    assert reason_line(Reason(R.RANDOM)) == "“picks a move at random”"


def test_dashes_and_lists_made_by_code(czech: None) -> None:
    """Lines put together by code keep Czech typography: the en dash, and a count that
    never wraps away from its card ("Pšenice ×2")."""
    from nile_desktop.engine.events import TurnStarted
    from nile_desktop.text.table import cards_label, describe_event

    turn = describe_event(TurnStarted(seat=0), ["Ana"])
    assert turn == "– na tahu je Ana –"
    assert cards_label(["wheat", "wheat", "flax"]) == f"Pšenice{NBSP}×2, Len"
    i18n.set_language("en")
    assert cards_label(["wheat", "wheat", "flax"]) == "Wheat ×2, Flax"


BUTTONS = ("Market", "Offer to Hapi", "Plant", "Speculate", "Next", "End turn", "Undo")
#: Names of buttons and options that running text may mention.
LABELS = (*BUTTONS, "Clear", "Suggest", "Take back my turn", "Continue",
          "Must plant or speculate", "Storage: top cards only", "Rule book variants")


def test_texts_name_the_buttons_by_their_labels(czech: None) -> None:
    """"Press Offer to Hapi" names the button as it reads, in quotes: "stiskněte „Oběť
    Hapimu“", not a label that exists nowhere ("Obětovat Hapimu")."""
    checked = 0
    for msgid, text in czech_texts():
        for label in BUTTONS:
            if re.search(rf"\bpress {label}\b", msgid, re.IGNORECASE):
                checked += 1
                assert f"„{i18n._(label)}“" in text.replace(NBSP, " "), (label, text)
    assert checked >= 6


def test_labels_in_running_text_are_quoted(czech: None) -> None:
    """A button's or an option's name inside a sentence stands in „…“ (the screen has no
    bold to set it apart): "tlačítko „Ukončit tah“ ukončí tah"; at the start of a text or a
    sentence it is the sentence's own word ("Zasadit: Pšenice", "Pokračovat od místa…")."""
    problems = []
    for label in LABELS:
        czech_label = i18n._(label).replace(NBSP, " ")
        found = re.compile(rf"(?<!\w){re.escape(czech_label)}(?!\w)")
        for _msgid, text in czech_texts():
            text = text.replace(NBSP, " ")
            for match in found.finditer(text):
                before, after = text[:match.start()], text[match.end():]
                if before.rstrip() and not before.endswith((". ", "? ", "! ")) and not (
                        before.endswith("„") and after.startswith("“")):
                    problems.append((czech_label, text))
    assert not problems


VOCALISED_BEFORE_NUMBER = re.compile(
    r"(?<!\w)(?:s|se|z|ze|v|ve|k|ke)[\s\u00a0]\{(?:n|count|playouts|needed|have|a|b|mine|"
    r"theirs|cards|percent)\}", re.IGNORECASE)


def test_no_vocalised_preposition_before_any_number() -> None:
    """"s {count} kartami" would read "s 7" for "se sedmi": such a sentence takes a
    preposition without a vocalised form ("pole o 7 kartách", "při 3 hrách")."""
    assert not [text for _msgid, text in czech_texts() if VOCALISED_BEFORE_NUMBER.search(text)]
    assert VOCALISED_BEFORE_NUMBER.search(f"pole s{NBSP}{{count}} kartami")
