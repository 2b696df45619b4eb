"""The settings screen: language, display, sound, animation and table options.

Every change takes effect at once and is saved at once: choosing Čeština
redraws this screen and every scene under it in Czech, without a restart.
Music and sound effects have volumes of their own; moving the effects' one
plays a card's flip at the new volume, and the music is heard as it changes.
"""

from __future__ import annotations

import pygame

from nile_desktop import i18n
from nile_desktop.app_sound import MUTE_KEY_NAME
from nile_desktop.scenes.base import LOGICAL_W, MenuScene
from nile_desktop.settings import ANIMATION_SPEEDS, FALLBACK_WINDOW
from nile_desktop.text import screens as words
from nile_desktop.ui import Button, Choice, Panel, Slider, Toggle, theme

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440),
)


def nearest_speed(value: float) -> float:
    """The offered speed closest to a stored one (older settings kept any number)."""
    return min(ANIMATION_SPEEDS.values(), key=lambda v: abs(v - value))


class SettingsScene(MenuScene):
    def build(self) -> None:
        s = self.settings()
        panel = pygame.Rect(0, 0, 760, 642)
        panel.midtop = (LOGICAL_W // 2, 44)
        self.group.add(Panel(panel, words.settings))
        x, w, h, gap = panel.left + 50, panel.w - 100, 34, 38
        y = panel.top + 44

        def row() -> pygame.Rect:
            nonlocal y
            rect = pygame.Rect(x, y, w, h)
            y += gap
            return rect

        languages = [(code, name) for code, name in i18n.LANGUAGES.items()]
        self.group.add(Choice(row(), languages, s.language, self.set_language,
                              label=words.language, uid="language"))
        self.group.add(Toggle(row(), words.fullscreen, s.fullscreen,
                              self.set_fullscreen, uid="fullscreen"))
        sizes = [(size, f"{size[0]} × {size[1]}") for size in WINDOW_SIZES]
        current = self.window_size_now()
        if current not in WINDOW_SIZES:
            sizes.insert(0, (current, f"{current[0]} × {current[1]}"))
        size_choice = Choice(row(), sizes, current, self.set_window_size,
                             label=words.window_size, uid="window-size")
        size_choice.enabled = not s.fullscreen
        self.group.add(size_choice)
        self.group.add(Slider(row(), words.music_volume, s.music_volume, 0.0, 1.0, 0.1,
                              self.set_music_volume, fmt=words.volume, uid="music-volume"))
        self.group.add(Slider(row(), words.effects_volume, s.volume, 0.0, 1.0,
                              0.1, self.set_volume, fmt=words.volume, uid="volume"))
        self.mute = Toggle(row(), lambda: words.mute_all() + f" ({MUTE_KEY_NAME})", s.muted,
                           self.set_muted, uid="mute")
        self.group.add(self.mute)
        self.group.add(Toggle(row(), words.music_pauses, s.music_pauses_in_background,
                              self.set_music_pauses, uid="music-pauses"))
        speeds = [(value, label) for value, label in (
            (ANIMATION_SPEEDS["slow"], words.slow),
            (ANIMATION_SPEEDS["normal"], words.normal),
            (ANIMATION_SPEEDS["fast"], words.fast),
            (ANIMATION_SPEEDS["instant"], words.instant))]
        self.group.add(Choice(row(), speeds, nearest_speed(s.animation_speed),
                              self.set_animation_speed, label=words.animation_speed,
                              uid="animation-speed"))
        paces = [("slow", words.slow), ("normal", words.normal), ("fast", words.fast)]
        self.group.add(Choice(row(), paces, s.bot_pace, self.set_bot_pace,
                              label=words.bot_pace, uid="bot-pace"))
        self.group.add(Toggle(row(), words.crop_names,
                              s.colourblind_symbols, self.set_colourblind, uid="crop-names"))
        self.group.add(Toggle(row(), words.hand_sizes,
                              s.show_hand_sizes, self.set_show_hand_sizes, uid="hand-sizes"))
        self.group.add(Toggle(row(), words.win_chances,
                              s.show_win_chances, self.set_show_win_chances,
                              uid="win-chances"))
        self.group.add(Toggle(row(), words.hints,
                              s.hints, self.set_hints, uid="hints"))
        back = pygame.Rect(0, 0, 240, 50)
        back.midbottom = (panel.centerx, panel.bottom - 24)
        self.group.add(Button(back, words.back, self.close, primary=True, uid="back"))

    # -- changes: each applies and saves at once --------------------------------------
    def _changed(self) -> None:
        if self.app is not None:
            self.app.apply_settings()

    def set_language(self, code: str) -> None:
        self.settings().language = code
        if self.app is not None:
            self.app.apply_settings()  # switches the language: every scene relayouts
        else:
            i18n.set_language(code)

    def set_fullscreen(self, on: bool) -> None:
        if self.app is not None:
            self.app.set_fullscreen(on)
            self.app.save_settings()
        else:
            self.settings().fullscreen = on
        self.relayout()

    def window_size_now(self) -> tuple[int, int]:
        """The player's own window size, or the size the window has (it fits the desktop)."""
        own = self.settings().window_size
        if own is not None:
            return (own[0], own[1])
        window = pygame.display.get_surface() if pygame.display.get_init() else None
        if window is not None and min(window.get_size()) > 0:
            width, height = window.get_size()
            return (width, height)
        return FALLBACK_WINDOW

    def set_window_size(self, size: tuple[int, int]) -> None:
        if self.app is not None:
            self.app.set_window_size(size)
            self.app.save_settings()
        else:
            self.settings().window_size = size

    def set_volume(self, value: float) -> None:
        self.settings().volume = value
        self._changed()
        if self.app is not None:
            self.app.play("flip")

    def set_music_volume(self, value: float) -> None:
        self.settings().music_volume = value
        self._changed()

    def set_muted(self, value: bool) -> None:
        self.settings().muted = value
        self._changed()

    def set_music_pauses(self, value: bool) -> None:
        self.settings().music_pauses_in_background = value
        self._changed()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.mute.value = bool(self.settings().muted)  # the mute key works here too

    def set_animation_speed(self, value: float) -> None:
        self.settings().animation_speed = value
        self._changed()

    def set_bot_pace(self, value: str) -> None:
        self.settings().bot_pace = value
        self._changed()

    def set_colourblind(self, value: bool) -> None:
        self.settings().colourblind_symbols = value
        self._changed()

    def set_show_hand_sizes(self, value: bool) -> None:
        self.settings().show_hand_sizes = value
        self._changed()

    def set_show_win_chances(self, value: bool) -> None:
        self.settings().show_win_chances = value
        self._changed()

    def set_hints(self, value: bool) -> None:
        """Switching hints on again gives every hint anew, for three more games."""
        s = self.settings()
        s.hints = value
        if value:
            s.games_started, s.hints_seen = 0, []
        self._changed()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme.draw_text(surface, words.saved_at_once(), (LOGICAL_W // 2, 606),
                        theme.SIZE_SMALL, theme.INK_SOFT, anchor="midbottom")
