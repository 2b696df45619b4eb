"""What every test run shares: reports that can travel between processes.

The tests run on several processes (``-n auto``, pytest-xdist), and each test's report, its
captured output and log included, goes from the worker that ran it to the main process as
UTF-8. Some tests log a lone surrogate on purpose (a file name read from the disk may hold
one, and the game must keep such a line), which UTF-8 cannot carry: the transfer would fail
and stop the whole run. So captured text keeps such characters escaped (``\\udcff``), as the
game's own log file does. Nothing a test asserts is changed.

Every test runs the game headless: SDL's dummy video and audio drivers (no window, no sound
device) and no pygame banner. They are set here, before any test module imports pygame, so
no test file repeats them; a test that needs another driver sets its own in its environment.

Tests marked ``netgames`` (whole games over the network with the table's screens, or across
network namespaces, each against processes of its own) take a minute or more each: they run
only with ``--netgames`` (``python -m pytest -n auto --netgames tests/test_net_*.py``), so CI
stays short; CI plays a whole network game with kills and hostile traffic by ``soak net``.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--netgames", action="store_true",
                     help="also run the whole network games (tests marked netgames)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--netgames"):
        return
    skip = pytest.mark.skip(reason="a whole network game: run with --netgames")
    for item in items:
        if "netgames" in item.keywords:
            item.add_marker(skip)


def _escaped(text: str) -> str:
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    report.sections = [(title, _escaped(text)) for title, text in report.sections]
    return report
