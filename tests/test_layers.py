"""Layering: the engine and the bots import with pygame unimportable (docs/ARCHITECTURE.md)."""

import subprocess
import sys

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


def test_engine_and_ai_import_without_pygame():
    """The rules and bots never grow a UI dependency."""
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_engine_imports_nothing_above_it():
    """The engine package imports only the standard library and itself."""
    code = ("import sys; import nile_desktop.engine; "
            "print(sorted(m for m in sys.modules if m.startswith('nile_desktop')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    mods = eval(out.stdout)
    assert all(m in ("nile_desktop", "nile_desktop.engine") or m.startswith("nile_desktop.engine.")
               for m in mods), mods
    # engine_cli (the command line, which needs the bots) and its launcher stay out of it
    assert "nile_desktop.engine_cli" not in mods and "nile_desktop.engine.__main__" not in mods


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
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_the_engine_command_line_needs_only_the_standard_library():
    """The golden replays run the engine's command line on bare interpreters (3.10, 3.13):
    it must import with pygame and platformdirs both unimportable."""
    code = ("import sys; sys.modules['pygame'] = None; sys.modules['platformdirs'] = None\n"
            "import nile_desktop.engine_cli\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_player_text_sits_below_the_screens_and_the_review():
    """What the game says to players (``nile_desktop.text``) needs no display and no screen,
    so the review's command line prints the table's sentences without loading ``scenes``."""
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import nile_desktop.text, nile_desktop.text.table, nile_desktop.text.words\n"
            "import nile_desktop.review.__main__\n"
            "assert not any(m.startswith('pygame') and sys.modules[m] is not None"
            " for m in sys.modules)\n"
            "assert not [m for m in sys.modules if m.startswith('nile_desktop.scenes')]\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
