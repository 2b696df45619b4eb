"""Why a gauntlet player made its move, in the words of its style.

The flat players (:mod:`.flat`) explain a move as the Medium heuristic would
(:meth:`~.heuristic.Scorer.explain`: a take-over with its numbers, a
speculation with its odds, a trade with its cards), except where the move is
the style's own: the balancer says which smallest pile it feeds, the
aggressor which field it keeps its cards for. Only the seat's view is read.
"""

from __future__ import annotations

from nile_desktop.engine import Move, View
from nile_desktop.engine.cards import SPHINX, WALL
from nile_desktop.engine.moves import PASS, PLANT, token_key
from nile_desktop.engine.powers import TAKEOVER_MARGINS

from . import reasons as R
from .evaluation import PileForecast
from .heuristic import Scorer
from .projection import expected_floods, flood_odds
from .reasons import Reason, crop_name
from .thumb import Style, smallest_crop


def explain(view: View, move: Move, style: Style) -> Reason:
    """A short reason for ``move`` of ``view.seat``, as the table shows it."""
    seat = view.seat
    if style.feeds and move.action == PLANT:
        one, _ = flood_odds(view.crops, view.rules.monuments)
        floods = expected_floods(view.deck_size, sum(view.discard) + sum(view.flood_stack),
                                 view.seasons - view.season)
        smallest = smallest_crop(view.storage, view.fields[seat], view.crops, floods, one)
        fed = sum(1 for t in move.tokens if token_key(t) == smallest)
        if fed:
            return Reason(R.FEED_SMALLEST, crop=crop_name(smallest), count=fed)
    if style.reserve and move.action == PASS:
        kept = _kept_for_takeover(view, style.reserve)
        if kept is not None:
            return Reason(R.KEEP_FOR_TAKEOVER, crop=crop_name(kept))
    return Scorer(PileForecast.from_view(view), seat).explain(move)


def _kept_for_takeover(view: View, reserve: int) -> int | None:
    """The crop of another seat's field the hand is gathering cards to take over, if any."""
    seat = view.seat
    sphinx = view.mons[seat][SPHINX] > 0
    for c in view.crops:
        held = view.hand[c]
        if not held or view.fields[seat][c]:
            continue
        for o, row in enumerate(view.fields):
            if o != seat and row[c]:
                need = row[c] + TAKEOVER_MARGINS[sphinx][view.mons[o][WALL] > 0]
                if held + reserve >= need:
                    return c
    return None
