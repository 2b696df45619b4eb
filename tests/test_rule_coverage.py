"""Every rule id of RULES.md is named by at least one test (RULES.md preamble)."""

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
RULES = TESTS.parent.parent / "shared" / "RULES.md"


def test_every_rule_id_has_a_test():
    """Each R-… id appears in a test's name (test_r_plant_4_…) or docstring (R-PLANT-4)."""
    if not RULES.exists():
        pytest.skip(f"the rule book is not beside the repository ({RULES})")
    ids = sorted(set(re.findall(r"R-[A-Z]+-\d+", RULES.read_text(encoding="utf-8"))))
    assert len(ids) >= 40
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py")
                     if p.name != Path(__file__).name)
    missing = [
        rid for rid in ids
        if rid not in text and f"test_{rid.lower().replace('-', '_')}_" not in text
    ]
    assert not missing, f"rules without a test: {missing}"
