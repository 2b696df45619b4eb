"""The soak tool: its parts run, count, repeat from a seed, and keep to a private folder."""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path

import pytest

from nile_desktop.soak import __main__ as soak_main
from nile_desktop.soak import files_soak, mutate, ui_soak


def test_engine_part_says_plainly_when_its_module_is_missing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name.endswith("engine_soak") else real(name, *a))
    assert soak_main.main(["engine", "--games", "1"]) == 2
    assert "engine_soak is not in this build" in capsys.readouterr().err


def test_mutations_repeat_from_their_seed() -> None:
    raw = b'{"format": "nile-save/2", "seed": 4, "moves": ["pass", "pass"], "seats": []}'
    first = [mutate.mutate(raw, random.Random(n)) for n in range(200)]
    again = [mutate.mutate(raw, random.Random(n)) for n in range(200)]
    assert first == again
    assert {name for _raw, names in first for name in names} == set(mutate.MUTATIONS)


def test_files_soak_counts_every_case_in_a_private_home(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    tally = files_soak.run(60, seed=13)
    assert tally.cases == 60 and tally.loaded + tally.refused == 60
    assert tally.failures == []
    assert os.environ["NILE_DESKTOP_HOME"] == str(tmp_path) and not any(tmp_path.iterdir())


def test_ui_soak_drives_the_app_without_failures(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    tally = ui_soak.run(400, seed=6)  # a walk that visits the table, its menu and the title
    assert tally.events == 400 and tally.failures == []
    assert len(tally.scenes) >= 3
    assert not any(tmp_path.iterdir())


def test_random_text_covers_awkward_input_and_never_a_surrogate() -> None:
    rng = random.Random(1)
    texts = [ui_soak.random_text(rng) for _ in range(3000)]
    joined = "".join(texts)
    assert "²" in joined and "①" in joined and "\u0301" in joined
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in joined)


def test_files_soak_refuses_a_negative_count(capsys: pytest.CaptureFixture[str]) -> None:
    """``--cases -5`` ran nothing with status 0 and a garbled summary: it is refused."""
    with pytest.raises(SystemExit) as refused:
        soak_main.main(["files", "--cases", "-5"])
    assert refused.value.code == 2 and "0 or more" in capsys.readouterr().err


def test_files_soak_covers_tutorial_hints_and_exports(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak also damages tutorial progress and the hint list, and exports onto files."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    tally = files_soak.run(120, seed=5)
    assert tally.failures == []
    assert {"tutorial", "hints", "export"} <= set(tally.kinds)


def test_folder_soak_times_the_title_and_load_screens(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A small folder is listed whole and every figure is measured (the limits themselves are
    timings, checked by the soak run, not here: a busy machine must not fail a test)."""
    from nile_desktop.soak import folder_soak

    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    timings = folder_soak.run(60, seed=2)
    assert not [text for text in timings.failures if "the list shows" in text]
    assert {"title frame, no saves", "Load first page, no index",
            "Load first page, index"} <= set(timings.figures)


def test_files_soak_covers_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Damaged records (and a pipe, a folder, a link to /dev/zero in their place) are read or
    set aside, forged lock files (a folder, a pipe, links to devices and to nothing) are set
    aside or used, and the next game still goes into the record."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setattr(files_soak, "KINDS", ("record", "record-lock"))
    tally = files_soak.run(40, seed=8)
    assert tally.failures == []
    assert tally.kinds["record"] >= 5 and tally.kinds["record-lock"] >= 5


def test_files_soak_forges_remembered_setups(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Remembered New game setups with values of every JSON type in every place give settings
    that save and read back, and a New game screen that opens."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setattr(files_soak, "KINDS", ("setup",))
    tally = files_soak.run(40, seed=8)
    assert tally.failures == [] and tally.kinds["setup"] == 40


def test_files_soak_refuses_or_recomputes_forged_kept_reviews(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forged kept reviews (a seat out of range, a short chart, too few names, NaN) with the
    right game digest are checked like any other input: refused or reviewed afresh."""
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setattr(files_soak, "KINDS", ("kept-review",))
    tally = files_soak.run(12, seed=3)  # CI's files soak forges many more
    assert tally.kinds["kept-review"] == 12
    assert tally.failures == []
