"""What the review of a game says, in the player's language: the screen's and the command line's.

The review (``nile_desktop.review``) computes the figures and the screen
(``scenes/review_screen.py`` and its rows and chart) places them; every
sentence either shows is here, so a translator sees them together and the
command line prints the words the screen shows. Each function is called when
drawing, so the screen follows the language setting. A decision is read
through :class:`DecisionLike` (the review's ``Decision``): this module sits
below the review and does not import it.

The better move's reason (:mod:`nile_desktop.ai.gains`) names a rival by seat
(``rival``); :func:`reason_words` puts the rival's name in and writes its
cards with one decimal, so "1.0 cards" and the Czech "1,0 karty" read right
for every size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from nile_desktop.i18n import _, card_name, format_number, ngettext
from nile_desktop.text.table import describe_move

#: The marks, mildest first, with the least loss of each (points of win chance).
MARK_FLOORS: tuple[tuple[str, float], ...] = (("inaccuracy", 5.0), ("mistake", 10.0),
                                              ("blunder", 15.0))


class DecisionLike(Protocol):
    """What the words of a decision read (the review's ``Decision``)."""

    @property
    def seat(self) -> int: ...

    @property
    def best(self) -> str: ...

    @property
    def best_chance(self) -> float: ...

    @property
    def loss(self) -> float: ...

    @property
    def mark(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def error(self) -> float: ...

    @property
    def reason(self) -> Any: ...

    @property
    def margin(self) -> float: ...

    @property
    def spared(self) -> bool: ...

    @property
    def better(self) -> bool: ...


# -- numbers -----------------------------------------------------------------------------------


def pct(value: float) -> str:
    """A win chance in percent, in the player's language ("62.5%", "62,5 %")."""
    return _("{percent}%").format(percent=format_number(value, 1))


def whole_pct(value: float) -> str:
    """A percentage without decimals (a chart's scale)."""
    return _("{percent}%").format(percent=format_number(round(value)))


def signed(points: float) -> str:
    """A change of points with its sign: "+4.2", "−3.0", "0"."""
    sign = "+" if points > 0 else "−" if points < 0 else ""
    return sign + format_number(abs(points), 1)


# -- marks and kinds ---------------------------------------------------------------------------


def mark_label(mark: str) -> str:
    """A mark in the player's language."""
    return {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"),
            "blunder": _("blunder")}.get(mark, "")


def kind_label(kind: str) -> str:
    """A decision that was not judged, in the player's language: why not."""
    return {"forced": _("forced"), "any": _("any move")}.get(kind, "")


def mark_floor(mark: str) -> str:
    """What a mark means: the least loss that earns it."""
    floor = dict(MARK_FLOORS).get(mark, 0.0)
    return _("{mark}: {points}+ points lost").format(
        mark=mark_label(mark).capitalize(), points=format_number(round(floor)))


def legend_note() -> str:
    """The legend's last line: when a better move is named at all."""
    return _("A better move is named only when it is surely ahead by a point or more; "
             "otherwise the move played is as good.")


def legend_title() -> str:
    return _("Marks")


# -- points of view ----------------------------------------------------------------------------


def view_label(name: str | None) -> str:
    """One line saying whose eyes the review's figures see the game through: ``name``'s
    (a seat's view) or, with None, every hand open. Chart, decisions, marks and summary
    all belong to it."""
    if name is None:
        return _("Win chances, decisions and marks with every hand open; the cards still to "
                 "come dealt at random.")
    return _("Win chances, decisions and marks as {name} could judge them at each move.").format(
        name=name)


def view_choice(name: str | None) -> str:
    """A point of view in the chooser: a person's, or all hands open (None)."""
    return _("All hands open") if name is None else _("{name}'s view").format(name=name)


def assumption() -> str:
    """What the chances assume about how the seats play (when some seat is a bot)."""
    return _("They assume each bot plays as its level does, and each person as an average "
             "player.")


def judged_by(view_is_open: bool) -> str:
    """The command line's first line: how the decisions listed are judged."""
    if view_is_open:
        return _("Each decision is judged with every hand open, the cards still to come "
                 "dealt at random.")
    return _("Each decision is judged by the win chances its player could see at the time.")


# -- a decision --------------------------------------------------------------------------------


def reason_words(reason: Any, names: Sequence[str] = ()) -> str:
    """A better move's reason (or a bot's) in the current language: a ``rival`` seat by
    name (a seat out of range reads as "a rival"), cards to one decimal."""
    render = getattr(reason, "render", None)
    if render is None:
        return str(reason or "")
    values = getattr(reason, "values", {})
    if "rival" in values:
        rival = values["rival"]
        named = names[rival] if isinstance(rival, int) and 0 <= rival < len(names) \
            else _("a rival")
        reason = type(reason)(reason.msgid, **{**values, "rival": named})

    def number(value: object) -> str:
        if isinstance(value, float):
            return format_number(value, 1)
        return format_number(value) if isinstance(value, int) else str(value)

    def forms(singular: str, plural: str, n: float) -> str:
        # a number with decimals takes the form of 2 in both languages: "1.5 cards", "1,5 karty"
        return ngettext(singular, plural, 2 if isinstance(n, float) else int(n))

    return str(reason.render(_, card_name, forms, number))


def played_line(index: int, seat: int, names: Sequence[str], move: str) -> str:
    """"12. Ana: offer wheat wheat (Offering to Hapi: …)"."""
    return _("{number}. {name}: {move} ({words})").format(
        number=index + 1, name=names[seat] if 0 <= seat < len(names) else "",
        move=move, words=describe_move(move))


def verdict(decision: DecisionLike, chance: float) -> str:
    """"Blunder, 40.2 points lost", "Forced", or the win chance after the move (``chance``:
    the chart's figure there)."""
    if decision.mark:
        return _("{mark}, {points} points lost").format(
            mark=mark_label(decision.mark).capitalize(), points=format_number(decision.loss, 1))
    if decision.kind:
        return kind_label(decision.kind).capitalize()
    return _("win chance {chance}").format(chance=pct(chance))


def better_line(decision: DecisionLike, move: str, names: Sequence[str] = ()) -> str:
    """The better move in notation and words and why; or that the move played was the best
    found, or as good (the best's lead within the estimate's uncertainty), or the search's
    own, or that the choice hardly mattered."""
    if decision.kind == "forced":
        return _("The only legal move: not judged.")
    if decision.kind == "any":
        return _("Every move considered here kept the same chance within a point: not judged.")
    if decision.spared:
        return _("The Hard search plays this move too, so it is not marked ({points} points "
                 "below the best found).").format(points=format_number(decision.loss, 1))
    if decision.best == move or not decision.loss:
        return _("The best move found.")
    if not decision.better:
        return as_good(decision)
    text = _("Better: {move} ({words}), win chance {chance}").format(
        move=decision.best, words=describe_move(decision.best), chance=pct(decision.best_chance))
    if decision.reason is not None:
        text += " — " + reason_words(decision.reason, names)
    return text


def as_good(decision: DecisionLike) -> str:
    """Why the move played counts as good as the best found: the best's lead is under a
    point, or within the estimate's margin (two standard errors)."""
    values = {"move": decision.best, "words": describe_move(decision.best),
              "points": format_number(decision.loss, 1)}
    if decision.loss > decision.margin:
        return _("As good as the best move found: {move} ({words}) is ahead by only {points} "
                 "points, less than one.").format(**values)
    return _("As good as the best move found: {move} ({words}) is ahead by {points} points, "
             "within the estimate's margin of ±{margin}.").format(
        margin=format_number(max(0.1, round(decision.margin, 1)), 1), **values)


def point_note(decision: DecisionLike | None) -> str:
    """What the chart's point after a decision adds: its mark, or why it is not judged."""
    if decision is None:
        return ""
    if decision.mark:
        return _("{mark}: {points} points lost; better: {move}.").format(
            mark=mark_label(decision.mark).capitalize(), points=format_number(decision.loss, 1),
            move=decision.best)
    if decision.kind == "forced":
        return _("The only legal move.")
    if decision.kind == "any":
        return _("Any move did about as well.")
    return ""


def point_text(point: int, mover: str, move: str, chances: str,
               decision: DecisionLike | None) -> str:
    """Chart point ``point`` (0: the deal, n: after move n) in words; ``chances`` every
    seat's there (:func:`chances_line`)."""
    shown = _("Win chances: {chances}").format(chances=chances)
    if point == 0:
        return _("The deal. {chances}").format(chances=shown)
    text = _("Move {number}, {name}: {move} ({words}). {chances}").format(
        number=point, name=mover, move=move, words=describe_move(move), chances=shown)
    note = point_note(decision)
    return f"{text}. {note}" if note else text


def chances_line(names: Sequence[str], chances: Sequence[float]) -> str:
    """"Ana 62.5%, Bot 37.5%"."""
    return ", ".join(f"{names[s]} {pct(c)}" for s, c in enumerate(chances) if s < len(names))


# -- the summary -------------------------------------------------------------------------------


def figure_names() -> dict[str, str]:
    """The summary's rows by key."""
    return {"accuracy": _("Accuracy (points lost per decision)"),
            "decisions": _("Decisions judged"), "not-judged": _("Not judged"),
            "inaccuracy": _("Inaccuracies"), "mistake": _("Mistakes"),
            "blunder": _("Blunders"), "turning-point": _("Turning point")}


def turning_value(number: int, name: str, move: str, before: float, after: float) -> str:
    return _("move {number}, {name}: {move}; win chance from {before} to {after}").format(
        number=number, name=name, move=move, before=pct(before), after=pct(after))


def nothing_marked(every: bool) -> str:
    """The decision list when it is empty."""
    if every:
        return _("No decisions were measured.")
    return _("No decision of this player lost 5 points or more.")


# -- the screen's other words ------------------------------------------------------------------


def title() -> str:
    return _("Game review")


def caption() -> str:
    return _("Point at a move to read it; click it to replay the game from there.")


def computing() -> str:
    return _("Reviewing the game move by move…")


def failed() -> str:
    return _("The review could not be computed. The log file says why.")


def view_failed() -> str:
    return _("This view could not be computed. The log file says why.")


def not_kept() -> str:
    return _("The review could not be kept in the save file.")


def computing_view() -> str:
    """The view line while the chosen view is computed."""
    return _("Computing this view of the game… Until then the list and the summary are of "
             "the view before.")


def with_takebacks() -> str:
    return _("This game was played with take-backs.")


def deeper_progress(percent: int) -> str:
    return _("Reviewing more deeply: {percent}%.").format(percent=percent)


def refining(percent: int) -> str:
    return _("Refining the estimates: {percent}%.").format(percent=percent)


def positions_done(done: int, total: int) -> str:
    if not total:
        return _("Starting…")
    return _("{done} of {total} positions").format(done=format_number(done),
                                                      total=format_number(total))


def buttons() -> dict[str, Callable[[], str]]:
    """The screen's buttons and toggle by id, each a text read when drawn."""
    return {"back": lambda: _("Back"), "cancel": lambda: _("Cancel"),
            "every": lambda: _("Every decision"), "deeper": lambda: _("Deeper review"),
            "stop-deeper": lambda: _("Stop the deeper review")}
