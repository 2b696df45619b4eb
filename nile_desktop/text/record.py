"""What the record screen says: a player's figures (games and wins, the average smallest
pile, the best game), the accuracy chart's words, and the answers of Export and Reset.

The screen (``scenes/record_screen.py``) decides what to show; the words are here, asked
when drawing so a language switch shows at once. Dates and numbers come in written as the
language writes them. No pygame here.
"""

from __future__ import annotations

from nile_desktop.i18n import _, format_number, ngettext

# -- the figures --------------------------------------------------------------------------------


def played_won(games: int, wins: int) -> str:
    return _("{games} played, {wins} won").format(games=format_number(games),
                                                  wins=format_number(wins))


def people_only() -> str:
    """Games in which every other seat was a person."""
    return _("People only")


def games() -> str:
    return _("Games")


def average_smallest_pile() -> str:
    return _("Average smallest pile")


def best_game() -> str:
    return _("Best game")


def best_game_text(date: str, won: bool, pile: int) -> str:
    outcome = _("won") if won else _("lost")
    return _("{date}: {outcome}, smallest pile {pile}").format(date=date, outcome=outcome,
                                                                pile=pile)


def with_takebacks() -> str:
    return _("Games with take-backs (counted apart)")


def players(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def by_strongest_opponent() -> str:
    return _("By strongest opponent")


def by_number_of_players() -> str:
    return _("By number of players")


# -- the accuracy chart -------------------------------------------------------------------------


def points_lost(date: str, points: str) -> str:
    """One reviewed game's point on the chart."""
    return _("{date}: {points} points lost per decision").format(date=date, points=points)


def accuracy_caption() -> str:
    return _("Accuracy over time: points lost per decision in each reviewed game (lower is "
             "better)")


def no_accuracy_yet() -> str:
    return _("Review a finished game to see your accuracy here.")


# -- reading, resetting and exporting ------------------------------------------------------------


def reading() -> str:
    return _("Reading your record…")


def no_games_yet() -> str:
    return _("No finished games yet: your record starts with your first game.")


def not_read() -> str:
    return _("Your record could not be read; it is left as it is.")


def export_csv() -> str:
    return _("Export CSV")


def reset_title() -> str:
    return _("Reset the record?")


def reset_question(name: str) -> str:
    return _("Every game of {name} will be forgotten. This cannot be undone.").format(name=name)


def not_changed() -> str:
    return _("The record could not be changed.")


def was_reset(name: str) -> str:
    return _("The record of {name} was reset.").format(name=name)


def export_to() -> str:
    """The file chooser's title when the record is exported."""
    return _("Export the record to…")


def replace_with_record(file: str) -> str:
    return _("“{file}” already exists. Replace it with the record?").format(file=file)


def not_written(file: str) -> str:
    return _("The record could not be written to “{file}”.").format(file=file)


def exported(file: str) -> str:
    return _("The record was exported to “{file}”.").format(file=file)
