"""What the screens over the table say: the in-game menu and the list of every legal move,
the results of a finished game, the replay's controls, and the tutorial coach's and the
hints' panels.

The table's drawing code (``scenes/table/display/``) decides what to show and where; the
words are here, asked when drawing so a language switch shows at once. Names come in as
the table shows them. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile_desktop.engine import Decided, Outcome
from nile_desktop.i18n import _, format_number, ngettext

# -- the menu and the move list -----------------------------------------------------------------


def resume() -> str:
    return _("Resume")


def save_and_leave() -> str:
    return _("Save and leave")


def leave_without_keeping() -> str:
    return _("Leave without keeping")


def leave() -> str:
    return _("Leave")


def replay() -> str:
    return _("Replay")


def keep_playing() -> str:
    return _("Keep playing")


def not_saved() -> str:
    return _("The game could not be saved")


def not_saved_kept() -> str:
    return _("Its moves up to the last one saved are kept. Try again, or leave.")


def leave_without_keeping_title() -> str:
    return _("Leave without keeping?")


def will_be_deleted() -> str:
    return _("This game will be deleted and cannot be continued.")


def delete_and_leave() -> str:
    return _("Delete and leave")


def all_legal_moves() -> str:
    return _("All legal moves")


def play_this_move() -> str:
    return _("Play this move")


# -- the results --------------------------------------------------------------------------------


def game_over() -> str:
    return _("The game is over")


def how_won(result: Outcome | None, names: Sequence[str]) -> str:
    """How the winner was found, in one sentence (nothing before the game has a result)."""
    if result is None or not result.ranking:
        return ""
    if result.reason is Decided.SHARED_WIN:
        return _("Shared win: {names} are equal on every pile.").format(
            names=", ".join(names[s] for s in result.winners))
    ranking, piles = result.ranking, result.piles
    winner, runner = ranking[0][0], ranking[1][0]
    i = result.deciding_pile
    if i is None:
        return ""
    if result.reason is Decided.SMALLEST_PILE:
        return ngettext("{winner} wins: the smallest pile holds {a} card, against {b} for {other}.",
                        "{winner} wins: the smallest pile holds {a} cards, against {b} for {other}.",
                        piles[winner][0]).format(winner=names[winner], a=piles[winner][0],
                                                 b=piles[runner][0], other=names[runner])
    return _("{winner} and {other} tie on the smallest piles; pile {n} decides: "
             "{a} against {b}.").format(winner=names[winner], other=names[runner], n=i + 1,
                                        a=piles[winner][i], b=piles[runner][i])


def piles_explained() -> str:
    return _("Storage piles, smallest first: the smallest pile decides. Gold ring: the pile "
             "that decided the place.")


def rematch() -> str:
    return _("Rematch")


def title_screen() -> str:
    return _("Title screen")


def storage_by_crop() -> str:
    """The name of the results' chart (for screen readers and the UI dump)."""
    return _("Storage by crop")


# -- the replay ---------------------------------------------------------------------------------


def control_label(control: str, playing: bool = False, rate: int = 1) -> str:
    """A button of the replay's row; Play shows Pause while playing, Speed its rate."""
    if control == "first":
        return _("First")
    if control == "back":
        return _("Step back")
    if control == "play":
        return _("Pause") if playing else _("Play")
    if control == "forward":
        return _("Step forward")
    if control == "speed":
        return _("Speed {n}×").format(n=format_number(rate))
    return _("Last")


def moves_played(cursor: int, total: int) -> str:
    """The replay's counter: the deal, or how many of the moves are played."""
    if cursor == 0:
        return ngettext("The deal ({total} move)", "The deal ({total} moves)",
                        total).format(total=total)
    # the moves already played: the next step plays move n + 1, as the review numbers it
    return _("{n} of {total} moves played").format(n=cursor, total=total)


def seek_tooltip() -> str:
    return _("Click or drag to go to any move; the Left and Right arrow keys step.")


def show_all_hands() -> str:
    return _("Show all hands")


def show_all_hands_tooltip() -> str:
    return _("On: every hand shows, bots' too (the player to move "
             "below, the others in their panels).")


def cards_seen_by(name: str | None) -> str:
    """Whose cards a replay of a game not yet over shows: those ``name`` could see, or
    (None) none that were hidden."""
    if name is not None:
        return _("Only the cards {name} could see are shown.").format(name=name)
    return _("Hidden cards stay hidden: the game is not over.")


# -- the coach and the hints --------------------------------------------------------------------


def lesson_of(n: int, total: int) -> str:
    return _("Lesson {n} of {total}").format(n=n, total=total)


def next_lesson(last: bool) -> str:
    return _("Finish") if last else _("Next")


def next_lesson_tooltip() -> str:
    return _("Go on to the next lesson")


def show_me() -> str:
    return _("Show me")


def show_me_tooltip() -> str:
    return _("Put the lesson's cards in place for you")


def skip_lesson() -> str:
    return _("Skip lesson")


def leave_tutorial() -> str:
    return _("Leave tutorial")


def leave_tutorial_tooltip() -> str:
    return _("Your place is kept: resume it from the title screen")


def hint(text: str) -> str:
    # TRANSLATORS: a dash, not a colon: a hint may hold a colon of its own.
    return _("Hint — {text}").format(text=text)
