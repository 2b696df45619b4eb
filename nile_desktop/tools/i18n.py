"""Keep the translation catalogues in step with the code.

    python -m nile_desktop.tools.i18n extract   # code -> locales/nile_desktop.pot
    python -m nile_desktop.tools.i18n update    # .pot -> every locales/<lang>/.../nile_desktop.po
    python -m nile_desktop.tools.i18n compile   # .po -> .mo next to it
    python -m nile_desktop.tools.i18n           # all three, in that order

Extraction finds every string given to ``_()``, ``N_()``, ``ngettext()`` and ``NP_()``
in ``nile_desktop/``. A comment starting ``TRANSLATORS:`` just above a call
is carried into the catalogue as a note. English is the source language:
its catalogue is filled with the source text so that English wording can be
polished without touching code. Czech messages left untranslated are listed
after ``update`` so they can be written before the next commit.

Needs Babel (a development dependency only: the game reads the ``.po``
itself, or the ``.mo`` a wheel ships, with the standard library).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

import nile_desktop
from nile_desktop import i18n, paths

KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None, "N_": None, "ngettext": (1, 2), "NP_": (1, 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
}
PACKAGE_DIR = Path(nile_desktop.__file__).resolve().parent
TEAM = "Nile desktop developers"
HEADER = """\
# Translations of Nile desktop.
# This file is distributed under the same license as the Nile desktop project.
#"""


def template_path() -> Path:
    return paths.locales_dir() / f"{i18n.DOMAIN}.pot"


def _write_catalogue(path: Path, catalogue: Catalog) -> None:
    buffer = BytesIO()
    write_po(buffer, catalogue, width=88, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    data = buffer.getvalue()
    if path.is_file() and _without_dates(path.read_bytes()) == _without_dates(data):
        return  # only the dates would change: keep the file (and git) quiet
    paths.write_atomic(path, data)


def _without_dates(data: bytes) -> list[bytes]:
    return [line for line in data.splitlines()
            if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:'))]


def extract_messages(package_dir: Path = PACKAGE_DIR) -> Catalog:
    """Every translatable message in the package's source, as a template catalogue."""
    catalogue = Catalog(
        project="Nile desktop",
        version=nile_desktop.__version__,
        charset="utf-8",
        fuzzy=False,
        header_comment=HEADER,
        msgid_bugs_address=TEAM,
        copyright_holder=TEAM,
        last_translator=TEAM,
        language_team=TEAM,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        package_dir,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        location = (f"nile_desktop/{Path(filename).as_posix()}", lineno)
        catalogue.add(message, None, [location], auto_comments=comments, context=context)
    return catalogue


def extract() -> Path:
    """Write the template ``locales/nile_desktop.pot`` from the source."""
    target = template_path()
    catalogue = extract_messages()
    _write_catalogue(target, catalogue)
    print(f"{len(catalogue)} messages -> {target}")
    return target


def _fill_source_language(catalogue: Catalog) -> None:
    """Fill every empty form of the source-language catalogue with the source text."""
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = list(message.string) if isinstance(message.string, tuple) else [message.string]
            forms += [""] * (2 - len(forms))
            ids: tuple[str, ...] = tuple(message.id)
            filled = tuple(str(form or ids[min(i, 1)]) for i, form in enumerate(forms))
            if filled != tuple(forms) or message.fuzzy:
                message.string = filled
                message.flags.discard("fuzzy")
        elif not message.string:
            message.string = message.id
            message.flags.discard("fuzzy")


def untranslated(catalogue: Catalog) -> list[str]:
    """Message ids of ``catalogue`` with no translation (or a fuzzy one)."""
    missing: list[str] = []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(str(message.id[0] if isinstance(message.id, tuple) else message.id))
    return missing


def update(languages: Iterable[str] = i18n.LANGUAGES) -> dict[str, list[str]]:
    """Merge the template into each language's ``.po``; returns untranslated ids per language."""
    report: dict[str, list[str]] = {}
    for code in languages:
        # Read afresh each time: Catalog.update shares message objects with the template.
        with template_path().open("rb") as fh:
            template = read_po(fh)
        po_path, _mo = i18n.catalogue_paths(code)
        if po_path.is_file():
            with po_path.open("rb") as fh:
                catalogue = read_po(fh, locale=code)
        else:
            catalogue = Catalog(locale=code, project="Nile desktop", charset="utf-8", fuzzy=False,
                                header_comment=HEADER, msgid_bugs_address=TEAM,
                                last_translator=TEAM, language_team=TEAM)
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.mime_headers = [
            ("Plural-Forms", PLURAL_FORMS[code]),
            ("Project-Id-Version", f"Nile desktop {nile_desktop.__version__}"),
            ("Language", code),
        ]
        catalogue.fuzzy = False
        if code == i18n.SOURCE_LANGUAGE:
            _fill_source_language(catalogue)
        _write_catalogue(po_path, catalogue)
        report[code] = untranslated(catalogue)
        print(f"{code}: {len(catalogue)} messages, {len(report[code])} untranslated -> {po_path}")
        for msgid in report[code]:
            print(f"    untranslated: {msgid!r}")
    return report


def compile_all(languages: Iterable[str] = i18n.LANGUAGES) -> list[Path]:
    """Compile each language's ``.po`` to the ``.mo`` beside it."""
    written: list[Path] = []
    for code in languages:
        po_path, mo_path = i18n.catalogue_paths(code)
        if not po_path.is_file():
            print(f"{code}: no catalogue at {po_path}", file=sys.stderr)
            continue
        paths.write_atomic(mo_path, i18n.compile_po(po_path))
        written.append(mo_path)
        print(f"{code}: -> {mo_path}")
    i18n.reload_catalogues()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.tools.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="all",
                        choices=["extract", "update", "compile", "all"])
    args = parser.parse_args(argv)
    if args.command in ("extract", "all"):
        extract()
    if args.command in ("update", "all"):
        update()
    if args.command in ("compile", "all"):
        compile_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
