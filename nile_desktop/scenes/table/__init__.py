"""The game table, in two halves a reader can tell from the path.

- :mod:`~nile_desktop.scenes.table.logic` — the deciding half, which needs no
  display: the session (the only code that changes the engine state), the turn
  flow, the move draft, the layout, the drawn board and its effects on a
  timeline, the frame's typed view, the commands, the game, the replay;
- :mod:`~nile_desktop.scenes.table.display` — drawing and input on top of it:
  the scene, the frame and its views, the input, buttons, menus.

``tests/test_layers.py`` checks that ``logic`` imports with pygame unimportable
and never imports ``display``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the type for readers and mypy; the class itself loads on demand (below)
    from nile_desktop.scenes.table.display.scene import TableScene

__all__ = ["TableScene"]


def __getattr__(name: str) -> type[TableScene]:
    # The scene (and pygame) load only when asked for, so the deciding half
    # imports without a display.
    if name == "TableScene":
        from nile_desktop.scenes.table.display.scene import TableScene  # on demand: see above

        return TableScene
    raise AttributeError(name)
