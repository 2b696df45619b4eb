"""Every place that handles engine events handles every kind of event, and mypy says so.

``Event`` is a union of classes; the table's effects, its board, the log's lines and
key moments, and the banners each ``match`` on the class and end with
``assert_never``. The proof: add a throwaway event class to the union (in a copy of
``engine/events.py`` that mypy reads in place of the real one) and mypy must name each
of those dispatches, and nothing else. Events carry card and place values, written as
their notation by ``text()`` and ``to_dict()``.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nile_desktop.engine import CardRef, Place, Rules, new_game
from nile_desktop.engine.events import Drawn, LocustStruck, Planted, Traded

ROOT = Path(__file__).resolve().parent.parent
EVENTS = ROOT / "nile_desktop" / "engine" / "events.py"

#: The functions that must handle every event class, by file (the report of a new
#: event kind names exactly these).
DISPATCH_SITES = {
    ("nile_desktop/scenes/table/logic/board.py", "TableBoard.apply"),
    ("nile_desktop/scenes/table/logic/effects.py", "play_effect"),
    ("nile_desktop/scenes/table/logic/gamelog.py", "is_key"),
    ("nile_desktop/text/table.py", "describe_event"),
    ("nile_desktop/text/words.py", "banner_line"),
}

THROWAWAY = '''

@dataclass(frozen=True)
class Thrown(BaseEvent):
    """A kind of event no code knows yet."""

    kind: ClassVar[str] = "thrown"
    seat: int
'''


def with_throwaway_kind(source: str) -> str:
    """``events.py`` with one more event class, added to the ``Event`` union."""
    union = re.search(r"^Event: TypeAlias = \($", source, re.M)
    assert union is not None, "events.py defines the union as 'Event: TypeAlias = ('"
    end = source.index("\n)", union.end())
    return (source[:union.start()].rstrip() + THROWAWAY + "\n\n" + source[union.start():end]
            + "\n    | Thrown" + source[end:])


def enclosing_function(path: Path, line: int) -> str:
    """``Class.method`` or ``function`` around ``line`` of ``path``."""
    found = ""

    def visit(node: ast.AST, prefix: str) -> None:
        nonlocal found
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if child.lineno <= line <= (child.end_lineno or child.lineno):
                    found = prefix + child.name
                    visit(child, f"{prefix}{child.name}.")

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def assert_never_callers() -> set[tuple[str, str]]:
    """Every function of the package that ends a dispatch with ``assert_never``."""
    callers = set()
    for path in (ROOT / "nile_desktop").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "assert_never":
                callers.add((path.relative_to(ROOT).as_posix(),
                             enclosing_function(path, node.lineno)))
    return callers


def test_a_new_event_kind_fails_mypy_at_every_dispatch(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    shadow = tmp_path / "events.py"
    shadow.write_text(with_throwaway_kind(EVENTS.read_text(encoding="utf-8")), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--shadow-file", str(EVENTS), str(shadow),
         "--cache-dir", str(tmp_path / "cache"), "--no-error-summary"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in out.stdout.splitlines() if ": error: " in line]
    reported = set()
    for line in errors:
        path, number, _rest = line.split(":", 2)
        assert '"assert_never" has incompatible type "Thrown"' in line, line
        reported.add((path, enclosing_function(ROOT / path, int(number))))
    assert reported == DISPATCH_SITES, out.stdout + out.stderr
    assert len(errors) == len(DISPATCH_SITES)  # one error each, and no other error


def test_every_exhaustive_dispatch_is_one_the_proof_checks() -> None:
    assert assert_never_callers() == DISPATCH_SITES


def test_events_carry_cards_and_places_and_write_them_as_notation() -> None:
    """R-TRADE-1, R-PLANT-1, R-LOCUST-1: the values are typed; the text forms are the
    notation, as the golden games and the logs have them."""
    trade = Traded(0, "market", (CardRef("wheat"), CardRef("flax", storage=True)))
    assert trade.cards[1].storage and trade.text() == "trade seat=0 action=market " \
        "cards=wheat,storage:flax"
    plant = Planted(1, (CardRef("stone", monument="sphinx"),))
    assert plant.to_dict() == {"event": "plant", "seat": 1, "cards": ("stone@sphinx",)}
    locust = LocustStruck(2, "flood", ((0, Place.field("wheat"), 3),
                                       (1, Place.monument_of("wall"), 3)))
    assert locust.text() == "locust seat=2 cause=flood fields=0/wheat/3,1/wall/3"
    assert locust.to_dict()["fields"] == ((0, "wheat", 3), (1, "wall", 3))
    assert Drawn(0, "turn", 2, ()).text() == "draw seat=0 reason=turn count=2 cards=-"


def test_every_event_of_a_game_writes_plain_json() -> None:
    state = new_game(Rules(3), seed=5)
    seen = [e.to_dict() for e in state.events]
    while not state.over:
        seen += [e.to_dict() for e in state.apply(state.legal_moves()[-1])]
    json.dumps(seen)  # no card or place object left: a TypeError otherwise
    assert {d["event"] for d in seen} >= {"flood", "draw", "turn", "game-over"}
