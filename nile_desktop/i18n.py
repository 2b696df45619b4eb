"""Translations: every string a player sees passes through this module.

The game speaks English (the source language) and Czech, from gettext
catalogues in ``locales/<lang>/LC_MESSAGES/nile_desktop.po``. The language
can change while the game runs, so nothing may hold an already-translated
string for long: code calls ``_()`` when it draws, and module-level texts are
marked with ``N_()``, which returns a lazy string translated each time it is
turned into ``str``. Scenes register a listener to redraw the moment the
language changes. Text that stays on screen (a game log, a banner) is kept
as the data it tells about and told when drawn, or as a :class:`Deferred`,
so a switch re-translates what is already shown.

Every count goes through :func:`ngettext` (Czech has three forms: 1, 2–4,
5 and more), numbers through :func:`format_number`, and no message may
need the grammatical gender of a player's name. Typography that code puts
together comes from the catalogues too: quotation marks (:func:`quoted`,
„…“ in Czech) and a card's count in a list (:func:`times`). A seat name
the player never typed is saved in English and shown translated
(:func:`shown_default_name`). The Czech words are fixed in
``locales/cs/GLOSSARY.md``. ``PSEUDO_LANGUAGE`` is an
accented, 40% longer English for the layout tests (``nile_desktop.pseudo``).

The game reads the ``.po`` itself wherever it exists (a source checkout,
whether run in place or through an editable install), compiling it in
memory with :mod:`nile_desktop.pofile` — the standard library only, no
Babel — so a fresh clone always runs translated. An installed wheel and the
built app carry only the ``.mo`` compiled by the same code at build time.
"""

from __future__ import annotations

import gettext
import inspect
import io
import locale
import logging
import os
import re
import sys
import weakref
from collections.abc import Callable
from pathlib import Path

from nile_desktop import paths, pofile
from nile_desktop.pseudo import PseudoTranslations

log = logging.getLogger(__name__)

DOMAIN = "nile_desktop"
SOURCE_LANGUAGE = "en"

#: Languages the game offers, each named in its own language.
LANGUAGES: dict[str, str] = {"en": "English", "cs": "Čeština"}
#: The pseudo-language of the layout tests (see ``nile_desktop.pseudo``); never offered.
PSEUDO_LANGUAGE = "qps"

_current = SOURCE_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}
_listeners: list[tuple[object, bool]] = []


# ---------------------------------------------------------------------------
# Translating


def _(message: str) -> str:
    """The message in the current language (the message itself if untranslated)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the current language.

    Czech has three forms (1, 2–4, 5 and more); the catalogue decides.
    The caller still formats the number in: ``ngettext(...).format(n=n)``.
    """
    return _translations.ngettext(singular, plural, n)


class LazyString:
    """A message marked for translation whose text is looked up when shown.

    ``str(lazy)``, ``f"{lazy}"`` and ``lazy.format(...)`` all translate into
    the language current at that moment, so a label defined at import time
    follows a later language switch.
    """

    __slots__ = ("msgid",)

    def __init__(self, msgid: str) -> None:
        self.msgid = msgid

    def __str__(self) -> str:
        return _(self.msgid)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, *args: object, **kwargs: object) -> str:
        return str(self).format(*args, **kwargs)

    def __repr__(self) -> str:
        return f"N_({self.msgid!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LazyString) and other.msgid == self.msgid

    def __hash__(self) -> int:
        return hash(("N_", self.msgid))


def N_(message: str) -> LazyString:  # noqa: N802 - the conventional gettext marker name
    """Mark ``message`` for translation and translate it later, at display time."""
    return LazyString(message)


class Deferred:
    """Text made when shown, not when created: ``Deferred(describe_event, event, names)``.

    Keep these instead of finished strings wherever text stays on screen
    (a game log, a banner, a status line): ``str()`` or calling it runs the
    function again, so after a language switch the text already shown
    appears in the new language. It is a theme ``TextSource`` (callable).
    """

    __slots__ = ("func", "args", "kwargs")

    def __init__(self, func: Callable[..., object], *args: object, **kwargs: object) -> None:
        self.func, self.args, self.kwargs = func, args, kwargs

    def __call__(self) -> str:
        return str(self.func(*self.args, **self.kwargs))

    def __str__(self) -> str:
        return self()

    def __format__(self, spec: str) -> str:
        return format(self(), spec)

    def __repr__(self) -> str:
        return f"Deferred({getattr(self.func, '__name__', self.func)!r}, ...)"


#: Text for the screen: finished, or made when it is shown (a :class:`Deferred`), so that it
#: follows a language switch.
Message = str | Deferred


# ---------------------------------------------------------------------------
# Numbers

#: Decimal mark and thousands separator per language (Czech: a no-break space).
_NUMBER_MARKS: dict[str, tuple[str, str]] = {"en": (".", ","), "cs": (",", "\u00a0")}


