"""Entry point of the built app: the ``nile-desktop`` gui-script, frozen by PyInstaller.

``freeze_support()`` comes first: a worker process started with the "spawn"
method (the bots' parallel search can use them) re-runs this very program,
and must become the worker instead of opening a second game window.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from nile_desktop.__main__ import main

    sys.exit(main())
