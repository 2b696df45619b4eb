"""Soak tools: many random files, games and inputs thrown at the real game.

``python -m nile_desktop.soak engine|files|ui`` (see ``--help``) runs one
part and prints what it counted; the exit code is 1 if anything failed.
CI runs a small soak on every push; docs/DEVELOPING.md says how to run large ones.
"""
