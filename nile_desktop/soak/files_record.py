"""The files soak's cases for the player's record and for reviews kept inside saves.

* a damaged ``record.json`` (or, now and then, a pipe, a folder or a link to
  ``/dev/zero`` in its place) must be read or set aside as ``.bad`` (a
  regular file byte for byte) with a notice, and the next game must still go
  into the record and read back; the record screen must show it;
* a save whose kept review is damaged or forged (a seat number out of range,
  a chart shorter than the game, too few names, values that are not numbers)
  while its game digest still matches must give either a review that the
  review screen draws, or none, so the review is computed afresh; the review
  command line must answer with status 0 or 2, never a traceback; forgeries
  include decisions naming moves that are no moves or not legal there, and
  names and moves with lone surrogates;
* a record lock file forged (a folder, a pipe, a link to ``/dev/zero``,
  ``/dev/null`` or nowhere, junk) must be set aside or used, and a finished
  game must still go into the record, with no link followed.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import random
from pathlib import Path
from typing import Any

from nile_desktop import paths, saves
from nile_desktop.engine import Rules
from nile_desktop.review.__main__ import main as review_main
from nile_desktop.review.cache import cached_review, with_review
from nile_desktop.review.runner import Game, compute_review
from nile_desktop.saves.change_lock import lock_path
from nile_desktop.saves.record import FILE_NAME, RecordEntry, RecordStore, add_entries
from nile_desktop.scenes.record_screen import RecordScene
from nile_desktop.scenes.review_screen import ReviewScene
from nile_desktop.scenes.title import TitleScene
from nile_desktop.soak.drive import describe
from nile_desktop.soak.mutate import mutate

#: Samples per decision of the kept review (small: a refused one is computed again).
REVIEW_ITERATIONS = 2
#: One record case in this many is a special file in the record's place.
SPECIAL_EVERY = 17
SPECIALS = ("fifo", "folder", "dev-zero")


def record_entry(game: str) -> RecordEntry:
    return RecordEntry(id=game, date="2026-12-01T10:00:00+00:00", seats=3, opponents="easy",
                       won=True, smallest_pile=4, mean_loss=0.25, takebacks=False)


def valid_records() -> list[bytes]:
    """Record files as the game writes them (two people, a few games each; one empty)."""
    store = RecordStore()
    out = []
    for name, games in (("Ana", 3), ("Šárka", 12)):
        for number in range(games):
            store.add_game(name, record_entry(f"{name}-{number}"))
        out.append(store.path.read_bytes())
    store.reset()
    out.append(store.path.read_bytes())
    store.path.unlink()
    return out


def finished_game_with_review(seed: int) -> bytes:
    """A finished two-seat game (a person and a bot) with a shallow review kept in it."""
    rng = random.Random(seed)
    seats = [{"name": "Ana", "kind": "human", "colour": 0},
             {"name": "Bes", "kind": "random", "colour": 1}]
    save = saves.new_save(Rules(2, monuments=False), rng.randrange(2**32), seats)
    state = save.new_state()
    while not state.over:
        move = rng.choice(state.legal_moves())
        state.apply(move)
        save.record(move)
    game = Game.from_save(save)
    review = compute_review(game, REVIEW_ITERATIONS, 0, workers=1)
    return json.dumps(with_review(save.to_dict(), game, review)).encode("utf-8")


def _not_a_number(rng: random.Random) -> float:
    return rng.choice((math.nan, math.inf, -math.inf))


def forge(raw: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """The save ``raw`` with its kept review changed as a forger would, the game digest kept."""
    record = json.loads(raw)
    entry = next(iter(record["review"]["entries"].values()))
    review = entry["review"]
    done = []
    for how in rng.sample(("seat", "short-chart", "few-names", "nan", "steps", "bad-move",
                           "surrogates"), rng.choice((1, 1, 2))):
        done.append(how)
        if how == "seat":
            review["seats"] = [rng.choice((2, 7, -1, 10**9)) for _ in review["seats"]]
        elif how == "short-chart":
            for view, chart in review["views"].items():
                review["views"][view] = chart[:1]
        elif how == "few-names":
            review["names"] = review["names"][:rng.randint(0, 1)]
        elif how == "nan":
            for chart in review["views"].values():
                chart[0] = [_not_a_number(rng) for _ in chart[0]]
            for step in review["steps"]:
                decision = step.get("decision") or {}
                for key, value in list(decision.items()):
                    if isinstance(value, float) and rng.random() < 0.3:
                        decision[key] = _not_a_number(rng)
        elif how == "bad-move":
            _forge_moves(review, rng)
        elif how == "surrogates":
            review["names"] = [name + rng.choice(LONE) for name in review["names"]]
            for step in review["steps"]:
                if step.get("decision") and rng.random() < 0.3:
                    step["decision"]["best"] += rng.choice(LONE)
        else:
            for step in review["steps"]:
                for key, value in list(step.items()):
                    if isinstance(value, int) and not isinstance(value, bool) \
                            and rng.random() < 0.3:
                        step[key] = rng.choice((-1, 99, 10**12))
    return json.dumps(record).encode("utf-8"), [f"forged-{how}" for how in done]


#: Lone surrogates, which no disk, terminal or font takes.
LONE = ("\ud800", "\udfff", "\udc80")
#: Texts a forged decision may name as a move: no moves, or moves no position allows.
BAD_MOVES = ("", "   ", "market zzz qqq", "plant stone@nowhere wheat", "speculate spec:",
             "pass pass", "plant", "offer", "plant flax flax flax flax flax flax",
             "market storage:stone", "speculate spec:wheat+wheat", "pass\ud800")


def _forge_moves(review: dict[str, Any], rng: random.Random) -> None:
    """A decision's better move, options or search's move replaced by a text of
    :data:`BAD_MOVES` (or a number, a list)."""
    decisions = [s["decision"] for s in review["steps"] if s.get("decision")]
    for decision in rng.sample(decisions, min(len(decisions), rng.randint(1, 3))):
        bad: Any = rng.choice((*BAD_MOVES, 5, None, ["pass"]))
        where = rng.choice(("best", "option", "search"))
        if where == "option" and decision.get("options"):
            decision["options"][0][0] = bad
        else:
            decision["best" if where != "search" else "search"] = bad


def kept_review_case(raw: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """A forged review with the right digest half the time, bytes damaged otherwise."""
    return forge(raw, rng) if rng.random() < 0.5 else mutate(raw, rng)


def special_file(path: Path, kind: str) -> None:
    """A pipe, a folder or a link to /dev/zero where ``path`` should be."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")


