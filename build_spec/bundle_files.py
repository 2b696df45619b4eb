"""Looking at a built app on disk: its size, the glibc it needs, and its zip.

Used by ``build.py``, the startup benchmark and the build tests. Only the
standard library (plus ``objdump`` from binutils, when present, for glibc).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import zipfile
from pathlib import Path


def folder_size(root: Path) -> int:
    """Bytes of the regular files under ``root`` (symbolic links are not followed)."""
    total = 0
    for folder, _dirs, files in os.walk(root):
        for name in files:
            info = os.lstat(os.path.join(folder, name))
            if stat.S_ISREG(info.st_mode):
                total += info.st_size
    return total


def _is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as fh:
        return fh.read(4) == b"\x7fELF"


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def glibc_needed(root: Path) -> tuple[str, str] | None:
    """The highest ``GLIBC_x.y`` symbol version any binary under ``root`` needs, and which one.

    That is the oldest glibc (Linux C library) the app runs on. None when
    ``objdump`` is not installed or nothing is an ELF binary.
    """
    objdump = shutil.which("objdump")
    if objdump is None:
        return None
    best: tuple[str, str] | None = None
    for path in sorted(p for p in root.rglob("*") if _is_elf(p)):
        result = subprocess.run([objdump, "-T", str(path)], capture_output=True, text=True)
        for version in set(re.findall(r"GLIBC_(\d+(?:\.\d+)+)", result.stdout)):
            if best is None or _version_key(version) > _version_key(best[0]):
                best = (version, str(path.relative_to(root)))
    return best


def make_zip(root: Path, archive: Path) -> Path:
    """Zip the folder ``root`` (kept as the top folder) into ``archive``.

    Symbolic links stay links and files keep their permission bits, so the
    unzipped app starts like the built one (PyInstaller links shared libraries
    on Linux, and a macOS ``.app`` is full of links). On macOS ``ditto`` makes
    the zip, as Apple recommends for app bundles.
    """
    archive.parent.mkdir(parents=True, exist_ok=True)
    partial = archive.with_name(archive.name + ".part")
    partial.unlink(missing_ok=True)
    if shutil.which("ditto") and root.suffix == ".app":
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(root),
                        str(partial)], check=True)
    else:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(_entries(root)):
                _add(zf, path, path.relative_to(root.parent).as_posix())
    os.replace(partial, archive)
    return archive


def _entries(root: Path) -> list[Path]:
    found = [root]
    for folder, dirs, files in os.walk(root):  # links to folders are listed, not entered
        found += [Path(folder, name) for name in (*dirs, *files)]
    return found


def _add(zf: zipfile.ZipFile, path: Path, name: str) -> None:
    if path.is_symlink():
        info = zipfile.ZipInfo(name)
        info.create_system = 3  # Unix, so the mode bits below are honoured
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(info, os.readlink(path))
    else:
        zf.write(path, name)  # folders get their trailing "/" from zipfile
