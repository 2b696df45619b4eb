"""The asset loader: SVG at the asked size, caching, exact-case names, fonts, sounds."""

from __future__ import annotations

import wave
from pathlib import Path

import pygame
import pytest

from nile_desktop import assets as assets_module
from nile_desktop.assets import AssetError, Assets, get_assets

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="70" viewBox="0 0 50 70">'
    '<rect width="50" height="70" fill="#c9a227"/></svg>'
)


def write_wav(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\x00\x00" * 220)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A small assets folder: one SVG, one PNG, one sound."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "wheat.svg").write_text(SVG)
    picture = pygame.Surface((3, 2))
    picture.fill((10, 20, 30))
    pygame.image.save(picture, str(tmp_path / "cards" / "back.png"))
    write_wav(tmp_path / "sounds" / "flip.wav")
    return tmp_path


def test_svg_is_rendered_at_the_size_asked(root: Path) -> None:
    """An SVG comes back exactly as large as asked, its picture fitted and centred."""
    loader = Assets(root)
    same_shape = loader.svg("cards/wheat.svg", (100, 140))
    assert same_shape.get_size() == (100, 140)
    assert same_shape.get_at((50, 70))[:3] == (0xC9, 0xA2, 0x27)
    square = loader.svg("cards/wheat.svg", (140, 140))
    assert square.get_size() == (140, 140)
    assert square.get_at((2, 70)).a == 0 and square.get_at((70, 70)).a == 255
    with pytest.raises(ValueError):
        loader.svg("cards/wheat.svg", (0, 10))


def test_loads_are_cached(root: Path) -> None:
    """Asking twice gives the same object; the SVG cache forgets the oldest sizes."""
    loader = Assets(root, svg_cache_size=2)
    first = loader.svg("cards/wheat.svg", (10, 14))
    assert loader.svg("cards/wheat.svg", (10, 14)) is first
    loader.svg("cards/wheat.svg", (20, 28))
    loader.svg("cards/wheat.svg", (30, 42))
    assert loader.svg("cards/wheat.svg", (10, 14)) is not first
    assert loader.image("cards/back.png") is loader.image("cards/back.png")
    assert loader.image("cards/back.png").get_size() == (3, 2)


def test_missing_file_names_the_file(root: Path) -> None:
    """A missing file raises AssetError that names the file asked for."""
    loader = Assets(root)
    with pytest.raises(AssetError, match="cards/rice.svg"):
        loader.svg("cards/rice.svg", (10, 10))
    with pytest.raises(AssetError, match="nothing/here.png"):
        loader.image("nothing/here.png")


@pytest.mark.parametrize("name", ["cards/Wheat.svg", "Cards/wheat.svg", "CARDS/WHEAT.SVG"])
def test_wrong_case_is_refused(root: Path, name: str) -> None:
    """A name differing from the file only in letter case is refused on every system."""
    with pytest.raises(AssetError, match="letter case") as info:
        Assets(root).svg(name, (10, 10))
    assert name in str(info.value)


@pytest.mark.parametrize("name", ["../secret.svg", "/etc/passwd", "cards\\wheat.svg", "cards//wheat.svg", ""])
def test_only_plain_relative_names(root: Path, name: str) -> None:
    """Names that leave the assets folder or use other separators are refused."""
    with pytest.raises(AssetError):
        Assets(root).path(name)


def test_a_file_added_later_is_found(root: Path) -> None:
    """The folder listing cache does not hide a file created after the first look."""
    loader = Assets(root)
    loader.path("cards/wheat.svg")
    (root / "cards" / "flax.svg").write_text(SVG)
    assert loader.path("cards/flax.svg").name == "flax.svg"


def test_shipped_font_is_used() -> None:
    """font() gives the shipped Noto Sans (regular and bold), cached per size, able to draw Czech."""
    loader = Assets()
    regular = loader.font(24)
    bold = loader.font(24, bold=True)
    assert loader.font(24) is regular and bold is not regular
    assert loader.font_path().name == "NotoSans-Regular.ttf"
    assert loader.font_path(bold=True).name == "NotoSans-Bold.ttf"
    assert None not in regular.metrics("Příliš žluťoučký kůň úpěl ďábelské ódy")
    assert regular.render("Zeď", True, (0, 0, 0)).get_height() > 0


def test_sounds(root: Path) -> None:
    """sound() loads sounds/<name>.wav when a mixer runs, None without one, AssetError if missing."""
    loader = Assets(root)
    pygame.mixer.init()
    try:
        sound = loader.sound("flip")
        assert isinstance(sound, pygame.mixer.Sound) and loader.sound("flip") is sound
        with pytest.raises(AssetError, match="sounds/win.wav"):
            loader.sound("win")
    finally:
        pygame.mixer.quit()
    assert Assets(root).sound("flip") is None


def test_one_shared_loader(monkeypatch: pytest.MonkeyPatch) -> None:
    """get_assets() is a single instance reading the game's own assets folder."""
    monkeypatch.setattr(assets_module, "_instance", None)
    shared = get_assets()
    assert get_assets() is shared
    assert (shared.root / "fonts").is_dir()


def test_surfaces_are_converted_once_a_window_exists(root: Path) -> None:
    """With a display open, loaded pictures are converted to its format (fast to draw)."""
    pygame.display.init()
    try:
        pygame.display.set_mode((40, 30))
        surface = Assets(root).svg("cards/wheat.svg", (20, 28))
        assert surface.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()


def test_svg_rounding_never_cuts_the_card_outline():
    """A card asked at a size the SVG renderer rounds up (90x126 → 90x127, the extra row
    empty) keeps its top outline row instead of losing it to centring."""
    import pygame

    from nile_desktop.assets import Assets

    pygame.init()
    assets = Assets()
    for width in (68, 75, 90, 128):
        height = round(width * 7 / 5)
        card = assets.svg("cards/wheat.svg", (width, height))
        assert card.get_size() == (width, height)
        assert card.get_at((width // 2, 0)).a > 128, width
        assert card.get_at((width // 2, height - 2)).a > 128, width
