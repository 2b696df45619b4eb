"""``python -m nile_desktop.engine``: the launcher of the engine's command line.

The command keeps the name NOTATION.md gives it, but the command line itself
(``nile_desktop.engine_cli``) sits above the engine and the bots, since
``play`` needs the bots. This file is never imported by the engine package
(``import nile_desktop.engine`` does not run it), so the engine's own modules
still import only the standard library and each other.
"""

import sys

from nile_desktop.engine_cli import main

sys.exit(main())
