"""What the New game screen says: its seats and options, and the facts of the player
count chosen.

The screen (``scenes/new_game.py``) lays the choices out; the words are here, asked when
drawing so a language switch shows at once. How a bot is named and what to expect of it
is :mod:`.opponents`. No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import _, ngettext

# -- the seats ----------------------------------------------------------------------------------


def person() -> str:
    return _("Person")


def players() -> str:
    return _("Players")


# -- the options --------------------------------------------------------------------------------


def monuments() -> str:
    return _("Monuments")


def crops_left_out() -> str:
    return _("Crops left out with few players")


def onions_then_grapes() -> str:
    return _("Onions, then Grapes")


def random_crops() -> str:
    return _("Random")


def seed() -> str:
    return _("Seed (same seed, same cards)")


def random_seed() -> str:
    """In the empty seed field: the deal will be a random one."""
    return _("random")


def rule_book_variants() -> str:
    return _("Rule book variants")


def must_act() -> str:
    return _("Must plant or speculate")


def must_act_hint() -> str:
    return _("Pass only when you can neither plant nor speculate")


def storage_top() -> str:
    return _("Storage: top cards only")


def storage_top_hint() -> str:
    return _("Trades take storage cards from the top")


def start() -> str:
    return _("Start the game")


# -- what the setup means -----------------------------------------------------------------------


def setup_facts(crops: int, seasons: int, monuments: bool) -> list[str]:
    """The crops in play and the seasons of the player count chosen, and whether a game
    without Monuments has stones."""
    lines = [ngettext("{n} crop in play", "{n} crops in play", crops).format(n=crops),
             ngettext("{n} season", "{n} seasons", seasons).format(n=seasons)]
    if not monuments:
        lines.append(_("No stones and no Monuments"))
    return lines