def format_number(value: float, decimals: int | None = None) -> str:
    """``value`` written the way the current language writes numbers (its CLDR rules, as
    Babel has them; the game itself reads no Babel).

    English "12,345.6" and "1,246", Czech "12 345,6" and "2 709" (a no-break space between
    the thousands, a decimal comma). Integers keep no decimals; a float gets ``decimals``
    places (default: as few as needed, at most 2).
    """
    point, group = _NUMBER_MARKS.get(_current, _NUMBER_MARKS[SOURCE_LANGUAGE])
    if isinstance(value, int) and decimals is None:
        text = f"{value:,}"
    elif decimals is None:
        text = f"{value:,.2f}".rstrip("0").rstrip(".")
    else:
        text = f"{value:,.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    whole = whole.replace(",", group)
    return f"{whole}{point}{fraction}" if fraction else whole


# ---------------------------------------------------------------------------
# Card names

_CARD_NAMES: dict[str, LazyString] = {
    "papyrus": N_("Papyrus"),
    "wheat": N_("Wheat"),
    "lettuce": N_("Lettuce"),
    "castor": N_("Castor"),
    "flax": N_("Flax"),
    "grapes": N_("Grapes"),
    "onions": N_("Onions"),
    "stone": N_("Stone"),
    "locust": N_("Plague of Locusts"),
    "sphinx": N_("Sphinx"),
    "obelisk": N_("Obelisk"),
    "wall": N_("Wall"),
}
# TRANSLATORS: a speculation card's name. No colon: the name often stands after one ("Plant:
# Wheat, …"), and Czech names it "Spekulace Pšenice + Len".
_SPECULATION = N_("{first} + {second} speculation")


def card_name(notation_name: str) -> str:
    """The player-facing name of a card or Monument given by its notation name.

    ``wheat`` → "Wheat" / "Pšenice"; ``spec:wheat+flax`` → "Wheat + Flax
    speculation" / "Spekulace Pšenice + Len"; also ``stone``, ``locust`` and the Monuments ``sphinx``,
    ``obelisk``, ``wall``. An unknown name raises ``ValueError``.
    """
    if notation_name.startswith("spec:"):
        first, plus, second = notation_name[len("spec:") :].partition("+")
        if plus and first in _CARD_NAMES and second in _CARD_NAMES:
            return _SPECULATION.format(first=card_name(first), second=card_name(second))
    elif notation_name in _CARD_NAMES:
        return str(_CARD_NAMES[notation_name])
    raise ValueError(f"not a card name in the notation: {notation_name!r}")


# TRANSLATORS: quotation marks around a quoted text (Czech „…“).
_QUOTED = N_("“{text}”")


def quoted(text: str) -> str:
    """``text`` in the quotation marks of the current language: “…” in English, „…“ in Czech."""
    return _QUOTED.format(text=text)


# ---------------------------------------------------------------------------
# Default names

_PLAYER = N_("Player {number}")
_PLAYER_SOURCE = re.compile(r"Player ([1-9][0-9]?)")


def player_name(number: int, *, source: bool = False) -> str:
    """The name of a person who typed none: "Player 2" / "Hráč 2".

    With ``source`` it is the English source text, which is what a save keeps
    (marked as a default name) so it can be shown in any language later.
    """
    return (_PLAYER.msgid if source else str(_PLAYER)).format(number=number)


def shown_default_name(stored: str) -> str:
    """A default seat name kept in a save (English source text) in the current language.

    "Player 2" → "Hráč 2"; a bot's name such as "Hatshepsut" → "Hatšepsut";
    any other text is shown as it is.
    """
    match = _PLAYER_SOURCE.fullmatch(stored)
    if match:
        return player_name(int(match.group(1)))
    return _(stored) if stored else stored


# TRANSLATORS: a card and how many of it, in a list ("Wheat ×2"); Czech keeps them on one
# line with a no-break space.
_TIMES = N_("{card} ×{n}")


def times(label: str, n: int) -> str:
    """``label`` with its count in a list of cards: "Wheat ×2" ("Pšenice ×2", never broken)."""
    return _TIMES.format(card=label, n=n)


