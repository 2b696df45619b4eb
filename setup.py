"""Build hook: ship the game's data inside the package.

A wheel must carry ``assets/`` and the translation catalogues, so building
copies both into ``nile_desktop/_data/`` (where ``nile_desktop.paths`` looks
for them in an installed game) and compiles every ``.po`` catalogue to the
``.mo`` that gettext reads (only the ``.mo`` are shipped). The compiler is
the game's own ``nile_desktop/pofile.py`` (standard library only), loaded by
path, so building needs no Babel. An editable install needs nothing: the
game reads the ``.po`` in the checkout directly. Everything else about the
package is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("assets", "locales")


def compile_catalogues(locales: Path) -> None:
    """Write ``<lang>/LC_MESSAGES/*.mo`` beside every ``.po`` under ``locales``."""
    spec = importlib.util.spec_from_file_location("_nile_pofile", ROOT / "nile_desktop" / "pofile.py")
    assert spec is not None and spec.loader is not None
    pofile = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pofile)
    for mo in pofile.compile_tree(locales):
        print(f"compiled {mo.relative_to(locales)}")


class BuildWithData(build_py):
    """build_py that also copies the data folders into the package and compiles translations."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "nile_desktop" / "_data"
        if target.exists():
            shutil.rmtree(target)
        for folder in DATA_FOLDERS:
            shutil.copytree(
                ROOT / folder,
                target / folder,
                ignore=shutil.ignore_patterns("*.mo", "__pycache__", ".*"),
            )
        compile_catalogues(target / "locales")
        # The game reads only the compiled catalogues; sources stay out of the package.
        for source in (*target.glob("locales/*/LC_MESSAGES/*.po"), *target.glob("locales/*.pot")):
            source.unlink()


setup(cmdclass={"build_py": BuildWithData})
