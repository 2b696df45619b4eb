"""Czech and English that read as if written in them: counts, names, no repeated words.

Player names carry no grammatical gender the game could know ("Ana",
"Hráč 1"), so no Czech sentence may inflect a word around a name; every
count is a plural-aware message; moves read naturally ("Plant 4 stones on
the Obelisk", "Speculate on Wheat or Flax"); numbers follow the language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from nile_desktop import i18n
from nile_desktop.ai import reasons as R
from nile_desktop.ai.reasons import Reason, crop_name, monument_name
from nile_desktop.engine import CardRef
from nile_desktop.engine.events import GameOver, MonumentTaken, Speculated, TakenOver
from nile_desktop.i18n import Deferred, format_number
from nile_desktop.text.table import describe_event, describe_move, reason_text

NAMES = ["Ana", "Hráč 2", "Bob"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def catalogue(code: str):
    po, _mo = i18n.catalogue_paths(code)
    with po.open("rb") as fh:
        return read_po(fh, locale=code)


def test_no_czech_sentence_inflects_around_a_name() -> None:
    """"od hráče {victim}" assumes a man and repeats "Hráč 1": names stand on their own."""
    bad = re.compile(r"(hráč[eiů]?m?|hráčk[aouy]) \{(name|victim|names)\}|\{(name|victim)\}(ov|in)\w*",
                     re.IGNORECASE)
    found = []
    for message in catalogue("cs"):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [text for text in forms if text and bad.search(text)]
    assert not found


COUNT = re.compile(r"\{(?:n|count|mine|theirs|cards|playouts|stones|seasons)\} (?:simulated )?(cards?|stones?|games?|crops?|seasons?|fields?|players?"
                   r"|turns?|moves?|rounds?)\b")


def test_every_counted_word_is_a_plural_message() -> None:
    """A number followed by a word is a plural-aware (ngettext) message in the code, and the
    Czech catalogue never dodges the grammar with "(počet: …)"."""
    singular_counts = [m.id for m in catalogue("en")
                       if m.id and isinstance(m.id, str) and COUNT.search(m.id)]
    assert not singular_counts
    for message in catalogue("cs"):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any("počet:" in text or "kamenů:" in text for text in forms), message.id
        if isinstance(message.id, tuple):
            assert len(forms) == 3 and all(forms), message.id


def test_moves_read_naturally_in_both_languages() -> None:
    stones = "plant stone@obelisk stone@obelisk stone@obelisk stone@obelisk"
    assert describe_move(stones) == "Plant 4 stones on the Obelisk"
    assert describe_move("plant wheat wheat stone@sphinx") == "Plant Wheat ×2, 1 stone on the Sphinx"
    assert describe_move("speculate spec:wheat+flax") == "Speculate on Wheat or Flax"
    assert describe_move("speculate storage:spec:wheat+flax") == "Speculate on Wheat or Flax (storage)"
    i18n.set_language("cs")
    assert describe_move(stones) == "Zasadit: Obelisk – 4 kameny"
    assert describe_move("plant" + " stone@wall" * 5) == "Zasadit: Zeď – 5 kamenů"
    assert describe_move("speculate spec:wheat+flax") == "Spekulovat: Pšenice nebo Len"
    assert "Spekulace" not in describe_event(Speculated(0, (CardRef("spec:wheat+flax"),)), NAMES)


def test_events_about_two_players_need_no_gender() -> None:
    takeover = TakenOver(seat=0, victim=1, crop="wheat", count=3)
    taken = MonumentTaken(seat=2, victim=0, monument="sphinx", lost=1, stones=3)
    assert describe_event(takeover, NAMES) == "Ana takes over the Wheat field from Hráč 2"
    i18n.set_language("cs")
    assert describe_event(takeover, NAMES) == "Hráč 2 přichází o\u00a0pole: Pšenice; přebírá ho Ana"
    assert describe_event(taken, NAMES) == "Ana přichází o\u00a0monument: Sfinga; získává ho Bob"
    over = GameOver(ranking=((0, 2), (1,)), piles=((3, 3), (2, 3), (3, 3)))
    i18n.set_language("en")
    assert describe_event(over, NAMES) == "The game is over. Winners: Ana, Bob"
    over = GameOver(ranking=((1,), (0, 2)), piles=((2, 3), (3, 3), (2, 3)))
    assert describe_event(over, NAMES) == "The game is over. Winner: Hráč 2"


@pytest.mark.parametrize(("n", "english", "czech"), [
    (1, "adds 1 card to my fields", "přidává 1 kartu ke svým polím"),
    (3, "adds 3 cards to my fields", "přidává 3 karty ke svým polím"),
    (5, "adds 5 cards to my fields", "přidává 5 karet ke svým polím"),
])
def test_bot_reasons_count_in_words(n: int, english: str, czech: str) -> None:
    reason = Reason(R.PLANT_ADD, count=n)
    assert str(reason) == english and reason_text(reason) == english
    i18n.set_language("cs")
    assert reason_text(reason) == czech


def test_every_bot_reason_renders_in_both_languages() -> None:
    """Each reason message formats with the values the bots give it, in English and Czech,
    and nested reasons, card names and numbers follow the language."""
    samples = [
        Reason(R.RANDOM), Reason(R.ONLY_MOVE),
        Reason(R.TAKEOVER, crop=crop_name(4), mine=4, theirs=3),
        Reason(R.PLANT_NEW, count=2, crop=crop_name(1)),
        Reason(R.PLANT_SMALLEST, crop=crop_name(0)),
        Reason(R.PLANT_PAIR, crop=crop_name(0), crop2=crop_name(1)),
        Reason(R.PLANT_ADD, count=1),
        Reason(R.MON_BUILD, monument=monument_name(0), count=3),
        Reason(R.MON_TAKE, monument=monument_name(1), mine=1, theirs=0),
        Reason(R.MON_ADD, count=2),
        Reason(R.SPECULATE, crop=crop_name(0), crop2=crop_name(1), percent=40, cards=3),
        Reason(R.SPECULATE_TWO, cards=2.5),
        Reason(R.MARKET, card=crop_name(0), card2=crop_name(1)),
        Reason(R.OFFER, card=crop_name(0), card2=crop_name(1)),
        Reason(R.KEEP, crop=crop_name(2)), Reason(R.PASS), Reason(R.PASS_LOCUST, percent=70),
    ]
    samples.append(Reason(R.SEARCH, why=samples[7], percent=40, playouts=12000))
    english = [reason_text(r) for r in samples]
    assert english[-1] == "builds the Sphinx with 3 stones (won 40% of 12,000 simulated games)"
    assert "1 stone against 0" in english[8] and "2.5" in english[11]
    i18n.set_language("cs")
    czech = [reason_text(r) for r in samples]
    assert czech[-1] == ("staví monument: Sfinga (3 kameny); úspěšnost 40\u00a0% "
                         "při 12\u00a0000 simulovaných hrách")
    assert "2,5" in czech[11] and "{" not in "".join(czech)
    assert all(c != e for c, e in zip(czech, english, strict=True))


def test_numbers_follow_the_language() -> None:
    assert [format_number(x) for x in (7, 1234, 12345, 2.5, -0.75)] == [
        "7", "1,234", "12,345", "2.5", "-0.75"]
    assert format_number(3.14159, 1) == "3.1"
    i18n.set_language("cs")
    assert [format_number(x) for x in (7, 1234, 12345, 2.5, -0.75)] == [
        "7", "1\u00a0234", "12\u00a0345", "2,5", "-0,75"]
    assert format_number(1234567.891, 2) == "1\u00a0234\u00a0567,89"


def test_deferred_text_changes_language_when_shown_again() -> None:
    """A log line kept as Deferred shows in the language current when it is drawn."""
    line = Deferred(describe_event, TakenOver(seat=0, victim=1, crop="flax", count=2), NAMES)
    assert str(line) == "Ana takes over the Flax field from Hráč 2"
    i18n.set_language("cs")
    assert line() == "Hráč 2 přichází o\u00a0pole: Len; přebírá ho Ana" and f"{line}" == line()
