"""No import cycles inside the engine or the bots, not even through imports inside functions.

A cycle used to be dodged with imports at the bottom of a file or inside
functions (state ↔ position, search ↔ parallel); the modules now import one
way only, so a type checker sees every argument's type.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "nile_desktop"


def graph(sub: str) -> dict[str, set[str]]:
    """Module -> modules of the same package it imports, at any depth of the file."""
    folder = PACKAGE / sub
    names = {p.stem for p in folder.glob("*.py")}
    edges: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1 and node.module:
                    out.add(node.module.split(".")[0])
                elif node.level == 1:
                    out.update(a.name for a in node.names if a.name in names)
                elif node.module and node.module.startswith(f"nile_desktop.{sub}."):
                    out.add(node.module.split(".")[2])
                elif node.module == f"nile_desktop.{sub}":
                    out.add("__init__")
        edges[path.stem] = (out & names) - {path.stem}
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle, or [] if there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt == "__init__":
                continue  # the package's own re-exports sit above every module
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


@pytest.mark.parametrize("sub", ["engine", "ai"])
def test_no_import_cycles(sub):
    edges = graph(sub)
    assert edges, sub
    assert cycle(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
