"""The files soak: damaged saves, settings and positions fed to the real loaders and screens.

``python -m nile_desktop.soak files --cases N --seed S`` makes N damaged
files from valid ones (see :mod:`nile_desktop.soak.mutate`) and gives each
to the code that reads that kind of file in the game:

* a save goes into the saves folder beside a good save; ``load_save`` must
  load it or refuse it with a SaveError, and the Load list must still show
  the good save (one odd file hides nothing) and list the odd one;
* a settings file must give working settings, and a refused one must be set
  aside without overwriting an earlier one;
* a position must load or be refused with BadPositionError, by the engine and
  by the engine command line (exit status 0 or 2, never a traceback);
* a tutorial progress file must resume the tutorial or be set aside as
  ``.bad`` (byte for byte) with a notice, and the tutorial must open;
* a settings file whose hint list and remembered setup are damaged must give
  settings that can be saved and read back unchanged (no odd text locks them);
* an export onto an existing file (holding a damaged file's bytes) must be
  refused until replacing is confirmed, and an export onto the game's own
  save or settings must be refused whatever is confirmed; neither file changes;
* the player's record, its lock file and reviews kept inside saves, as
  :mod:`nile_desktop.soak.files_record` says, and the remembered New game
  setup, as :mod:`nile_desktop.soak.files_setup` says.

Every batch of cases is then shown to the real screens: the Title screen
(with Continue pressed and the settings notice shown) and the Load screen
(every row selected and drawn, and a usable save opened). A case that loads
counts as *loaded*, a clean refusal as *refused*, and anything else — an
exception, a crashed screen, a hidden save, a lost file — as a *failure*,
printed with its seed and mutations so it can be made again.

Everything happens in a temporary home folder: the player's own settings
and saves are never touched.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nile_desktop import engine_cli, saves, settings
from nile_desktop.ai import make_bot
from nile_desktop.ai.reason_data import reason_to_data
from nile_desktop.engine import BadPositionError, Rules, State, new_game, observe
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.saves import library as save_library
from nile_desktop.saves import sharing
from nile_desktop.scenes.load_game import LoadGameScene
from nile_desktop.scenes.title import TitleScene
from nile_desktop.settings import Settings, settings_path
from nile_desktop.soak.drive import describe, frames, headless_app
from nile_desktop.soak.files_record import (
    RecordCases,
    finished_game_with_review,
    kept_review_case,
    lock_case,
    valid_records,
)
from nile_desktop.soak.files_setup import SetupCases, settings_read_saved_and_read, setup_case
from nile_desktop.soak.mutate import mutate
from nile_desktop.tutorial import progress
from nile_desktop.tutorial.progress import Progress, progress_path, start_state

BATCH = 25
KINDS = ("save", "save", "save", "settings", "position", "tutorial", "hints", "export", "record",
         "kept-review", "record-lock", "setup")
#: The kinds whose cases are made by a forger of their own, not by damaging bytes.
FORGERS = {"kept-review": kept_review_case, "record-lock": lock_case, "setup": setup_case}


@dataclass
class SoakTally:
    """What a soak counted."""

    cases: int = 0
    loaded: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)
    mutations: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)

    def fail(self, text: str) -> None:
        self.failures.append(text)


@contextlib.contextmanager
def private_home() -> Iterator[Path]:
    """A temporary NILE_DESKTOP_HOME for the run; the player's folders are never used."""
    folder = Path(tempfile.mkdtemp(prefix="nile-soak-"))
    old = os.environ.get("NILE_DESKTOP_HOME")
    os.environ["NILE_DESKTOP_HOME"] = str(folder)
    try:
        yield folder
    finally:
        if old is None:
            os.environ.pop("NILE_DESKTOP_HOME", None)
        else:
            os.environ["NILE_DESKTOP_HOME"] = old
        shutil.rmtree(folder, ignore_errors=True)


