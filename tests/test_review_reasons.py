"""Reasons that explain: a better move's reason says what it gains over the move played.

The reason comes from the evaluation's parts (``ai/outlook.py``: each pile's stored
cards, harvest, locust and take-over risks, cards in hand, cards still to come by source)
compared between the two moves (``ai/gains.py``). These tests check that the parts are
the evaluation's own (they add up to what the Medium heuristic values, exactly), and, on
the stored two-player game (``nile_desktop/bench/review_games.json``) and the scripted
take-over, that each reason names the right gain, in English and in Czech with every
card name where its nominative is right (locales/cs/GLOSSARY.md).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from review_games import BLUNDER, OPENING, SEED, TAKEOVER

from nile_desktop import i18n
from nile_desktop.ai import make_bot
from nile_desktop.ai import reasons as R
from nile_desktop.ai.chances import view_deal
from nile_desktop.ai.evaluation import PileForecast, win_shares
from nile_desktop.ai.gains import why_better
from nile_desktop.ai.heuristic import OWN_SCORE_WEIGHT, TRADE_MARGIN, Scorer
from nile_desktop.ai.outlook import outlook
from nile_desktop.ai.reasons import CardName, Reason
from nile_desktop.engine import Move, Rules, new_game, observe
from nile_desktop.engine.moves import MARKET, OFFER
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.review.analysis import replay
from nile_desktop.text.review import reason_words

GAMES = Path(__file__).resolve().parents[1] / "nile_desktop" / "bench" / "review_games.json"
NAMES = ("P0", "P1")
NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def stored(players: int = 2) -> dict:
    return next(g for g in json.loads(GAMES.read_text(encoding="utf-8"))
                if g["rules"]["players"] == players)


def reason_at(entry: dict, index: int, better: str, open_view: bool = False) -> Reason:
    """Why ``better`` beats the move the stored game played at ``index``, as the mover's
    view (or the open view) sees the position."""
    position = replay(entry["rules"], entry["seed"], entry["moves"][:index])
    view = observe(position, position.active)
    table = PileForecast.from_state(position) if open_view else PileForecast.from_view(view)
    legal = view_deal(view)(EngineRandom(0, 0)).legal_moves()
    return why_better(table, position.active, Move.parse(better),
                      Move.parse(entry["moves"][index]), legal)


@pytest.mark.parametrize("players", [2, 4])
def test_the_parts_are_the_evaluations_own(players: int) -> None:
    """Every planting, speculation, market and pass of the stored games' positions: the
    outlook's piles give the very value the Medium heuristic gives the move."""
    entry = stored(players)
    state = new_game(Rules(**entry["rules"]), entry["seed"])
    checked = 0
    for index, played in enumerate(entry["moves"]):
        if index % 3 == 0:
            view = observe(state, state.active)
            table = PileForecast.from_view(view)
            scorer = Scorer(table, view.seat)
            for move in state.legal_moves():
                if move.action == OFFER:
                    continue  # the heuristic values an offering's flood apart
                seen = outlook(table, view.seat, move)
                value = win_shares(seen.scores)[view.seat] + OWN_SCORE_WEIGHT * seen.score
                value -= TRADE_MARGIN if move.action == MARKET else 0.0
                assert value == pytest.approx(scorer.score(move), abs=1e-12), str(move)
                checked += 1
        state.apply(played)
    assert checked > 500


#: On the stored two-player game: (move index, the better move, the open view?, the reason's
#: message, its English, its Czech).
CASES = [
    (0, "speculate spec:papyrus+wheat spec:lettuce+castor", False, R.BETTER_SPECULATIONS,
     "bets twice on the next flood (Papyrus + Wheat speculation, Lettuce + Castor speculation):"
     " about 0.6 cards expected",
     "spekuluje dvakrát na příští záplavu (Spekulace Papyrus + Pšenice, Spekulace Salát + "
     "Ricinovník): očekávaný zisk zhruba 0,6 karty"),
    (8, "plant papyrus stone@obelisk", False, R.BETTER_OBELISK,
     "the Obelisk's power (one more card at the end of each turn): worth about 0.6 more cards "
     "by the end",
     "síla Obelisku (na konci každého tahu o kartu víc): do konce hry zhruba o 0,6 karty víc"),
    (10, "plant lettuce lettuce", False, R.BETTER_LOCUST_SAFE,
     "keeps your field from the locust (Lettuce): after the move played it is 15% likely to "
     "be eaten before your next turn",
     "chrání pole před Sarančaty (Salát): po zahraném tahu ho Sarančata sežerou "
     "s pravděpodobností 15 % ještě před vaším dalším tahem"),
    (17, "plant papyrus papyrus wheat", False, R.BETTER_KEEPS_STONES,
     "keeps your stones for a Monument: worth about 0.1 cards by the end",
     "šetří kameny na monument: do konce hry vynesou zhruba 0,1 karty"),
    (2, "plant wheat wheat", True, R.BETTER_TAKEOVER_SAFE,
     "keeps your field out of a rival's take-over reach (Castor): after the move played it is "
     "50% likely to be taken over",
     "chrání pole před převzetím (Ricinovník): po zahraném tahu ho soupeř převezme "
     "s pravděpodobností 50 %"),
    (25, "offer wheat spec:papyrus+castor", True, R.BETTER_HARVEST,
     "brings a harvest now (Flax): about 1.0 more cards in storage",
     "přináší sklizeň hned teď (Len): ve skladu bude zhruba o 1,0 karty víc"),
    (2, "market spec:papyrus+wheat spec:lettuce+castor", False, R.BETTER_FRESH_CARD,
     "trades cards of little use for a fresh one: about 0.3 more cards expected by the end",
     "vyměňuje málo užitečné karty za novou: do konce hry zhruba o 0,3 karty víc"),
    (40, "plant papyrus castor", False, R.BETTER_FEEDS,
     "feeds your pile (Castor): about 0.3 more cards in it by the end",
     "přidává do vaší hromádky (Ricinovník): na konci v ní bude zhruba o 0,3 karty víc"),
]


