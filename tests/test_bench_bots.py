"""The ``bots`` benchmark: its fixed positions and one quick pass of its measurement."""

from __future__ import annotations

import json

from nile_desktop.bench import bots_bench
from nile_desktop.engine import State


def test_positions_cover_every_table_size_phase_and_monument_option() -> None:
    entries = bots_bench.load_positions()
    labels = {bots_bench.label(e) for e in entries}
    assert labels == {f"{p}p-{m}-{ph}" for p in (2, 4, 6) for m in ("mon", "nomon")
                      for ph in ("early", "middle", "late")}
    for e in entries:
        state = State.from_json(json.dumps(e["position"]))
        assert state.rules.players == e["players"] and state.rules.monuments == e["monuments"]
        assert not state.over and len(state.legal_moves()) >= 4


def test_a_pass_gives_a_rate_per_position_and_a_split_that_adds_up() -> None:
    result = bots_bench.one_pass(iterations=4, split=True)
    assert result["rate"] > 0 and len(result["positions"]) == 18
    split = result["split"]
    assert set(split) == set(bots_bench.PARTS)
    assert abs(sum(split.values()) - 1.0) < 1e-9
    assert all(v >= 0 for v in split.values())


def test_the_report_prints_rates_intervals_and_the_ratio() -> None:
    one = {"rate": 1000.0, "rate_ci": 50.0, "rates": [950.0, 1050.0],
           "positions": {"2p-mon-early": 1000.0},
           "split": dict.fromkeys(bots_bench.PARTS, 0.25)}
    text = bots_bench.report({"iterations_per_position": 10, "repeats": 2, "this": one,
                              "other": one, "ratio": {"mean": 1.0, "ci": 0.1,
                                                      "values": [1.0, 1.0]}})
    assert "1,000 ± 50 iterations/s" in text and "1.00× ± 0.10" in text
    assert "determinise 25%" in text


def test_interval_is_a_t_interval() -> None:
    mean, half = bots_bench.interval([1.0, 3.0])
    assert mean == 2.0 and abs(half - 12.71) < 1e-9  # sd sqrt(2), n 2
    assert bots_bench.interval([5.0]) == (5.0, 0.0)


def test_a_decision_pass_counts_each_positions_iterations(monkeypatch) -> None:
    """``--budget``: Hard's real decisions, one per stored position (in this process here)."""
    from nile_desktop.ai import search

    monkeypatch.setattr(search, "worker_count", lambda wanted=None: 1)
    result = bots_bench.decision_pass(0.02)
    made = result["positions"]
    assert len(made) == 18 and all(n >= 1 for n in made.values())
    assert result["rate"] == sum(made.values()) / 18


def test_the_decision_report_names_the_budget_and_has_no_split() -> None:
    one = {"rate": 9000.0, "rate_ci": 300.0, "rates": [8700.0, 9300.0],
           "positions": {"2p-mon-early": 9000.0}, "split": None}
    text = bots_bench.report({"iterations_per_position": 300, "repeats": 2, "budget": 1.0,
                              "cpu_count": 2, "this": one})
    assert "one decision of 1 s per position" in text
    assert "9,000 ± 300 iterations a decision" in text and "split" not in text


def test_the_fingerprint_is_the_same_for_the_same_search(monkeypatch, capsys) -> None:
    """``--fingerprint``: a hash of the search's statistics, evaluations and candidate moves;
    worked out twice, and in a fresh process from the same checkout, it is the same."""
    from pathlib import Path

    monkeypatch.setattr(bots_bench, "PRINT_ITERATIONS", 20)
    monkeypatch.setattr(bots_bench, "DEALS", 2)
    first = bots_bench.fingerprint()
    assert first == bots_bench.fingerprint()
    assert first["positions"] == 18 and 0 < first["states"] <= 18 * 2 * 4
    assert len(first["fingerprint"]) == 16
    monkeypatch.setattr(bots_bench, "_run_in", lambda root, call: bots_bench.fingerprint())
    bots_bench.run_fingerprint(compare=str(Path(bots_bench.__file__).parents[2]))
    out = capsys.readouterr().out
    assert first["fingerprint"] in out and "the same search" in out


def test_compare_with_a_folder_that_is_no_checkout_is_one_line_and_exit_2(tmp_path,
                                                                          capsys) -> None:
    """A missing folder ended on a FileNotFoundError traceback, a folder without the package
    on a RuntimeError one; both are refused before anything runs."""
    from nile_desktop.bench.__main__ import main

    (tmp_path / "file").write_text("x")
    for path in (tmp_path / "missing", tmp_path, tmp_path / "file", "\0"):
        for name in (["bots", "--fingerprint"], ["review"]):
            assert main([*name, "--compare", str(path)]) == 2
            err = capsys.readouterr().err
            assert len(err.strip().splitlines()) == 1 and "--compare" in err
