"""What a move leaves its seat, part by part: the evaluation's piles laid out.

A seat's score in the evaluation (:class:`~nile_desktop.ai.evaluation.PileForecast`) is a
soft minimum of its expected final storage piles, and each pile is made of
parts — the cards already **stored**; the **harvest** its field should still
give, less what the **locust** may eat and what a rival may **take over**
(:meth:`~.evaluation.PileForecast.field_risk`); the cards of the crop in **hand**, worth a
share of what they would yield; a share of the **cards still to come**, from
each source: a speculation's expected pay-out, a Monument's power, a fresh
card from the market, the stones and speculation cards held.

:func:`outlook` lays these parts out for the position a move (and, after a
trade, the move that ends the turn) leaves, valuing it as the Medium
heuristic values moves (:class:`~.heuristic.Scorer`, the move not played):
the parts add up to the piles the evaluation sees, exactly
(tests/test_review_reasons.py). :mod:`.gains` compares two moves' outlooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nile_desktop.engine import Move
from nile_desktop.engine.cards import (
    LOCUST,
    MON_KEY,
    OBELISK,
    SPEC_BASE,
    SPEC_PAIRS,
    SPHINX,
    STONE,
    WALL,
    crops_shown,
    monument_key,
)
from nile_desktop.engine.moves import (
    MARKET,
    OFFER,
    PLANT,
    SPECULATE,
    token_from_storage,
    token_key,
    token_kind,
)
from nile_desktop.engine.powers import TAKEOVER_MARGINS, draws_for, payout_for

from .evaluation import (
    BLOCKED_SHARE,
    GENERIC_SHARE,
    HAND_SHARE,
    MONUMENT_RATE,
    SPEC_HAND_SHARE,
    STONE_WORTH,
    TAKEOVER_WILL,
    PileForecast,
    at_least,
    softmin,
    spec_odds,
)

# The parts of one pile (keys of :attr:`Outlook.parts`); a source of cards still to come
# is ``COMING + source``.
STORED, HARVEST, LOCUST_LOSS, TAKEOVER_LOSS, HAND = "stored", "harvest", "locust", "takeover", "hand"
COMING = "coming:"
#: The sources of cards still to come.
SPECULATION, HELD_SPECS, STONES, MARKET_CARD = "speculation", "held-specs", "stones", "market"


def monument_source(monument: int) -> str:
    """The source of the cards a Monument's power brings."""
    return f"monument:{monument}"


@dataclass
class Outlook:
    """What the position after a move promises its seat, part by part.

    ``parts[c]`` holds the parts of the expected final pile of crop ``c`` (a crop in
    play), adding up to :attr:`piles`; ``scores`` every seat's score (a rival's after
    a take-over); ``locust[c]`` and ``taken[c]`` the chances that the seat's field of
    ``c`` is eaten or taken over before it pays, and ``threat[c]`` the rival likeliest
    to take it.
    """

    seat: int
    parts: dict[int, dict[str, float]]
    scores: list[float]
    fields: list[int]
    mons: list[int]
    storage: list[float]
    locust: dict[int, float] = field(default_factory=dict)
    taken: dict[int, float] = field(default_factory=dict)
    threat: dict[int, int] = field(default_factory=dict)

    @property
    def piles(self) -> dict[int, float]:
        return {c: sum(parts.values()) for c, parts in self.parts.items()}

    @property
    def score(self) -> float:
        return self.scores[self.seat]


def _risks(t: PileForecast, seat: int, crop: int, size: int, board_max: int,
           wall: bool) -> tuple[float, float, int]:
    """(locust risk, take-over risk, the likeliest taker or -1) of ``seat``'s field of
    ``crop`` with ``size`` cards: :meth:`~.evaluation.PileForecast.field_risk`'s two parts, whose
    risk is ``1 - (1 - locust) × (1 - take-over)``."""
    if size >= board_max:
        locust = t.p_locust
    elif size == board_max - 1:
        locust = 0.3 * t.p_locust
    else:
        locust = 0.0
    keep, worst, taker = 1.0, 0.0, -1
    for o in range(t.players):
        if o == seat:
            continue
        need = size + TAKEOVER_MARGINS[t.mons[o][SPHINX] > 0][wall]
        hand = t.hands[o]
        if hand is None:
            chance = TAKEOVER_WILL * at_least(t.hand_sizes[o], round(t.frac[crop], 2), need)
        else:
            chance = TAKEOVER_WILL if hand[crop] >= need else 0.0
        keep *= 1.0 - chance
        if chance > worst:
            worst, taker = chance, o
    return locust, 1.0 - keep, taker


