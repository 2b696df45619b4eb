"""No import cycles anywhere in the package, counting imports inside functions.

A cycle used to be dodged with imports inside functions (state ↔ position,
search ↔ parallel, the scenes ↔ the tutorial, saves ↔ the save library); the
modules now import one way only, so the import graph and a type checker see
every dependency. An import inside a function is kept only where it is needed
(a heavy or optional module loaded on demand), and then says why in a comment.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "nile_desktop"


def module_names(root: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    names: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _targets(module: str, path: Path, node: ast.AST, names: dict[str, Path]) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    if node.level:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        base = package[:len(package) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    found = set()
    for alias in node.names:
        if f"{target}.{alias.name}" in names:
            found.add(f"{target}.{alias.name}")
        elif target in names:
            found.add(target)
    return found


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports, at any depth of the file.

    A package's ``__init__`` re-exports from the modules below it; an import of
    the package itself counts as an edge to it, so re-exports are seen too."""
    names = module_names(root)
    edges: dict[str, set[str]] = {}
    for module, path in names.items():
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            out |= _targets(module, path, node, names)
        edges[module] = out - {module}
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle, or [] if there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if node.startswith(nxt + "."):
                continue  # a module importing its own package's re-exports: that is above it
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def imports_inside_functions(root: Path = PACKAGE) -> list[tuple[Path, int, str]]:
    """Every import statement inside a function: (file, line, source line)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    found.append((path, node.lineno, lines[node.lineno - 1]))
    return sorted(set(found))


def test_no_import_cycles_in_the_whole_package() -> None:
    edges = graph()
    assert {"nile_desktop.engine.state", "nile_desktop.scenes.nav",
            "nile_desktop.saves", "nile_desktop.scenes.tutorial.run"} <= set(edges)
    assert cycle(edges) == []


def test_every_import_inside_a_function_says_why() -> None:
    """An import inside a function hides a dependency from a reader: each one left
    carries a comment (on its line or the line above) saying why it is there."""
    silent = []
    for path, line, text in imports_inside_functions():
        above = path.read_text(encoding="utf-8").splitlines()[line - 2].strip()
        if "#" not in text and not above.startswith("#"):
            silent.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {text.strip()}")
    assert silent == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"p.m": {"p"}, "p": {"p.m"}}) == []  # a package re-exporting its module


def test_every_route_a_scene_can_name_opens_a_scene() -> None:
    """Scenes reach each other by route names that are types (``nav.Route``): the routes
    module registers every one of them and no other, so a name that type-checks opens."""
    from nile_desktop.scenes import nav, routes  # the scenes import pygame: only here

    routes.install()
    assert set(nav.ROUTES) == set(nav.ROUTE_NAMES) and len(nav.ROUTE_NAMES) == 16