def valid_files(seed: int) -> dict[str, list[bytes]]:
    """Valid files of each kind to start from: saves (old and new format, running and
    finished), settings, positions."""
    rng = random.Random(seed)
    out: dict[str, list[bytes]] = {"save": [], "settings": [], "position": []}
    for players, moves in ((2, 0), (3, 12), (4, 40), (6, None), (5, 80)):
        seats = [{"name": name, "kind": kind, "colour": i} for i, (name, kind) in enumerate(
            zip(("Ana", "Šárka", "Imhotep", "李", "Zoë", "Tiye"),
                ("human", "easy", "hard", "random", "medium", "human"), strict=False))][:players]
        save = saves.new_save(Rules(players, monuments=players != 5), rng.randrange(2**32), seats)
        state = save.new_state()
        bot = make_bot("easy")  # the bots' seats keep reasons, as a real save does
        while not state.over and (moves is None or len(save.moves) < moves):
            seat, reason = state.active, None
            if seats[seat]["kind"] == "human":
                move = rng.choice(state.legal_moves())
            else:
                move, reason = bot.choose(observe(state, seat), state.legal_moves(),
                                          EngineRandom(seed, len(save.moves)))
            state.apply(move)
            save.record(move, reason_to_data(reason))
        out["save"].append(save.to_json().encode("utf-8"))
        out["position"].append(state.to_json().encode("utf-8"))
        old = save.to_dict()
        old["format"] = "nile-save/1"
        old["rules"] = {k: old["rules"][k] for k in ("players", "monuments", "random_crops")}
        del old["result"]
        out["save"].append(json.dumps(old).encode("utf-8"))
    out["position"].append(new_game(Rules(3), 7).to_json().encode("utf-8"))
    full = Settings(language="cs", volume=0.3, window_size=(1600, 900), new_game={
        "rules": {"players": 3, "monuments": False}, "seats": [{"kind": "hard", "colour": 2}]})
    out["settings"].append(json.dumps(full.to_dict()).encode("utf-8"))
    out["settings"].append(b'{"version": 1, "volume": 0.5}')
    out["hints"] = [json.dumps({"hints_seen": ["plant", "trade", "speculate"],
                                "games_started": 3, "new_game": full.new_game}).encode("utf-8")]
    out["export"] = out["save"][:2] + out["settings"][:1]
    out["tutorial"] = [tutorial_progress(rng, moves) for moves in (0, 1, 4)]
    out["record"] = valid_records()
    out["kept-review"] = [finished_game_with_review(seed)]
    out["record-lock"] = out["setup"] = [b""]  # made by their forgers
    return out


def tutorial_progress(rng: random.Random, moves: int) -> bytes:
    """A tutorial progress file some moves into the guided game."""
    state = start_state()
    played: list[str] = []
    for _ in range(moves):
        if state.over:
            break
        move = str(rng.choice(state.legal_moves()))
        state.apply(move)
        played.append(move)
    return json.dumps(Progress(lesson=len(played), shown=True, skipped=["trade"],
                               moves=played).to_dict()).encode("utf-8")


