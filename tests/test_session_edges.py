"""Edges of long sessions: what killed writes leave, and reads that could wait for ever.

Each test failed before its fix. The memory of long sessions is measured by a command, not
a test (``python -m nile_desktop.soak session``, docs/DEVELOPING.md); the live resize past
any screen is driven in a real X window (``tests/test_xvfb.py``).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from nile_desktop import paths
from nile_desktop.soak.drive import headless_app

HOUR = 3600


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_temporary_files_of_killed_record_writes_are_cleaned_at_start() -> None:
    """A write of the record or the tutorial's progress killed halfway leaves its temporary
    file; the next start removes those older than an hour (never a fresh one, which may be
    another running copy's write in progress) and nothing else."""
    data = paths.user_data_dir()
    data.mkdir(parents=True)
    stale = [data / ".record.json.k2j3h4.tmp", data / ".tutorial.json.x8y9.tmp"]
    fresh = data / ".record.json.n0w.tmp"
    others = [data / "record.json", data / ".record.json.lock", data / "notes.tmp"]
    for path in (*stale, fresh, *others):
        path.write_text("{}", encoding="utf-8")
    old = time.time() - 2 * HOUR
    for path in (*stale, *others):
        os.utime(path, (old, old))
    app = headless_app()
    try:
        assert not any(path.exists() for path in stale)
        assert fresh.exists() and all(path.exists() for path in others)
    finally:
        app.shutdown()


def test_review_workers_have_an_upper_limit(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers`` asked for a process per number given; more than the cores is refused in
    one line with exit status 2, before anything is read."""
    from nile_desktop.review.__main__ import main

    for workers in ("1000000", "0", "-3"):
        assert main([str(tmp_path / "none.json"), "--workers", workers]) == 2
        err = capsys.readouterr().err
        assert "workers" in err and len(err.strip().splitlines()) == 1


@pytest.mark.skipif(os.name != "posix", reason="pipes are POSIX")
def test_keeping_a_review_never_waits_on_a_pipe(tmp_path: Path) -> None:
    """The review is kept in its save through the bounded reader: a pipe in the save's place
    is refused at once instead of holding the review screen for good."""
    from nile_desktop.review import cache

    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    raised: list[BaseException] = []

    def keep() -> None:
        try:
            cache.store_in_file(pipe, None, None)  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001 - what it raised is the answer
            raised.append(exc)

    worker = threading.Thread(target=keep, daemon=True)  # a blocked read would stay behind
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "reading the pipe blocked"
    assert isinstance(raised[0], paths.NotAFileError)


@pytest.mark.skipif(os.name != "posix", reason="pipes are POSIX")
def test_the_review_command_reads_the_kept_review_through_the_bounded_reader(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review command line read the save a second time (for its kept review) with a
    plain open(): a pipe put in the save's place after it was loaded held it for good.
    Now that read is bounded too: the pipe is refused and the review is
    computed afresh."""
    from review_games import bot_save

    from nile_desktop.review import __main__ as review_cli

    save = bot_save(5, moves=30)
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    monkeypatch.setattr(review_cli, "load_save", lambda _path: (save, None))
    codes: list[int] = []
    worker = threading.Thread(target=lambda: codes.append(review_cli.main(
        [str(pipe), "--iterations", "1", "--workers", "1"])), daemon=True)
    worker.start()
    worker.join(timeout=120)
    assert not worker.is_alive(), "reading the pipe blocked"
    assert codes == [0]
