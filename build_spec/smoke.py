"""Smoke test of a built app: ``python build_spec/smoke.py [--dist dist]``.

Starts the built program headless (SDL's dummy video and audio drivers) in
demo mode, where bots play a short two-player game in Czech and the program
quits at the end, and requires:

- exit status 0 and a finished game in the log, with no error logged and the
  Czech catalogue found, so a missing data file, catalogue, font or hidden
  import fails;
- the app folder made read-only for the run and unchanged after it, and the
  log written into the user folders (``NILE_DESKTOP_HOME`` points them at a
  temporary folder), so an app in Program Files or a read-only ``.app`` works;
- the bundle carries every asset of the source tree, the fonts and the
  compiled catalogues, and no numpy.

The build test (``tests/test_build_smoke.py``) and every CI job run it.
"""

from __future__ import annotations

import argparse
import gettext
import os
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle_info  # noqa: E402

DEMO_ARGS = ("--demo", "--players", "2", "--bots", "random,random", "--seed", "1",
             "--speed", "200", "--quit-at-end", "--lang", "cs")
#: Log lines that mean the packaged app lacks something even though it ran.
BAD_LOG_TEXT = (" ERROR ", " CRITICAL ", "no catalogue for language", "no compiled catalogue",
                "Traceback (most recent call last)", "audio is off", "no sound:")

Snapshot = dict[str, tuple[int, int, int]]


@dataclass
class SmokeResult:
    """What one smoke run did."""

    code: int | None  #: exit status, None after a timeout
    seconds: float
    output: str  #: stdout and stderr together
    log: str  #: the app's log file ('' when none was written)
    changed: list[str] = field(default_factory=list)  #: paths changed inside the app folder

    def problems(self) -> list[str]:
        """Everything wrong with the run, in words; empty when it passed."""
        found: list[str] = []
        if self.code != 0:
            found.append(f"exit status {self.code} (expected 0); output:\n{self.output[-3000:]}")
        if self.changed:
            found.append("the app wrote inside its own folder: " + ", ".join(self.changed[:20]))
        if not self.log:
            found.append("no log file in the user log folder")
        elif "demo game over" not in self.log:
            found.append("the demo game did not reach its end (see the log)")
        bad = [line for line in self.log.splitlines() if any(t in line for t in BAD_LOG_TEXT)]
        if bad:
            found.append("the log reports problems:\n" + "\n".join(bad[:20]))
        if found and self.log:
            found.append("log:\n" + self.log[-3000:])
        return found


def snapshot(root: Path) -> Snapshot:
    """Type, size and modification time of everything under ``root`` (links not followed)."""
    seen: Snapshot = {}
    for folder, dirs, files in os.walk(root):
        for name in (*dirs, *files):
            path = os.path.join(folder, name)
            info = os.lstat(path)
            seen[os.path.relpath(path, root)] = (stat.S_IFMT(info.st_mode), info.st_size,
                                                 info.st_mtime_ns)
    return seen


def compare(before: Snapshot, after: Snapshot) -> list[str]:
    """Paths added, removed or modified between two snapshots."""
    return sorted(name for name in before.keys() | after.keys()
                  if before.get(name) != after.get(name))


def _set_writable(root: Path, writable: bool) -> None:
    for folder, dirs, files in os.walk(root, topdown=False):
        for name in (*files, *dirs, ""):
            path = os.path.join(folder, name) if name else folder
            if os.path.islink(path):
                continue
            mode = os.stat(path).st_mode
            os.chmod(path, mode | stat.S_IWUSR if writable else mode & ~0o222)


def run_smoke(root: Path, command: list[str], *, home: Path, timeout: float = 300) -> SmokeResult:
    """Run ``command`` (the built program and its demo options) with ``root`` read-only."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               NILE_DESKTOP_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    before = snapshot(root)
    _set_writable(root, False)
    started = time.perf_counter()
    try:
        done = subprocess.run(command, env=env, cwd=home, capture_output=True, text=True,
                              timeout=timeout, errors="replace")
        code, output = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as exc:
        code, output = None, f"timed out after {timeout:.0f} s\n{exc.stdout or ''}{exc.stderr or ''}"
    finally:
        seconds = time.perf_counter() - started
        _set_writable(root, True)
    logs = sorted((home / "log").glob("*.log")) if (home / "log").is_dir() else []
    log = "".join(path.read_text(encoding="utf-8", errors="replace") for path in logs)
    return SmokeResult(code, seconds, output, log, compare(before, snapshot(root)))


def data_root(root: Path) -> Path:
    """Where the bundle keeps ``assets/`` and ``locales/`` (``sys._MEIPASS`` of the app)."""
    mac = root / "Contents" / "Frameworks"
    return mac if mac.is_dir() else root / "_internal"


def bundle_problems(root: Path, source_assets: Path | None = bundle_info.REPO / "assets") -> list[str]:
    """What the bundle lacks (or carries and must not): data files, catalogues, numpy."""
    data = data_root(root)
    found: list[str] = []
    needed = [f"locales/{code}/LC_MESSAGES/nile_desktop.mo" for code in ("en", "cs")]
    needed.append("nile_desktop/tutorial/start.json")  # the tutorial's prepared position
    needed.append("nile_desktop/ai/strengths.json")  # the personalities' measured strengths
    if source_assets is not None and source_assets.is_dir():
        build_only = set(bundle_info.BUILD_ONLY_ASSETS)
        needed += [f"assets/{path.relative_to(source_assets).as_posix()}"
                   for path in sorted(source_assets.rglob("*"))
                   if path.is_file() and not path.name.startswith(".")
                   and path.relative_to(source_assets).as_posix() not in build_only]
    found += [f"missing from the bundle: {name}" for name in needed if not (data / name).is_file()]
    found += _catalogue_problems(data / "locales/cs/LC_MESSAGES/nile_desktop.mo")
    if not list((data / "assets" / "fonts").glob("*.ttf")):
        found.append("no fonts in the bundle")
    found += [f"must not be bundled: {path.relative_to(root)}"
              for path in (data / "numpy", data / "numpy.libs", data / "tkinter") if path.exists()]
    return found


def _catalogue_problems(mo: Path) -> list[str]:
    """A Czech catalogue that exists but cannot be read, or does not translate."""
    if not mo.is_file():
        return []
    try:
        with mo.open("rb") as fh:
            czech = gettext.GNUTranslations(fh)
    except (OSError, ValueError) as exc:
        return [f"the bundle's Czech catalogue cannot be read: {exc}"]
    if czech.gettext("New game") == "New game":
        return ["the bundle's Czech catalogue does not translate 'New game'"]
    return []


def main(argv: list[str] | None = None) -> int:
    from build import bundle_paths

    parser = argparse.ArgumentParser(prog="python build_spec/smoke.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=bundle_info.REPO / "dist")
    args = parser.parse_args(argv)
    root, executable = bundle_paths(args.dist.resolve(), bundle_info.APP_NAME)
    if not executable.exists():
        print(f"no built app at {executable}: run python build_spec/build.py", file=sys.stderr)
        return 2
    problems = bundle_problems(root)
    with tempfile.TemporaryDirectory(prefix="nile-smoke-") as home:
        result = run_smoke(root, [str(executable), *DEMO_ARGS], home=Path(home))
    problems += result.problems()
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    if not problems:
        print(f"smoke game passed in {result.seconds:.1f} s: exit 0, nothing written in {root}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
