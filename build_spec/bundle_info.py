"""What the built app is called and carries, shared by the spec, the build command and tests.

Everything here is plain data or a pure function, so it can be checked by
the test suite without running PyInstaller: names and version strings, the
modules left out of the build, the macOS ``Info.plist`` and the Windows
version resource. It is imported by ``nile_desktop.spec`` (PyInstaller runs
the spec with this folder on ``sys.path``) and by ``build.py``.
"""

from __future__ import annotations

import ast
import platform
import re
from pathlib import Path

#: Name of the executable, the onedir folder and the macOS ``.app``.
APP_NAME = "NileDesktop"
#: Name people see (macOS menu bar and Finder, Windows file properties).
DISPLAY_NAME = "Nile Desktop"
BUNDLE_ID = "org.niledesktop.NileDesktop"
DESCRIPTION = "Nile DeLuxor, the card game of farming on the Nile"
COPYRIGHT = "Nile desktop developers, MIT licence"
#: The tiny pygame-ce program the startup benchmark compares the app with.
BARE_NAME = "BareWindow"
#: Oldest macOS the bundle claims to run on (pygame-ce's arm64 wheels need 11).
MACOS_MINIMUM = "11.0"

REPO = Path(__file__).resolve().parents[1]

#: Modules the game never imports but PyInstaller would find and ship.
EXCLUDES: tuple[str, ...] = (
    # The game never draws with Tk; the stdlib would pull in Tcl/Tk (~10 MB).
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    # pygame's own test suite, examples and docs browser.
    "pygame.tests", "pygame.examples", "pygame.docs", "pygame.__briefcase",
    # pygame's optional array and camera backends: numpy must never be shipped.
    "numpy", "pygame.surfarray", "pygame.sndarray", "pygame._camera_opencv", "cv2",
    # Build and development tools of the project, and what only they use.
    "nile_desktop.tools", "nile_desktop.bench", "babel", "setuptools", "pkg_resources",
    "pip", "wheel", "pytest", "_pytest", "unittest", "doctest", "pydoc", "pydoc_data",
    "lib2to3", "ensurepip", "venv", "distutils",
    # Networking, mail and XML: the game never goes online. The standard library
    # imports these only inside functions the game does not call (logging's HTTP
    # and mail handlers, multiprocessing's XML-RPC listener); leaving out ssl and
    # _hashlib also drops OpenSSL (~5 MB; hashlib falls back to its built-in hashes).
    "ssl", "_ssl", "_hashlib", "http", "urllib.request", "email", "smtplib", "ftplib",
    "mailbox", "xmlrpc", "xml", "pyexpat",
)

#: Libraries left to the Linux system rather than shipped. Only fluidsynth (MIDI in
#: SDL_mixer) needs the C++ runtime, and only a 2013 one (GLIBCXX_3.4.19), which
#: every desktop has; a copy from the build machine would raise the glibc the app
#: needs to the build machine's and can be older than the system's graphics
#: drivers expect (Mesa then fails to load and SDL falls back to software drawing).
LINUX_SYSTEM_LIBS: tuple[str, ...] = ("libstdc++.so.6", "libgcc_s.so.1")

#: Data files of the ``assets/`` folder that only the build uses (icons for the bundle).
BUILD_ONLY_ASSETS: tuple[str, ...] = ("icons/nile.ico", "icons/nile.icns")


def read_version(init: Path = REPO / "nile_desktop" / "__init__.py") -> str:
    """``nile_desktop.__version__`` read from the source without importing the package."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__version__" for target in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise ValueError(f"no __version__ in {init}")


def system_name(system: str | None = None) -> str:
    """``linux``, ``macos`` or ``windows`` for ``platform.system()`` (or the given name)."""
    system = system or platform.system()
    return {"Darwin": "macos", "Windows": "windows", "Linux": "linux"}.get(system, system.lower())


def arch_name(machine: str | None = None) -> str:
    """The processor as release files name it: ``x86_64`` or ``arm64``."""
    machine = (machine or platform.machine()).lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def zip_name(version: str, system: str | None = None, machine: str | None = None) -> str:
    """File name of the download, e.g. ``NileDesktop-0.1.0-linux-x86_64.zip``."""
    return f"{APP_NAME}-{version}-{system_name(system)}-{arch_name(machine)}.zip"


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The leading numbers of ``version`` padded to four (Windows wants exactly four)."""
    numbers = [int(part) for part in re.findall(r"\d+", version.split("+")[0])[:4]]
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def info_plist(version: str) -> dict[str, object]:
    """The keys PyInstaller merges into the macOS bundle's ``Info.plist``."""
    short = ".".join(str(n) for n in version_numbers(version)[:3])
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": short,
        "CFBundleVersion": version,
        "CFBundlePackageType": "APPL",
        "LSApplicationCategoryType": "public.app-category.card-games",
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSPrincipalClass": "NSApplication",
        "NSRequiresAquaSystemAppearance": False,
    }


def windows_version_text(version: str) -> str:
    """The Windows version resource in the text form PyInstaller's ``version=`` file takes."""
    numbers = version_numbers(version)
    strings = {
        "CompanyName": "Nile desktop developers",
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }
    entries = ",\n".join(
        f"            StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
        StringTable('040904B0', [
{entries}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