def count_cards(n: int) -> str:
    """``n`` with the word "card" in the right form: "1 card", "3 karty", "5 karet"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# ---------------------------------------------------------------------------
# Loading catalogues


def catalogue_paths(code: str) -> tuple[Path, Path]:
    """The ``.po`` and ``.mo`` files of one language (either may be missing)."""
    folder = paths.locales_dir() / code / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def compile_po(po_path: Path) -> bytes:
    """Compile one ``.po`` file to ``.mo`` bytes (standard library only, no Babel)."""
    return pofile.compile_po(po_path)


def catalogue_source(code: str) -> Path | None:
    """The file the catalogue of ``code`` is read from, or None when there is none.

    The ``.po`` wins wherever it exists (a source checkout, run directly or
    through an editable install): it is the source, so a stale ``.mo`` can
    never hide an edit. An installed wheel and the built app carry only the
    ``.mo`` compiled at build time.
    """
    po, mo = catalogue_paths(code)
    if po.is_file():
        return po
    if mo.is_file():
        return mo
    return None


def _load(code: str) -> gettext.NullTranslations:
    source = catalogue_source(code)
    if source is None:
        log.warning("no catalogue for language %r in %s", code, catalogue_paths(code)[0].parent)
        return gettext.NullTranslations()
    try:
        if source.suffix == ".po":
            return gettext.GNUTranslations(io.BytesIO(compile_po(source)))
        with source.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        # ValueError covers a .po that cannot be parsed and gettext's "bad magic number".
        log.error("the catalogue for %r could not be read from %s: %s", code, source, exc)
    return gettext.NullTranslations()


def _translations_for(code: str) -> gettext.NullTranslations:
    if code == PSEUDO_LANGUAGE:
        return PseudoTranslations()
    if code not in _cache:
        _cache[code] = _load(code)
    return _cache[code]


def reload_catalogues() -> None:
    """Forget loaded catalogues and reload the current one (after recompiling them)."""
    global _translations
    _cache.clear()
    _translations = _translations_for(_current)


# ---------------------------------------------------------------------------
# Choosing the language


def current_language() -> str:
    """The code of the language in use, a key of ``LANGUAGES``."""
    return _current


def set_language(code: str) -> None:
    """Switch every later translation to ``code`` and tell the listeners.

    ``code`` must be a key of ``LANGUAGES`` (or the tests' ``PSEUDO_LANGUAGE``);
    anything else raises ValueError.
    Listeners are called even when the language does not change, so a
    scene can rely on one redraw after the player confirms the setting.
    """
    global _current, _translations
    if code not in LANGUAGES and code != PSEUDO_LANGUAGE:
        raise ValueError(f"unsupported language {code!r}; choose one of {sorted(LANGUAGES)}")
    _translations = _translations_for(code)
    _current = code
    log.info("language set to %s", code)
    _notify(code)


def _looks_czech(name: str | None) -> bool:
    """True for locale names such as ``cs``, ``cs_CZ.UTF-8``, ``cs-CZ`` or ``Czech_Czechia``."""
    if not name:
        return False
    language = re.split(r"[_.@\-]", name.strip().lower(), maxsplit=1)[0]
    return language in ("cs", "czech", "čeština", "cestina")


def _windows_ui_language() -> str | None:
    try:
        import ctypes  # only on Windows, where it asks the system for the UI language

        lang_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError, ImportError):
        return None
    return "cs" if lang_id & 0x3FF == 0x05 else "other"


def system_language() -> str:
    """``"cs"`` when the operating system is set to Czech, otherwise ``"en"``.

    Looks at the usual locale variables (``LANGUAGE`` lists preferences,
    the first known one wins), then the process locale, then the Windows UI
    language.
    """
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        for part in value.split(":"):
            if _looks_czech(part):
                return "cs"
            if part.strip().lower()[:2] in LANGUAGES:
                return "en"
        return "en"
    try:
        name = locale.getlocale(locale.LC_CTYPE)[0]
    except (ValueError, TypeError):
        name = None
    if _looks_czech(name):
        return "cs"
    if sys.platform == "win32" and _windows_ui_language() == "cs":
        return "cs"
    return "en"


# ---------------------------------------------------------------------------
# Listeners


def add_listener(callback: Callable[..., object]) -> None:
    """Call ``callback`` after every language switch.

    The callback may take no argument or one (the new language code).
    A bound method is held weakly, so a scene that is gone stops being
    called without having to remove itself; plain functions are held.
    """
    takes_code = _accepts_one_argument(callback)
    if inspect.ismethod(callback):
        ref: object = weakref.WeakMethod(callback)
        _listeners.append((ref, takes_code))
    else:
        _listeners.append((lambda: callback, takes_code))


def remove_listener(callback: Callable[..., object]) -> None:
    """Stop calling ``callback`` (no error if it was not registered)."""
    _listeners[:] = [(ref, takes) for ref, takes in _listeners if ref() not in (callback, None)]  # type: ignore[operator]


def _accepts_one_argument(callback: Callable[..., object]) -> bool:
    try:
        signature = inspect.signature(callback)
    except (TypeError, ValueError):
        return False
    try:
        signature.bind("en")
    except TypeError:
        return False
    return True


def _notify(code: str) -> None:
    for ref, takes_code in list(_listeners):
        callback = ref()  # type: ignore[operator]
        if callback is None:
            continue
        try:
            if takes_code:
                callback(code)
            else:
                callback()
        except Exception:  # a broken listener must not stop the others
            log.exception("language listener %r failed", callback)
        # A logged traceback keeps this frame alive: do not let it keep a scene alive too.
        callback = None
    _listeners[:] = [(ref, takes) for ref, takes in _listeners if ref() is not None]  # type: ignore[operator]


__all__ = [
    "LANGUAGES",
    "Deferred",
    "LazyString",
    "N_",
    "_",
    "add_listener",
    "card_name",
    "count_cards",
    "current_language",
    "format_number",
    "ngettext",
    "player_name",
    "quoted",
    "shown_default_name",
    "times",
    "remove_listener",
    "set_language",
    "system_language",
]
