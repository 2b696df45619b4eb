"""The folder soak: a saves folder of thousands of games, timed on the real screens.

``python -m nile_desktop.soak folder --saves N`` fills a private saves folder
with N saved games (a few real games of different lengths, each under many
names) and times, on the headless App:

* the title screen's first frame with an empty folder and with the N saves
  (its listing runs in the background, so the two must match: at most
  :data:`FRAME_MARGIN` seconds apart);
* the Load screen's first page with no summary index yet (the first start
  after saves were copied in by hand) and with the index;
* how long the whole list takes in the background.

Only the newest :data:`~nile_desktop.saves.library.RECORDS_KEPT` finished
games stay, as in the game. A first page later than :data:`PAGE_LIMIT` seconds, a title frame that waits
for the folder, or a list that misses a save counts as a failure.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from nile_desktop import saves
from nile_desktop.saves import library as save_library
from nile_desktop.scenes.load_game import LoadGameScene
from nile_desktop.scenes.title import TitleScene
from nile_desktop.soak.drive import frames, headless_app
from nile_desktop.soak.files_soak import private_home

PAGE_LIMIT = 1.0
FRAME_MARGIN = 0.1
RULES = {"players": 3, "monuments": True, "random_crops": False}
SEATS = [{"name": name, "kind": kind, "colour": i}
         for i, (name, kind) in enumerate((("Ana", "human"), ("Imhotep", "easy"),
                                           ("Tiye", "medium")))]


@dataclass
class Timings:
    """What the folder soak measured (seconds) and what failed."""

    saves: int = 0
    figures: dict[str, float] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


def templates(seed: int) -> list[bytes]:
    """A few saved games of different lengths (one finished), as file bytes."""
    rng = random.Random(seed)
    out = []
    for moves in (0, 20, 60, 120, None):
        save = saves.new_save(RULES, rng.randrange(2**32), SEATS)
        state = save.new_state()
        while not state.over and (moves is None or len(save.moves) < moves):
            move = rng.choice(state.legal_moves())
            state.apply(move)
            save.record(move)
        save.note_state(state)
        out.append(save.to_json().encode("utf-8"))
    return out


def _title_frame(app: Any) -> tuple[Any, float]:
    started = time.perf_counter()
    title = app.stack.reset(TitleScene())
    frames(app, 1)
    return title, time.perf_counter() - started


def _load_page(app: Any) -> tuple[Any, float]:
    app.stack.reset(TitleScene())
    started = time.perf_counter()
    load = app.stack.push(LoadGameScene())
    frames(app, 1)
    return load, time.perf_counter() - started


def measure(count: int, seed: int) -> Timings:
    """Time the screens over an empty folder, then over ``count`` saves."""
    timings = Timings(saves=count)
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    app = headless_app()
    try:
        _title_frame(app)  # art and fonts loaded once, as on any start
        title, timings.figures["title frame, no saves"] = _title_frame(app)
        title.wait_for_saves()
        files = templates(seed)
        for number in range(count):
            (folder / f"game-{number:05d}.json").write_bytes(files[number % len(files)])
        load, timings.figures["Load first page, no index"] = _load_page(app)
        started = time.perf_counter()
        load.take_listing(600)
        timings.figures["whole list in the background"] = time.perf_counter() - started
        finished = sum(1 for number in range(count) if number % len(files) == len(files) - 1)
        expected = count - max(0, finished - save_library.RECORDS_KEPT)  # old records pruned
        if len(load.infos) != expected:
            timings.failures.append(f"the list shows {len(load.infos)} saves, not {expected}")
        save_library._info_cache.clear()  # as a new start: only the index on disk is left
        title, timings.figures["title frame, saves indexed"] = _title_frame(app)
        title.wait_for_saves(600)
        save_library._info_cache.clear()
        load, timings.figures["Load first page, index"] = _load_page(app)
        load.take_listing(600)
        (folder / save_library.INDEX_NAME).unlink(missing_ok=True)
        save_library._info_cache.clear()
        title, timings.figures["title frame, no index"] = _title_frame(app)
        title.wait_for_saves(600)
    finally:
        app.stack.abandon()
        app.shutdown()
    figures = timings.figures
    for name in ("Load first page, no index", "Load first page, index"):
        if figures[name] > PAGE_LIMIT:
            timings.failures.append(f"{name}: {figures[name]:.2f} s (limit {PAGE_LIMIT} s)")
    for name in ("title frame, saves indexed", "title frame, no index"):
        if figures[name] > figures["title frame, no saves"] + FRAME_MARGIN:
            timings.failures.append(f"{name}: {figures[name]:.3f} s against "
                                    f"{figures['title frame, no saves']:.3f} s with none")
    return timings


def run(count: int, seed: int) -> Timings:
    """The folder soak in a private home folder."""
    with private_home():
        return measure(count, seed)
