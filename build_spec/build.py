"""Build the double-clickable app: ``python build_spec/build.py``.

Steps, each from scratch so that nothing installed by hand leaks in:

1. a clean virtual environment in ``build/venv``;
2. a copy of the source tree in ``build/src`` and a normal (not editable)
   ``pip install`` of it, plus the pinned PyInstaller of
   ``build_spec/requirements.txt``;
3. PyInstaller with ``build_spec/nile_desktop.spec`` (onedir, no UPX), its
   work files in ``build/pyinstaller``, the app in ``dist/``;
4. ``dist/NileDesktop-<version>-<system>-<arch>.zip`` of the app folder
   (``NileDesktop/`` on Windows and Linux, ``NileDesktop.app`` on macOS).

It prints the app's size and, on Linux, the oldest glibc it runs on.
``--bare`` builds the startup benchmark's bare pygame-ce window instead,
with the same options. Needs only the standard library to start; the
Python running it is the one the app is built with.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import venv
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle_info  # noqa: E402
from bundle_files import folder_size, glibc_needed, make_zip  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = bundle_info.REPO
SPEC = HERE / "nile_desktop.spec"
REQUIREMENTS = HERE / "requirements.txt"
#: What is left out of the source copy that gets installed.
SOURCE_IGNORE = shutil.ignore_patterns(
    ".git", ".github", "build", "dist", "*.egg-info", ".venv", ".ci-venv", "venv", "__pycache__",
    ".pytest_cache", ".ruff_cache", ".benchmarks", "*.mo", "*.py[cod]", "out", "tests",
)


class ToolsUnavailable(RuntimeError):
    """PyInstaller could not be installed into the build environment (no network?)."""


@dataclass(frozen=True)
class Built:
    """Where one build landed."""

    name: str
    root: Path  #: the folder people get: ``NileDesktop/`` or ``NileDesktop.app``
    executable: Path  #: the program inside it
    archive: Path | None = None  #: the zip, when one was made


def venv_python(env: Path) -> Path:
    """The interpreter of the virtual environment ``env``."""
    if os.name == "nt":
        return env / "Scripts" / "python.exe"
    return env / "bin" / "python"


def bundle_paths(out: Path, name: str, system: str | None = None) -> tuple[Path, Path]:
    """The app folder (or ``.app``) and the executable inside it, for ``name`` built into ``out``."""
    system = system or bundle_info.system_name()
    if system == "macos":
        root = out / f"{name}.app"
        return root, root / "Contents" / "MacOS" / name
    root = out / name
    return root, root / (f"{name}.exe" if system == "windows" else name)


def _run(command: list[str | Path], **kwargs: object) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, **kwargs)  # type: ignore[call-overload]


def prepare_venv(work: Path, *, reuse: bool = False) -> Path:
    """A virtual environment in ``work/venv`` with the game (normal install) and PyInstaller.

    With ``reuse`` an environment left by an earlier build is kept as it is.
    """
    env = work / "venv"
    python = venv_python(env)
    if reuse and python.exists():
        return python
    if env.exists():
        shutil.rmtree(env)
    source = work / "src"
    if source.exists():
        shutil.rmtree(source)
    shutil.copytree(REPO, source, ignore=SOURCE_IGNORE)
    venv.EnvBuilder(with_pip=True, clear=True).create(env)
    pip = [python, "-m", "pip", "--disable-pip-version-check", "install", "-q"]
    try:
        _run([*pip, "-r", REQUIREMENTS])
    except subprocess.CalledProcessError as exc:
        raise ToolsUnavailable(f"PyInstaller could not be installed ({exc})") from exc
    _run([*pip, source])
    return python


def run_pyinstaller(python: Path, out: Path, work: Path, *, bare: bool = False) -> Built:
    """Run the spec with ``python`` (a prepared environment); returns the built bundle."""
    name = bundle_info.BARE_NAME if bare else bundle_info.APP_NAME
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)  # the installed game, never a source tree, is frozen
    command: list[str | Path] = [
        python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", out, "--workpath", work / ("pyinstaller-bare" if bare else "pyinstaller"),
        SPEC,
    ]
    if bare:
        command += ["--", "--bare"]
    # Started from the work folder, so `python -m` puts no source checkout on sys.path.
    _run(command, cwd=work, env=env)
    root, executable = bundle_paths(out, name)
    if not executable.exists():
        raise SystemExit(f"PyInstaller finished but {executable} is missing")
    return Built(name, root, executable)


def build(out: Path, work: Path, *, bare: bool = False, reuse_venv: bool = False,
          archive: bool = True) -> Built:
    """Prepare the environment, freeze the app (or the bare window) and zip it."""
    out, work = out.resolve(), work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    python = prepare_venv(work, reuse=reuse_venv)
    built = run_pyinstaller(python, out, work, bare=bare)
    if archive and not bare:
        version = bundle_info.read_version()
        target = out / bundle_info.zip_name(version)
        make_zip(built.root, target)
        built = Built(built.name, built.root, built.executable, target)
    return built


def report(built: Built) -> None:
    """Print where the build is, its size and (on Linux) the oldest glibc it needs."""
    print(f"app:      {built.root}")
    print(f"program:  {built.executable}")
    print(f"size:     {folder_size(built.root) / 1e6:.1f} MB unzipped")
    if built.archive is not None:
        print(f"download: {built.archive} ({built.archive.stat().st_size / 1e6:.1f} MB)")
    if bundle_info.system_name() == "linux":
        needed = glibc_needed(built.root)
        if needed is not None:
            version, binary = needed
            print(f"glibc:    {version} or newer (highest GLIBC_ symbol version, in {binary})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build_spec/build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=REPO / "dist", help="where the app goes")
    parser.add_argument("--work", type=Path, default=REPO / "build",
                        help="virtual environment, source copy and PyInstaller's work files")
    parser.add_argument("--bare", action="store_true",
                        help="build the bare pygame-ce window of the startup benchmark")
    parser.add_argument("--reuse-venv", action="store_true",
                        help="keep the virtual environment of an earlier build (faster, less clean)")
    parser.add_argument("--no-zip", action="store_true", help="leave the app unzipped only")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    built = build(args.out, args.work, bare=args.bare, reuse_venv=args.reuse_venv,
                  archive=not args.no_zip)
    report(built)
    print(f"built in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
