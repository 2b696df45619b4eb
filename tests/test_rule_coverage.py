"""A rule is found by its id: every R-… id of RULES.md is named where the engine
enforces it and by a test named after it (RULES.md preamble).

The rule book is read from the repository's copy (docs/RULES.md), so this
runs in a plain clone; tests/test_docs_copy.py keeps the copy in step with
the shared original when that is beside the repository.
"""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
RULES = ROOT / "docs" / "RULES.md"
ENGINE = ROOT / "nile_desktop" / "engine"
TESTS = Path(__file__).parent


def rule_ids() -> list[str]:
    ids = sorted(set(re.findall(r"R-[A-Z]+-\d+", RULES.read_text(encoding="utf-8"))))
    assert len(ids) >= 40
    return ids


def test_every_rule_id_is_named_in_the_engine():
    """Each R-… id appears in the engine's source, where the rule is enforced."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    missing = [rid for rid in rule_ids() if not re.search(rf"{rid}(?!\d)", text)]
    assert not missing, f"rules the engine never names: {missing}"


def test_every_rule_id_has_a_test_named_after_it():
    """Each R-… id has a test function named after it: R-PLANT-4 -> def test_r_plant_4_…"""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))
    missing = []
    for rid in rule_ids():
        name = "test_" + rid.lower().replace("-", "_")
        if not re.search(rf"def {name}(?!\d)", text):
            missing.append(rid)
    assert not missing, f"rules without a test named after them: {missing}"
