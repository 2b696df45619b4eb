"""One cached loader for every picture, font and sound the game shows or plays.

Scenes ask for files by their path under ``assets/`` (``"cards/wheat.svg"``)
and get the loaded object, loaded once. SVG art is rendered by pygame at the
exact pixel size asked, so cards stay sharp at any window size and on HiDPI
screens; recent sizes are kept, older ones dropped.

A name is checked against the real file names, letter case included, before
anything is opened: a game developed on a case-insensitive disk (Windows,
macOS) would otherwise find ``Cards/Wheat.svg`` there and then fail for
players on Linux. A missing or wrongly cased file raises :class:`AssetError`
naming the file, never a bare pygame error.

All text is drawn with the game's own font (Noto Sans, which covers Czech);
pygame's built-in default font is never used, because it is missing from
frozen builds and lacks glyphs.
"""

from __future__ import annotations

import logging
import os
import wave
from collections import OrderedDict
from pathlib import Path

import pygame

from nile_desktop import paths
from nile_desktop.surface_cache import SurfaceCache, budget

log = logging.getLogger(__name__)

#: Rendered SVGs kept (card faces, panels, the table), in windows' worth of pixels.
SVG_CACHE_SCREENS = 6
#: Fonts kept (sizes and weights): a window uses a dozen or two at once.
MAX_FONTS = 32

FONT_FILES = {False: "fonts/NotoSans-Regular.ttf", True: "fonts/NotoSans-Bold.ttf"}
SOUND_FOLDER = "sounds"
SOUND_SUFFIX = ".wav"


def wav_damage(file: Path) -> str:
    """Why the WAV ``file`` cannot be the sound it says it is ("" if it can): a header
    only, or a header that claims more sound than the file holds (which SDL plays as a
    click of a few milliseconds, or aborts on). A WAV the standard reader does not
    know (not PCM) is left to SDL."""
    try:
        with wave.open(str(file), "rb") as wav:
            frames, rate = wav.getnframes(), wav.getframerate()
            claimed = frames * wav.getnchannels() * wav.getsampwidth()
            held = len(wav.readframes(frames))
    except (wave.Error, EOFError) as exc:
        return f"not a whole WAV ({exc or 'it ends early'})" \
            if isinstance(exc, EOFError) else ""
    except OSError:
        return ""  # missing or unreadable: pygame says so as for any asset
    if held < claimed:
        return f"its header claims {claimed} bytes of sound and it holds {held}"
    if frames == 0 or rate <= 0:
        return "a header without sound"
    return ""
MUSIC_FOLDER = "music"
MUSIC_SUFFIX = ".ogg"


class AssetError(Exception):
    """An asset that is missing, wrongly named or unreadable; ``relpath`` names it."""

    def __init__(self, relpath: str, problem: str) -> None:
        super().__init__(f"asset {relpath!r}: {problem}")
        self.relpath = relpath
        self.problem = problem


