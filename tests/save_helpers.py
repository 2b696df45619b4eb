"""Shared ground of the save and bad-file tests: a private home folder and a headless App."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nile_desktop import i18n
from nile_desktop.saves import library as save_library
from nile_desktop.soak.drive import headless_app


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """User folders in a fresh temporary folder, English, and no cached save summaries."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    save_library._info_cache.clear()
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture
def app(home: Path) -> Iterator[object]:
    """A started App on the dummy video driver."""
    app = headless_app()
    yield app
    app.shutdown()
