"""Translations: complete catalogues, matching placeholders, Czech plurals, glyphs, live switching."""

from __future__ import annotations

import gc
import gettext
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from nile_desktop import i18n, paths
from nile_desktop.engine import ALL_CARD_NAMES, MONUMENTS
from nile_desktop.i18n import N_, _, card_name, count_cards, ngettext
from nile_desktop.tools import i18n as tool

CZECH_PLURALS = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def catalogue(code: str) -> Catalog:
    po, _mo = i18n.catalogue_paths(code)
    with po.open("rb") as fh:
        return read_po(fh, locale=code)


def strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_catalogue_is_complete(code: str) -> None:
    """Every message marked in the code has a finished (non-empty, non-fuzzy) translation."""
    wanted = {ids(m)[0] for m in tool.extract_messages() if m.id}
    cat = catalogue(code)
    missing = sorted(wanted - {ids(m)[0] for m in cat if m.id})
    unfinished = sorted(msgid for msgid in tool.untranslated(cat) if msgid in wanted)
    assert not missing, f"not in the {code} catalogue (run the i18n tool's update): {missing}"
    assert not unfinished, f"untranslated in {code}: {unfinished}"


PLACEHOLDER = re.compile(r"\{([^{}]*)\}|%(?:\([^)]*\))?[sdif]")


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_placeholders_match(code: str) -> None:
    """Each translation uses exactly the placeholders of its source text, so formatting never fails."""
    problems = []
    for message in catalogue(code):
        if not message.id:
            continue
        source = ids(message)
        for index, text in enumerate(strings(message)):
            if not text:
                continue
            expected = source[min(index, len(source) - 1)] if len(source) > 1 else source[0]
            if len(source) > 1:
                expected = source[1]  # every plural form carries the plural's placeholders
            if placeholders(text) != placeholders(expected):
                problems.append((source[0], text))
    assert not problems


def test_czech_plural_forms() -> None:
    """Czech has three forms: 1, 2–4 and 5 or more (also 0), from its catalogue header."""
    assert catalogue("cs").plural_forms == CZECH_PLURALS
    i18n.set_language("cs")
    assert [count_cards(n) for n in (1, 2, 3, 4, 5, 11, 22, 0)] == [
        "1 karta", "2 karty", "3 karty", "4 karty", "5 karet", "11 karet", "22 karet", "0 karet"]
    i18n.set_language("en")
    assert [count_cards(n) for n in (1, 2, 0)] == ["1 card", "2 cards", "0 cards"]
    assert ngettext("{n} card", "{n} cards", 7) == "{n} cards"


#: Messages only ever printed on a terminal (the review's command line), never drawn.
PRINTED_ONLY = ("nile_desktop/review/summary.py",)


def test_font_has_every_glyph() -> None:
    """The shipped font (regular and bold) can draw every character of every translation
    the game draws. A character the font lacks is drawn as its empty box (.notdef), which
    ``metrics`` does not tell: it is found by drawing it beside a character no font has
    (seen in play: the log's "↓ newer lines" showed a box)."""
    texts = list(i18n.LANGUAGES.values())
    for code in i18n.LANGUAGES:
        for message in catalogue(code):
            if message.id and not all(path.startswith(PRINTED_ONLY)
                                      for path, _line in message.locations):
                texts.extend(strings(message))
    characters = sorted(set("".join(texts)) - {"\n"})
    pygame.font.init()
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        font = pygame.font.Font(str(paths.asset("fonts", name)), 20)
        box = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0)), "RGBA")
        metrics = font.metrics("".join(characters))
        missing = [c for c, m in zip(characters, metrics, strict=True) if m is None
                   or pygame.image.tobytes(font.render(c, True, (0, 0, 0)), "RGBA") == box]
        assert not missing, f"{name} lacks {missing}"


def test_language_switch_translates_and_calls_listeners() -> None:
    """set_language changes _() at once and calls every listener, with or without the code."""
    heard: list[object] = []

    def no_argument() -> None:
        heard.append(("plain", i18n.current_language()))

    def with_code(code: str) -> None:
        heard.append(("code", code))

    i18n.add_listener(no_argument)
    i18n.add_listener(with_code)
    try:
        i18n.set_language("cs")
        assert _("Wheat") == "Pšenice" and i18n.current_language() == "cs"
        assert heard == [("plain", "cs"), ("code", "cs")]
        i18n.set_language("en")
        assert _("Wheat") == "Wheat"
        assert heard[-2:] == [("plain", "en"), ("code", "en")]
    finally:
        i18n.remove_listener(no_argument)
        i18n.remove_listener(with_code)
    i18n.set_language("cs")
    assert len(heard) == 4


