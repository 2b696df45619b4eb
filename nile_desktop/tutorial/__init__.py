"""Learn to play: a guided first game, and one-time hints in normal games.

- :mod:`build_start` — builds the prepared position (``start.json``): the last
  season of a two-player game with a deck ordered so each lesson meets its
  cards;
- :mod:`lessons` — the lessons as data: when each begins (a situation on the
  table), what it says, what it points at and which move it waits for;
- :mod:`coach` — which lesson is on, what the person may do now, the bot's
  scripted moves, skipping; no display, tested without pygame;
- :mod:`progress` — the tutorial's own progress file (lesson, skipped
  lessons, moves), so it can be left and resumed;
- :mod:`hints` — one-line hints the first time a situation arises in a
  normal game;
- :mod:`cli` — the ``--tutorial`` options of the command line.

None of it needs a display. The tutorial's table and its command-line driver
(``--autoplay``, screenshots) are with the screens, in
:mod:`nile_desktop.scenes.tutorial`; the lesson panels are drawn with the table
(``scenes/table/display/coach_view.py``).
"""
