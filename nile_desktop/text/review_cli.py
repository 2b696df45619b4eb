"""The review's words as its command line prints them (``python -m nile_desktop.review``).

These lines go to a terminal, never to the game's window, so they may use characters
the game's font does not draw (an arrow, a minus sign); the screen's words are in
:mod:`nile_desktop.text.review`, whose helpers these lines share.
"""

from __future__ import annotations

from nile_desktop.i18n import _, format_number
from nile_desktop.text.review import pct, signed
from nile_desktop.text.table import describe_move


def decision_line(number: int, name: str, move: str, before: float, after: float) -> str:
    """"3. Ana: pass — 40.0% → 10.0%"."""
    return _("{number}. {name}: {move} — {before} → {after}").format(
        number=number, name=name, move=move, before=pct(before), after=pct(after))


def spared_note(loss: float) -> str:
    return _("−{points}, the search plays it too").format(points=format_number(loss, 1))


def as_good_note(loss: float) -> str:
    return _("as good: the best found is only {points} ahead").format(
        points=format_number(loss, 1))


def better_note(move: str, chance: float) -> str:
    return _("better: {move} ({words}), {chance}").format(
        move=move, words=describe_move(move), chance=pct(chance))


def summary_line(name: str, points: float, count: int, free: int,
                 counts: dict[str, int]) -> str:
    return _("{name} — points lost per decision: {points}; decisions judged: {count} (not "
             "judged, forced or any move: {free}); inaccuracies: {inaccuracies}, mistakes: "
             "{mistakes}, blunders: {blunders}").format(
        name=name, points=format_number(points, 2), count=count, free=free,
        inaccuracies=counts["inaccuracy"], mistakes=counts["mistake"], blunders=counts["blunder"])


def turning_line(name: str, number: int, mover: str, move: str, swing: float) -> str:
    return _("Turning point for {name}: move {number}, {mover}: {move} ({swing})").format(
        name=name, number=number, mover=mover, move=move, swing=signed(swing))
