"""Each player's record: counting, take-backs apart, CSV, and a file that never loses data."""

from __future__ import annotations

import csv
import io
import json

import pytest
from review_games import bot_save

from nile_desktop import paths
from nile_desktop.engine import Outcome
from nile_desktop.saves.record import (
    CSV_COLUMNS,
    FILE_NAME,
    PEOPLE,
    Record,
    RecordEntry,
    RecordStore,
    Tally,
    clean_record,
    csv_text,
    entry_from_save,
    game_entry,
    opponent_level,
    stats,
    with_game,
    without_player,
)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "home"))


def entry(n: int, won: bool, pile: int, level: str = "hard", seats: int = 2,
          takebacks: bool = False, loss: float | None = None) -> RecordEntry:
    return RecordEntry(id=f"g{n}", date=f"2026-12-{n:02d}", seats=seats, opponents=level,
                       won=won, smallest_pile=pile, mean_loss=loss, takebacks=takebacks)


GAMES = [entry(1, True, 5, "hard", 2, loss=3.0), entry(2, False, 3, "medium", 4),
         entry(3, True, 8, "hard", 4, loss=1.5), entry(4, True, 9, "hard", 2, takebacks=True),
         entry(5, False, 6, PEOPLE, 3, loss=6.0)]


def test_the_strongest_bot_is_the_opponent_level():
    assert opponent_level(["human", "easy", "hard", "medium"], 0) == "hard"
    assert opponent_level(["hard", "human"], 1) == "hard"
    assert opponent_level(["human", "human"], 0) == PEOPLE
    assert opponent_level(["hard", "human"], 0) == PEOPLE


def test_an_entry_comes_from_the_result():
    result = Outcome.from_dict({"ranking": [[1], [0]], "piles": [[2, 4, 5], [3, 3, 9]]})
    mine = game_entry("id", "d", ["medium", "human"], 1, result)
    assert (mine.won, mine.smallest_pile, mine.opponents, mine.seats) == \
        (True, 3, "medium", 2)
    assert game_entry("id", "d", ["human", "medium"], 0, result).won is False


def test_a_finished_save_gives_an_entry_and_an_unfinished_none():
    save = bot_save(4)
    mine = entry_from_save(save, 0, mean_loss=2.5)
    assert mine is not None and mine.mean_loss == 2.5 and mine.opponents == "medium"
    state = save.replay()
    assert state.over and mine.won == (0 in state.result.winners)
    assert entry_from_save(bot_save(4, moves=5), 0) is None


def test_stats_count_wins_by_level_and_seats_and_keep_takebacks_apart():
    numbers = stats(GAMES)
    assert (numbers.games, numbers.wins) == (4, 2)
    assert numbers.by_level == {"hard": Tally(2, 2), "medium": Tally(1, 0), PEOPLE: Tally(1, 0)}
    assert numbers.by_seats == {2: Tally(1, 1), 3: Tally(1, 0), 4: Tally(2, 1)}
    assert numbers.average_smallest_pile == 5.5  # (5 + 3 + 8 + 6) / 4: game 4 had take-backs
    assert numbers.accuracy == [("2026-12-01", 3.0), ("2026-12-03", 1.5), ("2026-12-05", 6.0)]
    assert numbers.best.id == "g3"
    assert numbers.takebacks == Tally(1, 1)
    assert stats([]).best is None and stats([]).average_smallest_pile is None


def test_recording_a_game_twice_keeps_one_entry_and_its_accuracy():
    data = with_game(Record(), "Ana", entry(1, True, 5, loss=3.0))
    data = with_game(data, "Ana", entry(1, True, 5))
    [only] = data.games("Ana")
    assert only.mean_loss == 3.0
    data = with_game(data, "Ana", entry(1, True, 5, loss=1.0))
    assert data.games("Ana")[0].mean_loss == 1.0


def test_reset_forgets_one_player_or_everyone():
    data = with_game(with_game(Record(), "Ana", entry(1, True, 5)), "Bo", entry(2, False, 2))
    assert list(without_player(data, "Ana").players) == ["Bo"]
    assert without_player(data).players == {}
    assert list(data.players) == ["Ana", "Bo"]  # the pure functions never change their input


