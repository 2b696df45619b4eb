"""What the New game screen says: the seat kinds with what to expect of each bot, the
options of a game, and the facts of the player count chosen.

The screen (``scenes/new_game.py``) lays the choices out; the words are here, asked when
drawing so a language switch shows at once. The bots' labels and descriptions are the
bots' own (:mod:`nile_desktop.ai.levels`, :mod:`nile_desktop.ai.personalities`), translated
here. No pygame here.
"""

from __future__ import annotations

from nile_desktop.ai.levels import LEVEL_DESCRIPTIONS, LEVEL_LABELS
from nile_desktop.ai.personalities import BY_KEY, LIKE_LEVEL, MEASURED, main_score
from nile_desktop.i18n import _, format_number, ngettext
from nile_desktop.text.screens import percent

# -- the seats ----------------------------------------------------------------------------------


def person() -> str:
    return _("Person")


def kind_label(kind: str) -> str:
    """A seat kind as the choice shows it: "Hard bot", or a personality with the level it
    plays like, "Raider (~Medium)"."""
    personality = BY_KEY.get(kind)
    if personality is None:
        return _(LEVEL_LABELS[kind])
    return _("{name} ({like})").format(name=_(personality.label),
                                      like=_(LIKE_LEVEL[personality.level]))


def kind_help(kind: str) -> str:
    """One line on what to expect of a bot of ``kind`` (nothing for a person); for a
    personality, a second line with the ladder's figure its strength rests on."""
    description = LEVEL_DESCRIPTIONS.get(kind)
    if not description:
        return ""
    personality = BY_KEY.get(kind)
    if personality is None:
        return _(description)
    score = main_score(personality)
    measured = ngettext(MEASURED, MEASURED.plural, score.games).format(
        percent=percent(format_number(100 * score.share, 0)), count=score.games,
        level=_(LEVEL_LABELS[score.level]))
    return _(description) + "\n" + measured


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
