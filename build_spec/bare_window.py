"""The smallest pygame-ce program: open a window, show a few frames, quit.

The startup benchmark builds it with the same PyInstaller options as the app
(``nile_desktop.spec -- --bare``), so the time the app takes to its first
frame can be compared with what pygame-ce itself needs.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def main() -> int:
    pygame.init()
    window = pygame.display.set_mode((1280, 720))
    for shade in (40, 80, 120):
        window.fill((shade, shade // 2, 0))
        pygame.display.flip()
        pygame.event.pump()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
