"""What the live table says around the cards: its action buttons and tools, the prompt line,
the hand-off between people, the Menu and sound buttons, the game log's title, and the
notes its deciding half gives (a take-back, a suggestion, End turn pressed once).

The table (``scenes/table/``) decides when to say what; the words are here, asked when
drawing (or kept as a :class:`~nile_desktop.i18n.Deferred`), so a language switch shows
at once. Names come in as the table shows them. No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import _
from nile_desktop.text import screens
from nile_desktop.text.words import reason_line

# -- the action row and the tools ---------------------------------------------------------------


def action_label(action: str, armed: bool = False) -> str:
    """An action button (``action`` the engine's word); End turn, pressed once, asks again."""
    if action == "market":
        return _("Market")
    if action == "offer":
        return _("Offer to Hapi")
    if action == "plant":
        return _("Plant")
    if action == "speculate":
        return _("Speculate")
    return _("Really end turn?") if armed else _("End turn")


def tool_label(tool: str, armed: bool = False) -> str:
    if tool == "takeback":
        return _("Really take back?") if armed else _("Take back my turn")
    return {"undo": _("Undo"), "clear": _("Clear"), "suggest": _("Suggest"),
            "moves": _("All moves…")}[tool]


def tool_rule(tool: str) -> str:
    """What Undo and Take back my turn do, told by both in the same words: undo is free for
    what revealed nothing; a take-back, once a card was seen, marks the game."""
    if tool == "undo":
        return _("Takes back the last card picked or placed: that reveals nothing, so it is "
                 "free. Once a card has been seen (a trade's new card, or the turns after "
                 "yours), Undo gives way to Take back my turn, which marks the game “with "
                 "take-backs”.")
    if tool == "takeback":
        return _("Returns to the start of your last turn. A card has been seen since (a "
                 "trade's new card, or the turns after yours), so the game is then marked "
                 "“with take-backs”. Undo, for cards only picked or placed, is free.")
    return ""


def done_pass_to(name: str) -> str:
    """The one button after a person's turn in a game of several people."""
    return _("Done: pass to {name}").format(name=name)


def skip_to_my_turn() -> str:
    return _("Skip to my turn")


def menu_button(replay: bool) -> str:
    """The table's Menu button; a replay's goes back where it came from."""
    return screens.back() if replay else screens.menu()


def sound_button(muted: bool) -> str:
    return _("Sound on") if muted else _("Mute all sound")


# -- the prompt line ----------------------------------------------------------------------------


def game_over() -> str:
    return _("The game is over.")


def thinking(name: str) -> str:
    return _("{name} is thinking…").format(name=name)


def pass_computer_to(name: str) -> str:
    return _("Pass the computer to {name}.").format(name=name)


def see_new_cards() -> str:
    """After a person's turn in a game of several people: their new cards, then the hand-off."""
    return _("Your turn is over: see your new cards, then pass the computer.")


def plays(name: str) -> str:
    """While the table shows a turn of someone other than the person at the screen."""
    return _("{name} plays.").format(name=name)


def looking_for_move() -> str:
    return _("Looking for a good move…")


def not_yet(why: str) -> str:
    """A planting put together that is not whole yet, and what it still needs."""
    # TRANSLATORS: a dash, not a colon: the reason may hold a colon of its own.
    return _("Not yet — {why}").format(why=why)


def press_plant() -> str:
    return _("Press Plant to confirm, or Undo to take cards back.")


def picked_cannot_plant() -> str:
    return _("Picked: trade or speculate with the buttons. Nothing glows: these cards "
             "cannot be planted now.")


def picked() -> str:
    return _("Picked: drop them on a glowing place to plant, or trade or speculate "
             "with the buttons.")


def your_turn(name: str) -> str:
    return _("Your turn, {name}: pick cards to trade, or drag cards onto your fields to "
             "plant.").format(name=name)


# -- notes from the table -----------------------------------------------------------------------


def drop_on_glow() -> str:
    return _("Drop the card on one of the glowing places")


def went_back(cards: str) -> str:
    """Staged cards a drop sent back to the hand (two crops take one card each)."""
    return _("Two different crops are planted one card of each: {cards} went "
             "back to your hand.").format(cards=cards)


def end_turn_again() -> str:
    return _("Press End turn again to end your turn without planting.")


def suggested(reason: object) -> str:
    """The advisor's suggestion, loaded into the draft, with the bot's reason (a
    :class:`~nile_desktop.ai.Reason`, or plain text)."""
    return _("Suggested: {reason}").format(reason=reason_line(reason))


def press_again_to_take_back(marked: bool) -> str:
    """A take-back armed; ``marked`` if the game is already marked "with take-backs"."""
    if marked:
        return _("Press again to take back your turn.")
    return _("Press again to take back your turn. The game will be "
             "marked “with take-backs”.")


def back_at_turn_start() -> str:
    return _("Back at the start of your turn.")


# -- the hand-off between people ----------------------------------------------------------------


def pass_the_computer() -> str:
    return _("Pass the computer")


def turn_of(name: str) -> str:
    return _("It is the turn of {name}.").format(name=name)


def look_away() -> str:
    return _("Everyone else, please look away.")


def show_my_cards(name: str) -> str:
    return _("I am {name}: show my cards").format(name=name)


# -- the game log -------------------------------------------------------------------------------


def game_log() -> str:
    return _("Game log")


def newer_lines() -> str:
    """At the foot of the log scrolled back: newer lines are below."""
    return _("Newer lines below")
