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
from typing import Literal, get_args

from nile_desktop.engine import State
from nile_desktop.saves import SaveGame, new_save
from nile_desktop.scenes.stack import Scene, SceneStack

#: Every scene a scene can ask for (:func:`nile_desktop.scenes.routes.install` registers
#: each): a misspelt route is a type error, not a KeyError at the moment a player clicks.
Route = Literal["title", "load-game", "file-chooser", "new-game", "rules", "settings", "table",
                "table-menu", "move-list", "replay", "review", "record", "join-game", "lobby",
                "net-table", "net-menu"]
ROUTE_NAMES: tuple[Route, ...] = get_args(Route)

#: A route's scene from its options (the scene class itself, or a partial of it).
Factory = Callable[..., Scene]

ROUTES: dict[Route, Factory] = {}


def register(name: Route, factory: Factory) -> None:
    ROUTES[name] = factory


def make(name: Route, **options: object) -> Scene:
    """A new scene of the route ``name``."""
    try:
        factory = ROUTES[name]
    except KeyError:
        raise KeyError(f"no scene route {name!r} (routes.install() registers them)") from None
    return factory(**options)


def go(stack: SceneStack, name: Route, **options: object) -> Scene:
    """Leave every scene for ``name`` (the title screen, a new game…)."""
    return stack.reset(make(name, **options))


def push(stack: SceneStack, name: Route, **options: object) -> Scene:
    """Show ``name`` over the current scene (a menu, the rules)."""
    return stack.push(make(name, **options))


def replace(stack: SceneStack, name: Route, **options: object) -> Scene:
    """Show ``name`` in place of the current scene (a new game's table for its setup)."""
    return stack.replace(make(name, **options))


def start_game(stack: SceneStack, save: SaveGame, state: State | None = None,
               **options: object) -> Scene:
    """Open the table for ``save`` in place of every other scene."""
    return go(stack, "table", save=save, state=state, **options)


def rematch(stack: SceneStack, save: SaveGame) -> Scene:
    """A new game with the same seats and rules, and a new seed."""
    seats = [seat.to_dict() for seat in save.seats]
    fresh = new_save(dict(save.rules), random.randrange(2**32), seats)
    return start_game(stack, fresh)
