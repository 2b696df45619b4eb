"""The player's preferences, kept between runs in ``settings.json``.

Settings are read once at start and written whenever the player changes
one. The file is the player's, may be hand-edited and may survive across
versions, so reading it never fails: every value is checked on its own and
a bad one falls back to its default while the good ones are kept. A file
that cannot be read at all is set aside as ``settings.json.bad`` (kept for a
bug report) and the game starts with the defaults. Writing goes to a
temporary file renamed over the old one, so a crash never leaves half a
file. The file carries a version; ``MIGRATIONS`` turns an older layout into
the current one before checking.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from nile_desktop import i18n, paths

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1
FILE_NAME = "settings.json"

MIN_WINDOW = (640, 360)
MAX_WINDOW = (16384, 16384)
ANIMATION_SPEED_RANGE = (0.5, 3.0)


def _default_language() -> str:
    return i18n.system_language()


@dataclass
class Settings:
    """Every preference the player can set, with its default."""

    version: int = SETTINGS_VERSION
    language: str = field(default_factory=_default_language)
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    volume: float = 0.6
    muted: bool = False
    animation_speed: float = 1.0
    colourblind_symbols: bool = False
    show_hand_sizes: bool = True
    #: One-time hints in a player's first games (see nile_desktop.tutorial.hints).
    hints: bool = True
    games_started: int = 0
    hints_seen: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data


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


def _check_language(value: Any) -> str:
    if isinstance(value, str) and value in i18n.LANGUAGES:
        return value
    raise ValueError(f"not one of {sorted(i18n.LANGUAGES)}")


def _check_window_size(value: Any) -> tuple[int, int]:
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
        return list(dict.fromkeys(value))[:200]
    raise ValueError("not a list of names")


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
    "muted": _check_bool,
    "animation_speed": _check_number(*ANIMATION_SPEED_RANGE),
    "colourblind_symbols": _check_bool,
    "show_hand_sizes": _check_bool,
    "hints": _check_bool,
    "games_started": _check_count,
    "hints_seen": _check_names,
}
assert set(CHECKS) == {f.name for f in fields(Settings)}


# ---------------------------------------------------------------------------
# Migrations: MIGRATIONS[n] turns a version-n dict into a version-(n + 1) dict.

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


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
    data = migrate(dict(data))
    defaults = Settings()
    values: dict[str, Any] = {}
    for name, check in CHECKS.items():
        if name not in data:
            continue
        try:
            values[name] = check(data[name])
        except ValueError as exc:
            log.warning("setting %s=%r ignored (%s); using %r", name, data[name], exc,
                        getattr(defaults, name))
    if "language" not in values:
        values["language"] = defaults.language
    values["version"] = SETTINGS_VERSION
    return Settings(**values)


# ---------------------------------------------------------------------------
# The file


def settings_path() -> Path:
    """Where the settings file lives (the user's config folder)."""
    return paths.user_config_dir() / FILE_NAME


def _set_aside(path: Path, reason: str) -> None:
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
        log.error("settings file %s could not be used (%s); kept as %s, using defaults",
                  path, reason, bad)
    except OSError as exc:
        log.error("settings file %s could not be used (%s) nor moved aside (%s)",
                  path, reason, exc)


def load_settings() -> Settings:
    """The saved settings, or the defaults. Never raises for a bad file."""
    path = settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        log.info("no settings file at %s; first start, using defaults", path)
        return Settings()
    except OSError as exc:
        log.error("settings file %s could not be read (%s); using defaults", path, exc)
        return Settings()
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        _set_aside(path, f"not valid JSON: {exc}")
        return Settings()
    if not isinstance(data, dict):
        _set_aside(path, "not a JSON object")
        return Settings()
    return from_dict(data)


def save_settings(settings: Settings) -> None:
    """Write ``settings`` atomically (temporary file, then rename over the old one).

    A disk that refuses the write is logged, not raised: the settings stay in
    effect for this run and the old file is untouched.
    """
    path = settings_path()
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    try:
        paths.write_atomic(path, text)
    except OSError as exc:
        log.error("settings could not be saved to %s: %s", path, exc)
        return
    log.info("settings saved to %s", path)
