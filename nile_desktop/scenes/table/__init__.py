"""The game table, as a package whose deciding parts need no display.

docs/TABLE.md lists which modules import without pygame (a test checks it).

- :mod:`session` — the only code that changes the engine state: moves,
  events, autosave, the game log;
- :mod:`flow` — the turn flow as a state machine: playback, a bot thinking,
  the hand-off, a person composing a move, reviewing it, the game over; it
  decides whose private cards may be drawn;
- :mod:`draft` — the move being put together: picks, staged plantings, undo;
  every rule is the engine's answer;
- :mod:`layout` — named areas for 2–6 seats at any window size;
- :mod:`gamelog` / :mod:`words` — the log as events, told in words when drawn;
- :mod:`board` — what the table draws, changed event by event as effects land;
  :mod:`effects` — one effect per engine event, on an :mod:`~nile_desktop.anim.timeline`,
  moving the values of :mod:`sprites`;
- :mod:`game` — :class:`~nile_desktop.scenes.table.game.TableGame`, which plays the
  game and carries out the :mod:`commands` of input and the coach;
- :mod:`view` — the typed, read-only :class:`~nile_desktop.scenes.table.view.TableView`
  every drawing module reads, built once a frame.

On top of them: :mod:`scene` (the composition root), :mod:`table_input`
(mouse and keyboard), :mod:`frame` and :mod:`picture` (each frame: the kept
picture, redrawn zone by zone, and what moves over it), :mod:`paint` and the
``*_view`` modules (drawing), :mod:`sprite_draw` (cards in flight, the swarm,
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
        from nile_desktop.scenes.table.scene import TableScene  # on demand: see above

        return TableScene
    raise AttributeError(name)
