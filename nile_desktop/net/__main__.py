"""``python -m nile_desktop.net``: see :mod:`nile_desktop.net.cli`."""

import sys

from nile_desktop.net.cli import main

sys.exit(main())
