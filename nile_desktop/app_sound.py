"""The game's sound as the running app leads it: which music each screen plays, the
player's sound settings, the mute key, the music held while the window is in the
background, and a table that never makes a din.

Music waits for the first frame: the window shows the title before a single
sound file is read, and only then are the effects loaded and the music started.
Each screen may name its track (:attr:`Scene.music`); the topmost screen that
names one is heard, so a menu or the settings opened over the title or the
table keep the music that was playing.

Effects asked for within one frame are played together at its end, and at
most :data:`MAX_AT_ONCE` of them, one of each kind: when a whole turn lands at
once (a click that finishes the animations, instant animation, skipping to
one's turn) a handful of cards and banners would otherwise sound all together.
The sounds that come with a banner are kept first, then the latest.
Everything here stays silent rather than failing: sound is never worth a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nile_desktop.audio import Audio
from nile_desktop.settings import Settings

log = logging.getLogger(__name__)

#: The key that mutes and unmutes all sound on every screen (M alone is the market).
MUTE_KEY_NAME = "Ctrl+M"
#: At most this many effects start in the same frame.
MAX_AT_ONCE = 2


@dataclass(frozen=True)
class Asked:
    """An effect asked for in this frame: its name, where across the table, whether it
    comes with a banner (and ducks the music)."""

    name: str
    pan: float | None = None
    duck: bool = False


def chosen(asked: list[Asked], limit: int = MAX_AT_ONCE) -> list[Asked]:
    """The effects of one frame worth hearing, in the order they were asked for: one of
    each name (its latest), banners' sounds first, then the latest others, ``limit`` in all."""
    latest: dict[str, int] = {}
    for i, item in enumerate(asked):
        latest[item.name] = i
    unique = sorted(latest.values())
    ranked = sorted(unique, key=lambda i: (not asked[i].duck, -i))[:limit]
    return [asked[i] for i in sorted(ranked)]


def music_for(scenes: Iterable[Any]) -> str | None:
    """The track of the topmost scene that names one (scenes from the bottom up)."""
    track: str | None = None
    for scene in scenes:
        named = getattr(scene, "music", None)
        if named:
            track = named
    return track


class AppSound:
    """The app's audio: made when the window opens, told every frame what to play."""

    def __init__(self) -> None:
        #: The mixer's side (None: no sound at all on this machine, or not opened yet).
        self.audio: Audio | None = None
        #: True once the first frame is drawn and the effects are loaded.
        self.started = False
        self.focused = True
        self._asked: list[Asked] = []

    def open(self, settings: Settings) -> None:
        """Open the audio device at the player's volumes (silence if there is none)."""
        try:
            self.audio = Audio(volume=settings.volume, muted=settings.muted,
                               music_volume=settings.music_volume)
        except Exception:
            log.warning("audio is off", exc_info=True)
            self.audio = None

    def apply(self, settings: Settings) -> None:
        """Bring volumes, mute and the background pause in line with ``settings``."""
        audio = self.audio
        if audio is None:
            return
        audio.set_volume(settings.volume)
        audio.set_music_volume(settings.music_volume)
        audio.set_muted(settings.muted)
        self._hold(settings)

    def focus(self, focused: bool, settings: Settings) -> None:
        """The window came to the front (True) or went to the background."""
        self.focused = focused
        if self.audio is not None:
            self._hold(settings)

    def _hold(self, settings: Settings) -> None:
        assert self.audio is not None
        if settings.music_pauses_in_background and not self.focused:
            self.audio.pause_music()
        else:
            self.audio.resume_music()

    def play(self, name: str, pan: float | None = None, duck: bool = False) -> None:
        """Play an effect at the end of this frame (see :func:`chosen`)."""
        if self.audio is not None:
            self._asked.append(Asked(name, pan, duck))

    def frame(self, dt: float, scenes: Iterable[Any]) -> None:
        """After each drawn frame: start up after the first, play this frame's effects,
        move the ducking on, and follow the screens' music."""
        audio = self.audio
        if audio is None:
            return
        try:
            if not self.started:
                self.started = True
                audio.preload()
            asked, self._asked = self._asked, []
            for item in chosen(asked):
                audio.play(item.name, pan=item.pan, duck=item.duck)
            audio.update(dt)
            track = music_for(scenes)
            if track is not None:
                audio.play_music(track)
        except Exception:
            log.debug("sound failed this frame", exc_info=True)
