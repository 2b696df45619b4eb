"""The tutorial's command-line options, added to the program's parser.

Kept apart from ``__main__`` (and free of pygame) so the option parser stays
fast and the tutorial's options live with the tutorial. ``--lang``,
``--speed``, ``--screenshots`` and ``--quit-at-end`` are shared with the demo.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("tutorial (a guided first game)")
    group.add_argument("--tutorial", action="store_true",
                       help="play the guided first game (resumes where it was left)")
    group.add_argument("--autoplay", action="store_true",
                       help="with --tutorial: a scripted player plays it through, from the start")
