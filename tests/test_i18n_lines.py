"""Lines made of several messages read as one sentence, in Czech as in English.

The Czech review found colons doubled where code joins two messages ("Sklad: jen
horní karty: váš sklad…", "Sarančata! Sežraná pole: Imhotep: Ricinovník") and a
pair of cards named twice ("Len, Len"). Here whole bot games are played through
the game's own text functions (the log for every seat, the banners, the move
list, the bots' reasons) together with every refusal in the status line, every
hint and the rules, and no clause may hold two colons: a label before text that
may hold a colon of its own takes a dash. The locust's log line names each eaten
field as the banner does, "Ricinovník (Imhotep)" (R-LOCUST-1).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from nile_desktop import i18n, saves
from nile_desktop.ai import make_bot
from nile_desktop.ai import reasons as R
from nile_desktop.ai.reasons import CardName, Reason
from nile_desktop.engine import observe
from nile_desktop.engine.events import LocustStruck
from nile_desktop.engine.places import Place
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.i18n import _
from nile_desktop.scenes.table.logic.gamelog import lines
from nile_desktop.scenes.table.logic.session import GameSession
from nile_desktop.text.refusals import REFUSAL_TEXTS, refusal_text
from nile_desktop.text.rules_book import RULES_TEXT, paragraph
from nile_desktop.text.table import describe_event, describe_move, reason_text
from nile_desktop.text.words import banner_line, reason_line
from nile_desktop.tutorial.hints import TEXTS, Hint

NBSP = "\u00a0"
LEVELS = ("medium", "easy", "random", "medium", "easy")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def doubled_colon(text: str) -> bool:
    """Two colons in one clause, outside quotations and brackets ("A: b: c")."""
    plain = re.sub(r"\([^()]*\)", "", re.sub(r"[„“][^„“”]*[“”]", "", text))
    return any(part.count(":") > 1 for part in re.split(r"[.;!?–—]", plain))


def test_the_check_sees_a_doubled_colon() -> None:
    assert doubled_colon("Sklad: jen horní karty: váš sklad je balíček")
    assert doubled_colon("Sarančata! Sežraná pole: Imhotep: Ricinovník")
    assert not doubled_colon("Sklad: jen horní karty – váš sklad je balíček")
    assert not doubled_colon("Rada: „sází: Pšenice (nejmenší hromádka ve skladu)“")
    assert not doubled_colon("Obchod potřebuje právě dvě karty (vybráno: 1) (R-TRADE-1)")


def bot_game(seed: int, players: int) -> tuple[GameSession, set[str]]:
    """A whole game of bots, with the first legal moves offered at each turn."""
    seats = [{"name": name, "kind": LEVELS[i], "colour": i, "default_name": True}
             for i, name in enumerate(("Player 1", "Imhotep", "Hatshepsut", "Ramesses",
                                       "Tiye")[:players])]
    session = GameSession(saves.new_save({"players": players, "monuments": True}, seed, seats),
                          autosave=False)
    bots = [make_bot(level) for level in LEVELS[:players]]
    offered: set[str] = set()
    while not session.over:
        seat, legal = session.active, session.legal_moves()
        offered.update(str(move) for move in legal[:30])
        move, reason = bots[seat].choose(observe(session.state, seat), legal,
                                         EngineRandom(seed, len(session.save.moves)))
        session.play(move, reason)
    return session, offered


@pytest.fixture(scope="module")
def games() -> list[tuple[GameSession, set[str]]]:
    return [bot_game(1001, 3), bot_game(1004, 5)]


def rendered(games: list[tuple[GameSession, set[str]]]) -> set[str]:
    """Every line the table would show of these games, in the current language."""
    shown: set[str] = set()
    for session, offered in games:
        for viewer in (None, *range(session.players)):
            shown.update(text for text, _style in lines(session.log, session.names,
                                                          session.kinds, viewer))
        for entry in session.log.entries:
            if entry.event is not None:
                shown.add(banner_line(entry.event, session.names))
            if entry.reason is not None:
                shown.add(_("Suggested: {reason}").format(reason=reason_line(entry.reason)))
        shown.update(describe_move(move) for move in offered)
    for code in REFUSAL_TEXTS:
        for card in (None, "wheat", "stone@sphinx", "locust"):
            why = refusal_text(code, rule="R-PLANT-1", card=card, needed=3, have=2, owner="Ana")
            shown.add(_("Not yet — {why}").format(why=why))
    for key, text in TEXTS.items():
        hint = Hint(str(key), text, "status", (("crop", "wheat"), ("owner", "Ana"), ("cards", 3)))
        shown.add(_("Hint — {text}").format(text=hint.words()))
    shown.update(paragraph(kind, content) for kind, content in RULES_TEXT if kind != "cards")
    return shown - {""}


@pytest.mark.parametrize("language", ["cs", "en"])
def test_no_clause_of_a_bot_game_holds_two_colons(
        games: list[tuple[GameSession, set[str]]], language: str) -> None:
    i18n.set_language(language)
    shown = rendered(games)
    assert len(shown) > 300 and any("Sarančata" in t or "Locusts" in t for t in shown)
    assert not sorted(t for t in shown if doubled_colon(t))


def test_the_locust_line_names_each_field_as_the_banner_does() -> None:
    """R-LOCUST-1: the fields eaten, each as "<card> (<owner>)", the owner never before a
    colon; the banner counts the cards, never "×1"."""
    names = ["Ana", "Imhotep", "Ramesse"]
    struck = LocustStruck(0, "flood", ((1, Place.field("castor"), 3),
                                       (2, Place.field("lettuce"), 1)))
    assert describe_event(struck, names) == (
        "Plague of Locusts! Eaten: Imhotep's Castor, Ramesse's Lettuce")
    i18n.set_language("cs")
    assert describe_event(struck, names) == (
        "Sarančata! Sežraná pole: Ricinovník (Imhotep), Salát (Ramesse)")
    assert banner_line(struck, names).replace(NBSP, " ") == (
        "Sarančata žerou: Ricinovník (Imhotep) ×3, Salát (Ramesse)")


def test_a_bot_trading_a_pair_names_the_card_once() -> None:
    """"Len ×2", as the log says it, not "Len, Len"."""
    flax = CardName("flax")
    market, offer = Reason(R.MARKET_PAIR, card=flax), Reason(R.OFFER_PAIR, card=flax)
    assert reason_text(market) == "trades two Flax at the market for a new card"
    i18n.set_language("cs")
    assert reason_text(market).replace(NBSP, " ") == "směňuje na trhu za novou kartu: Len ×2"
    assert reason_text(offer).replace(NBSP, " ") == (
        "obětuje Hapimu: Len ×2 – záplava prospěje vlastním polím")


def test_the_heuristic_bots_pick_the_pair_message() -> None:
    save = saves.new_save({"players": 2}, 7, [{"name": "A", "kind": "easy", "colour": 0},
                                             {"name": "B", "kind": "easy", "colour": 1}])
    session = GameSession(save, autosave=False)
    bot = make_bot("medium")  # a bot that explains its trades in words
    pairs = singles = 0
    for _turn in range(400):
        if session.over:
            break
        legal = session.legal_moves()
        move, reason = bot.choose(observe(session.state, session.active), legal,
                                  EngineRandom(7, len(save.moves)))
        words = str(move).split()
        if words[0] in ("market", "offer"):
            kinds = {w.removeprefix("storage:") for w in words[1:]}
            assert reason.msgid == (
                (R.MARKET_PAIR if words[0] == "market" else R.OFFER_PAIR) if len(kinds) == 1
                else (R.MARKET if words[0] == "market" else R.OFFER))
            pairs += len(kinds) == 1
            singles += len(kinds) == 2
        session.play(move, reason)
    assert pairs + singles > 0


def test_a_file_the_system_refuses_is_explained_in_the_language_shown() -> None:
    """The system's own words are in its language (often English): the reason a save could
    not be deleted comes from the catalogue."""
    import errno

    from nile_desktop.saves.errors import os_reason

    denied = PermissionError(errno.EACCES, "Permission denied")
    odd = OSError(errno.ENOTEMPTY, "Directory not empty")
    assert os_reason(denied) == "access was denied"
    i18n.set_language("cs")
    line = _("“{file}” could not be removed: {reason}").format(file="a.json",
                                                              reason=os_reason(denied))
    assert line == "Soubor „a.json“ se nepodařilo odstranit: přístup byl odepřen"
    assert os_reason(odd) == f"systém to odmítl (chyba {errno.ENOTEMPTY})"
    assert os_reason(OSError("no number")) == "systém to odmítl"