def test_scene_listeners_are_held_weakly() -> None:
    """A scene's bound method stops being called once the scene is gone, and a failing
    listener does not stop the others."""

    class Scene:
        calls = 0

        def redraw(self) -> None:
            Scene.calls += 1

    def broken() -> None:
        raise RuntimeError("listener bug")

    scene = Scene()
    i18n.add_listener(broken)
    i18n.add_listener(scene.redraw)
    try:
        i18n.set_language("cs")
        assert Scene.calls == 1
        del scene
        gc.collect()
        i18n.set_language("en")
        assert Scene.calls == 1
    finally:
        i18n.remove_listener(broken)


def test_lazy_strings_translate_at_display_time() -> None:
    """A label marked with N_ at import time shows in the language current when drawn."""
    label = N_("Wheat")
    assert str(label) == "Wheat" and f"{label}" == "Wheat"
    i18n.set_language("cs")
    assert str(label) == "Pšenice" and f"[{label}]" == "[Pšenice]"
    assert N_("{first} + {second} speculation").format(first="A", second="B") == "Spekulace A + B"
    assert label == N_("Wheat") and len({label, N_("Wheat")}) == 1


CZECH_CARDS = {
    "papyrus": "Papyrus", "wheat": "Pšenice", "lettuce": "Salát", "castor": "Ricinovník",
    "flax": "Len", "grapes": "Hroznové víno", "onions": "Cibule", "sphinx": "Sfinga",
    "obelisk": "Obelisk", "wall": "Zeď", "stone": "Kámen", "locust": "Sarančata",
}


def test_card_names() -> None:
    """Every card and Monument of the notation has a name in both languages."""
    assert card_name("spec:wheat+flax") == "Wheat + Flax speculation"
    assert card_name("locust") == "Plague of Locusts"
    english = {name: card_name(name) for name in (*ALL_CARD_NAMES, *MONUMENTS)}
    i18n.set_language("cs")
    for name, czech in CZECH_CARDS.items():
        assert card_name(name) == czech
    assert card_name("spec:wheat+flax") == "Spekulace Pšenice + Len"
    for name in (*ALL_CARD_NAMES, *MONUMENTS):
        assert card_name(name) and (card_name(name) != english[name] or name in ("papyrus", "obelisk"))
    for bad in ("rice", "spec:wheat", "spec:wheat+rice", ""):
        with pytest.raises(ValueError):
            card_name(bad)


