"""Paths: finding the game's data in every layout, user folders, atomic writes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nile_desktop import paths


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    paths.data_root.cache_clear()
    yield
    paths.data_root.cache_clear()


def make_root(folder: Path) -> Path:
    (folder / "assets").mkdir(parents=True)
    (folder / "locales").mkdir()
    return folder


def test_source_tree_is_found() -> None:
    """In a checkout the data root is the repository, holding assets/ and locales/."""
    root = paths.data_root()
    assert (root / "assets").is_dir() and (root / "locales").is_dir()
    assert paths.asset("fonts", "NotoSans-Regular.ttf").is_file()
    assert paths.locales_dir() == root / "locales"


def test_pyinstaller_bundle_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PyInstaller bundle (sys._MEIPASS) is preferred over everything else."""
    bundle = make_root(tmp_path / "bundle")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert paths.data_root() == bundle
    assert paths.assets_dir() == bundle / "assets"


def test_installed_package_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed package finds its data in nile_desktop/_data."""
    package = tmp_path / "site-packages" / "nile_desktop"
    make_root(package / "_data")
    monkeypatch.setattr(paths, "_PACKAGE_DIR", package)
    assert paths.data_root() == package / "_data"


def test_no_data_anywhere_names_the_places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without any data folder the error lists every place that was searched."""
    package = tmp_path / "lonely" / "nile_desktop"
    package.mkdir(parents=True)
    monkeypatch.setattr(paths, "_PACKAGE_DIR", package)
    with pytest.raises(FileNotFoundError) as info:
        paths.data_root()
    assert str(package / "_data") in str(info.value)


def test_user_folders_follow_the_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """NILE_DESKTOP_HOME moves config, data and logs under one folder (used by tests)."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    assert paths.user_config_dir() == tmp_path / "config"
    assert paths.user_data_dir() == tmp_path / "data"
    assert paths.user_log_dir() == tmp_path / "log"


def test_user_folders_default_to_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the override user files go to the platform's folders for this app."""
    monkeypatch.delenv("NILE_DESKTOP_HOME", raising=False)
    import platformdirs

    assert paths.user_config_dir() == Path(platformdirs.user_config_dir(paths.APP_NAME, paths.APP_AUTHOR))
    assert paths.APP_NAME in str(paths.user_data_dir())
    assert paths.APP_NAME in str(paths.user_log_dir())


def test_write_atomic_replaces_whole_file(tmp_path: Path) -> None:
    """Writing creates missing folders, replaces the old content and leaves no temp file."""
    target = tmp_path / "a" / "b" / "file.json"
    paths.write_atomic(target, "první")
    paths.write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert os.listdir(target.parent) == ["file.json"]


def test_write_atomic_failure_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the rename fails the old file is untouched and the temporary file is removed."""
    target = tmp_path / "file.txt"
    target.write_text("old")

    def fail(src: str, dst: str) -> None:
        raise OSError("no")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", fail)
        with pytest.raises(OSError):
            paths.write_atomic(target, "new")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["file.txt"]