def _coming(t: PileForecast, seat: int, mons: Sequence[int], hand: Sequence[int], board_max: int,
            extra: dict[str, float]) -> dict[str, float]:
    """The cards still to come, by source, as :meth:`~.evaluation.PileForecast.piles` counts them."""
    coming = dict(extra)
    pay = payout_for(mons[OBELISK] > 0)
    held = sum(hand[SPEC_BASE + i] * SPEC_HAND_SHARE * pay * (t.q_next[a] + t.q_next[b])
               for i, (a, b) in enumerate(SPEC_PAIRS) if hand[SPEC_BASE + i])
    if held:
        coming[HELD_SPECS] = coming.get(HELD_SPECS, 0.0) + held
    if hand[STONE]:
        coming[STONES] = coming.get(STONES, 0.0) + hand[STONE] * STONE_WORTH
    wall = mons[WALL] > 0
    own_turns = t.reveals / t.players
    for m in range(3):
        k = mons[m]
        if k:
            life = k / max(0.05, t.q_stone * t.players)
            worth = MONUMENT_RATE[m] * min(own_turns, life)
            kept = 1.0 - t.field_risk(seat, monument_key(m), k, board_max, wall)
            source = monument_source(m)
            coming[source] = coming.get(source, 0.0) + worth * kept
    return coming


def outlook_of(t: PileForecast, seat: int, fields: Sequence[int], mons: Sequence[int],
               hand: Sequence[int], storage: Sequence[float], board_max: int,
               extra: dict[str, float] | None = None,
               scores: list[float] | None = None) -> Outlook:
    """The parts of ``seat``'s piles with these fields, Monuments, hand and storage (the
    board's largest field ``board_max``), ``extra`` cards to come by source; ``scores``
    the seats' scores (the seat's own is set here; default: as the table stands)."""
    coming = _coming(t, seat, mons, hand, board_max, extra or {})
    wall = mons[WALL] > 0
    margins = TAKEOVER_MARGINS[mons[SPHINX] > 0]
    out = Outlook(seat, {}, list(t.scores() if scores is None else scores), list(fields),
                  list(mons), list(storage))
    for c in t.crops:
        share = t.frac[c] * GENERIC_SHARE
        parts = {STORED: storage[c], **{COMING + k: share * x for k, x in coming.items()}}
        f, h, yields = fields[c], hand[c], t.yields[c]
        if f:
            locust, taken, taker = _risks(t, seat, c, f, board_max, wall)
            harvest = yields[f]
            parts[HARVEST] = harvest
            parts[LOCUST_LOSS] = -harvest * locust
            parts[TAKEOVER_LOSS] = -harvest * (1.0 - locust) * taken
            out.locust[c], out.taken[c], out.threat[c] = locust, taken, taker
            if h:
                parts[HAND] = HAND_SHARE * (yields[f + h] - harvest)
        elif h:
            holder = t.holder[c]
            blocked = holder >= 0 and holder != seat and \
                h < t.fields[holder][c] + margins[t.mons[holder][WALL] > 0]
            parts[HAND] = (BLOCKED_SHARE if blocked else HAND_SHARE) * yields[h]
        out.parts[c] = parts
    out.scores[seat] = softmin(list(out.piles.values()))
    return out


@dataclass
class _Line:
    """The seat's own parts while the moves of a turn are laid on them, and every seat's
    score (a rival's falls when a field of theirs is taken)."""

    hand: list[int]
    fields: list[int]
    mons: list[int]
    storage: list[float]
    scores: list[float]
    extra: dict[str, float] = field(default_factory=dict)

    def more(self, source: str, cards: float) -> None:
        self.extra[source] = self.extra.get(source, 0.0) + cards


