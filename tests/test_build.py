"""The build's parts that need no PyInstaller run: names, metadata, the zip and the smoke check.

The full build is in ``test_build_smoke.py``; these run in a second, so a
mistake in a file name, the Info.plist, the Windows version resource, the
zip or the read-only check shows up with the ordinary tests.
"""

from __future__ import annotations

import os
import stat
import sys
import zipfile
from pathlib import Path

import pytest

BUILD_SPEC = Path(__file__).resolve().parents[1] / "build_spec"
sys.path.insert(0, str(BUILD_SPEC))

import nile_desktop  # noqa: E402

import build  # noqa: E402
import bundle_files  # noqa: E402
import bundle_info  # noqa: E402
import smoke  # noqa: E402


def test_version_comes_from_the_package() -> None:
    assert bundle_info.read_version() == nile_desktop.__version__


@pytest.mark.parametrize(
    ("system", "machine", "name"),
    [
        ("Linux", "x86_64", "NileDesktop-1.2.3-linux-x86_64.zip"),
        ("Darwin", "arm64", "NileDesktop-1.2.3-macos-arm64.zip"),
        ("Windows", "AMD64", "NileDesktop-1.2.3-windows-x86_64.zip"),
        ("Linux", "aarch64", "NileDesktop-1.2.3-linux-arm64.zip"),
    ],
)
def test_zip_names(system: str, machine: str, name: str) -> None:
    assert bundle_info.zip_name("1.2.3", system, machine) == name


def test_version_numbers_are_four_for_windows() -> None:
    assert bundle_info.version_numbers("0.1.0") == (0, 1, 0, 0)
    assert bundle_info.version_numbers("2.10.3rc1+local") == (2, 10, 3, 1)


def test_info_plist_names_the_app_and_asks_for_high_resolution() -> None:
    plist = bundle_info.info_plist("0.1.0")
    assert plist["CFBundleIdentifier"] == bundle_info.BUNDLE_ID
    assert plist["CFBundleShortVersionString"] == "0.1.0"
    assert plist["NSHighResolutionCapable"] is True
    assert len(str(plist["CFBundleName"])) <= 15  # longer names are cut in the menu bar


def test_windows_version_resource_is_what_pyinstaller_reads() -> None:
    """The text is a Python expression of PyInstaller's version classes; evaluate it with stubs."""

    def record(kind: str):
        return lambda *args, **kwargs: (kind, args, kwargs)

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    text = bundle_info.windows_version_text("0.1.0")
    info = eval(text, {name: record(name) for name in names})  # noqa: S307 - our own text
    assert info[0] == "VSVersionInfo"
    assert info[2]["ffi"][2]["filevers"] == (0, 1, 0, 0)
    assert "StringStruct', ('ProductVersion', '0.1.0')" in repr(info)
    assert "OriginalFilename', 'NileDesktop.exe'" in repr(info)


def test_bundle_paths_per_system(tmp_path: Path) -> None:
    assert build.bundle_paths(tmp_path, "App", "linux") == (tmp_path / "App", tmp_path / "App" / "App")
    assert build.bundle_paths(tmp_path, "App", "windows")[1] == tmp_path / "App" / "App.exe"
    root, program = build.bundle_paths(tmp_path, "App", "macos")
    assert root == tmp_path / "App.app" and program == root / "Contents" / "MacOS" / "App"


def test_spec_leaves_out_numpy_tkinter_and_pygame_extras() -> None:
    for name in ("numpy", "tkinter", "pygame.examples", "pygame.tests", "pygame.docs"):
        assert name in bundle_info.EXCLUDES
    spec = (BUILD_SPEC / "nile_desktop.spec").read_text(encoding="utf-8")
    assert "upx=False" in spec and "console=False" in spec and "onefile" not in spec.split('"""')[2]


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links and mode bits are Unix")
def test_zip_keeps_links_and_mode_bits(tmp_path: Path) -> None:
    app = tmp_path / "App"
    (app / "lib").mkdir(parents=True)
    (app / "lib" / "libthing.so.1").write_bytes(b"\x7fELF")
    (app / "libthing.so.1").symlink_to("lib/libthing.so.1")
    program = app / "App"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    archive = bundle_files.make_zip(app, tmp_path / "out" / "App.zip")
    with zipfile.ZipFile(archive) as zf:
        infos = {info.filename: info for info in zf.infolist()}
        assert zf.read("App/libthing.so.1") == b"lib/libthing.so.1"
    assert stat.S_ISLNK(infos["App/libthing.so.1"].external_attr >> 16)
    assert (infos["App/App"].external_attr >> 16) & 0o777 == 0o755
    assert "App/lib/" in infos


