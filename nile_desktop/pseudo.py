"""A pseudo-language for testing layouts: every letter accented, every word 40% longer.

Czech text runs longer than English and has accents above capitals (Č, Ř,
Š), so a layout that only ever saw English breaks in Czech. The
pseudo-language (code ``qps``, never offered in the settings) turns every
English message into something like "Šéťťíňňǧš" for "Settings": still
readable, visibly translated (an unaccented word on screen was never passed
through the catalogues), tall and about 40% wider than the source. The
tests draw every scene in it and fail on any text cut off or spilling over.
Placeholders such as ``{name}`` stay untouched so formatting still works.
"""

from __future__ import annotations

import gettext
import re

CODE = "qps"

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀčďéƒǧĥíĵķľḿňóṕɋřšťůṽŵẋýžÁɃČĎÉƑǦĤÍĴĶĽḾŇÓṔɊŘŠŤŮṼŴẊÝŽ"
_ACCENT = str.maketrans(_PLAIN, _ACCENTED)
#: Placeholders ({name}, {n:>3}) and the words between them.
_PIECES = re.compile(r"(\{[^{}]*\})")
_WORD = re.compile(r"[A-Za-z]+")


def _longer_word(match: re.Match[str]) -> str:
    word = match.group(0)
    # Letter i is doubled when (2 * i) % 5 < 2: two letters in every five, so 40% longer, as
    # Czech often is (20-40%).
    return "".join(c * 2 if (2 * i) % 5 < 2 else c for i, c in enumerate(word)).translate(_ACCENT)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language; placeholders are kept as they are."""
    return "".join(part if part.startswith("{") and part.endswith("}") else
                   _WORD.sub(_longer_word, part) for part in _PIECES.split(text))


class PseudoTranslations(gettext.NullTranslations):
    """Translations into the pseudo-language, made from the English source text."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
