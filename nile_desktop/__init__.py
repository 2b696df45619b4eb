"""Nile desktop: the card game Nile DeLuxor as a desktop game.

The package is layered: ``engine`` holds the pure rules, ``ai`` the bots that
play them, the app services (paths, settings, saves, translations, assets,
audio) sit above those, and ``scenes``/``ui``/``anim`` draw the game.
Each layer imports only the ones below it.
"""

__version__ = "0.1.0"
