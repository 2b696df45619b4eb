"""Sound effects, and a game that stays silent rather than failing without them.

Sound is a garnish here: a computer without an audio device (a server, a
remote desktop, a broken driver), a missing sound file or a file pygame
cannot read must never stop a game. Each such problem is logged once and
the game goes on silently. Volume and mute come from the settings and can
change at any time.
"""

from __future__ import annotations

import logging

import pygame

from nile_desktop.assets import AssetError, Assets, get_assets

log = logging.getLogger(__name__)

#: Every sound the game plays, ``assets/sounds/<name>.wav``.
SOUND_NAMES: tuple[str, ...] = (
    "flip",
    "slide",
    "harvest",
    "market",
    "offering",
    "locust",
    "monument_built",
    "monument_crumbles",
    "takeover",
    "win",
)


class Audio:
    """Plays the game's sounds at the player's volume, or nothing if sound is unavailable."""

    def __init__(self, assets: Assets | None = None, volume: float = 0.6,
                 muted: bool = False) -> None:
        self._assets = assets
        self.volume = _clamp(volume)
        self.muted = bool(muted)
        self._missing: set[str] = set()
        self.available = self._start_mixer()

    @staticmethod
    def _start_mixer() -> bool:
        if pygame.mixer.get_init():
            return True
        try:
            pygame.mixer.init()
        except pygame.error as exc:
            log.warning("no sound: the audio device could not be opened (%s)", exc)
            return False
        return bool(pygame.mixer.get_init())

    @property
    def assets(self) -> Assets:
        return self._assets if self._assets is not None else get_assets()

    def set_volume(self, volume: float) -> None:
        """Volume from 0 (silent) to 1 (full); values outside are clamped."""
        self.volume = _clamp(volume)

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)

    def play(self, name: str) -> None:
        """Play one sound by name (see ``SOUND_NAMES``); silently nothing if it cannot."""
        if not self.available or self.muted or self.volume <= 0 or name in self._missing:
            return
        try:
            sound = self.assets.sound(name)
        except AssetError as exc:
            self._missing.add(name)
            log.warning("sound %r will not be played: %s", name, exc)
            return
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error as exc:
            self._missing.add(name)
            log.warning("sound %r could not be played: %s", name, exc)


def _clamp(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if value != value:  # NaN
        return 0.0
    return min(1.0, max(0.0, value))
