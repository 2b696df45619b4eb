"""Entry point of the built app: the ``nile-desktop`` gui-script, frozen by PyInstaller."""

import sys

from nile_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
