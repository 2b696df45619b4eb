"""PyInstaller runtime hook: note when the first frame is shown, for the startup benchmark.

It does nothing unless ``NILE_DESKTOP_FIRST_FRAME_FILE`` names a file. Then
it wraps ``pygame.display.flip`` so that the first call writes the wall-clock
time (``time.time()``) to that file, and puts the original back. The app
and the bare pygame-ce window the benchmark compares it with are built with
the same hook, so both are timed the same way, from process start to the
first frame presented, without any timing code in the game itself.
"""

import os


def _install(target: str) -> None:
    import time

    import pygame.display

    original = pygame.display.flip

    def first_flip() -> None:
        pygame.display.flip = original
        original()
        with open(target, "w", encoding="ascii") as fh:
            fh.write(repr(time.time()))

    pygame.display.flip = first_flip


if os.environ.get("NILE_DESKTOP_FIRST_FRAME_FILE"):
    _install(os.environ["NILE_DESKTOP_FIRST_FRAME_FILE"])
