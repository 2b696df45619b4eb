"""The player's preferences, kept between runs in ``settings.json``.

Settings are read once at start and written whenever the player changes
one. The file is the player's, may be hand-edited and may survive across
versions, so reading it never fails, whatever it holds (huge numbers, deep
nesting, a byte-order mark, binary junk): every value is checked on its own
and a bad one falls back to its default while the good ones are kept. A
file that cannot be read at all is set aside as ``settings.json.bad`` (then
``.bad-2``, ``.bad-3``…: an earlier one is never overwritten, and none is
ever deleted) and the game starts with the defaults. Either way the player
is told (:meth:`SettingsReport.notice`), naming the file. Writing goes to a
temporary file renamed over the old one, so a crash never leaves half a
file. The file carries a version; ``MIGRATIONS`` turns an older layout into
the current one before checking.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from nile_desktop import i18n, paths
from nile_desktop.engine.rules import MAX_PLAYERS
from nile_desktop.i18n import N_, ngettext
from nile_desktop.saves.errors import without_surrogates as clean_text
from nile_desktop.seats import SEAT_KINDS

log = logging.getLogger(__name__)

#: 2: ``window_size`` may be null, "no size of the player's own" (see :func:`default_window_size`).
SETTINGS_VERSION = 2
FILE_NAME = "settings.json"

MIN_WINDOW = (640, 360)
#: The largest window any display shows (8K); a larger one would only cost memory (a
#: 16384x16384 window takes 4-5 GB). The app also keeps a window within the desktop.
MAX_WINDOW = (7680, 4320)
#: The window of a game whose player has not chosen a size, on a screen with none to ask
#: (tests, the soak) and before version 2 of the settings, when every window opened so.
FALLBACK_WINDOW = (1280, 720)
#: How much of the desktop a new window may take (width, height): the rest is left for a
#: taskbar or dock and the window's own title bar, which the usable screen loses.
DESKTOP_SHARE = (0.9, 0.85)
#: A settings file is a few hundred bytes; a larger one is not one the game wrote.
MAX_FILE_BYTES = 1024 * 1024
ANIMATION_SPEED_RANGE = (0.5, 3.0)
#: The speeds the settings screen offers: slow, normal, fast, and instant (0: no animation).
ANIMATION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
#: How long a bot's turn stays on the table, so it can be followed (the table's factors).
BOT_PACES = ("slow", "normal", "fast")


def _default_language() -> str:
    return i18n.system_language()


@dataclass
class Settings:
    """Every preference the player can set, with its default."""

    version: int = SETTINGS_VERSION
    language: str = field(default_factory=_default_language)
    fullscreen: bool = False
    #: The player's own window size (chosen on the settings screen or by resizing the
    #: window); None until they have one: the window then fits the desktop it opens on.
    window_size: tuple[int, int] | None = None
    #: The sound effects' volume (the only volume before the music had its own).
    volume: float = 0.6
    music_volume: float = 0.6
    muted: bool = False
    #: Hold the music while the game's window is in the background.
    music_pauses_in_background: bool = True
    animation_speed: float = 1.0
    bot_pace: str = "normal"
    colourblind_symbols: bool = False
    show_hand_sizes: bool = True
    #: The person's chance to win in their seat panel, as a tutor would show it.
    show_win_chances: bool = False
    #: One-time hints in a player's first games (see nile_desktop.tutorial.hints).
    hints: bool = True
    games_started: int = 0
    hints_seen: list[str] = field(default_factory=list)
    #: The last setup of the New game screen (see ``scenes.new_game``), checked there.
    new_game: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = None if self.window_size is None else list(self.window_size)
        return data


def default_window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size a new window opens at on a desktop of ``desktop`` pixels when the player has
    none of their own: the largest 16:9 window (the table's shape) within
    :data:`DESKTOP_SHARE` of it, so large on a large screen (1632x918 on 1920x1080) and
    never larger than the screen less its taskbar and title bar; its width a multiple of 16.
    ``None`` (no real screen to ask): :data:`FALLBACK_WINDOW`."""
    if desktop is None or min(desktop) <= 0:
        return FALLBACK_WINDOW
    room_w, room_h = desktop[0] * DESKTOP_SHARE[0], desktop[1] * DESKTOP_SHARE[1]
    width = int(min(room_w, room_h * 16 / 9)) // 16 * 16
    width = max(MIN_WINDOW[0], min(width, MAX_WINDOW[0]))
    return (width, width * 9 // 16)


# ---------------------------------------------------------------------------
# Checking values: each returns the clean value or raises ValueError.


def _check_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError("not true/false")


def _check_number(low: float, high: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError("not a number")
        number = float(value)
        if not math.isfinite(number) or not low <= number <= high:
            raise ValueError(f"outside {low}..{high}")
        return number

    return check


def _check_speed(value: Any) -> float:
    """An animation speed: 0 (instant) or within ANIMATION_SPEED_RANGE."""
    if not isinstance(value, bool) and isinstance(value, (int, float)) and value == 0:
        return 0.0
    return _check_number(*ANIMATION_SPEED_RANGE)(value)


def _check_bot_pace(value: Any) -> str:
    if isinstance(value, str) and value in BOT_PACES:
        return value
    raise ValueError(f"not one of {list(BOT_PACES)}")


def _check_language(value: Any) -> str:
    if isinstance(value, str) and value in i18n.LANGUAGES:
        return value
    raise ValueError(f"not one of {sorted(i18n.LANGUAGES)}")


def _check_window_size(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("not a pair [width, height]")
    size: list[int] = []
    for number, low, high in zip(value, MIN_WINDOW, MAX_WINDOW, strict=True):
        if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
            raise ValueError(f"{number!r} is not a whole number in {low}..{high}")
        size.append(number)
    return (size[0], size[1])


def _check_count(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9:
        return value
    raise ValueError("not a whole number of 0 or more")


def _check_names(value: Any) -> list[str]:
    if isinstance(value, list) and all(isinstance(v, str) and len(v) <= 80 for v in value):
        return list(dict.fromkeys(clean_text(v) for v in value))[:200]
    raise ValueError("not a list of names")
SEAT_KIND_VALUES = frozenset(str(kind) for kind in SEAT_KINDS)
SETUP_MAX_DEPTH = 4
SETUP_MAX_ITEMS = 16
SETUP_MAX_TEXT = 200


def _check_plain(value: Any, depth: int = 0) -> Any:
    """A small JSON value (the New game setup): bounded depth, lengths and numbers."""
    if depth > SETUP_MAX_DEPTH:
        raise ValueError("nested too deep")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) >= 2**64:
            raise ValueError("number too large")
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    if isinstance(value, str):
        if len(value) > SETUP_MAX_TEXT:
            raise ValueError("text too long")
        return clean_text(value)
    if isinstance(value, list) and len(value) <= SETUP_MAX_ITEMS:
        return [_check_plain(item, depth + 1) for item in value]
    if isinstance(value, dict) and len(value) <= SETUP_MAX_ITEMS:
        return {clean_text(k): _check_plain(v, depth + 1) for k, v in value.items()
                if isinstance(k, str) and len(k) <= SETUP_MAX_TEXT}
    raise ValueError("not a small JSON value")


class PartlyValid(ValueError):
    """A value of which some parts were bad: ``kept`` is the rest, used, and the player is
    told the setting was not all valid (as for a bad value)."""

    def __init__(self, kept: Any, why: str) -> None:
        super().__init__(why)
        self.kept = kept


def _whole_in(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


#: The remembered New game setup's fields, each with its check (a seat's name is as long as
#: the screen lets one be typed).
SEAT_FIELDS: dict[str, Callable[[Any], bool]] = {
    "kind": lambda v: isinstance(v, str) and v in SEAT_KIND_VALUES,
    "colour": lambda v: _whole_in(v, 0, MAX_PLAYERS - 1),
    "name": lambda v: isinstance(v, str) and len(v) <= 24,
}


def _rule_fits(key: str, value: Any) -> bool:
    """A rule option of the setup: the number of players, or an option that is on or off."""
    return _whole_in(value, 2, MAX_PLAYERS) if key == "players" else isinstance(value, bool)


def _check_setup(value: Any) -> dict[str, Any]:
    """The New game screen's last setup (``{"rules": {…}, "seats": [{…}, …]}``), each field
    type-checked: a bad field is dropped (a bad seat becomes an empty one, so the others
    keep their places) and :class:`PartlyValid` says so; fields this version does not know
    are kept as small JSON values, for the version that wrote them."""
    if not isinstance(value, dict):
        raise ValueError("not an object")
    checked: dict[str, Any] = _check_plain(value)
    dropped: list[str] = []
    rules = checked.get("rules")
    if "rules" in checked and not isinstance(rules, dict):
        dropped.append("rules")
        del checked["rules"]
    elif isinstance(rules, dict):
        for key in [k for k, v in rules.items() if not _rule_fits(k, v)]:
            dropped.append(f"rules.{key}")
            del rules[key]
    seats = checked.get("seats")
    if "seats" in checked and not (isinstance(seats, list) and len(seats) <= MAX_PLAYERS):
        dropped.append("seats")
        del checked["seats"]
    elif isinstance(seats, list):
        for index, seat in enumerate(seats):
            if not isinstance(seat, dict):
                dropped.append(f"seats.{index}")
                seats[index] = {}
                continue
            for key in [k for k, check in SEAT_FIELDS.items() if k in seat and not check(seat[k])]:
                dropped.append(f"seats.{index}.{key}")
                del seat[key]
    if dropped:
        raise PartlyValid(checked, "bad fields: " + ", ".join(dropped))
    return checked


def _check_version(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise ValueError("not a version number")


CHECKS: dict[str, Callable[[Any], Any]] = {
    "version": _check_version,
    "language": _check_language,
    "fullscreen": _check_bool,
    "window_size": _check_window_size,
    "volume": _check_number(0.0, 1.0),
    "music_volume": _check_number(0.0, 1.0),
    "muted": _check_bool,
    "music_pauses_in_background": _check_bool,
    "animation_speed": _check_speed,
    "bot_pace": _check_bot_pace,
    "colourblind_symbols": _check_bool,
    "show_hand_sizes": _check_bool,
    "show_win_chances": _check_bool,
    "hints": _check_bool,
    "games_started": _check_count,
    "hints_seen": _check_names,
    "new_game": _check_setup,
}
assert set(CHECKS) == {f.name for f in fields(Settings)}


# ---------------------------------------------------------------------------
# Migrations: MIGRATIONS[n] turns a version-n dict into a version-(n + 1) dict.

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _old_default_size(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote 1280x720 whether or not the player chose it, as every window opened
    so: read as no size of their own, so the window fits their screen from now on."""
    if data.get("window_size") == list(FALLBACK_WINDOW):
        data["window_size"] = None
    return data


MIGRATIONS: dict[int, Migration] = {1: _old_default_size}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a settings dict of any older version up to ``SETTINGS_VERSION``.

    A file written by a newer game is read as it is: keys this version knows
    are checked as usual and the rest are ignored.
    """
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        version = 1
    while version < SETTINGS_VERSION:
        step = MIGRATIONS.get(version)
        if step is not None:
            data = step(dict(data))
        version += 1
        data["version"] = version
    return data


def from_dict(data: dict[str, Any]) -> Settings:
    """Settings from a dict as read from the file; each bad value gets its default."""
    return _from_dict(data)[0]


def _from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """The settings and the names of the values that were bad (and got their defaults)."""
    try:
        data = migrate(dict(data))
    except Exception as exc:  # a migration choking on odd values: check what is there as it is
        log.warning("settings migration failed (%s); checking the values as they are", exc)
        data = dict(data)
    defaults = Settings()
    values: dict[str, Any] = {}
    ignored: list[str] = []
    for name, check in CHECKS.items():
        if name not in data:
            continue
        try:
            values[name] = check(data[name])
        except PartlyValid as exc:
            values[name] = exc.kept
            ignored.append(name)
            log.warning("setting %s: %s dropped", name, exc)
        except (ValueError, TypeError, OverflowError, RecursionError) as exc:
            ignored.append(name)
            log.warning("setting %s=%s ignored (%s); using %r", name, _short(data[name]), exc,
                        getattr(defaults, name))
    if "language" not in values:
        values["language"] = defaults.language
    values["version"] = SETTINGS_VERSION
    return Settings(**values), [name for name in ignored if name != "version"]


def _short(value: Any, limit: int = 60) -> str:
    """``repr`` for the log that cannot fail (huge numbers, deep nesting) and stays short."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - RecursionError, ValueError for huge ints, …
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------
# The file


def settings_path() -> Path:
    """Where the settings file lives (the user's config folder)."""
    return paths.user_config_dir() / FILE_NAME


_RESET = N_("The settings file could not be read, so every setting is back to its default. "
            "The file was kept as “{file}”.")
_UNREADABLE = N_("The settings file “{file}” could not be read nor moved aside, so the "
                 "defaults are used and changes are not saved this time. The file was left "
                 "as it is.")
#: Settings files this run could neither read nor set aside: never written over.
_protected: set[Path] = set()


@dataclass(frozen=True)
class SettingsReport:
    """What reading the settings file found, so the player can be told.

    ``kept_as`` is where an unusable (or unreadable) file was moved;
    ``unreadable`` is set when it could not be used and could not be moved
    either (it stays where it is, and this run never writes over it);
    ``ignored`` names the values that were bad and got their defaults.
    """

    settings: Settings
    path: Path
    kept_as: Path | None = None
    unreadable: bool = False
    ignored: tuple[str, ...] = ()

    def notice(self) -> str | None:
        """A message for the player in the current language, or None when all went well."""
        if self.kept_as is not None:
            return str(_RESET).format(file=self.kept_as.name)
        if self.unreadable:
            return str(_UNREADABLE).format(file=self.path.name)
        if self.ignored:
            n = len(self.ignored)
            return ngettext(
                "{n} setting in “{file}” was not valid and is back to its default: {names}.",
                "{n} settings in “{file}” were not valid and are back to their defaults: "
                "{names}.", n,
            ).format(n=n, file=self.path.name, names=", ".join(self.ignored))
        return None


def _set_aside(path: Path, reason: str) -> Path | None:
    try:
        bad = paths.set_aside(path, "bad")
    except OSError as exc:
        log.error("settings file %s could not be used (%s) nor moved aside (%s)",
                  path, reason, exc)
        return None
    log.error("settings file %s could not be used (%s); kept as %s, using defaults",
              path, reason, bad)
    return bad


def _parse(raw: bytes) -> Any:
    """The decoded JSON of the file; ValueError for anything that is not valid JSON text."""
    try:
        # "utf-8-sig" drops the byte-order mark Notepad writes at the start.
        return json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:
        # JSONDecodeError is a ValueError; so is an integer of more than 4,300 digits.
        raise ValueError(f"not valid JSON: {_short(str(exc), 200)}") from None


def read_settings() -> SettingsReport:
    """The saved settings (or the defaults) and what was wrong with the file. Never raises."""
    path = settings_path()
    paths.remove_stale_temp_files(path.parent)
    try:
        raw = paths.read_capped(path, MAX_FILE_BYTES)
        data = _parse(raw)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        settings, ignored = _from_dict(data)
    except FileNotFoundError:
        log.info("no settings file at %s; first start, using defaults", path)
        return SettingsReport(Settings(), path)
    except Exception as exc:  # noqa: BLE001 - no file may stop the game from starting
        # Unreadable (mode 000), a folder or device, too large, or not settings at all:
        # moved aside before anything new is written there.
        kept = _set_aside(path, str(exc))
        if kept is None:
            _protected.add(path)
        return SettingsReport(Settings(), path, kept_as=kept, unreadable=kept is None)
    return SettingsReport(settings, path, ignored=tuple(ignored))


def load_settings() -> Settings:
    """The saved settings, or the defaults. Never raises for a bad file."""
    return read_settings().settings


def save_settings(settings: Settings) -> None:
    """Write ``settings`` atomically (temporary file, then rename over the old one).

    A disk that refuses the write is logged, not raised: the settings stay in
    effect for this run and the old file is untouched.
    """
    path = settings_path()
    if path in _protected:
        log.warning("settings not saved: %s could not be read nor moved aside", path)
        return
    try:
        data = settings.to_dict()
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate set after checking: escaped, not lost
            raw = (json.dumps(data, indent=2, ensure_ascii=True) + "\n").encode("ascii")
        if _holds(path, raw):
            return  # nothing changed: no write, and no line in the log
        paths.write_atomic(path, raw)
    except (OSError, ValueError, TypeError) as exc:  # a full disk; a name no disk can hold
        log.error("settings could not be saved to %s: %s", path, exc)
        return
    log.info("settings saved to %s", path)


def _holds(path: Path, raw: bytes) -> bool:
    """Whether the settings file already holds exactly ``raw``."""
    try:
        return path.is_file() and path.stat().st_size == len(raw) and path.read_bytes() == raw
    except OSError:
        return False