def outlook(t: PileForecast, seat: int, move: Move, then: Move | None = None) -> Outlook:
    """The parts of the position ``move`` (and ``then``, the turn-ending move after a
    trade) leaves ``seat``, on the table ``t``: the moves' cards leave the hand or the
    storage; a planting may take a rival's field or Monument; a speculation adds its
    expected pay-out, a market a card, an offering the flood it brings (the mean over
    the cards it may turn up)."""
    hand = t.hands[seat]
    assert hand is not None, "a seat always sees its own hand"
    line = _Line(list(hand), list(t.fields[seat]), list(t.mons[seat]), list(t.storage[seat]),
                 t.scores())
    _lay(t, seat, line, move)
    if move.action != OFFER:
        if then is not None:
            _lay(t, seat, line, then)
        return _seen(t, seat, line)
    total = sum(t.pool) - t.pool[LOCUST]
    mean: Outlook | None = None
    for kind, n in enumerate(t.pool):
        if n <= 0 or kind > STONE or total <= 0:
            continue
        flooded = _Line(list(line.hand), list(line.fields), list(line.mons), list(line.storage),
                        list(line.scores), dict(line.extra))
        _flood(flooded, kind)
        if then is not None:
            _lay(t, seat, flooded, then)
        mean = _add(mean, _seen(t, seat, flooded), n / total)
    return mean if mean is not None else _seen(t, seat, line)


def _seen(t: PileForecast, seat: int, line: _Line) -> Outlook:
    board_max = max(t.board_max, max(line.fields), max(line.mons))
    return outlook_of(t, seat, line.fields, line.mons, line.hand, line.storage, board_max,
                      line.extra, line.scores)


def _lay(t: PileForecast, seat: int, line: _Line, move: Move) -> None:
    """Lay ``move`` of ``seat`` on ``line`` (a flood an offering brings is not here)."""
    hand, fields, mons, storage = line.hand, line.fields, line.mons, line.storage
    action = move.action
    if action == PLANT:
        for tok in move.tokens:
            key = token_key(tok)
            crop = key < MON_KEY
            own, index = (fields, key) if crop else (mons, key - MON_KEY)
            hand[key if crop else STONE] -= 1
            if not own[index]:
                if not crop and index == OBELISK:  # it counts for this turn's draw (R-DRAW-1)
                    line.more(monument_source(OBELISK), draws_for(True) - draws_for(False))
                _take_from_others(t, seat, line.scores, crop, index)
            own[index] += 1
    elif action == SPECULATE:
        pay = payout_for(mons[OBELISK] > 0)
        for tok in move.tokens:
            hand[token_kind(tok)] -= 1
            line.more(SPECULATION, pay * spec_odds(t.pool, token_kind(tok)))
    elif action in (MARKET, OFFER):
        for tok in move.tokens:
            if token_from_storage(tok):
                storage[token_kind(tok)] -= 1
            else:
                hand[token_kind(tok)] -= 1
        if action == MARKET:
            line.more(MARKET_CARD, 1.0)


def _flood(line: _Line, kind: int) -> None:
    """The flood of card ``kind`` on the seat's own parts (R-FLOOD-2, R-FLOOD-4): a crop
    harvests every field it shows into storage, a stone wears every Monument down."""
    if kind == STONE:
        line.mons[:] = [max(0, x - 1) for x in line.mons]
        return
    for c in crops_shown(kind):
        if line.fields[c]:
            line.fields[c] -= 1
            line.storage[c] += 1


def _take_from_others(t: PileForecast, seat: int, scores: list[float], crop: bool, index: int) -> None:
    """The score of the seat whose field (or Monument) ``seat`` takes over (R-PLANT-3)."""
    for o in range(t.players):
        theirs = t.fields[o] if crop else t.mons[o]
        if o != seat and theirs[index]:
            lost = list(theirs)
            lost[index] = 0
            scores[o] = t.score(o, fields=lost) if crop else t.score(o, mons=lost)


def _add(mean: Outlook | None, one: Outlook, weight: float) -> Outlook:
    """``mean`` plus ``weight`` times ``one``, part by part (risks weighed alike)."""
    if mean is None:
        mean = Outlook(one.seat, {c: {} for c in one.parts}, [0.0] * len(one.scores),
                       one.fields, one.mons, one.storage)
    for c, parts in one.parts.items():
        for key, x in parts.items():
            mean.parts[c][key] = mean.parts[c].get(key, 0.0) + weight * x
    for book, new in ((mean.locust, one.locust), (mean.taken, one.taken)):
        for c, x in new.items():
            book[c] = book.get(c, 0.0) + weight * x
    mean.threat.update(one.threat)
    mean.scores = [a + weight * b for a, b in zip(mean.scores, one.scores, strict=True)]
    return mean
