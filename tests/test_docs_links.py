"""The documents point at things that exist, and the README stays a front door.

Every link between the repository's Markdown files resolves (to a file, and to a heading when
it names one); every repository path and ``python -m`` module the documents cite exists; code,
tests and CI name no document the repository lacks; and the README keeps its two set-up
commands on its first screen, its test command being exactly what CI runs (``.ci/run``
installs, ``.ci/checks`` runs the tests).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: Folders that are not the project's own (virtual environments, build output).
SKIP = {".git", ".ci-venv", "build", "dist", "node_modules"}
DOCS = sorted(p for p in ROOT.rglob("*.md")
              if not SKIP & set(p.relative_to(ROOT).parts))
#: The first screen of the README, in lines: the set-up commands must be there.
FIRST_SCREEN = 50

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
REPO_PATH = re.compile(r"(?:nile_desktop|tests|docs|build_spec|assets|locales|\.ci|\.github)/\S*")
MODULE = re.compile(r"python -m (nile_desktop(?:\.\w+)*)")
#: Where a build puts things, named by the documents but never kept in the repository.
BUILT = ("nile_desktop/_data/",)


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def anchors(doc: Path) -> set[str]:
    """The anchors GitHub gives a document's headings (lower case, punctuation dropped,
    spaces as hyphens, a repeated heading numbered)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    in_code = False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not line.startswith("#"):
            continue
        text = line.lstrip("#").strip().replace("`", "").replace("*", "")
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_links_between_documents_resolve(doc: Path) -> None:
    broken = []
    for target in LINK.findall(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # https:, mailto:, …: not ours to check
            continue
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        if not linked.exists():
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target} (no such heading)")
    assert not broken, f"{_name(doc)}: {broken}"


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_cited_paths_and_modules_exist(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    missing = []
    for code in CODE.findall(text):
        for path in REPO_PATH.findall(code):
            if any(mark in path for mark in "<*…[") or path.startswith(BUILT):
                continue  # a pattern, or a build's output
            if not (ROOT / path.rstrip("/.,;:")).exists():
                missing.append(path)
    for module in MODULE.findall(text):
        base = ROOT.joinpath(*module.split("."))
        if not (base.with_suffix(".py").is_file() or (base / "__main__.py").is_file()):
            missing.append(f"python -m {module}")
    assert not missing, f"{_name(doc)} cites what does not exist: {missing}"


def test_code_names_only_documents_that_exist() -> None:
    """A comment or docstring that sends the reader to a document must find it here."""
    names = {p.name for p in DOCS}
    sources = [p for folder in ("nile_desktop", "tests", "build_spec", ".ci", ".github")
               for p in (ROOT / folder).rglob("*") if p.is_file()
               and p.suffix in {".py", ".yml", ".spec", ".txt", ""}]
    sources.append(ROOT / "pyproject.toml")
    missing = []
    for source in sources:
        try:
            text = source.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for name in set(re.findall(r"[\w./-]+\.md\b", text)):
            if not ((ROOT / name).is_file() or (ROOT / "docs" / name).is_file()
                    or Path(name).name in names):
                missing.append(f"{_name(source)}: {name}")
    assert not missing, missing


def _setup_commands() -> list[tuple[int, str]]:
    lines = README.read_text(encoding="utf-8").splitlines()
    return [(i + 1, line.strip()) for i, line in enumerate(lines)
            if line.strip().startswith("python -m pip install")]


def test_readme_is_a_front_door() -> None:
    """Under 200 lines, with exactly two set-up commands (play; test) on its first screen."""
    assert len(README.read_text(encoding="utf-8").splitlines()) < 200
    commands = _setup_commands()
    assert [c for _, c in commands] == [
        "python -m pip install . && python -m nile_desktop",
        'python -m pip install -e ".[test]" && python -m pytest -n auto',
    ]
    assert all(number <= FIRST_SCREEN for number, _ in commands), commands


def test_ci_runs_the_readme_test_command() -> None:
    install, tests = _setup_commands()[1][1].split(" && ")
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    checks = (ROOT / ".ci" / "checks").read_text(encoding="utf-8")
    assert install in [line.strip() for line in run.splitlines()]
    assert "bash .ci/checks" in run
    assert f'step "tests" {tests} "$@"' in checks
