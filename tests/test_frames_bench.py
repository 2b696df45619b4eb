"""The frame benchmark runs and reports every figure it promises (no timing asserted:
the figures themselves are for people, from ``python -m nile_desktop.bench frames``)."""

from __future__ import annotations

import json

import pytest

from nile_desktop.bench import frames_bench


def test_frames_bench_reports_sizes_and_ratios(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    frames_bench.run(frames=3, as_json=True, sizes=((1024, 600),), bot=False)
    result = json.loads(capsys.readouterr().out)
    figures = result["sizes"]["1024x600"]
    for key in ("p50_ms", "p95_ms", "max_ms", "baseline_p95_ms", "ratio"):
        assert figures[key] >= 0, key
    assert figures["cards"] > 0, "the table frame blits card images, and they are counted"


def test_percentiles() -> None:
    figures = frames_bench.percentiles([i / 1000 for i in range(1, 101)])
    assert figures == {"p50_ms": 50.5, "p95_ms": 95.0, "max_ms": 100.0}
