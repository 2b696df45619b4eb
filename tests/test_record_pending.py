"""A finished game always reaches the player's record, whatever is in the way.

Each test here failed before: a lock path that was a folder, a pipe, a link or a file
without permission refused every game ("could not be added", for ever, saying not why);
a game refused once (the lock held by a stopped copy of the game, a full disk) was never
added later, and its save could be pruned away; a dangling link as the lock made the
game create the link's target.
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

import pytest
from review_games import bot_save

from nile_desktop import paths
from nile_desktop.saves import record
from nile_desktop.saves.change_lock import lock_path
from nile_desktop.saves.record import FILE_NAME, RecordStore, open_store, record_finished

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pipes, links and flock are POSIX")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(record, "_pending", {})
    monkeypatch.setattr(record, "ADD_WAIT", 0.05)  # no test waits for the clock
    return tmp_path / "home"


@pytest.fixture(scope="module")
def saves():
    """Two finished games, each with one person (seat 0, "P0")."""
    return [bot_save(seed) for seed in (11, 12)]


def record_file() -> Path:
    return paths.user_data_dir() / FILE_NAME


def ids() -> list[str]:
    return [game.id for game in RecordStore().data.games("P0")]


def game_id(save) -> str:
    return record.game_digest(save.rules, save.seed, save.moves)


def _folder(lock: Path) -> None:
    lock.mkdir()


def _fifo(lock: Path) -> None:
    os.mkfifo(lock)


def _link(target: str):
    def make(lock: Path) -> None:
        lock.symlink_to(target)
    return make


LOCKS = {"a folder": _folder, "a pipe": _fifo, "a link to /dev/zero": _link("/dev/zero"),
         "a link to /dev/null": _link("/dev/null"),
         "a link to nothing": _link("nowhere/lock-target"),
         "a link to a file not made yet": _link("lock-target")}


@pytest.mark.parametrize("kind", sorted(LOCKS))
def test_a_lock_that_is_no_regular_file_is_set_aside_and_the_game_recorded(kind, saves):
    lock = lock_path(record_file())
    lock.parent.mkdir(parents=True)
    LOCKS[kind](lock)
    notices = record_finished(saves[0])
    assert ids() == [game_id(saves[0])]
    assert len(notices) == 1 and "lock" in notices[0] and ".bad" in notices[0]
    assert lock.is_file() and not lock.is_symlink()
    assert os.path.lexists(lock.with_name(lock.name + ".bad"))  # kept, never deleted
    assert not (lock.parent / "nowhere").exists()  # no link was followed: the game made
    assert not (lock.parent / "lock-target").exists()  # the dangling link's target before
    assert record_finished(saves[1]) == []  # the new lock serves from now on
    assert ids() == [game_id(s) for s in saves]


def _permitted(path: Path, flags: int) -> bool:
    """Whether the owner's mode bits of ``path`` allow an open with ``flags`` (as they do
    for anyone without the DAC override root has)."""
    mode = path.stat().st_mode
    access = flags & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
    wants_read = access in (os.O_RDONLY, os.O_RDWR)
    wants_write = access in (os.O_WRONLY, os.O_RDWR)
    return (not wants_read or bool(mode & 0o400)) and (not wants_write or bool(mode & 0o200))


@pytest.mark.parametrize("mode", [0o000, 0o444])
def test_a_lock_that_cannot_be_opened_is_set_aside(saves, monkeypatch, mode):
    """Mode 000 or 444 refuses the lock's open (read and write) to anyone without DAC
    override, every time: every game got "could not be added", for ever. Root opens it
    anyway, so as root the system's refusal is played by a stand-in for ``os.open`` that
    heeds the mode bits as they are then."""
    lock = lock_path(record_file())
    lock.parent.mkdir(parents=True)
    lock.write_text("")
    lock.chmod(mode)
    refused: list[str] = []
    if os.geteuid() == 0:
        real_open = os.open

        def as_a_user(path, flags, *args):
            if Path(path) == lock and lock.exists() and not _permitted(lock, flags):
                refused.append(str(path))
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real_open(path, flags, *args)

        monkeypatch.setattr(os, "open", as_a_user)
    notices = record_finished(saves[0])
    assert ids() == [game_id(saves[0])]
    assert len(notices) == 1 and "lock" in notices[0] and ".bad" in notices[0]
    assert lock.with_name(lock.name + ".bad").is_file()  # kept, never deleted
    assert os.geteuid() != 0 or refused
    assert record_finished(saves[1]) == []
    assert ids() == [game_id(s) for s in saves]


def hold_lock() -> int:
    """The lock taken as a copy of the game stopped in mid-change (SIGSTOP) holds it."""
    lock = lock_path(record_file())
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def test_a_game_refused_by_a_stopped_copy_is_added_once_it_is_gone(saves):
    fd = hold_lock()
    notices = record_finished(saves[0])
    assert len(notices) == 1 and "Another copy" in notices[0] and "added" in notices[0]
    assert game_id(saves[0]) in record.pending_games()
    assert (record.pending_folder() / f"{game_id(saves[0])}.json").is_file()
    os.close(fd)  # the stopped copy is killed: the system releases its lock
    assert record_finished(saves[1]) == []  # the next game takes the waiting one along
    assert sorted(ids()) == sorted(game_id(s) for s in saves)
    assert record.pending_games() == set()


def test_a_waiting_game_is_added_when_the_record_screen_opens(saves):
    fd = hold_lock()
    record_finished(saves[0])
    os.close(fd)
    record._pending.clear()  # the game was quit: only the pending file is left
    store = open_store()
    assert [g.id for g in store.data.games("P0")] == [game_id(saves[0])]
    assert record.pending_games() == set()


def test_a_game_refused_by_a_full_disk_is_added_once_there_is_room(saves, monkeypatch):
    real_write = paths.write_atomic

    def full(path, data, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(paths, "write_atomic", full)
    notices = [record_finished(save) for save in saves]
    waiting = record.pending_games()  # in memory: no room on disk for their files either
    monkeypatch.setattr(paths, "write_atomic", real_write)
    open_store()
    assert sorted(ids()) == sorted(game_id(s) for s in saves)
    assert waiting == {game_id(s) for s in saves}
    assert all(len(said) == 1 and "disk is full" in said[0] for said in notices)


def test_a_waiting_game_is_never_pruned_before_it_is_in(saves, monkeypatch):
    from nile_desktop.saves import library
    from nile_desktop.saves.files import saves_dir, write_save

    for save in saves:
        save.path = saves_dir() / f"{save.seed}.json"
        write_save(save.path, save)
    fd = hold_lock()
    record_finished(saves[0])
    assert library.prune_records(keep=0) == [saves[1].path]  # only the one in the record goes
    assert saves[0].path.is_file()
    os.close(fd)
    open_store()
    assert library.prune_records(keep=0) == [saves[0].path]


def test_a_damaged_pending_file_is_set_aside(saves):
    folder = record.pending_folder()
    folder.mkdir(parents=True)
    (folder / "0123.json").write_text("{not json")
    assert record_finished(saves[0]) == []
    assert ids() == [game_id(saves[0])]
    assert (folder / "0123.json.bad").is_file()
