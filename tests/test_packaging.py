"""Packaging: a wheel carries the game's data (assets, fonts, compiled catalogues)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: Left out of the copy that is built: what git ignores, virtual environments (CI's .ci-venv
#: lies inside the clone) and caches, none of which goes into a wheel anyway.
SKIP_COPY = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", ".venv", ".ci-venv",
                                   "venv", "__pycache__", ".pytest_cache", ".ruff_cache",
                                   ".mypy_cache", "*.mo", "out", "tests")


def _can_build_offline() -> bool:
    """Whether this Python can build a wheel without fetching build requirements."""
    try:
        version = tuple(int(p) for p in metadata.version("setuptools").split(".")[:2])
    except metadata.PackageNotFoundError:
        return False
    has_bdist_wheel = version >= (70, 1) or importlib.util.find_spec("wheel") is not None
    return version >= (68, 0) and has_bdist_wheel


@pytest.mark.slow  # builds the game's wheel with pip
def test_wheel_ships_assets_fonts_and_catalogues(tmp_path: Path) -> None:
    """A normal (non-editable) build puts assets/, the fonts and every compiled .mo (no .po)
    into nile_desktop/_data, where nile_desktop.paths looks in an installed game."""
    source = tmp_path / "src"
    shutil.copytree(REPO, source, ignore=SKIP_COPY)
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist")]
    if _can_build_offline():
        command.append("--no-build-isolation")
    result = subprocess.run([*command, str(source)], capture_output=True, text=True, timeout=300)
    if result.returncode != 0 and "--no-build-isolation" not in command:
        pytest.skip(f"build requirements could not be installed: {result.stderr[-400:]}")
    assert result.returncode == 0, result.stderr
    [wheel] = (tmp_path / "dist").glob("nile_desktop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    data = "nile_desktop/_data/"
    assert f"{data}assets/fonts/NotoSans-Regular.ttf" in names
    assert f"{data}assets/fonts/NotoSans-Bold.ttf" in names
    for code in ("en", "cs"):
        assert f"{data}locales/{code}/LC_MESSAGES/nile_desktop.mo" in names
    assert not [n for n in names if n.endswith((".po", ".pot"))]
    assert "nile_desktop/paths.py" in names and "nile_desktop/engine/__init__.py" in names