def test_csv_has_a_row_per_game_and_formulas_stay_text():
    data = Record({"=SUM(A1)": tuple(GAMES[:2]), "Bo": tuple(GAMES[2:3])})
    rows = list(csv.reader(io.StringIO(csv_text(data))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 4
    assert rows[1][0] == "'=SUM(A1)" and rows[1][4] == "True" and rows[1][6] == "3.0"
    assert len(list(csv.reader(io.StringIO(csv_text(data, "Bo"))))) == 2


def test_damaged_entries_are_dropped_one_by_one():
    data = {"format": "nile-record/1", "players": {
        "Ana": {"games": [GAMES[0].to_dict(), {"id": "x"}, {**GAMES[1].to_dict(), "seats": "many"}]},
        "Bo": "not a player"}}
    clean, dropped = clean_record(data)
    assert dropped == 3
    assert clean.players == {"Ana": (GAMES[0],)}


def test_the_store_writes_and_reads_back(tmp_path):
    store = RecordStore()
    assert store.path == paths.user_data_dir() / FILE_NAME
    store.add_game("Ana", GAMES[0])
    store.add_game("Ana", GAMES[2])
    again = RecordStore()
    assert again.notice == ""
    assert again.names() == ["Ana"]
    assert again.stats("Ana").wins == 2
    target = tmp_path / "out" / "record.csv"
    again.export_csv(target, "Ana")
    assert target.read_text("utf-8").count("\n") == 3
    again.reset("Ana")
    assert RecordStore().names() == []


@pytest.mark.parametrize("content", [b"{broken", b"[1, 2]", b"\xff\xfe", b'{"format": "other"}'])
def test_a_damaged_file_is_set_aside_never_lost(content):
    path = paths.user_data_dir() / FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    store = RecordStore()
    assert store.names() == [] and "record.json.bad" in store.notice
    assert (path.parent / "record.json.bad").read_bytes() == content
    store.add_game("Ana", GAMES[0])
    assert RecordStore().names() == ["Ana"]


def test_a_partly_damaged_file_keeps_the_good_games_and_the_original():
    path = paths.user_data_dir() / FILE_NAME
    path.parent.mkdir(parents=True)
    original = json.dumps({"format": "nile-record/1",
                           "players": {"Ana": {"games": [GAMES[0].to_dict(), {"id": 1}]}}})
    path.write_text(original, "utf-8")
    store = RecordStore()
    assert store.stats("Ana").games == 1 and store.notice
    assert (path.parent / "record.json.bad").read_text("utf-8") == original
    assert RecordStore().stats("Ana").games == 1


def test_a_newer_record_is_left_as_it_is():
    path = paths.user_data_dir() / FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "nile-record/9", "players": {}}', "utf-8")
    store = RecordStore()
    assert store.frozen and store.notice
    with pytest.raises(OSError):
        store.add_game("Ana", GAMES[0])
    assert path.read_text("utf-8") == '{"format": "nile-record/9", "players": {}}'


def test_the_file_keeps_its_format_both_ways():
    """Entries are values in the code and the same JSON objects in the file: a record written
    before (as dicts) loads, and what is written back is the very same object, a game added."""
    path = paths.user_data_dir() / FILE_NAME
    path.parent.mkdir(parents=True)
    old = {"format": "nile-record/1", "players": {"Ana": {"games": [
        {"id": "g1", "date": "2026-12-01", "seats": 2, "opponents": "hard", "won": True,
         "smallest_pile": 5, "mean_loss": 3.0, "takebacks": False}]}}}
    path.write_text(json.dumps(old, indent=1), "utf-8")
    store = RecordStore()
    assert store.data.games("Ana") == (entry(1, True, 5, loss=3.0),) and not store.notice
    store.add_game("Ana", entry(2, False, 3, "medium", 4))
    written = json.loads(path.read_text("utf-8"))
    assert written["players"]["Ana"]["games"][0] == old["players"]["Ana"]["games"][0]
    assert list(written["players"]["Ana"]["games"][1]) == list(old["players"]["Ana"]["games"][0])
