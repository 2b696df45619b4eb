"""The repository's copies of the rule book and the notation (docs/) follow the shared originals.

RULES.md is copied as it is. NOTATION.md may only gain lines here (this
repository documents its own additions, such as the lazy move list); no line
of the original may be dropped or changed. Outside the project's workspace
the originals are not beside the repository and there is nothing to compare.
"""

import difflib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
SHARED = ROOT.parent / "shared"


def shared(name: str) -> str:
    path = SHARED / name
    if not path.exists():
        pytest.skip(f"no shared original beside the repository ({path})")
    return path.read_text(encoding="utf-8")


def test_rules_copy_matches_the_shared_rule_book():
    assert (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8") == shared("RULES.md")


def test_notation_copy_only_adds_to_the_shared_notation():
    original = shared("NOTATION.md").splitlines()
    copy = (ROOT / "docs" / "NOTATION.md").read_text(encoding="utf-8").splitlines()
    changed = [line for line in difflib.ndiff(original, copy) if line.startswith("- ")]
    assert not changed, f"lines of the shared NOTATION.md missing from docs/: {changed}"
