"""Read gettext ``.po`` catalogues and compile them to ``.mo`` with the standard library only.

The translation sources in ``locales/`` are ``.po`` files. The game must
speak Czech however it is started — from a source checkout (where Python
imports the package straight from the clone, with no compiled catalogue),
from an installed wheel, from an editable install or from the built app —
and Babel is only a development tool. So the game reads the ``.po`` itself
with this module, and the wheel build (``setup.py``) compiles the ``.mo`` it
ships with the same code. The module imports nothing from the game, so
``setup.py`` can load it by path before the package is installed.

Supported: comments, ``msgctxt``, ``msgid_plural`` with ``msgstr[n]``,
multi-line strings and C escapes. Fuzzy and obsolete (``#~``) entries are
left out, as ``msgfmt`` does.
"""

from __future__ import annotations

import array
import ast
import struct
from pathlib import Path

#: Separates a message context from its id in a compiled catalogue.
CONTEXT_SEPARATOR = "\x04"

Key = tuple[str | None, str, str | None]  # (context, msgid, msgid_plural)


class PoError(ValueError):
    """A ``.po`` file that cannot be read; the message names the line."""


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as exc:
        raise PoError(f"{where}: bad string {text!r}") from exc
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {text!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> dict[Key, list[str]]:
    """The finished messages of a ``.po`` text: ``(context, msgid, plural) → [msgstr, ...]``.

    The header is the entry with the empty msgid. Fuzzy entries (other than
    the header) and obsolete ones are skipped.
    """
    messages: dict[Key, list[str]] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    field: str | None = None

    def finish() -> None:
        nonlocal entry, fuzzy, field
        if "msgid" in entry and (not fuzzy or entry["msgid"] == ""):
            plural = entry.get("msgid_plural")
            if plural is None:
                strings = [entry.get("msgstr", "")]
            else:
                count = 1 + max((int(k[7:-1]) for k in entry if k.startswith("msgstr[")),
                                default=0)
                strings = [entry.get(f"msgstr[{i}]", "") for i in range(count)]
            messages[(entry.get("msgctxt"), entry["msgid"], plural)] = strings
        entry, fuzzy, field = {}, False, None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        started = any(key.startswith("msgstr") for key in entry)
        if line.startswith("#"):
            if started:
                finish()  # a comment opens the next entry
            if line.startswith("#,") and "fuzzy" in [f.strip() for f in line[2:].split(",")]:
                fuzzy = True
            continue
        if line.startswith('"'):
            if field is None:
                raise PoError(f"{where}: a string outside any entry")
            entry[field] += _unquote(line, where)
            continue
        keyword, _space, rest = line.partition(" ")
        if not (keyword.startswith("msgstr[") or keyword in ("msgctxt", "msgid", "msgid_plural",
                                                             "msgstr")):
            raise PoError(f"{where}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and started:
            finish()
        field = keyword
        entry[field] = _unquote(rest, where)
    finish()
    return messages


def is_finished(strings: list[str]) -> bool:
    """Whether every form of a message is translated."""
    return all(strings)


def compile_messages(messages: dict[Key, list[str]]) -> bytes:
    """The ``.mo`` bytes of parsed messages (untranslated ones are left out, as msgfmt does)."""
    entries: dict[bytes, bytes] = {}
    for (context, msgid, plural), strings in messages.items():
        if msgid and not is_finished(strings):
            continue
        key = msgid if plural is None else f"{msgid}\0{plural}"
        if context is not None:
            key = f"{context}{CONTEXT_SEPARATOR}{key}"
        entries[key.encode("utf-8")] = "\0".join(strings).encode("utf-8")
    keys = sorted(entries)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for raw in keys:
        offsets.append((len(ids), len(raw), len(strs), len(entries[raw])))
        ids += raw + b"\0"
        strs += entries[raw] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    table: list[int] = []
    for id_offset, id_length, _str_offset, _str_length in offsets:
        table += [id_length, id_offset + key_start]
    for _id_offset, _id_length, str_offset, str_length in offsets:
        table += [str_length, str_offset + value_start]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header + array.array("i", table).tobytes() + ids + strs


def compile_po(path: Path) -> bytes:
    """Compile one ``.po`` file to ``.mo`` bytes."""
    return compile_messages(parse_po(path.read_text(encoding="utf-8"), str(path)))


def compile_tree(locales: Path) -> list[Path]:
    """Write ``<lang>/LC_MESSAGES/*.mo`` beside every ``.po`` under ``locales``."""
    written = []
    for po in sorted(locales.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_po(po))
        written.append(mo)
    return written
