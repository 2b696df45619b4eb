"""The end of an exhaustive dispatch: code that handles every case of a closed type.

The events of a move (:data:`~.events.Event`) are a union of classes, and the table,
the log and the tutorial each pick what to do with a ``match`` on the class. Ending
each ``match`` with ``case _: assert_never(event)`` turns a forgotten case into a type
error: mypy narrows ``event`` to nothing once every class is handled, and a new event
class no longer fits the ``Never`` parameter, so mypy names every place that must
learn about it. ``typing.assert_never`` is Python 3.11's; the game also runs on 3.10.
"""

from __future__ import annotations

from typing import NoReturn


def assert_never(value: NoReturn) -> NoReturn:
    """Mark a branch no value reaches; at run time, fail loudly if one does."""
    raise AssertionError(f"unhandled case: {value!r}")
