"""Sound effects and music, and a game that stays silent rather than failing without them.

Sound is a garnish here: a computer without an audio device (a server, a
remote desktop, a broken driver), a missing sound file or a file pygame
cannot read must never stop a game. Each such problem is logged once and
the game goes on silently.

Effects are short sounds, loaded once and played on a free mixer channel;
the table can place one left or right where it happens (a seat, a pile), as
a player hears cards being played around them. Music is streamed from its
file while it plays (``pygame.mixer.music``), never loaded whole, one track
at a time, looping; changing tracks fades the old one out and lets the new
one follow. Effects and music have volumes of their own, one mute silences
both, the music can pause while the window is in the background, and it
steps back for a moment (ducks) under a banner's sound so the banner is
heard. Everything can change at any time.
"""

from __future__ import annotations

import logging
import math

import pygame

from nile_desktop.assets import AssetError, Assets, get_assets

log = logging.getLogger(__name__)

#: Every sound the game plays, ``assets/sounds/<name>.wav``.
SOUND_NAMES: tuple[str, ...] = (
    "flip",
    "slide",
    "deal",
    "harvest",
    "market",
    "offering",
    "flood",
    "locust",
    "monument_built",
    "monument_crumbles",
    "takeover",
    "win",
)
#: Every music track, ``assets/music/<name>.ogg``: the title screen's and the table's.
TRACK_NAMES: tuple[str, ...] = ("title", "table")

#: How far to the sides a sound at the table's edge goes: 1 would be one ear only,
#: which is tiring in headphones; at 0.8 the far side still hears it 7 dB down.
STEREO_WIDTH = 0.8
#: Seconds for music to fade in when it starts and out when it stops or changes.
MUSIC_FADE_IN = 1.5
MUSIC_FADE_OUT = 0.8
#: While ducked the music plays at this share of its volume (about 8 dB down), reached in
#: DUCK_ATTACK seconds, held DUCK_HOLD seconds by default and restored over DUCK_RELEASE.
DUCK_DEPTH = 0.4
DUCK_ATTACK = 0.08
DUCK_HOLD = 1.0
DUCK_RELEASE = 0.6
#: Mixer channels for effects: enough for a whole hand dealt at once.
CHANNELS = 16


