"""What the game says to players, in their language: moves, events, bot reasons, seat kinds,
log lines, banners and refusals, and every screen's words.

Below both the screens (``scenes/``) and the game review (``review/``), and display-free
(no pygame): the review's command line prints the same sentences the table shows.
:mod:`.table` tells moves and engine events; :mod:`.words` builds the table's lines
from them (the log, banners); :mod:`.refusals` says why a move or a pick is refused;
:mod:`.powers` what each Monument gives its owner. The screens' words, each module for
what it names: :mod:`.panels` (the seat panels, the tray and the river), :mod:`.controls`
(the table's buttons, prompt line and notes), :mod:`.table_screens` (the menu, the results,
the replay and the coach over the table), :mod:`.screens` (the menu screens and what they
share), :mod:`.new_game` and :mod:`.opponents` (how the New game screen names each bot and
what to expect of it), :mod:`.load_game`, :mod:`.record`, and :mod:`.rules_book` (the rules
as the Rules screen tells them).
"""

from nile_desktop.text.refusals import REFUSAL_TEXTS, TableRefusalCode, refusal_text
from nile_desktop.text.table import (
    card_label,
    cards_label,
    describe_event,
    describe_move,
    reason_text,
    seat_kind_label,
)
from nile_desktop.text.words import (
    Refused,
    banner_line,
    cannot_go,
    event_line,
    note_line,
    reason_line,
    refusal_words,
    turn_header,
    who,
)

__all__ = [
    "REFUSAL_TEXTS",
    "TableRefusalCode",
    "Refused",
    "banner_line",
    "cannot_go",
    "card_label",
    "cards_label",
    "describe_event",
    "describe_move",
    "event_line",
    "note_line",
    "reason_line",
    "reason_text",
    "refusal_text",
    "refusal_words",
    "seat_kind_label",
    "turn_header",
    "who",
]