def test_unknown_language_is_refused() -> None:
    """Only the offered languages can be chosen."""
    with pytest.raises(ValueError):
        i18n.set_language("de")
    assert i18n.current_language() == "en"
    assert i18n.LANGUAGES == {"en": "English", "cs": "Čeština"}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "cs_CZ.UTF-8"}, "cs"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "cs:en", "LANG": "en_US.UTF-8"}, "cs"),
        ({"LANGUAGE": "de:cs"}, "cs"),
        ({"LC_ALL": "cs_CZ.UTF-8", "LANG": "en_US.UTF-8"}, "cs"),
        ({"LC_ALL": "C", "LANG": "cs_CZ"}, "cs"),
        ({"LANG": "csb_PL.UTF-8"}, "en"),
    ],
)
def test_system_language(env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's language is Czech when its locale settings say so, else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert i18n.system_language() == expected


def test_system_language_from_the_process_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without locale variables (as on Windows) the process locale decides, e.g. Czech_Czechia."""
    import locale

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda category=None: ("Czech_Czechia", "1250"))
    assert i18n.system_language() == "cs"
    monkeypatch.setattr(locale, "getlocale", lambda category=None: (None, None))
    monkeypatch.setattr(i18n.sys, "platform", "linux")
    assert i18n.system_language() == "en"


def test_catalogues_work_without_compiled_files_or_babel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh clone has no .mo files and the game has no Babel: the .po is read directly;
    the tool still writes the .mo a wheel ships."""
    copy = tmp_path / "root"
    shutil.copytree(paths.locales_dir(), copy / "locales", ignore=shutil.ignore_patterns("*.mo"))
    (copy / "assets").mkdir()
    monkeypatch.setattr(paths, "data_root", lambda: copy)
    for name in [m for m in sys.modules if m == "babel" or m.startswith("babel.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "babel", None)  # any import of Babel now fails
    i18n.reload_catalogues()
    try:
        i18n.set_language("cs")
        assert _("Wheat") == "Pšenice"
        assert i18n.catalogue_source("cs") == copy / "locales/cs/LC_MESSAGES/nile_desktop.po"
        written = tool.compile_all()
        assert sorted(p.relative_to(copy).as_posix() for p in written) == [
            "locales/cs/LC_MESSAGES/nile_desktop.mo", "locales/en/LC_MESSAGES/nile_desktop.mo"]
        assert _("Wheat") == "Pšenice"
    finally:
        monkeypatch.undo()
        i18n.reload_catalogues()


def test_source_catalogue_wins_over_a_stale_compiled_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the .po exists it is read, so an old .mo beside it can never hide an edit;
    where only the .mo exists (an installed wheel, the built app) the .mo is read."""
    copy = tmp_path / "root"
    shutil.copytree(paths.locales_dir(), copy / "locales", ignore=shutil.ignore_patterns("*.mo"))
    (copy / "assets").mkdir()
    po = copy / "locales/cs/LC_MESSAGES/nile_desktop.po"
    mo = po.with_suffix(".mo")
    mo.write_bytes(i18n.compile_po(po))
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Pšenice"', 'msgstr "Žito"'),
                  encoding="utf-8")
    monkeypatch.setattr(paths, "data_root", lambda: copy)
    i18n.reload_catalogues()
    try:
        i18n.set_language("cs")
        assert _("Wheat") == "Žito"
        po.unlink()
        i18n.reload_catalogues()
        assert i18n.catalogue_source("cs") == mo and _("Wheat") == "Pšenice"
        (copy / "locales/cs/LC_MESSAGES/nile_desktop.mo").write_bytes(b"not a catalogue")
        i18n.reload_catalogues()
        assert _("Wheat") == "Wheat"  # a broken catalogue falls back to English, no crash
    finally:
        monkeypatch.undo()
        i18n.reload_catalogues()


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_own_compiler_matches_babel(code: str) -> None:
    """The standard-library compiler gives every message and plural form Babel gives."""
    import io

    from babel.messages.mofile import write_mo

    po, _mo = i18n.catalogue_paths(code)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(code))
    ours = gettext.GNUTranslations(io.BytesIO(i18n.compile_po(po)))
    babels = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    assert ours.info() == babels.info()
    count = 0
    for message in catalogue(code):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n in range(0, 30):
                assert ours.ngettext(*message.id, n) == babels.ngettext(*message.id, n)
        else:
            assert ours.gettext(message.id) == babels.gettext(message.id)
        count += 1
    assert count > 100


def test_po_reader_handles_contexts_plurals_fuzzy_and_escapes() -> None:
    """The .po reader keeps contexts and plurals, unescapes, and skips fuzzy and obsolete entries."""
    import io

    from nile_desktop import pofile

    text = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\n"

# a comment
msgctxt "menu"
msgid "Open"
msgstr "Otevřít"

msgid "Open"
msgstr "Otevři"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} karta"
msgstr[1] "{n} karty"
msgstr[2] "{n} "
"karet"

#, fuzzy
msgid "Wheat"
msgstr "Žito"

msgid "Say \"hi\"\n"
msgstr "Řekni \"ahoj\"\n"

#~ msgid "Old"
#~ msgstr "Staré"
'''
    tr = gettext.GNUTranslations(io.BytesIO(pofile.compile_messages(pofile.parse_po(text))))
    assert tr.pgettext("menu", "Open") == "Otevřít" and tr.gettext("Open") == "Otevři"
    assert [tr.ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5)] == [
        "{n} karta", "{n} karty", "{n} karet"]
    assert tr.gettext("Wheat") == "Wheat" and tr.gettext("Old") == "Old"
    assert tr.gettext('Say "hi"\n') == 'Řekni "ahoj"\n'
    with pytest.raises(pofile.PoError):
        pofile.parse_po('msgid "a"\nmsgstr b\n')
