"""The game's screens, each a :class:`~nile_desktop.scenes.stack.Scene` on one stack.

Importing this package imports no pygame: the scene modules do, one by one.
"""
