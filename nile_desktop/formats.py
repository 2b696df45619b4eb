"""Dates and numbers written the way each of the game's languages writes them.

The Load screen tells when a game was last played; an English player reads
"30 Nov 2026, 14:05", a Czech one "30. 11. 2026 14:05". Babel knows these
conventions but is not a runtime dependency (the frozen app ships without
it), and the operating system's locale is often not the game's language, so
the few patterns the game needs are kept here, per language code of
:data:`nile_desktop.i18n.LANGUAGES`. Formatting never raises: a moment the
local clock cannot show (year 1 in New York) is shown in UTC instead.
"""

from __future__ import annotations

from datetime import date, datetime, timezone

from nile_desktop import i18n

MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
#: The thousands separator of each language: a comma in English, a no-break space in Czech.
THOUSANDS = {"en": ",", "cs": "\u00a0"}
DECIMAL = {"en": ".", "cs": ","}


def _language(language: str | None) -> str:
    code = language or i18n.current_language()
    return code if code in THOUSANDS else "en"


def local_time(moment: datetime) -> datetime:
    """``moment`` in the computer's time zone, or as it is when that is out of range."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    try:
        return moment.astimezone()
    except (OverflowError, OSError, ValueError):
        return moment


def format_date(day: date, language: str | None = None) -> str:
    """``30 Nov 2026`` / ``30. 11. 2026`` (in Czech with no-break spaces: one line)."""
    if _language(language) == "cs":
        return f"{day.day}.\u00a0{day.month}.\u00a0{day.year}"
    return f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}"


def format_datetime(moment: datetime, language: str | None = None) -> str:
    """A date and time in local time: ``30 Nov 2026, 14:05`` / ``30. 11. 2026 14:05``."""
    local = local_time(moment)
    clock = f"{local.hour:02d}:{local.minute:02d}"
    if _language(language) == "cs":
        return f"{format_date(local, 'cs')} {clock}"
    return f"{format_date(local, 'en')}, {clock}"


def format_number(value: int | float, language: str | None = None, decimals: int = 0) -> str:
    """``12,345.5`` / ``12 345,5`` (no-break space)."""
    code = _language(language)
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", DECIMAL[code]).replace("\0", THOUSANDS[code])
