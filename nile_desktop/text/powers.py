"""What each Monument gives its owner, in the player's language (R-MON-5).

The seats' panels and the centre's Monuments show it as a tooltip; asked for
when drawn, so a language switch shows at once.
"""

from __future__ import annotations

from nile_desktop.engine import MONUMENTS
from nile_desktop.i18n import _, card_name

SPHINX, OBELISK, _WALL = MONUMENTS


def power_of(monument: str) -> str:
    """What owning ``monument`` gives, in the player's language (R-MON-5)."""
    if monument == SPHINX:
        return _("its owner's take-overs need only an equal field")
    if monument == OBELISK:
        return _("its owner draws 3 cards at the end of a turn, and 4 per matching speculation")
    return _("rivals need two more cards, not one, to take over its owner's fields")


def power_text(monument: str) -> str:
    """The Monument's name and what owning it gives ("Sphinx: your take-overs …")."""
    return _("{monument}: {power}").format(monument=card_name(monument), power=power_of(monument))
