"""Names of a package that are imported the first time they are asked for.

The window's first frame should not wait for the whole engine, every bot and the save
files to load: the engine, the bots and the saves packages offer their names through
:func:`lazy_names`, which imports a name's module only when the name is first used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, modules: Mapping[str, str], namespace: dict[str, Any]
               ) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``modules`` maps each submodule (relative
    name) to its offered names, separated by spaces; a name found is kept in ``namespace``
    (the package's globals), so it is imported once."""
    where = {name: module for module, names in modules.items() for name in names.split()}

    def getattr_(name: str) -> Any:
        try:
            module = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    return getattr_