#: What a forged record lock file may be (junk and an empty file are ordinary files).
LOCK_FORGERIES = ("folder", "fifo", "dev-zero", "dev-null", "dangling", "junk", "empty")


def lock_case(_raw: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """Which forged lock file to put in place: its kind, a newline, the junk file's bytes."""
    kind = rng.choice(LOCK_FORGERIES)
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    return kind.encode("ascii") + b"\n" + junk, [f"lock-{kind}"]


def forge_lock(path: Path, kind: str, raw: bytes) -> None:
    """Put the forged lock of ``kind`` at ``path``, in place of the lock the game left."""
    if os.path.lexists(path):
        remove(path)
    if kind in ("folder", "fifo", "dev-zero"):
        special_file(path, kind)
    elif kind == "dev-null":
        path.symlink_to("/dev/null")
    elif kind == "dangling":
        path.symlink_to(path.parent / "lock-target" / "nowhere")
    else:
        path.write_bytes(raw if kind == "junk" else b"")


def remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    else:
        path.unlink(missing_ok=True)


class RecordCases:
    """Feeds record and kept-review cases; ``tally`` is the files soak's."""

    def __init__(self, tally: Any) -> None:
        self.tally = tally
        self.saves_shown: list[tuple[Path, str]] = []

    def feed_record(self, raw: bytes, number: int, label: str) -> None:
        path = paths.user_data_dir() / FILE_NAME
        path.parent.mkdir(parents=True, exist_ok=True)
        before = set(path.parent.glob(FILE_NAME + ".bad*"))
        special = SPECIALS[number % len(SPECIALS)] \
            if number % SPECIAL_EVERY == 0 and os.name == "posix" else None
        if special is not None:
            special_file(path, special)
            label += f" [{special}]"
        else:
            path.write_bytes(raw)
        store = RecordStore()
        kept = sorted(set(path.parent.glob(FILE_NAME + ".bad*")) - before)
        if store.frozen:  # a newer record (left as it is) or one that could not be moved
            if special is None and path.read_bytes() != raw:
                self.tally.fail(f"{label}: a record left as it is was changed")
            self.tally.refused += 1
            self._clean(path, kept)
            return
        if kept:
            if len(kept) != 1 or not store.notice:
                self.tally.fail(f"{label}: a damaged record was set aside without one notice")
            elif special is None and kept[0].read_bytes() != raw:
                self.tally.fail(f"{label}: the record set aside is not the file as it was")
            self.tally.refused += 1
        elif special is not None:
            self.tally.fail(f"{label}: a {special} was read as a record")
        else:
            self.tally.loaded += 1
        game = f"soak-{number}"
        store.add_game("Ana", record_entry(game))
        again = RecordStore()
        if game not in {entry.id for entry in again.data.games("Ana")} or again.notice:
            self.tally.fail(f"{label}: the next game did not go into the record")
        self._clean(path, kept)

    def feed_record_lock(self, raw: bytes, number: int, label: str) -> None:
        """A forged ``.record.json.lock``: the next finished game must go into the record."""
        head, _newline, raw = raw.partition(b"\n")
        kind = head.decode("ascii")
        if os.name != "posix" and kind in ("fifo", "dev-zero", "dev-null", "dangling"):
            kind = "junk"
        record_file = paths.user_data_dir() / FILE_NAME
        lock = lock_path(record_file)
        lock.parent.mkdir(parents=True, exist_ok=True)
        forge_lock(lock, kind, raw)
        game = f"lock-{number}"
        notices = add_entries([("Ana", record_entry(game))])
        if game not in {entry.id for entry in RecordStore().data.games("Ana")}:
            self.tally.fail(f"{label}: the game did not go into the record ({notices})")
        elif not lock.is_file() or lock.is_symlink():
            self.tally.fail(f"{label}: the lock is not a regular file afterwards")
        elif (lock.parent / "lock-target").exists():
            self.tally.fail(f"{label}: a link was followed when the lock was made")
        else:
            self.tally.loaded += 1
        kept = sorted(lock.parent.glob(lock.name + ".bad*"))
        if kind in ("junk", "empty") and kept:
            self.tally.fail(f"{label}: a usable lock file was set aside")
        self._clean(lock, kept)
        remove(record_file)

    @staticmethod
    def _clean(path: Path, kept: list[Path]) -> None:
        for one in kept:
            remove(one)
        remove(path)

    def feed_kept_review(self, raw: bytes, number: int, label: str) -> None:
        path = saves.saves_dir() / f"kept-review-{number}.json"
        path.write_bytes(raw)
        try:
            save, _state = saves.load_save(path)
        except saves.SaveError:
            self.tally.refused += 1
            path.unlink()
            return
        record = json.loads(raw.decode("utf-8-sig"))
        kept = cached_review(record, Game.from_save(save), REVIEW_ITERATIONS)
        if kept is None:
            self.tally.refused += 1
        else:
            self.tally.loaded += 1
            self.saves_shown.append((path, label))  # the review screen draws it with the batch
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = review_main([str(path), "--iterations", str(REVIEW_ITERATIONS),
                                "--workers", "1"])
        if code not in (0, 2) or "Traceback" in err.getvalue():
            self.tally.fail(f"{label}: the review command line ended with status {code}")
        if kept is None:
            path.unlink()

    def show(self, app: Any, frames: Any, errors: list[BaseException]) -> None:
        """The review screen of every save whose kept review was taken, then the record;
        what goes wrong on a review screen is counted against its case (and taken out of
        ``errors``, where the App puts what it would have shown on its crash screen)."""
        for path, label in self.saves_shown:
            before = len(errors)
            try:
                save, _state = saves.load_save(path)
            except saves.SaveError:
                continue
            app.guarded(app.stack.reset, TitleScene())
            app.guarded(app.stack.push, ReviewScene(save, iterations=REVIEW_ITERATIONS,
                                                    deeper=REVIEW_ITERATIONS, workers=1))
            frames(app, 3)
            for error in errors[before:]:
                self.tally.fail(f"{label}: the review screen: {describe(error)}")
            del errors[before:]
            path.unlink(missing_ok=True)
        self.saves_shown.clear()
        app.guarded(app.stack.reset, TitleScene())
        record = app.guarded(app.stack.push, RecordScene())
        for _ in range(200):
            frames(app, 1)
            if record is None or not record.busy:
                break
        frames(app, 2)
