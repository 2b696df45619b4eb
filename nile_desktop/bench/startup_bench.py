"""Startup of the built app: time to the first frame, beside a bare pygame-ce window.

``python -m nile_desktop.bench startup`` (from a source checkout) builds, or
reuses from ``build/bench/dist``, two PyInstaller onedir programs with the
same spec and options: the game, and ``build_spec/bare_window.py``, which only
opens a window and flips it. Each is started headless (SDL's dummy drivers)
several times, alternating, and timed from just before the process is
started to its first ``pygame.display.flip``. The moment of that flip is
written by the runtime hook ``build_spec/first_frame_hook.py`` into the file
named by ``NILE_DESKTOP_FIRST_FRAME_FILE``, so the game needs no timing code.
The game starts as a player would start it: no options, a first start with
empty user folders, up to the title screen.

Prints the median and the fastest time of each, their ratio (goal: the game
at most 1.5x the bare window) and the size of the built game (goal: at most
80 MB unzipped on Linux).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import nile_desktop

REPO = Path(nile_desktop.__file__).resolve().parents[1]
BUILD_SPEC = REPO / "build_spec"
MARKER_ENV = "NILE_DESKTOP_FIRST_FRAME_FILE"
RATIO_GOAL = 1.5
SIZE_GOAL_MB = 80


def _build_module() -> ModuleType:
    """``build_spec/build.py``, which only a source checkout has."""
    if not (BUILD_SPEC / "build.py").is_file():
        raise SystemExit(f"the startup benchmark builds the app and needs the source tree; "
                         f"no {BUILD_SPEC / 'build.py'}")
    sys.path.insert(0, str(BUILD_SPEC))
    import build  # the build command's module, from build_spec/

    module: ModuleType = build
    return module


def first_frame_seconds(executable: Path, *, timeout: float = 60.0) -> float:
    """Seconds from starting ``executable`` headless to its first frame; the process is then ended."""
    with tempfile.TemporaryDirectory(prefix="nile-startup-") as folder:
        marker = Path(folder) / "first-frame"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", NILE_DESKTOP_HOME=str(Path(folder) / "home"))
        env[MARKER_ENV] = str(marker)
        started = time.time()
        process = subprocess.Popen([str(executable.resolve())], env=env, cwd=folder,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                shown = _read_marker(marker)
                if shown is not None:
                    return shown - started
                if process.poll() is not None:
                    raise RuntimeError(f"{executable} exited ({process.returncode}) before a frame")
                if time.time() - started > timeout:
                    raise RuntimeError(f"{executable} showed no frame within {timeout:.0f} s")
                time.sleep(0.002)
        finally:
            if process.poll() is None:
                process.terminate()
            process.wait(timeout=30)


def _read_marker(marker: Path) -> float | None:
    try:
        return float(marker.read_text(encoding="ascii"))
    except (OSError, ValueError):  # not there yet, or caught half-written
        return None


def _ensure_builds(build: ModuleType, out: Path, work: Path, rebuild: bool) -> dict[str, Path]:
    """Executables of the game and the bare window, building whichever is missing."""
    import bundle_info  # from build_spec/, put on sys.path by _build_module

    programs: dict[str, Path] = {}
    # The game is always built from a clean environment, its checkout installed afresh (an
    # environment kept from an earlier build would freeze the game installed then); the bare
    # window, which has no game in it, reuses it.
    clean_venv = True
    for name, bare in ((bundle_info.APP_NAME, False), (bundle_info.BARE_NAME, True)):
        _root, executable = build.bundle_paths(out, name)
        if rebuild or not executable.exists():
            print(f"building {name} ...", flush=True)
            build.build(out, work, bare=bare, reuse_venv=not clean_venv, archive=False)
            clean_venv = False
        else:
            built_at = time.strftime("%Y-%m-%d %H:%M", time.localtime(executable.stat().st_mtime))
            print(f"reusing {name} built {built_at} ({executable})")
        programs[name] = executable
    return programs


def run(runs: int = 7, rebuild: bool = False, timeout: float = 60.0) -> dict[str, float]:
    """Build or reuse both programs, time them, print the figures; returns them too."""
    build = _build_module()
    from bundle_files import folder_size  # from build_spec/, on sys.path once _build_module ran

    work = REPO / "build"
    out = work / "bench" / "dist"
    programs = _ensure_builds(build, out, work, rebuild)
    times: dict[str, list[float]] = {name: [] for name in programs}
    for executable in programs.values():  # warm-up: the first start reads the files from disk
        first_frame_seconds(executable, timeout=timeout)
    for _ in range(runs):  # alternate, so a busy moment of the machine hits both alike
        for name, executable in programs.items():
            times[name].append(first_frame_seconds(executable, timeout=timeout))
    app, bare = list(programs)
    figures = {f"{name}_{kind}": fn(values) for name, values in times.items()
               for kind, fn in (("median", statistics.median), ("min", min))}
    figures["ratio"] = figures[f"{app}_median"] / figures[f"{bare}_median"]
    figures["size_mb"] = folder_size(build.bundle_paths(out, app)[0]) / 1e6
    print(f"\nTime to first frame, headless, {runs} starts each after a warm-up:")
    for name in programs:
        print(f"  {name:<12} median {figures[f'{name}_median']:.3f} s"
              f"   min {figures[f'{name}_min']:.3f} s")
    print(f"  ratio        {figures['ratio']:.2f}x the bare pygame-ce window (goal <= {RATIO_GOAL:g}x)")
    print(f"Size of the built {app}: {figures['size_mb']:.1f} MB unzipped (goal <= {SIZE_GOAL_MB} MB)")
    return figures