@pytest.mark.parametrize(("index", "better", "open_view", "msgid", "english", "czech"), CASES)
def test_a_stored_games_reasons_say_what_the_better_move_gains(
        index: int, better: str, open_view: bool, msgid: str, english: str,
        czech: str) -> None:
    """R-SPEC-3, R-MON-5, R-LOC-1, R-PLANT-3, R-TRADE-2/3: the gain the evaluation sees."""
    reason = reason_at(stored(), index, better, open_view)
    assert reason.msgid == msgid
    assert reason_words(reason, NAMES) == english
    i18n.set_language("cs")
    assert reason_words(reason, NAMES).replace(NBSP, " ") == czech


def test_taking_the_field_back_is_the_reason_the_take_over_beats_the_offering() -> None:
    """R-PLANT-3: offering the two Wheat away (R-TRADE-3) instead of taking P0's Wheat field
    over: the reason names the field, the rival and the cards it brings."""
    moves = (*OPENING, BLUNDER)
    entry = {"rules": {"players": 2}, "seed": SEED, "moves": list(moves)}
    reason = reason_at(entry, len(OPENING), TAKEOVER)
    assert reason.msgid == R.BETTER_TAKES_FIELD and reason.values["rival"] == 0
    assert reason_words(reason, NAMES).startswith(
        "takes a rival's field over (Wheat, P0): about ")
    i18n.set_language("cs")
    assert reason_words(reason, NAMES).startswith("přebírá soupeřovo pole (Pšenice, P0): na konci")
    assert reason_words(reason).startswith("přebírá soupeřovo pole (Pšenice, soupeř)")


def every_reason() -> list[Reason]:
    """One reason of each of the review's messages, with representative values."""
    values = {"crop": CardName("grapes"), "card": CardName("spec:wheat+flax"),
              "card2": CardName("spec:lettuce+onions"), "monument": CardName("sphinx"),
              "rival": 1, "percent": 34, "count": 2.5}
    out = []
    for name, msgid in vars(R).items():
        if name.startswith("BETTER_"):
            wanted = set(re.findall(r"\{(\w+)\}", str(msgid)))
            out.append(Reason(msgid, **{k: v for k, v in values.items() if k in wanted}))
    return out


@pytest.mark.parametrize("language", ["en", "cs"])
def test_every_reason_reads_whole_in_both_languages(language: str) -> None:
    """Each message renders with its values in place, its amount with one decimal and the
    form a decimal takes ("2.5 cards", "2,5 karty"), and in Czech each card name after an
    opening bracket or a comma, where its nominative is right."""
    i18n.set_language(language)
    reasons = every_reason()
    assert len(reasons) >= 17
    for reason in reasons:
        text = reason_words(reason, NAMES)
        assert "{" not in text and "}" not in text, text
        if "count" in reason.values:
            pattern = r"2\.5 (more )?cards" if language == "en" else r"2,5 karty"
            assert re.search(pattern, text.replace(NBSP, " ")), text
        if language == "cs":
            for key in ("crop", "card", "card2", "monument"):
                if key in reason.values:
                    name = i18n.card_name(str(reason.values[key]))
                    assert re.search(rf"[(,] ?{re.escape(name)}[,)]", text), text
            assert "P1" in text or "rival" not in reason.values


def test_the_reasons_of_a_bot_game_all_explain_something() -> None:
    """Over a Medium game's decisions, the better move of each pair of root candidates gets
    a reason in words; the fallback (the play-outs only) stays rare."""
    state = new_game(Rules(2), 5)
    bot, rng = make_bot("medium"), random.Random(5)
    found: dict[str, int] = {}
    while not state.over:
        view = observe(state, state.active)
        legal = state.legal_moves()
        move, _ = bot.choose(view, legal, rng)
        table = PileForecast.from_view(view)
        ranked = sorted(legal, key=Scorer(table, view.seat).score, reverse=True)
        for other in ranked[:3]:
            if other != move:
                reason = why_better(table, view.seat, other, move, legal)
                found[reason.msgid] = found.get(reason.msgid, 0) + 1
        state.apply(move)
    total = sum(found.values())
    assert total > 40 and found.get(R.BETTER_PLAYOUTS, 0) <= total // 4
    assert len(found) >= 5
