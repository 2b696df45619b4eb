"""Layering: the engine and the bots import with pygame unimportable (docs/ARCHITECTURE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "nile_desktop" / "scenes" / "table"

CODE = """
import sys
sys.modules['pygame'] = None  # any 'import pygame' now fails
import nile_desktop.engine
from nile_desktop.engine import Rules, new_game
state = new_game(Rules(3), seed=1)
state.apply(state.legal_moves()[-1])
import nile_desktop.ai  # an ImportError here fails the test, whatever its cause
import nile_desktop.ai.arena
import nile_desktop.engine_cli
from nile_desktop.ai import make_bot
from nile_desktop.engine import observe
import random
bot = make_bot("medium")
bot.choose(observe(state, state.active), state.legal_moves(), random.Random(1))
assert not any(name.startswith('pygame') and sys.modules[name] is not None
               for name in sys.modules)
print('ok')
"""


def _python(code: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (so nothing is imported yet)."""
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=timeout)


def test_engine_and_ai_import_without_pygame():
    """The rules and bots never grow a UI dependency."""
    out = _python(CODE)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_engine_imports_nothing_above_it():
    """The engine package imports only the standard library and itself."""
    code = ("import sys; import nile_desktop.engine; "
            "print(sorted(m for m in sys.modules if m.startswith('nile_desktop')))")
    out = _python(code)
    mods = eval(out.stdout)
    assert all(m in ("nile_desktop", "nile_desktop.engine") or m.startswith("nile_desktop.engine.")
               for m in mods), mods
    # engine_cli (the command line, which needs the bots) and its launcher stay out of it
    assert "nile_desktop.engine_cli" not in mods and "nile_desktop.engine.__main__" not in mods


def test_the_bots_import_only_the_engine_and_the_bounded_reader():
    """Every module of the bots (the arena and the ladder read and write CSVs) imports, of the
    game, only the engine, the bots and the one bounded reader of files."""
    code = ("import importlib, pkgutil, sys; sys.modules['pygame'] = None\n"
            "import nile_desktop.ai\n"
            "for module in pkgutil.walk_packages(nile_desktop.ai.__path__, 'nile_desktop.ai.'):\n"
            "    importlib.import_module(module.name)\n"
            "print(sorted(m for m in sys.modules if m.startswith('nile_desktop')))")
    out = _python(code, timeout=120)
    assert out.returncode == 0, out.stderr
    wrong = [m for m in eval(out.stdout)
             if m not in ("nile_desktop", "nile_desktop.bounded_read")
             and not m.startswith(("nile_desktop.ai", "nile_desktop.engine"))]
    assert wrong == []


def test_the_bounded_reader_needs_only_the_standard_library():
    """Every layer that reads a file may use it, the bots included: it imports nothing of the
    game, nor pygame or platformdirs."""
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['platformdirs'] = None\n"
            "import nile_desktop.bounded_read\n"
            "print(sorted(m for m in sys.modules if m.startswith('nile_desktop')))")
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert eval(out.stdout) == ["nile_desktop", "nile_desktop.bounded_read"]


def test_review_and_record_import_without_pygame():
    """The game review and the player's record are display-free: the table will show them,
    the command line prints them, and neither needs a window."""
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import nile_desktop.review.analysis, nile_desktop.review.evaluate\n"
            "import nile_desktop.review.summary, nile_desktop.review.cache\n"
            "import nile_desktop.review.runner, nile_desktop.saves.record\n"
            "assert not any(m.startswith('pygame') and sys.modules[m] is not None"
            " for m in sys.modules)\n"
            "print('ok')")
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_saves_know_nothing_of_the_bots_or_the_command_lines():
    """A save is data: the saves package (its command line included) imports neither the
    bots nor the engine's command line, nor pygame; the table tells the bots' reasons it keeps."""
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import nile_desktop.saves, nile_desktop.saves.library, nile_desktop.saves.in_play\n"
            "import nile_desktop.saves.record, nile_desktop.saves.replay\n"
            "wrong = [m for m in sys.modules if m.startswith(('nile_desktop.ai',"
            " 'nile_desktop.engine_cli', 'nile_desktop.scenes', 'pygame'))"
            " and sys.modules[m] is not None]\n"
            "assert not wrong, wrong\n"
            "print('ok')")
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_the_engine_command_line_needs_only_the_standard_library():
    """The golden replays run the engine's command line on bare interpreters (3.10, 3.13):
    it must import with pygame and platformdirs both unimportable."""
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['platformdirs'] = None\n"
            "import nile_desktop.engine_cli\n"
            "print('ok')")
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_player_text_sits_below_the_screens_and_the_review():
    """What the game says to players (``nile_desktop.text``) needs no display and no screen,
    so the review's command line prints the table's sentences without loading ``scenes``."""
    code = ("import importlib, pkgutil, sys; sys.modules['pygame'] = None\n"
            "import nile_desktop.text\n"
            "for module in pkgutil.iter_modules(nile_desktop.text.__path__):\n"
            "    importlib.import_module('nile_desktop.text.' + module.name)\n"
            "import nile_desktop.review.__main__\n"
            "assert not any(m.startswith('pygame') and sys.modules[m] is not None"
            " for m in sys.modules)\n"
            "assert not [m for m in sys.modules if m.startswith('nile_desktop.scenes')]\n"
            "print('ok')")
    out = _python(code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


TABLE_LOGIC = """
import importlib, sys
sys.modules['pygame'] = None  # any 'import pygame' now fails
for name in sys.argv[1:]:
    importlib.import_module('nile_desktop.scenes.table.logic.' + name)
loaded = [m for m in sys.modules if m.startswith('pygame') and sys.modules[m] is not None]
assert not loaded, loaded
drawing = [m for m in sys.modules if m.startswith('nile_desktop.scenes.table.display')]
assert not drawing, drawing
print('ok', len(sys.argv) - 1)
"""


def _modules(half: str) -> list[str]:
    return sorted(p.stem for p in (TABLE / half).glob("*.py") if p.stem != "__init__")


def test_the_tables_deciding_half_imports_without_pygame_or_the_drawing_half():
    """Every module of ``scenes/table/logic/`` imports with pygame unimportable and loads
    nothing of ``scenes/table/display/``: the game at the table is tested without a window."""
    logic = _modules("logic")
    assert {"session", "flow", "draft", "layout", "board", "effects", "view", "game",
            "replay"} <= set(logic)
    out = _python(TABLE_LOGIC, *logic, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok", str(len(logic))]


def _imported(path: Path) -> set[str]:
    """Every module ``path`` names in an import, at any depth (type-only imports too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_the_tables_deciding_half_never_names_the_drawing_half():
    """Not even for a type: the deciding half knows nothing of pygame or of the drawing."""
    wrong = {f"{path.name}: {name}" for path in sorted((TABLE / "logic").glob("*.py"))
             for name in _imported(path)
             if name.startswith(("nile_desktop.scenes.table.display", "pygame",
                                 "nile_desktop.scenes.table.TableScene"))}
    assert wrong == set()


def test_every_table_module_is_in_one_of_its_halves():
    """A reader knows from a table module's path which rules it lives under."""
    assert sorted(p.name for p in TABLE.glob("*.py")) == ["__init__.py"]
    assert sorted(p.name for p in TABLE.iterdir() if p.is_dir() and p.name != "__pycache__") == [
        "display", "logic"]
    assert _modules("display") and _modules("logic")
