"""The table's deciding half: everything that needs no display.

Every module here imports with pygame unimportable and imports nothing from
:mod:`~nile_desktop.scenes.table.display` (``tests/test_layers.py`` checks both), so the
game at the table is tested without a window.

- :mod:`session` — the only code that changes the engine state: moves, events,
  autosave, the game log, a turn taken back;
- :mod:`flow` — the turn flow as a state machine (:class:`~.flow.Phase`): playback,
  a bot thinking, the hand-off, a person composing a move, the game over; it
  decides whose private cards may be drawn;
- :mod:`draft` — the move being put together: picks, staged plantings, undo;
  every rule is the engine's answer;
- :mod:`layout` — named areas for 2–6 seats at any window size;
- :mod:`gamelog` — the log as events, told in words (:mod:`nile_desktop.text`) when drawn;
- :mod:`board` — what the table draws, changed event by event as effects land;
- :mod:`sprites` — cards in flight, the swarm, banners, as values the effects tween;
- :mod:`effects` — one effect per engine event, on an :mod:`~nile_desktop.anim.timeline`;
- :mod:`view` — the typed, read-only :class:`~.view.TableView` every drawing module
  reads, built once a frame;
- :mod:`commands` — :class:`~.commands.TableCommands`, what input and the coach may
  ask the table to do, and what the table asks of its host and its coach;
- :mod:`game` — :class:`~.game.TableGame`, which plays the game and carries out
  those commands, with its parts: :mod:`bot_turns` (the bots' turns and their
  pacing), :mod:`prompt` (the prompt line and its timers) and :mod:`takeback`
  ("Take back my turn");
- :mod:`advisor` and :mod:`chances` — Suggest and the person's win chance, from
  their view, on worker threads;
- :mod:`replay` — :class:`~.replay.ReplayGame`: a saved game on the table, stepped,
  played and sought.
"""
