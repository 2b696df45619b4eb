"""The one place scenes reach each other through.

A scene asks for another by name (``nav.go(stack, "title")``) instead of
importing it, so no scene module imports another scene and the scenes and the
tutorial form no import cycles. The names map to factories that
:func:`nile_desktop.scenes.routes.install` registers: the app (the composition
root, which imports every scene) calls it once; this module imports no scene.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from nile_desktop.saves import new_save

Factory = Callable[..., Any]

ROUTES: dict[str, Factory] = {}


def register(name: str, factory: Factory) -> None:
    ROUTES[name] = factory


def make(name: str, **options: Any) -> Any:
    """A new scene of the route ``name``."""
    try:
        factory = ROUTES[name]
    except KeyError:
        raise KeyError(f"no scene route {name!r} (routes.install() registers them)") from None
    return factory(**options)


def go(stack: Any, name: str, **options: Any) -> Any:
    """Leave every scene for ``name`` (the title screen, a new game…)."""
    return stack.reset(make(name, **options))


def push(stack: Any, name: str, **options: Any) -> Any:
    """Show ``name`` over the current scene (a menu, the rules)."""
    return stack.push(make(name, **options))


def replace(stack: Any, name: str, **options: Any) -> Any:
    return stack.replace(make(name, **options))


def start_game(stack: Any, save: Any, state: Any = None, **options: Any) -> Any:
    """Open the table for ``save`` in place of every other scene."""
    return go(stack, "table", save=save, state=state, **options)


def rematch(stack: Any, save: Any) -> Any:
    """A new game with the same seats and rules, and a new seed."""
    seats = [seat.to_dict() for seat in save.seats]
    fresh = new_save(dict(save.rules), random.randrange(2**32), seats)
    return start_game(stack, fresh)