class FilesSoak:
    """One run: keeps the tally, the App for the screens and the files of the current batch."""

    def __init__(self, seed: int, skip: frozenset[str] = frozenset()) -> None:
        self.seed = seed
        self.kinds = tuple(kind for kind in KINDS if kind not in skip)
        self.tally = SoakTally()
        self.record_cases = RecordCases(self.tally)
        self.setup_cases = SetupCases(self.tally)
        self.app: Any = None
        self.screen_errors: list[BaseException] = []
        self.batch: list[tuple[Path, str]] = []
        self.notice: Any = None
        self.tutorial_cases = 0

    # -- cases --------------------------------------------------------------------------
    def case(self, number: int, valid: dict[str, list[bytes]]) -> None:
        rng = random.Random(f"{self.seed}:{number}")
        kind = rng.choice(self.kinds)
        damage = FORGERS.get(kind, mutate)
        raw, names = damage(rng.choice(valid[kind]), rng)
        label = f"case {number} ({kind}: {'+'.join(names)}; seed {self.seed})"
        self.tally.cases += 1
        self.tally.kinds[kind] += 1
        self.tally.mutations.update(names)
        try:
            feed = getattr(self, f"feed_{kind}", None) or getattr(
                self.record_cases, f"feed_{kind.replace('-', '_')}", None) or getattr(
                self.setup_cases, f"feed_{kind}")
            feed(raw, number, label)
        except Exception as exc:  # noqa: BLE001 - counted, not raised: this is the point
            self.tally.fail(f"{label}: {describe(exc)}")

    def feed_save(self, raw: bytes, number: int, label: str) -> None:
        path = saves.saves_dir() / f"case-{number}.json"
        path.write_bytes(raw)
        self.batch.append((path, label))
        try:
            saves.load_save(path)
        except saves.SaveError:
            self.tally.refused += 1
        else:
            self.tally.loaded += 1
        listed = {info.path: info for info in save_library.list_saves()}
        anchor = listed.get(saves.saves_dir() / "anchor.json")
        if anchor is None or anchor.broken:
            self.tally.fail(f"{label}: the good save is hidden or marked broken")
        if path not in listed:
            self.tally.fail(f"{label}: the case file is missing from the Load list")
        if path.read_bytes() != raw:
            self.tally.fail(f"{label}: reading the save changed the file")

    def feed_settings(self, raw: bytes, number: int, label: str) -> None:
        path = settings.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        before = sorted(path.parent.glob("settings.json.bad*"))
        path.write_bytes(raw)
        report = settings.read_settings()
        if not isinstance(report.settings, settings.Settings):
            self.tally.fail(f"{label}: no settings")
        if report.kept_as is not None:
            if report.kept_as.read_bytes() != raw or report.kept_as in before:
                self.tally.fail(f"{label}: the refused file was not kept as it was")
            self.tally.refused += 1
        elif report.ignored or report.unreadable:
            self.tally.refused += 1
        else:
            self.tally.loaded += 1
        if any(not p.exists() for p in before):
            self.tally.fail(f"{label}: an earlier refused settings file is gone")
        if report.notice() is not None:
            self.notice = report.notice
        settings.save_settings(report.settings)

    def feed_position(self, raw: bytes, number: int, label: str) -> None:
        try:
            text = raw.decode("utf-8")
            State.from_json(text)
        except (BadPositionError, UnicodeDecodeError):
            self.tally.refused += 1
        else:
            self.tally.loaded += 1
        path = Path(os.environ["NILE_DESKTOP_HOME"]) / "position.json"
        path.write_bytes(raw)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = engine_cli.main(["legal", str(path)])
        if code not in (0, 2):
            self.tally.fail(f"{label}: engine command line exit status {code}")

    def feed_tutorial(self, raw: bytes, number: int, label: str) -> None:
        path = progress.progress_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        before = sorted(path.parent.glob("tutorial.json.bad*"))
        path.write_bytes(raw)
        loaded = progress.load_progress()
        notice = progress.take_notice()
        if loaded is not None:
            self.tally.loaded += 1
            if not path.exists() or notice is not None:
                self.tally.fail(f"{label}: usable progress was moved or announced")
        else:
            self.tally.refused += 1
            kept = sorted(set(path.parent.glob("tutorial.json.bad*")) - set(before))
            if path.exists() or len(kept) != 1 or kept[0].read_bytes() != raw:
                self.tally.fail(f"{label}: refused progress was not kept as .bad byte for byte")
            if notice is None or kept and kept[0].name not in notice():
                self.tally.fail(f"{label}: the player is not told about the progress file")
        self.tutorial_cases += 1

    def feed_hints(self, raw: bytes, number: int, label: str) -> None:
        report, same = settings_read_saved_and_read(raw)
        if not same:
            self.tally.fail(f"{label}: settings read from a damaged hint list do not save "
                            f"and read back unchanged")
        if report.kept_as is None and not report.ignored:
            self.tally.loaded += 1
        else:
            self.tally.refused += 1

    def feed_export(self, raw: bytes, number: int, label: str) -> None:
        outside = Path(os.environ["NILE_DESKTOP_HOME"]) / "shared"
        outside.mkdir(exist_ok=True)
        target = outside / f"case-{number}.json"
        target.write_bytes(raw)
        anchor = saves.saves_dir() / "anchor.json"
        own = settings.settings_path()
        if not own.exists():
            settings.save_settings(settings.Settings())
        keep = {path: path.read_bytes() for path in (target, anchor, own)}
        for goal, replace, code in ((target, False, "exists"), (anchor, True, "own-file"),
                                    (own, True, "own-file")):
            try:
                sharing.export_save(anchor, goal, replace=replace)
            except saves.SaveError as err:
                if err.code != code:
                    self.tally.fail(f"{label}: export onto {goal.name} refused as {err.code}, "
                                    f"not {code}")
            else:
                self.tally.fail(f"{label}: export replaced {goal.name} unasked")
        if any(path.read_bytes() != data for path, data in keep.items()):
            self.tally.fail(f"{label}: an export changed a file it must not touch")
        sharing.export_save(anchor, target, replace=True)
        if saves.load_save(target)[0].moves != saves.load_save(anchor)[0].moves:
            self.tally.fail(f"{label}: the confirmed export does not hold the game")
        target.unlink()
        self.tally.refused += 1

    # -- screens ------------------------------------------------------------------------
    def start_app(self) -> None:
        self.app = headless_app()
        self.app.crash = self.screen_errors.append  # record instead of showing the crash scene

    def screens(self) -> None:
        """Title (notice, Continue) and Load (every row drawn, a usable one opened)."""
        app = self.app
        del self.screen_errors[:]
        if self.notice is not None:
            app.notices.append(self.notice)
            self.notice = None
        title = app.guarded(app.stack.reset, TitleScene())
        if title is not None:
            app.guarded(title.wait_for_saves)
        frames(app, 2)
        if title is not None and getattr(title, "continue_path", None) is not None:
            app.guarded(app.stack.reset, TitleScene())
            app.guarded(app.stack.top.continue_game)
            frames(app, 2)
        app.guarded(app.stack.reset, TitleScene())
        load = app.guarded(app.stack.push, LoadGameScene())
        if load is not None:
            for index in range(min(len(load.infos), 60)):
                app.guarded(load.list.select, index)
                frames(app, 1)
            usable = [i for i, info in enumerate(load.infos) if not info.broken]
            if usable:
                app.guarded(load.open, usable[-1])
                frames(app, 2)
        self.record_cases.show(app, frames, self.screen_errors)
        if self.screen_errors:
            labels = ", ".join(label for _path, label in self.batch[:3])
            for exc in self.screen_errors:
                self.tally.fail(f"screens after {labels}…: {describe(exc)}")
        if self.tutorial_cases:  # Learn to play opens whatever the progress file was
            self.tutorial_cases = 0
            title = app.guarded(app.stack.reset, TitleScene())
            if title is not None:
                app.guarded(title.learn)
                if len(getattr(app.stack.top, "choices", ())) == 3:  # "Carry on" the tutorial
                    app.guarded(app.stack.top.choose, 0)
                frames(app, 2)
                if not any(type(s).__name__ == "TableScene" for s in app.stack):
                    self.tally.fail("screens: Learn to play did not open the tutorial")
        if self.screen_errors:
            for exc in self.screen_errors:
                self.tally.fail(f"screens after the tutorial cases: {describe(exc)}")
            del self.screen_errors[:]
        app.guarded(app.stack.reset, TitleScene())  # leave the table (stops its bot thread)
        for path, _label in self.batch:
            path.unlink(missing_ok=True)
        self.batch.clear()
        for kept in [*settings_path().parent.glob("settings.json.bad*"),  # checked per case
                     *progress_path().parent.glob("tutorial.json.bad*")]:
            kept.unlink()

    def run(self, cases: int, progress: bool = False) -> SoakTally:
        valid = valid_files(self.seed)
        folder = saves.saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "anchor.json").write_bytes(valid["save"][2])
        self.start_app()
        started = time.monotonic()
        try:
            for number in range(cases):
                self.case(number, valid)
                if (number + 1) % BATCH == 0 or number == cases - 1:
                    self.screens()
                if progress and (number + 1) % 1000 == 0:
                    print(f"  {number + 1} cases, {len(self.tally.failures)} failures, "
                          f"{time.monotonic() - started:.0f} s", flush=True)
        finally:
            self.app.stack.abandon()
            self.app.shutdown()
        return self.tally


def run(cases: int, seed: int, progress: bool = False,
        skip: frozenset[str] = frozenset()) -> SoakTally:
    """Run the files soak in a private home folder and return what it counted (``skip``:
    kinds of file left out)."""
    with private_home():
        return FilesSoak(seed, skip).run(cases, progress)
