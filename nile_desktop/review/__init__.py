"""Looking back at a finished game: where it was won and lost.

:mod:`.evaluate` gives win chances from one seat's view, :mod:`.analysis`
measures each decision of a saved game against the best move found,
:mod:`.runner` computes a whole review in the background, :mod:`.summary`
sums it up per person and :mod:`.cache` keeps it in the save record so a
second look is instant. ``python -m nile_desktop.review FILE`` prints it.
"""
