"""Demo mode end to end: a short bot game in a headless window, with screenshots.

It runs ``python -m nile_desktop --demo`` as a player would, with SDL's dummy
video and audio drivers, and checks the exit code and the PNGs it wrote.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame


def run_demo(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               NILE_DESKTOP_HOME=str(tmp_path / "home"))
    return subprocess.run(
        [sys.executable, "-m", "nile_desktop", "--demo", "--quit-at-end", "--lang", "en", *args],
        env=env, capture_output=True, text=True, timeout=300,
    )


def test_demo_plays_to_the_end_and_saves_screenshots(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    done = run_demo(tmp_path, "--players", "3", "--bots", "random,easy", "--seed", "3",
                    "--speed", "200", "--screenshots", str(shots))
    assert done.returncode == 0, done.stderr[-3000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert names[:3] == ["000-deal-a.png", "000-deal-b.png", "000-deal-c.png"]
    kinds = {name[4:-6] for name in names}
    assert {"flood", "harvest", "draw", "plant", "season", "end"} <= kinds
    for kind in kinds:  # three frames of each: start, middle, end
        assert sum(1 for n in names if n[4:-6] == kind) == 3, kind
    for name in names:
        image = pygame.image.load(str(shots / name))
        assert image.get_size() == (1280, 720)
    # A demo never touches the player's autosave.
    assert not (tmp_path / "home" / "data" / "saves" / "autosave.json").exists()


def test_demo_same_seed_same_game(tmp_path: Path) -> None:
    first = tmp_path / "a"
    second = tmp_path / "b"
    for folder in (first, second):
        done = run_demo(folder, "--players", "2", "--bots", "random", "--seed", "9",
                        "--speed", "200", "--screenshots", str(folder / "shots"))
        assert done.returncode == 0, done.stderr[-3000:]
    moves_a = (first / "shots" / "moves.txt").read_text(encoding="utf-8").splitlines()
    moves_b = (second / "shots" / "moves.txt").read_text(encoding="utf-8").splitlines()
    assert len(moves_a) > 20 and moves_a == moves_b
    # ...and they are the game the engine deals from that seed, move for move.
    from nile_desktop.engine import Rules, new_game

    state = new_game(Rules(2), 9)
    for move in moves_a:
        state.apply(move)
    assert state.over
    names_a = sorted(p.name for p in (first / "shots").glob("*.png"))
    names_b = sorted(p.name for p in (second / "shots").glob("*.png"))
    assert names_a == names_b


def test_demo_rejects_bad_options(tmp_path: Path) -> None:
    done = run_demo(tmp_path, "--players", "9")
    assert done.returncode == 2
    done = run_demo(tmp_path, "--bots", "genius")
    assert done.returncode == 2
