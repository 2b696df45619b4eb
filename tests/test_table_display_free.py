"""The table's deciding half imports with pygame unimportable (docs/TABLE.md).

Each module docs/TABLE.md lists as display-free is imported in a fresh
interpreter where ``import pygame`` fails; every module of the package is in
one of the document's two lists.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "TABLE.md"
PACKAGE = ROOT / "nile_desktop" / "scenes" / "table"

CODE = """
import importlib, sys
sys.modules['pygame'] = None  # any 'import pygame' now fails
for name in sys.argv[1:]:
    importlib.import_module('nile_desktop.scenes.table.' + name)
loaded = [m for m in sys.modules if m.startswith('pygame') and sys.modules[m] is not None]
assert not loaded, loaded
print('ok', len(sys.argv) - 1)
"""


def _listed(heading: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    names: list[str] = []
    for row in part.splitlines():
        if row.startswith("| `"):
            names += re.findall(r"`([a-z_]+)`", row.split("|")[1])
    return names


def test_display_free_modules_import_without_pygame() -> None:
    free = _listed("Display-free (no pygame)")
    assert {"session", "flow", "draft", "layout", "board", "effects", "view", "game",
            "replay"} <= set(free)
    out = subprocess.run([sys.executable, "-c", CODE, *free], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok", str(len(free))]


def test_every_table_module_is_listed_once() -> None:
    free, drawing = _listed("Display-free (no pygame)"), _listed("Drawing and input (pygame)")
    modules = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert sorted(free + drawing) == modules
