"""The tutorial on the screen: the guided game's table and its command-line driver.

- :mod:`run` — opening the tutorial from the title screen, and ``--tutorial`` on the
  command line (``--autoplay``, screenshots, quitting at the end);
- :mod:`autoplay` — a scripted person who plays the lessons through the table's elements.

The lessons, hints, coach and progress need no display and live in
:mod:`nile_desktop.tutorial`; the lesson panels are drawn with the table
(``scenes/table/display/coach_view.py``).
"""
