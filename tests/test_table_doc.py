"""docs/TABLE.md lists every module of the table under the half it belongs to.

The folders decide (``scenes/table/logic/`` needs no display, ``scenes/table/display/``
draws and takes input; ``tests/test_layers.py`` checks the first); the document's two
lists must name the same modules, so a reader can trust it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "TABLE.md"
PACKAGE = ROOT / "nile_desktop" / "scenes" / "table"


def _listed(heading: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    names: list[str] = []
    for row in part.splitlines():
        if row.startswith("| `"):
            names += re.findall(r"`([a-z_]+)`", row.split("|")[1])
    return sorted(names)


def _modules(half: str) -> list[str]:
    return sorted(p.stem for p in (PACKAGE / half).glob("*.py") if p.stem != "__init__")


def test_every_table_module_is_listed_under_its_half() -> None:
    assert _listed("Display-free (no pygame)") == _modules("logic")
    assert _listed("Drawing and input (pygame)") == _modules("display")
