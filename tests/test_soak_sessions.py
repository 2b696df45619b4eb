"""The UI soak finishes games and reaches the screens after them; long sessions stay bounded.

Before: the UI soak never finished a game (the review, the replay and the record were never
soaked), and the images drawn per window size were kept by count, so a session with resizes
held most of a gigabyte of them.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from nile_desktop import assets, card_art, surface_cache
from nile_desktop.saves.record import RecordStore
from nile_desktop.soak import __main__ as soak_main
from nile_desktop.soak import session_soak, ui_soak
from nile_desktop.soak.files_soak import private_home
from nile_desktop.ui import theme


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("then, scene", [("review", "ReviewScene"), ("record", "RecordScene"),
                                         ("replay", "ReplayScene")])
def test_the_ui_soak_finishes_a_game_and_goes_where_its_results_lead(
        home: Path, then: str, scene: str) -> None:
    with private_home():
        soak = ui_soak.UiSoak(3)
        soak.start()
        try:
            soak.finish_game(then)
            assert soak.scene_name() == scene
            assert RecordStore().names(), "the finished game went into the record"
            for _ in range(200):  # random input on that screen
                soak.step()
            assert soak.tally.failures == [] and soak.errors == []
            assert soak.tally.games_finished == 1 and soak.tally.after_game[then] == 1
        finally:
            soak.stop()


def test_a_ui_soak_run_finishes_games(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finished games are among the scenarios a run picks (here the only one)."""
    assert "finish" in ui_soak.SCENARIOS
    monkeypatch.setattr(ui_soak, "SCENARIOS", ("finish",))
    tally = ui_soak.run(2 * ui_soak.SCENARIO_EVERY, seed=5)
    assert tally.failures == [] and tally.games_finished >= 1 and tally.games_over >= 1


def test_the_session_soak_measures_its_memory_game_after_game(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_main.main(["session", "--games", "2", "--seed", "4", "--limit", "10000"]) == 0
    out = capsys.readouterr().out
    assert "2 games in one window" in out and "0 failures" in out



def test_drawn_text_is_kept_up_to_a_number_of_bytes_not_of_lines(home: Path) -> None:
    """Many lines of large text (a 4K window) keep at most the cache's bytes."""
    pygame.font.init()
    for n in range(600):
        theme._render(f"line {n} of a long session", 96, (0, 0, 0), False)
    assert 0 < theme._render.cache.bytes <= theme._render.cache.max_bytes


def test_card_faces_and_svgs_are_kept_up_to_a_number_of_bytes(home: Path) -> None:
    pygame.display.init()
    try:
        for width in range(200, 560, 4):  # every size a long session of resizes asks for
            card_art.card_surface("wheat", width)
        faces = card_art.card_surface.cache
        assert faces.bytes <= faces.max_bytes
        svgs = assets.get_assets()._svgs
        assert svgs.bytes <= svgs.max_bytes
    finally:
        card_art.card_surface.cache_clear()


def test_a_surface_cache_drops_the_least_recently_used_beyond_its_bytes() -> None:
    cache: surface_cache.SurfaceCache[str] = surface_cache.SurfaceCache(3 * 100 * 100 * 4)
    for name in "abc":
        cache.put(name, pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.get("a") is not None  # a is now the most recent
    cache.put("d", pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.get("b") is None and all(cache.get(k) is not None for k in "acd")
    cache.put("huge", pygame.Surface((400, 400), pygame.SRCALPHA))  # the newest is kept
    assert len(cache) == 1 and cache.get("huge") is not None


def test_session_memory_is_read_where_the_system_says_it() -> None:
    measured = session_soak.resident_mb()
    assert measured is None or measured > 0


def test_fonts_are_kept_for_a_bounded_number_of_sizes(home: Path) -> None:
    """Every window size asks for fonts of its own sizes; only the most recent are kept."""
    pygame.font.init()
    loader = assets.Assets()
    for size in range(8, 8 + 3 * assets.MAX_FONTS):
        loader.font(size)
    assert len(loader._fonts) == assets.MAX_FONTS
    assert (8 + 3 * assets.MAX_FONTS - 1, False) in loader._fonts


def test_image_budgets_follow_the_window_now() -> None:
    """A 4K window keeps what it draws; back at a small window the budget shrinks again."""
    pygame.display.init()
    try:
        pygame.display.set_mode((3840, 2160))
        large = surface_cache.budget(2)
        pygame.display.set_mode((640, 360))
        small = surface_cache.budget(2)
    finally:
        pygame.display.quit()
    assert large == 2 * 3840 * 2160 * 4
    assert small == 4 * surface_cache.MB  # the floor, above two 640x360 windows
