"""Seats: their kinds (a person, a bot level or a bot personality) and the six seat colours.

``SeatKind`` (:mod:`nile_desktop.engine.seat_kinds`, where the bots can use it
too) is the one list of what may sit at a seat; saves, the new-game screen,
``--play``, the review and the table compare against it, not against strings.

Each colour has a name (``assets/table/seat_<name>.svg``) and the RGB the
art uses; the drawn fallbacks and the new-game screen use the same values,
so a seat never shows two different colours. No pygame here.

A seat nobody named plays under one default name, chosen here for the
new-game screen and ``--play`` alike: "Player 2" for a person, a pharaoh's
name for a bot. A save keeps it as English source text, marked as a default,
and shows it in the language of the screen.
"""

from __future__ import annotations

from nile_desktop.engine.seat_kinds import SEAT_KINDS, SeatKind, as_kind
from nile_desktop.i18n import N_, player_name

__all__ = ["BOT_NAMES", "SEATS", "SEAT_COLOURS", "SEAT_KINDS", "SEAT_RGB", "SeatKind",
           "default_name"]


#: Seat colour names in seat order (docs/ART.md: distinct from every crop and each other).
SEATS: tuple[str, ...] = ("lapis", "turquoise", "ivory", "ebony", "copper", "teal")
SEAT_RGB: dict[str, tuple[int, int, int]] = {
    "lapis": (0x1F, 0x3C, 0x88),
    "turquoise": (0x7F, 0xE0, 0xD8),
    "ivory": (0xF3, 0xEC, 0xD8),
    "ebony": (0x1C, 0x17, 0x14),
    "copper": (0xD9, 0x89, 0x4A),
    "teal": (0x16, 0x85, 0x7A),
}
#: The RGB of seat colour ``i`` is ``SEAT_COLOURS[i]``.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = tuple(SEAT_RGB[name] for name in SEATS)


#: The names of bots nobody named, by seat (English source text; the save keeps it).
BOT_NAMES = (N_("Nefertari"), N_("Imhotep"), N_("Hatshepsut"), N_("Ramesses"), N_("Tiye"),
             N_("Khufu"))


def default_name(index: int, kind: str, *, source: bool = False) -> str:
    """Seat ``index``'s name when none is typed: "Player 3" or a bot's name, in the current
    language; with ``source``, in English, as a save keeps it."""
    if as_kind(kind).is_human:
        return player_name(index + 1, source=source)
    name = BOT_NAMES[index % len(BOT_NAMES)]
    return name.msgid if source else str(name)
