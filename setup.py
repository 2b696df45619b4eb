"""Build hook: ship the game's data inside the package.

A wheel must carry ``assets/`` and the translation catalogues, so building
copies both into ``nile_desktop/_data/`` (where ``nile_desktop.paths`` looks
for them in an installed game) and compiles every ``.po`` catalogue to the
``.mo`` that gettext reads, with Babel (only the ``.mo`` are shipped). An editable install (``pip install
-e .``) instead compiles the ``.mo`` files in place, next to their ``.po``,
when Babel is available. Everything else about the package is in
pyproject.toml.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("assets", "locales")


def compile_catalogues(locales: Path, required: bool) -> None:
    """Write ``<lang>/LC_MESSAGES/*.mo`` beside every ``.po`` under ``locales``."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError as exc:
        if required:
            raise RuntimeError("Babel is needed to compile the translations: pip install babel") from exc
        print("Babel is not installed: translations not compiled (the game falls back to English)")
        return
    for po in sorted(locales.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            catalogue = read_po(fh)
        buffer = io.BytesIO()
        write_mo(buffer, catalogue)
        po.with_suffix(".mo").write_bytes(buffer.getvalue())
        print(f"compiled {po.relative_to(locales)}")


class BuildWithData(build_py):
    """build_py that also copies the data folders into the package and compiles translations."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            compile_catalogues(ROOT / "locales", required=False)
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
        compile_catalogues(target / "locales", required=True)
        # The game reads only the compiled catalogues; sources stay out of the package.
        for source in (*target.glob("locales/*/LC_MESSAGES/*.po"), *target.glob("locales/*.pot")):
            source.unlink()


setup(cmdclass={"build_py": BuildWithData})
