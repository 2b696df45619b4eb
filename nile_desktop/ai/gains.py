"""Why one move beats another, in the player's terms: the evaluation's parts compared.

The review names a better move where its play-outs won more often than the
move played (:mod:`nile_desktop.review.analysis`). This module says *why*,
from the evaluation the play-outs are scored by: :func:`why_better` lays out
both moves' positions part by part (:func:`~.outlook.outlook`: each pile's
stored cards, harvest, locust and take-over risks, cards in hand and cards
still to come by source; a trade with the move that ends the turn after it)
and compares them. Each difference counts by how much it moves the seat's
score: a pile's change by the pile's weight in the soft minimum (the
smallest pile's is the largest), a rival's loss by what it gives the seat
in the ranking. The largest gain becomes the reason — a pile fed, cards
kept in hand or in storage, a field kept out of take-over reach or from the
locust, a speculation's expected pay-out, a Monument's power, a fresh card,
a harvest brought now, a rival's field or Monument taken over — with its size
in cards or its risk in percent. When no part gains at least
:data:`MIN_PART`, the play-outs saw something the parts do not, and the
reason says so instead of inventing one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from nile_desktop.engine import Move
from nile_desktop.engine.cards import KIND_NAMES, MON_KEY
from nile_desktop.engine.moves import (
    MARKET,
    OFFER,
    PLANT,
    SPECULATE,
    token_from_storage,
    token_key,
    token_kind,
)

from . import reasons as R
from .evaluation import SOFTMIN, PileForecast, spec_odds, win_shares
from .heuristic import Scorer
from .heuristic import _affords as affords
from .outlook import (
    COMING,
    HAND,
    HARVEST,
    HELD_SPECS,
    LOCUST_LOSS,
    MARKET_CARD,
    SPECULATION,
    STONES,
    STORED,
    TAKEOVER_LOSS,
    Outlook,
    monument_source,
    outlook,
)
from .reasons import CardName, Reason, crop_name, monument_name

#: The least gain, in cards of the seat's score (a pile's cards times its weight in the
#: soft minimum), that a reason may name.
MIN_PART = 0.01

def pile_weights(piles: dict[int, float]) -> dict[int, float]:
    """How much each pile moves the soft minimum (:func:`~.evaluation.softmin`): the smallest
    most; the weights add up to 1."""
    low = min(piles.values())
    raw = {c: math.exp((low - p) / SOFTMIN) for c, p in piles.items()}
    total = sum(raw.values())
    return {c: x / total for c, x in raw.items()}


@dataclass(frozen=True)
class Gain:
    """One thing the better move gains: its kind, the crop, Monument or rival it is about
    (-1: none), what it adds to the seat's score, and its size in cards."""

    kind: str
    key: int
    worth: float
    cards: float


def gains(better: Outlook, played: Outlook) -> list[Gain]:
    """What ``better`` gains over ``played``, part by part, largest first."""
    seat = played.seat
    weights = {c: (a + b) / 2 for (c, a), b in zip(pile_weights(better.piles).items(),
                                                   pile_weights(played.piles).values(),
                                                   strict=True)}
    found: dict[tuple[str, int], list[float]] = {}

    def add(kind: str, key: int, worth: float, cards: float) -> None:
        entry = found.setdefault((kind, key), [0.0, 0.0])
        entry[0] += worth
        entry[1] += cards

    for c, w in weights.items():
        a, b = better.parts[c], played.parts[c]

        def diff(key: str, a: dict[str, float] = a, b: dict[str, float] = b) -> float:
            return a.get(key, 0.0) - b.get(key, 0.0)

        fed = diff(HARVEST) + diff(HAND)
        kept = diff(HAND) > 0 and diff(HARVEST) <= 0
        add("keep" if kept else "feed", c, w * fed, fed)
        add(STORED, c, w * diff(STORED), diff(STORED))
        add(LOCUST_LOSS, c, w * diff(LOCUST_LOSS), diff(LOCUST_LOSS))
        add(TAKEOVER_LOSS, c, w * diff(TAKEOVER_LOSS), diff(TAKEOVER_LOSS))
        for key in {*a, *b}:
            if key.startswith(COMING):
                source = key[len(COMING):]
                add(source, -1, w * diff(key), diff(key))
    shares = win_shares(played.scores)
    mine = shares[seat]
    for o, (x, y) in enumerate(zip(better.scores, played.scores, strict=True)):
        if o != seat and y - x > 0:
            add("rival", o, (y - x) * shares[o] / max(1e-9, 1.0 - mine), y - x)
    out = [Gain(kind, key, worth, cards) for (kind, key), (worth, cards) in found.items()]
    return sorted(out, key=lambda g: -g.worth)


def follow_up(t: PileForecast, seat: int, trade: Move, legal: Sequence[Move]) -> Move | None:
    """After a trade, the turn-ending move the Medium heuristic values most among ``legal``
    that the cards left still allow (as :meth:`~.heuristic.Scorer.ranked` values a trade);
    None after any other move."""
    if trade.action not in (MARKET, OFFER):
        return None
    hand = t.hands[seat]
    assert hand is not None, "a seat always sees its own hand"
    left = list(hand)
    for tok in trade.tokens:
        if not token_from_storage(tok):
            left[token_kind(tok)] -= 1
    scorer = Scorer(t, seat)
    finals = sorted(((scorer.score(m), i, m) for i, m in enumerate(legal)
                     if m.action not in (MARKET, OFFER)), key=lambda x: (-x[0], x[1]))
    return next((m for _v, _i, m in finals if affords(left, m)), None)


