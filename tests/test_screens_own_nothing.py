"""The screens say no words and mix no colours of their own (docs/ART.md, docs/ARCHITECTURE.md).

Every sentence a player reads lives in ``nile_desktop/text/`` (one place for a translator
to see them together, and the review's command line prints the words the screen shows),
and every colour in ``nile_desktop/ui/theme.py`` (one palette). These tests read the
source of ``nile_desktop/scenes/`` and name each call of a catalogue marker and each
colour written out in a screen, so a new one is caught where it is added.
"""

from __future__ import annotations

import ast
from pathlib import Path

SCENES = Path(__file__).resolve().parent.parent / "nile_desktop" / "scenes"
#: The names that mark a catalogue string (nile_desktop/i18n.py).
MARKERS = {"_", "N_", "ngettext"}
#: The review's screens still say their own words: the rows and the screen of a reviewed game.
OWN_WORDS = {"review_screen.py", "review_rows.py"}


def _modules() -> list[tuple[str, ast.Module, str]]:
    out = []
    for path in sorted(SCENES.rglob("*.py")):
        source = path.read_text("utf-8")
        out.append((str(path.relative_to(SCENES)), ast.parse(source), source))
    return out


def test_no_screen_marks_a_sentence_for_the_catalogue():
    """A screen takes its words from text/ and never calls ``_``, ``N_`` or ``ngettext``."""
    found = []
    for name, tree, _source in _modules():
        if Path(name).name in OWN_WORDS:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in MARKERS):
                found.append(f"{name}:{node.lineno}")
    assert found == []


def test_no_screen_writes_a_colour():
    """No tuple of three or four numbers written in hexadecimal (as every colour of the
    palette is) nor any ``pygame.Color`` is made in a screen: they come from ui/theme.py."""
    found = []
    for name, tree, source in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and any(
                    isinstance(e, ast.Constant) and isinstance(e.value, int)
                    and (ast.get_source_segment(source, e) or "").lower().startswith("0x")
                    for e in node.elts):
                found.append(f"{name}:{node.lineno}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "Color"):
                found.append(f"{name}:{node.lineno}")
    assert found == []
