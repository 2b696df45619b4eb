"""Developer tools that (re)make the game's assets.

Nothing here runs while the game is played: these scripts write the files in
``assets/`` (card and table SVGs, icons, sound effects, the music from its
scores) so the art can be changed in one place and regenerated, and so tests
can check the shipped files are exactly what the scripts produce. They are
left out of the built app.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
