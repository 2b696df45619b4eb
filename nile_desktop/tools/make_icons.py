"""Renders ``assets/icons/icon.svg`` to PNGs and packs the Windows and macOS icons.

``python -m nile_desktop.tools.make_icons`` writes ``icon_<size>.png`` for
every size in ``PNG_SIZES``, ``nile.ico`` and ``nile.icns``. Both icon
containers simply wrap PNG images (ICO since Windows Vista, ICNS since
macOS 10.7), so they are written by the two small functions below and the
project needs no imaging library beyond pygame.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

PNG_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element type -> pixel size of the PNG it holds.
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def png_bytes(svg: Path, size: int) -> bytes:
    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    return buf.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding the given PNGs (size -> PNG bytes)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        edge = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: one PNG element per type of ``ICNS_TYPES``."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parents[2] / "assets" / "icons"
    svg = folder / "icon.svg"
    pngs = {size: png_bytes(svg, size) for size in PNG_SIZES}
    for size, data in pngs.items():
        (folder / f"icon_{size}.png").write_bytes(data)
    (folder / "nile.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    (folder / "nile.icns").write_bytes(icns(pngs))
    print(f"wrote {len(pngs)} PNGs, nile.ico and nile.icns to {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