def why_better(t: PileForecast, seat: int, better: Move, played: Move,
               legal: Sequence[Move] = ()) -> Reason:
    """What ``better`` gains for ``seat`` that ``played`` does not, on the table ``t`` (the
    position as the decision's view sees it; a trade with the turn-ending move after it,
    :func:`follow_up` among ``legal``): the largest gain of :func:`gains`, in the
    player's terms; without one of :data:`MIN_PART` card, that only the play-outs see it."""
    first = outlook(t, seat, better, follow_up(t, seat, better, legal))
    second = outlook(t, seat, played, follow_up(t, seat, played, legal))
    for gain in _with_takeovers(gains(first, second), taken(t, seat, better),
                                taken(t, seat, played)):
        if gain.worth < MIN_PART:
            break
        reason = _reason(gain, better, first, second, t)
        if reason is not None:
            return reason
    return Reason(R.BETTER_PLAYOUTS)


def taken(t: PileForecast, seat: int, move: Move) -> dict[int, int]:
    """The planting keys (a crop, or ``MON_KEY`` + a Monument) whose field ``move`` of
    ``seat`` takes over, each with the rival it is taken from (R-PLANT-3)."""
    out: dict[int, int] = {}
    if move.action != PLANT:
        return out
    for key in dict.fromkeys(token_key(tok) for tok in move.tokens):
        rows = t.fields if key < MON_KEY else t.mons
        index = key if key < MON_KEY else key - MON_KEY
        if rows[seat][index]:
            continue
        for o in range(t.players):
            if o != seat and rows[o][index]:
                out[key] = o
    return out


def _with_takeovers(found: list[Gain], better: dict[int, int],
                    played: dict[int, int]) -> list[Gain]:
    """``found`` with each take-over only the better move makes as one gain: what the field
    (or Monument) adds to the seat's piles and what its loss costs the rival, together
    (kind "takes", key: the planting key, cards: the seat's own gain)."""
    out = list(found)
    for key, rival in better.items():
        if played.get(key) == rival:
            continue
        own = ("feed", key) if key < MON_KEY else (monument_source(key - MON_KEY), -1)
        parts = [g for g in out if (g.kind, g.key) in (own, ("rival", rival))]
        out = [g for g in out if g not in parts]
        mine = sum(g.cards for g in parts if g.kind != "rival")
        out.append(Gain("takes", key, sum(g.worth for g in parts), mine))
    return sorted(out, key=lambda g: -g.worth)


def _cards(x: float) -> float:
    return round(max(0.1, x), 1)


def _reason(gain: Gain, move: Move, better: Outlook, played: Outlook,
            t: PileForecast) -> Reason | None:
    """``gain`` in words, or None where no sentence fits it (the next gain is tried)."""
    kind, key = gain.kind, gain.key
    if kind == "feed":
        piles = played.piles
        smallest = min(piles, key=lambda c: (piles[c], c))
        msg = R.BETTER_FEEDS_SMALLEST if key == smallest else R.BETTER_FEEDS
        return Reason(msg, crop=crop_name(key), count=_cards(gain.cards))
    if kind == "keep":
        return Reason(R.BETTER_KEEPS_HAND, crop=crop_name(key), count=_cards(gain.cards))
    if kind == STORED:
        if move.action == OFFER:
            return Reason(R.BETTER_HARVEST, crop=crop_name(key), count=_cards(gain.cards))
        return Reason(R.BETTER_KEEPS_STORAGE, crop=crop_name(key), count=_cards(gain.cards))
    if kind == LOCUST_LOSS:
        return Reason(R.BETTER_LOCUST_SAFE, crop=crop_name(key),
                      percent=round(100 * played.locust.get(key, 0.0)))
    if kind == TAKEOVER_LOSS:
        return Reason(R.BETTER_TAKEOVER_SAFE, crop=crop_name(key),
                      percent=round(100 * played.taken.get(key, 0.0)))
    if kind == SPECULATION and move.action == SPECULATE:
        return _speculation(move, better, t, gain.cards)
    if kind.startswith("monument:"):
        m = int(kind.partition(":")[2])
        msg = (R.BETTER_SPHINX, R.BETTER_OBELISK, R.BETTER_WALL)[m]
        return Reason(msg, count=_cards(gain.cards))
    if kind == MARKET_CARD:
        return Reason(R.BETTER_FRESH_CARD, count=_cards(gain.cards))
    if kind == STONES:
        return Reason(R.BETTER_KEEPS_STONES, count=_cards(gain.cards))
    if kind == HELD_SPECS:
        return Reason(R.BETTER_KEEPS_SPECULATION, count=_cards(gain.cards))
    if kind == "takes":
        rival = taken(t, better.seat, move)[key]
        if key < MON_KEY:
            return Reason(R.BETTER_TAKES_FIELD, crop=crop_name(key), rival=rival,
                          count=_cards(gain.cards))
        return Reason(R.BETTER_TAKES_MONUMENT, monument=monument_name(key - MON_KEY),
                      rival=rival, count=_cards(gain.cards))
    return None


def _speculation(move: Move, better: Outlook, t: PileForecast, cards: float) -> Reason:
    kinds = [token_kind(tok) for tok in move.tokens]
    names = [CardName(KIND_NAMES[k]) for k in kinds]
    if len(kinds) == 2:
        return Reason(R.BETTER_SPECULATIONS, card=names[0], card2=names[1], count=_cards(cards))
    return Reason(R.BETTER_SPECULATION, card=names[0],
                  percent=round(100 * spec_odds(t.pool, kinds[0])), count=_cards(cards))
