"""The player's record under two running copies, odd text and special files.

Each test here failed before the record was changed under a lock, read as the
settings are read and through the one bounded reader, off the main thread.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from review_games import bot_save

from nile_desktop import paths
from nile_desktop.saves import record
from nile_desktop.saves.record import FILE_NAME, RecordEntry, RecordStore, record_finished

POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="pipes and /dev/zero are POSIX")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def entry(game: str, won: bool = True) -> RecordEntry:
    return RecordEntry(id=game, date="2026-12-01T10:00:00+00:00", seats=2, opponents="hard",
                       won=won, smallest_pile=4, mean_loss=None, takebacks=False)


def record_path() -> Path:
    return paths.user_data_dir() / FILE_NAME


# -- 1. two copies of the game recording at once ----------------------------------------------

COPY = textwrap.dedent("""
    import sys
    from nile_desktop.saves.record import RecordEntry, RecordStore
    tag, games = sys.argv[1], int(sys.argv[2])
    print("ready", flush=True)
    sys.stdin.readline()  # both copies start together
    for n in range(games):
        RecordStore().add_game("Ana", RecordEntry(id=f"{tag}-{n}", date="2026-12-01", seats=2,
                                                  opponents="hard", won=n % 2 == 0,
                                                  smallest_pile=4))
""")

GAMES_PER_COPY = 200


def test_two_copies_recording_at_once_lose_no_game(home: Path) -> None:
    """Two processes each record 200 games in the same record, as the game records one at the
    end of every game (a fresh read, a change, a write): all 400 are there afterwards."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NILE_DESKTOP_HOME": str(home)}
    copies = [subprocess.Popen([sys.executable, "-c", COPY, tag, str(GAMES_PER_COPY)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
              for tag in ("a", "b")]
    for copy in copies:
        assert copy.stdout is not None and copy.stdout.readline().strip() == "ready"
    for copy in copies:
        assert copy.stdin is not None
        copy.stdin.write("go\n")
        copy.stdin.flush()
    for copy in copies:
        copy.communicate(timeout=120)
        assert copy.returncode == 0
    games = RecordStore().data.games("Ana")
    ids = {game.id for game in games}
    assert len(ids) == 2 * GAMES_PER_COPY, f"{2 * GAMES_PER_COPY - len(ids)} games lost"


def test_a_reset_forgets_only_the_games_the_person_saw() -> None:
    """One copy shows the record; another records a game; the first resets: the new game,
    which the person never saw, stays."""
    RecordStore().add_game("Ana", entry("seen"))
    shown = RecordStore()  # the record screen of the first copy
    RecordStore().add_game("Ana", entry("recorded-since"))  # the other copy's game
    shown.reset("Ana")
    games = RecordStore().data.games("Ana")
    assert [game.id for game in games] == ["recorded-since"]
    assert shown.names() == ["Ana"] and shown.stats("Ana").games == 1


# -- 2. odd text in record.json -----------------------------------------------------------------

@pytest.mark.parametrize("where", ["name", "entry"])
def test_a_lone_surrogate_never_stops_the_record(where: str) -> None:
    """A lone surrogate (escaped in the JSON, so the file is valid) is replaced on reading,
    and every later game is still recorded."""
    path = record_path()
    path.parent.mkdir(parents=True)
    name = "Ana\udc80" if where == "name" else "Ana"
    opponents = "hard\ud800" if where == "entry" else "hard"
    old = {"id": "old", "date": "2026-12-01", "seats": 2, "opponents": opponents,
           "won": True, "smallest_pile": 4, "mean_loss": None, "takebacks": False}
    # json writes each lone surrogate as its escape, \\udc80: the file itself is valid
    path.write_text(json.dumps({"format": "nile-record/1", "players": {name: {"games": [old]}}}),
                    "ascii")
    store = RecordStore()
    store.add_game("Bo", entry("new"))
    assert record_finished(bot_save(4), store=RecordStore()) == []
    again = json.loads(path.read_bytes().decode("utf-8"))  # strict UTF-8: no surrogate left
    players = again["players"]
    assert "Bo" in players
    assert any(game["id"] == "old" for player in players.values() for game in player["games"])


def test_two_names_that_read_the_same_keep_both_their_games() -> None:
    """Names that become one on reading (a surrogate replaced, a long name cut) merge their
    games instead of one list replacing the other."""
    path = record_path()
    path.parent.mkdir(parents=True)
    long = "A" * 70
    data = {"format": "nile-record/1", "players": {
        long: {"games": [entry("one").to_dict()]}, long + "B": {"games": [entry("two").to_dict()]}}}
    path.write_text(json.dumps(data), "utf-8")
    games = RecordStore().data.games("A" * record.MAX_NAME)
    assert sorted(game.id for game in games) == ["one", "two"]


# -- 3. special files, the bounded reader, and the main thread ---------------------------------

OPEN_RECORD = textwrap.dedent("""
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # a runaway read stops here
    from nile_desktop.saves.record import RecordEntry, RecordStore
    store = RecordStore()
    store.add_game("Ana", RecordEntry(id="g", date="d", seats=2, opponents="hard", won=True,
                                      smallest_pile=1))
    print(store.names(), bool(store.notice))
""")


@POSIX_ONLY
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "too-large"])
def test_a_record_that_is_no_record_file_is_set_aside_at_once(home: Path, kind: str) -> None:
    """A pipe (which froze the window), a link to /dev/zero (which ate gigabytes), a folder
    and a file far too large are refused by the bounded reader, set aside as .bad (kept, never
    deleted) and the record starts anew: the game is recorded."""
    path = record_path()
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        with path.open("wb") as fh:
            fh.truncate(record.MAX_FILE_BYTES + 1)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NILE_DESKTOP_HOME": str(home)}
    out = subprocess.run([sys.executable, "-c", OPEN_RECORD], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["['Ana']", "True"]
    assert (path.parent / "record.json.bad").is_symlink() == (kind == "dev-zero")
    assert os.path.lexists(path.parent / "record.json.bad")


def test_the_end_of_a_game_reads_and_writes_the_record_off_the_main_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's last move leaves the record to a worker thread; its notes reach the game
    log when the table asks for them (a slow disk never holds a frame)."""
    from nile_desktop.scenes.table.logic.session import GameSession

    readers: list[bool] = []
    real = paths.read_capped

    def watched(target: Path | str, limit: int) -> bytes:
        if Path(target).name == FILE_NAME:
            readers.append(threading.current_thread() is threading.main_thread())
        return real(target, limit)

    monkeypatch.setattr(paths, "read_capped", watched)
    path = record_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "nile-record/1", "players": {}}', "utf-8")
    save = bot_save(4)
    last = save.moves.pop()
    session = GameSession(save, saver=lambda _save: True)
    session.play(last)
    assert session.over and session.recording is not None
    assert session.recording.wait(30)
    session.take_record_notes()
    assert readers and not any(readers), "the record was read on the main thread"
    assert RecordStore().names() == ["P0"]