def test_folder_size_does_not_count_links_twice(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"x" * 1000)
    if sys.platform != "win32":
        (tmp_path / "b").symlink_to("a")
    assert bundle_files.folder_size(tmp_path) == 1000


def _fake_app(tmp_path: Path, body: str) -> tuple[Path, list[str]]:
    """A stand-in 'built app': a Python script that writes a log like the game does."""
    root = tmp_path / "App"
    root.mkdir()
    script = root / "app.py"
    script.write_text(
        "import os, pathlib\n"
        "log = pathlib.Path(os.environ['NILE_DESKTOP_HOME'], 'log')\n"
        "log.mkdir(parents=True)\n"
        "(log / 'nile-desktop.log').write_text('INFO demo game over after 9 moves\\n')\n" + body
    )
    return root, [sys.executable, str(script)]


def test_smoke_check_passes_a_well_behaved_app(tmp_path: Path) -> None:
    root, command = _fake_app(tmp_path, "")
    result = smoke.run_smoke(root, command, home=tmp_path)
    assert result.problems() == []
    assert os.access(root / "app.py", os.W_OK)  # writable again afterwards


def test_smoke_check_catches_a_file_written_next_to_the_app(tmp_path: Path) -> None:
    """Even when the read-only folder does not stop it (root ignores permissions)."""
    body = ("try:\n    (pathlib.Path(__file__).parent / 'settings.json').write_text('{}')\n"
            "except OSError:\n    raise SystemExit(3)\n")
    root, command = _fake_app(tmp_path, body)
    problems = smoke.run_smoke(root, command, home=tmp_path).problems()
    assert problems and ("settings.json" in problems[0] or "exit status 3" in problems[0])


def test_smoke_check_catches_errors_in_the_log(tmp_path: Path) -> None:
    body = ("with open(log / 'nile-desktop.log', 'a') as fh:\n"
            "    fh.write('x WARNING nile_desktop.i18n: no catalogue for language \\'cs\\' in y\\n')\n")
    root, command = _fake_app(tmp_path, body)
    problems = smoke.run_smoke(root, command, home=tmp_path).problems()
    assert any("no catalogue" in problem for problem in problems)


def test_bundle_check_lists_missing_files(tmp_path: Path) -> None:
    source = tmp_path / "src_assets"
    (source / "fonts").mkdir(parents=True)
    (source / "fonts" / "Font.ttf").write_bytes(b"")
    (source / "icons").mkdir()
    (source / "icons" / "nile.icns").write_bytes(b"")  # needed by the build only
    root = tmp_path / "App"
    (root / "_internal" / "assets").mkdir(parents=True)
    (root / "_internal" / "numpy").mkdir()
    problems = smoke.bundle_problems(root, source)
    assert "missing from the bundle: assets/fonts/Font.ttf" in problems
    assert "missing from the bundle: locales/cs/LC_MESSAGES/nile_desktop.mo" in problems
    assert not any("nile.icns" in problem for problem in problems)
    assert any("numpy" in problem for problem in problems)


def test_bundle_check_reads_the_czech_catalogue(tmp_path: Path) -> None:
    """The bundle's Czech .mo must load and translate, not merely exist."""
    from nile_desktop import i18n

    folder = tmp_path / "App" / "_internal" / "locales" / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "nile_desktop.mo").write_bytes(b"not a catalogue")
    assert any("cannot be read" in p for p in smoke.bundle_problems(tmp_path / "App", None))
    po, _mo = i18n.catalogue_paths("cs")
    (folder / "nile_desktop.mo").write_bytes(i18n.compile_po(po))
    assert not any("Czech" in p for p in smoke.bundle_problems(tmp_path / "App", None))
