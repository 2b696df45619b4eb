"""The UI dump: every interactive element on screen, as JSON (``NILE_UI_DUMP=FILE``).

It is a testing hook and our accessibility tree at once. While a frame is
drawn, widgets (and the table, for its cards, fields, plots and monuments)
call :func:`add` with what they show and where, in window pixels. After
the frame the app collects the scene name, the scenes' :meth:`dump_info`
(whose turn it is, …) and the elements into one JSON document, and
:class:`DumpWriter` rewrites FILE atomically (a temporary file in the same
folder, then ``os.replace``) whenever that document changed.

Element ids are the scene's dump name and a stable key (``title.new-game``),
never a position in a list or a translated text, so they survive frames
and language switches. When no dump is wanted, :func:`add` returns at once.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

ENV = "NILE_UI_DUMP"

_active = False
_elements: list[dict[str, Any]] = []
_ids: dict[str, int] = {}
_scope = ""
_enabled = True


def active() -> bool:
    """True while a dump is being collected (widgets skip the work otherwise)."""
    return _active


def set_active(on: bool) -> None:
    global _active
    _active = on


def begin_frame() -> None:
    """Forget the elements of the last frame."""
    global _scope, _enabled
    _elements.clear()
    _ids.clear()
    _scope, _enabled = "", True


def set_scope(scene_name: str, interactive: bool = True) -> None:
    """Elements added from now on belong to ``scene_name``; a scene covered by an
    overlay is not ``interactive``: its elements are listed, but not enabled."""
    global _scope, _enabled
    _scope, _enabled = scene_name, interactive


def element_id(key: str) -> str:
    """``key`` prefixed with the current scene's name (unless it already names one)."""
    if not _scope or key.startswith(_scope + "."):
        return key
    return f"{_scope}.{key}"


def add(id: str, role: str, label: str, rect: Any, enabled: bool = True,
        selected: bool = False, data: dict[str, Any] | None = None, **extra: Any) -> None:
    """Register one interactive element drawn this frame.

    ``id`` is a stable key (the current scene's name is put in front unless it is
    already there); ``rect`` is ``(x, y, w, h)`` in window pixels; ``data`` holds
    what a test or a screen reader needs beyond the label (card kind, zone, seat).
    Extra keyword arguments (``shown``, ``focused``) become fields of the element.
    """
    if not _active:
        return
    full = element_id(id)
    if full in _ids:  # the same key twice in one frame: keep both, told apart
        _ids[full] += 1
        full = f"{full}#{_ids[full]}"
    else:
        _ids[full] = 0
    x, y, w, h = (int(v) for v in tuple(rect)[:4])
    element: dict[str, Any] = {
        "id": full, "role": role, "label": str(label), "rect": [x, y, w, h],
        "enabled": bool(enabled and _enabled), "selected": bool(selected),
        "data": dict(data or {}), "scene": _scope,
    }
    element.update({k: v for k, v in extra.items() if v is not None})
    _elements.append(element)


def elements() -> list[dict[str, Any]]:
    """The elements added since :func:`begin_frame` (copies)."""
    return [dict(e) for e in _elements]


def snapshot(info: dict[str, Any]) -> dict[str, Any]:
    """The whole document: ``info`` (scene, turn, size, …) and the elements."""
    doc: dict[str, Any] = {"scene": None, "turn": None}
    doc.update(info)
    doc["elements"] = elements()
    return doc


class DumpWriter:
    """Writes the dump document to one file, atomically, only when it changed."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.last_text = ""
        self.last: dict[str, Any] = {}
        self.writes = 0

    @classmethod
    def from_env(cls) -> DumpWriter | None:
        value = os.environ.get(ENV, "").strip()
        return cls(value) if value else None

    def write(self, doc: dict[str, Any]) -> bool:
        """Write ``doc`` if it differs from the last one written; True when written."""
        text = json.dumps(doc, ensure_ascii=False, indent=1, default=str)
        if text == self.last_text:
            return False
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.last_text = text
        self.last = doc
        self.writes += 1
        return True
