"""The built app plays a game: freeze it with PyInstaller and start it headless.

This is the check that the double-clickable app works: the build
(``build_spec/build.py``: a clean virtual environment, a normal install,
the spec, the zip) runs into a temporary folder, then the built program
plays a short bots-only game with its own folder read-only and its user
folders pointed at a temporary one (``build_spec/smoke.py``). A missing
data file, catalogue, font or hidden import, or a file written next to the
app, fails it. It takes a minute or two, so it is in the ``slow`` group, which the
everyday ``python -m pytest -n auto -m "not slow"`` leaves out, and marked ``build``, which
the Windows and macOS jobs leave out (their own build step does the same); CI runs it.
"""

from __future__ import annotations

import stat
import sys
import zipfile
from pathlib import Path

import pytest

BUILD_SPEC = Path(__file__).resolve().parents[1] / "build_spec"
sys.path.insert(0, str(BUILD_SPEC))

import build  # noqa: E402
import bundle_info  # noqa: E402
import smoke  # noqa: E402

pytestmark = [pytest.mark.build, pytest.mark.slow]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> build.Built:
    """One build of the app for the whole module (the slow part)."""
    work = tmp_path_factory.mktemp("build")
    try:
        return build.build(work / "dist", work / "work")
    except build.ToolsUnavailable as exc:
        pytest.skip(f"cannot build the app here: {exc}")


def test_built_app_plays_a_demo_game_without_writing_next_to_itself(
    built: build.Built, tmp_path: Path
) -> None:
    """Exit status 0 after a whole game, the app folder untouched, the log in the user folder."""
    home = tmp_path / "home"
    home.mkdir()
    result = smoke.run_smoke(built.root, [str(built.executable), *smoke.DEMO_ARGS], home=home)
    assert not result.problems(), "\n".join(result.problems())
    assert (home / "log" / "nile-desktop.log").is_file()


def test_bundle_has_data_catalogues_and_fonts_and_no_numpy(built: build.Built) -> None:
    assert not smoke.bundle_problems(built.root), "\n".join(smoke.bundle_problems(built.root))


def test_zip_keeps_the_program_executable_and_the_links(built: build.Built) -> None:
    """The download unzips to a program that starts: mode bits and symbolic links survive."""
    assert built.archive is not None
    assert built.archive.name == bundle_info.zip_name(bundle_info.read_version())
    with zipfile.ZipFile(built.archive) as zf:
        infos = {info.filename: info for info in zf.infolist()}
    program = built.executable.relative_to(built.root.parent).as_posix()
    assert program in infos
    if sys.platform != "win32":
        assert (infos[program].external_attr >> 16) & stat.S_IXUSR
        links = [p for p in built.root.rglob("*") if p.is_symlink()]
        zipped_links = [i for i in infos.values() if stat.S_ISLNK(i.external_attr >> 16)]
        assert len(zipped_links) == len(links)
