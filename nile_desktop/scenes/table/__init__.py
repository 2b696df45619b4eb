"""The game table, as a package whose deciding parts need no display.

- :mod:`session` — the only code that changes the engine state: moves,
  events, autosave, the game log;
- :mod:`flow` — the turn flow as a state machine: playback, a bot thinking,
  the hand-off, a person composing a move, reviewing it, the game over; it
  decides whose private cards may be drawn;
- :mod:`draft` — the move being put together: picks, staged plantings, undo,
  where a card may go and why not;
- :mod:`layout` — named areas for 2–6 seats at any window size;
- :mod:`gamelog` / :mod:`words` — the log as events, told in words when drawn.

- :mod:`board` — what the table draws, changed event by event as effects land;
  :mod:`effects` — one effect per engine event, on an :mod:`~nile_desktop.anim.timeline`.

On top of them: :mod:`scene` (the scene), :mod:`table_input` (mouse and
keyboard), :mod:`frame` and :mod:`picture` (each frame: the kept picture,
redrawn zone by zone, and what moves over it), :mod:`paint` and the
``*_view`` modules (drawing), :mod:`sprites` (cards in flight, the swarm,
banners), :mod:`controls` and :mod:`buttons` (the action row),
:mod:`logview`, :mod:`overlays` (hand-off), :mod:`results_view`,
:mod:`menu`, and :mod:`coach_view` (lessons and hints).
"""

from __future__ import annotations

from typing import Any

__all__ = ["TableScene"]


def __getattr__(name: str) -> Any:
    # The scene (and pygame) load only when asked for, so the deciding parts
    # import without a display.
    if name == "TableScene":
        from nile_desktop.scenes.table.scene import TableScene

        return TableScene
    raise AttributeError(name)
