"""Benchmarks that print figures: ``python -m nile_desktop.bench engine``.

Performance is measured here, by commands run on purpose, never by timed tests.
"""