class Assets:
    """Loads files from one ``assets/`` folder and keeps what it loaded.

    Returned surfaces, fonts and sounds are shared by every caller: copy a
    surface before drawing on it.
    """

    def __init__(self, root: Path | None = None, svg_cache_size: int = 800,
                 svg_cache_screens: float = SVG_CACHE_SCREENS) -> None:
        self._root = root
        self._listings: dict[Path, dict[str, str]] = {}
        #: Rendered SVGs by (file, size), bounded by count and by the memory they hold.
        self._svgs: SurfaceCache[tuple[str, tuple[int, int]]] = SurfaceCache(
            lambda: budget(svg_cache_screens), svg_cache_size)
        self._images: dict[str, pygame.Surface] = {}
        #: Fonts by (pixel size, bold), the least recently used dropped beyond MAX_FONTS
        #: (every window size asks for its own sizes; each font keeps its glyphs).
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    @property
    def root(self) -> Path:
        if self._root is None:
            self._root = paths.assets_dir()
        return self._root

    # -- finding files -------------------------------------------------

    def _listing(self, folder: Path, refresh: bool = False) -> dict[str, str]:
        """Names in ``folder`` keyed by their case-folded form."""
        if refresh or folder not in self._listings:
            try:
                names = os.listdir(folder)
            except OSError:
                names = []
            self._listings[folder] = {name.casefold(): name for name in names}
        return self._listings[folder]

    def path(self, relpath: str) -> Path:
        """The file ``relpath`` (``/``-separated, under ``assets/``), checked to exist with exactly that case."""
        parts = relpath.split("/")
        if not relpath or relpath.startswith("/") or "\\" in relpath or any(
            part in ("", ".", "..") for part in parts
        ):
            raise AssetError(relpath, "not a plain relative path like 'cards/wheat.svg'")
        current = self.root
        for part in parts:
            listing = self._listing(current)
            if part.casefold() not in listing:
                listing = self._listing(current, refresh=True)
            actual = listing.get(part.casefold())
            if actual is None:
                raise AssetError(relpath, f"file not found (looked in {current})")
            if actual != part:
                raise AssetError(relpath, f"wrong letter case: the file is called {actual!r}")
            current = current / actual
        if not current.is_file():
            raise AssetError(relpath, f"not a file: {current}")
        return current

    # -- pictures ------------------------------------------------------

    @staticmethod
    def _ready(surface: pygame.Surface) -> pygame.Surface:
        """Convert to the display's pixel format when there is a display, for fast blits."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surface.convert_alpha()
        return surface

    def svg(self, relpath: str, size: tuple[int, int]) -> pygame.Surface:
        """The SVG rendered to exactly ``size`` pixels.

        The picture keeps its proportions: it is fitted inside ``size`` and
        centred on a transparent surface of that size.
        """
        width, height = int(size[0]), int(size[1])
        if width <= 0 or height <= 0:
            raise ValueError(f"an SVG needs a positive size, not {size!r}")
        key = (relpath, (width, height))
        cached = self._svgs.get(key)
        if cached is not None:
            return cached
        file = self.path(relpath)
        try:
            picture = pygame.image.load_sized_svg(str(file), (width, height))
        except (pygame.error, OSError, ValueError) as exc:
            raise AssetError(relpath, f"could not be rendered: {exc}") from exc
        if picture.get_size() != (width, height):
            # The SVG renderer rounds up now and then (90x126 asked, 90x127 given, the
            # extra row empty): such a picture is kept at the top left, never shifted up.
            canvas = pygame.Surface((width, height), pygame.SRCALPHA)
            canvas.blit(picture, (max(0, (width - picture.get_width()) // 2),
                                  max(0, (height - picture.get_height()) // 2)))
            picture = canvas
        picture = self._ready(picture)
        self._svgs.put(key, picture)
        return picture

    def image(self, relpath: str) -> pygame.Surface:
        """A bitmap (PNG, JPEG, …) at its own size."""
        cached = self._images.get(relpath)
        if cached is None:
            file = self.path(relpath)
            try:
                cached = self._ready(pygame.image.load(str(file)))
            except (pygame.error, OSError) as exc:
                raise AssetError(relpath, f"could not be loaded: {exc}") from exc
            self._images[relpath] = cached
        return cached

    # -- text ----------------------------------------------------------

    def font_path(self, bold: bool = False) -> Path:
        """The shipped TTF file (regular or bold)."""
        return self.path(FONT_FILES[bool(bold)])

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The game's font at ``size`` pixels."""
        size = max(1, round(size))
        key = (size, bool(bold))
        cached = self._fonts.get(key)
        if cached is not None:
            self._fonts.move_to_end(key)
        else:
            file = self.font_path(bold)
            if not pygame.font.get_init():
                pygame.font.init()
            try:
                cached = pygame.font.Font(str(file), size)
            except (pygame.error, OSError) as exc:
                raise AssetError(FONT_FILES[bool(bold)], f"could not be loaded: {exc}") from exc
            self._fonts[key] = cached
            while len(self._fonts) > MAX_FONTS:
                self._fonts.popitem(last=False)
        return cached

    # -- sound ---------------------------------------------------------

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The sound ``assets/sounds/<name>.wav``, or None when there is no mixer.

        A missing file raises AssetError, as for pictures; :mod:`audio`
        turns that into a logged, silent miss.
        """
        if not pygame.mixer.get_init():
            return None
        cached = self._sounds.get(name)
        if cached is None:
            relpath = f"{SOUND_FOLDER}/{name}{SOUND_SUFFIX}"
            file = self.path(relpath)
            damage = wav_damage(file)
            if damage:
                raise AssetError(relpath, f"is a damaged file: {damage}")
            try:
                cached = pygame.mixer.Sound(str(file))
            except (pygame.error, OSError) as exc:
                raise AssetError(relpath, f"could not be loaded: {exc}") from exc
            self._sounds[name] = cached
        return cached

    def music(self, name: str) -> Path:
        """The file of the music track ``assets/music/<name>.ogg``.

        Only the path: music is streamed from the file while it plays
        (``pygame.mixer.music``), never loaded whole. A missing file raises
        AssetError, as for pictures.
        """
        return self.path(f"{MUSIC_FOLDER}/{name}{MUSIC_SUFFIX}")

    def clear(self) -> None:
        """Forget everything loaded (e.g. after the display mode changed)."""
        self._listings.clear()
        self._svgs.clear()
        self._images.clear()
        self._fonts.clear()
        self._sounds.clear()


_instance: Assets | None = None


def get_assets() -> Assets:
    """The game's one shared loader."""
    global _instance
    if _instance is None:
        _instance = Assets()
    return _instance