class Audio:
    """Plays the game's sounds and music at the player's volumes, or nothing if it cannot."""

    def __init__(self, assets: Assets | None = None, volume: float = 0.6,
                 muted: bool = False, music_volume: float = 0.6) -> None:
        self._assets = assets
        #: The effects' volume, 0..1 (``volume`` for the settings' one sound volume).
        self.volume = _clamp(volume)
        self.music_volume = _clamp(music_volume)
        self.muted = bool(muted)
        #: The track asked for (None: no music), and whether the music is held paused.
        self.track: str | None = None
        self.music_paused = False
        self._missing: set[str] = set()
        self._duck_hold = 0.0
        self._duck_gain = 1.0
        self._music_gain_set: float | None = None
        self.available = self._start_mixer()

    @staticmethod
    def _start_mixer() -> bool:
        if not pygame.mixer.get_init():
            try:
                pygame.mixer.init()
            except pygame.error as exc:
                log.warning("no sound: the audio device could not be opened (%s)", exc)
                return False
        if not pygame.mixer.get_init():
            return False
        pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
        return True

    @property
    def assets(self) -> Assets:
        return self._assets if self._assets is not None else get_assets()

    # -- volumes ----------------------------------------------------------------------

    def set_volume(self, volume: float) -> None:
        """The effects' volume from 0 (silent) to 1 (full); values outside are clamped."""
        self.volume = _clamp(volume)

    def set_music_volume(self, volume: float) -> None:
        """The music's volume from 0 (silent) to 1 (full); values outside are clamped."""
        self.music_volume = _clamp(volume)
        self._apply_music_gain()

    def set_muted(self, muted: bool) -> None:
        """Silence effects and music at once (the music keeps its place), or sound again."""
        self.muted = bool(muted)
        if self.muted and self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:
                log.debug("could not stop the sounds playing", exc_info=True)
        self._apply_music_gain()

    @property
    def music_gain(self) -> float:
        """The volume the music plays at now: its volume, ducked, or nothing when muted."""
        return 0.0 if self.muted else self.music_volume * self._duck_gain

    # -- effects -----------------------------------------------------------------------

    def preload(self) -> None:
        """Load every effect now (about 2 MB once mixed to stereo), so the first time each
        plays costs nothing; call when a frame's delay does not matter (after the first)."""
        for name in SOUND_NAMES:
            self._sound(name)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded effect, or None (missing files are logged once and then skipped)."""
        if not self.available or name in self._missing:
            return None
        try:
            return self.assets.sound(name)
        except AssetError as exc:
            self._missing.add(name)
            log.warning("sound %r will not be played: %s", name, exc)
            return None

    def play(self, name: str, pan: float | None = None, duck: bool = False) -> None:
        """Play one sound by name (see ``SOUND_NAMES``); silently nothing if it cannot.

        ``pan`` is where the sound comes from across the table, 0 the left
        edge and 1 the right (None: straight ahead). ``duck`` lowers the music
        under it for a moment, for the sounds that come with a banner.
        """
        if duck:
            self.duck()
        if self.muted or self.volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            channel = pygame.mixer.find_channel(True)
            if channel is None:
                return
            if channel.get_busy():  # the oldest sound gives way; stopping it first keeps
                channel.stop()      # it from taking the new sound's placement with it
            channel.set_volume(*stereo(pan))
            channel.play(sound)
        except pygame.error as exc:
            self._missing.add(name)
            log.warning("sound %r could not be played: %s", name, exc)

    # -- music ---------------------------------------------------------------------------

    def play_music(self, track: str) -> None:
        """Play a track (see ``TRACK_NAMES``) on repeat, streamed from its file.

        Asking for the track already playing changes nothing. Another track
        fades out and this one follows it; from silence it fades in.
        """
        if track == self.track or not self.available or track in self._missing:
            return
        try:
            path = str(self.assets.music(track))
        except AssetError as exc:
            self._missing.add(track)
            log.warning("music %r will not be played: %s", track, exc)
            return
        music = pygame.mixer.music
        try:
            if music.get_busy():
                music.fadeout(int(MUSIC_FADE_OUT * 1000))
                music.queue(path, loops=-1)
            else:
                music.load(path)
                music.play(loops=-1, fade_ms=int(MUSIC_FADE_IN * 1000))
                if self.music_paused:
                    music.pause()
        except pygame.error as exc:
            self._missing.add(track)
            log.warning("music %r could not be played: %s", track, exc)
            return
        self.track = track
        self._music_gain_set = None
        self._apply_music_gain()

    def stop_music(self) -> None:
        """Fade the music out and play none."""
        self.track = None
        if not self.available:
            return
        try:
            if pygame.mixer.music.get_busy():
                pygame.mixer.music.fadeout(int(MUSIC_FADE_OUT * 1000))
            else:
                pygame.mixer.music.stop()
        except pygame.error:
            log.debug("could not stop the music", exc_info=True)

    def pause_music(self) -> None:
        """Hold the music where it is (the window went to the background)."""
        self._set_paused(True)

    def resume_music(self) -> None:
        """Go on with the music from where it was held."""
        self._set_paused(False)

    def _set_paused(self, paused: bool) -> None:
        if paused == self.music_paused:
            return
        self.music_paused = paused
        if not self.available or self.track is None:
            return
        try:
            if paused:
                pygame.mixer.music.pause()
            else:
                pygame.mixer.music.unpause()
        except pygame.error:
            log.debug("could not pause or resume the music", exc_info=True)

    def duck(self, seconds: float = DUCK_HOLD) -> None:
        """Lower the music for ``seconds`` (then it comes back); ``update`` does the fading."""
        self._duck_hold = max(self._duck_hold, float(seconds))

    def update(self, dt: float) -> None:
        """Move the ducking on by ``dt`` seconds; call once a frame."""
        target = DUCK_DEPTH if self._duck_hold > 0 else 1.0
        self._duck_hold = max(0.0, self._duck_hold - dt)
        if self._duck_gain != target:
            falling = target < self._duck_gain
            step = (1.0 - DUCK_DEPTH) * dt / (DUCK_ATTACK if falling else DUCK_RELEASE)
            self._duck_gain = (max(target, self._duck_gain - step) if falling
                               else min(target, self._duck_gain + step))
            self._apply_music_gain()

    def _apply_music_gain(self) -> None:
        gain = self.music_gain
        if not self.available or gain == self._music_gain_set:
            return
        try:
            pygame.mixer.music.set_volume(gain)
            self._music_gain_set = gain
        except pygame.error:
            log.debug("could not set the music volume", exc_info=True)


def stereo(position: float | None) -> tuple[float, float]:
    """Left and right gains for a sound at ``position`` across the table (0 left, 1 right).

    The middle (or no position) plays full on both sides, as an unplaced
    sound does; towards an edge the far side fades, to 7 dB down at the edge.
    """
    if position is None or position != position:  # None or NaN: straight ahead
        return 1.0, 1.0
    p = (2.0 * _clamp(position) - 1.0) * STEREO_WIDTH
    return min(1.0, math.sqrt(1.0 - p)), min(1.0, math.sqrt(1.0 + p))


def _clamp(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if value != value:  # NaN
        return 0.0
    return min(1.0, max(0.0, value))
