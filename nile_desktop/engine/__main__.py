"""``python -m nile_desktop.engine``: the engine's command line (see ``nile_desktop.engine_cli``)."""

import sys

from nile_desktop.engine_cli import main

sys.exit(main())
