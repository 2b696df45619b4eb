"""The window and the main loop: the frame every scene lives in.

Scenes draw straight onto the window surface at its real resolution; no
canvas is scaled per frame, so text stays sharp and big windows stay fast.
A *native* scene (``Scene.native``) gets window-pixel events and lays
itself out for the window's size (``relayout`` runs on every resize). A
*logical* scene keeps its 1280x720 layout: the app makes a view transform
current while it runs (:mod:`nile_desktop.ui.view`: a scale and an offset
that centre the layout, letterboxed), the theme and widgets draw through
it, and mouse positions are mapped back to logical coordinates before the
scene sees them. Overlays mix both: a logical dialog over a native table
is drawn with its own view. With ``NILE_UI_DUMP=FILE`` the app writes the
UI dump (:mod:`nile_desktop.ui.dump`) after every frame that changed it.
Game logic advances in fixed steps of 1/60 s whatever the frame rate,
so animations and bot pacing behave the same on every machine.

Quitting is always clean (window close, Alt+F4, Cmd+Q, Ctrl+Q). Escape goes
back one scene. Ctrl+M mutes or unmutes all sound on every screen; the music
starts once the first frame is drawn, follows the screens, and holds while the
window is in the background if the player wants (:mod:`nile_desktop.app_sound`).
An unexpected error anywhere in a scene is logged and the crash scene
replaces the stack with the log file's path; games are saved after every
move, so the autosave is never touched by a crash.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from nile_desktop import card_art, i18n, paths
from nile_desktop.app_sound import AppSound
from nile_desktop.i18n import _
from nile_desktop.logs import log_crash
from nile_desktop.scenes.stack import Scene, SceneStack
from nile_desktop.settings import (
    MAX_WINDOW,
    MIN_WINDOW,
    Settings,
    default_window_size,
    save_settings,
)
from nile_desktop.ui import dump, theme, view
from nile_desktop.ui.view import IDENTITY, Viewport

log = logging.getLogger(__name__)

LOGICAL_SIZE = (1280, 720)
STEP = 1 / 60
MAX_FRAME_TIME = 0.25
#: Seconds a thread may hold the GIL before another gets a turn (Python's default is
#: 0.005). A bot thinking in a thread of this process keeps the GIL for whole
#: intervals; at 0.5 ms the drawing thread waits a tenth as long for it (measured with
#: ``python -m nile_desktop.bench frames``: frame p50 while a Hard bot thinks ~30 ms ->
#: ~13 ms at 1920x1080).
UI_SWITCH_INTERVAL = 0.0005

# Real pixels on Windows high-DPI screens (SDL scales the window otherwise, blurrily).
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


#: Video drivers with no real screen (tests, the soak): their "desktop" size means nothing.
HEADLESS_DRIVERS = ("dummy", "offscreen")


def desktop_sizes() -> list[tuple[int, int]]:
    """The sizes of the real displays, or [] when there is no real screen to ask."""
    try:
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return []
        return [tuple(size) for size in pygame.display.get_desktop_sizes()]  # type: ignore[misc]
    except pygame.error:
        return []


def fit_window(size: tuple[int, ...], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """``size`` within MAX_WINDOW and within the largest display (a window larger than any
    screen only costs memory: 16384x16384 took 4-5 GB)."""
    width = min(int(size[0]), MAX_WINDOW[0])
    height = min(int(size[1]), MAX_WINDOW[1])
    if desktops:
        width = min(width, max(w for w, _h in desktops))
        height = min(height, max(h for _w, h in desktops))
    fitted = (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1]))
    if fitted != tuple(size[:2]):
        log.info("window size %s fitted to %s (displays %s)", tuple(size), fitted, desktops)
    return fitted


def _usable(surface: pygame.Surface | None) -> bool:
    """Whether the window has a surface to draw on (SDL has none for a window too large)."""
    try:
        return surface is not None and min(surface.get_size()) > 0
    except pygame.error:
        return False


class App:
    """Owns the window, the scene stack, the view transforms and the loop."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        log_path: Path | None = None,
        max_fps: int = 60,
        ui_dump: Path | str | None = None,
        overrides: dict[str, Any] | None = None,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        #: Settings given on the command line: in effect for this run, never written to the file.
        self.overrides: dict[str, Any] = dict(overrides or {})
        self._stored = {name: getattr(self.settings, name) for name in self.overrides}
        for name, value in self.overrides.items():
            setattr(self.settings, name, value)
        #: Messages for the player that the title screen shows once (e.g. settings were reset).
        self.notices: list[Callable[[], str | None]] = []
        self.log_path = log_path
        self.max_fps = max_fps
        #: What scenes draw on: the window once it is open (an off-screen surface before).
        self.surface = pygame.Surface(LOGICAL_SIZE)
        self.stack = SceneStack(app=self, on_empty=self.quit, scene_context=self.scene_context)
        self.window: pygame.Surface | None = None
        #: The view of logical scenes: their 1280x720 layout scaled and centred in the window.
        self.viewport = Viewport.letterbox(LOGICAL_SIZE)
        self._laid_out_for = LOGICAL_SIZE
        #: The size the window was last opened at by the game (not by the player).
        self._opened_at: tuple[int, int] | None = None
        self.dump_writer = (dump.DumpWriter(ui_dump) if ui_dump is not None
                            else dump.DumpWriter.from_env())
        self.running = True
        self.exit_code = 0
        self.time = 0.0
        self.frames = 0
        self.accumulator = 0.0
        #: Effects and music (see :mod:`nile_desktop.app_sound`).
        self.sound = AppSound()
        self.crashed = False
        #: Called after every drawn frame with the app (the demo takes screenshots here).
        self.after_draw: list[Callable[[App], None]] = []
        self._settings_dirty = False
        i18n.add_listener(self._on_language)

    # -- window --------------------------------------------------------------------
    def open_window(self) -> None:
        """Start pygame, the audio and the window as the settings ask."""
        sys.setswitchinterval(UI_SWITCH_INTERVAL)
        # Writes cut short (a killed copy) leave temporary files: the record's, the tutorial's.
        # The settings' and the saves' folders are cleaned where they are read.
        paths.remove_stale_temp_files(paths.user_data_dir())
        pygame.init()
        pygame.display.set_caption(_("Nile DeLuxor"))
        try:
            pygame.display.set_icon(card_art.icon_surface(64))
        except Exception:  # an icon is a nicety; no icon file must not stop the game
            log.info("no window icon", exc_info=True)
        self._set_mode()
        log.info("window %s on the %s video driver: pygame-ce %s, SDL %s",
                 self.surface.get_size(), pygame.display.get_driver(), pygame.version.ver,
                 ".".join(map(str, pygame.version.SDL)))
        if self.window is not None:  # show the window at once; the title art takes a moment
            self.window.fill(theme.NILE_DEEP)
            pygame.display.flip()
        # Every scene is imported only now, with the window already on screen (about half a
        # second of start-up). The app is the composition root: scenes find each other
        # through nav.
        from nile_desktop.scenes import routes

        routes.install()
        self.sound.open(self.settings)  # the music starts after the first frame (see frame)

    @property
    def audio(self) -> Any:
        """The mixer's side of the sound (:class:`~nile_desktop.audio.Audio`), or None."""
        return self.sound.audio

    def _set_mode(self) -> None:
        if self.settings.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            desktops = desktop_sizes()
            own = self.settings.window_size
            # SDL opens a window on the first display unless told otherwise
            wanted = own if own is not None else default_window_size(
                desktops[0] if desktops else None)
            size = fit_window(tuple(wanted), desktops)
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._opened_at = self.window.get_size()
        self._use_surface(self.window)

    def _use_surface(self, surface: pygame.Surface) -> None:
        """Draw on ``surface`` from now on; every scene lays itself out for its size."""
        size = surface.get_size()
        self.surface = surface
        self.viewport = Viewport.letterbox(size)
        if size != self._laid_out_for:
            self._laid_out_for = size
            self.guarded(self.stack.relayout)

    # -- views -------------------------------------------------------------------------
    def view_for(self, scene: Scene) -> Viewport:
        """The view ``scene`` draws and gets events with: the identity for a native
        scene, the letterbox of the logical layout for the others."""
        return IDENTITY if scene.native else self.viewport

    def scene_context(self, scene: Scene) -> Any:
        """Every call into ``scene`` runs with its view current (see SceneStack)."""
        return view.using(self.view_for(scene))

    def set_fullscreen(self, on: bool) -> None:
        if on == self.settings.fullscreen and self.window is not None:
            return
        self.settings.fullscreen = on
        self._settings_dirty = True
        if self.window is not None:
            self._set_mode()

    def set_window_size(self, size: tuple[int, int]) -> None:
        self.settings.window_size = fit_window(size, desktop_sizes())
        self._settings_dirty = True
        if self.window is not None and not self.settings.fullscreen:
            self._set_mode()

    def _window_resized(self) -> None:
        """The window was resized (by the player or the system): fit it as ``--size`` is
        fitted (a window of 20,000 pixels a side has no surface to draw on), then lay out."""
        if not self.settings.fullscreen:
            size = pygame.display.get_window_size()
            fitted = fit_window(size, desktop_sizes())
            if fitted != tuple(size) or not _usable(pygame.display.get_surface()):
                pygame.display.set_mode(fitted, pygame.RESIZABLE)
        surface = pygame.display.get_surface()
        if not _usable(surface):
            return
        assert surface is not None
        self.window = surface
        self._use_surface(surface)
        if not self.settings.fullscreen and surface.get_size() != self._opened_at:
            # the player's own size from now on (a window that opened at the desktop's
            # default and was never resized keeps fitting whatever desktop it opens on)
            self.settings.window_size = surface.get_size()
            self._settings_dirty = True

    # -- settings ------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Bring the running game in line with ``self.settings`` and save them."""
        if self.settings.language != i18n.current_language():
            i18n.set_language(self.settings.language)
        self.sound.apply(self.settings)
        self.save_settings()

    def toggle_mute(self) -> None:
        """Mute all sound, or sound again (Ctrl+M anywhere, the table's sound button)."""
        self.settings.muted = not self.settings.muted
        self.apply_settings()

    def save_settings(self) -> None:
        save_settings(self.settings_to_store())
        self._settings_dirty = False

    def settings_to_store(self) -> Settings:
        """The settings as the file should hold them: a command-line value the player has
        not changed in the game is written as the file had it."""
        stored = replace(self.settings)
        for name, value in self.overrides.items():
            if getattr(self.settings, name) == value:
                setattr(stored, name, self._stored[name])
        return stored

    def _on_language(self) -> None:
        if pygame.display.get_init():
            pygame.display.set_caption(_("Nile DeLuxor"))
        self.guarded(self.stack.relayout)

    def play(self, sound: str, pan: float | None = None, duck: bool = False) -> None:
        """Play a named sound if audio is available: ``pan`` where across the window it
        happens (0 left, 1 right), ``duck`` to lower the music under it (a banner's)."""
        self.sound.play(sound, pan, duck)

    # -- events ----------------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The event as the top scene takes it: window positions mapped to logical
        ones for a logical scene (clicks on the bars around it dropped), untouched for
        a native one; None to drop it."""
        pos = getattr(event, "pos", None)
        if pos is None or event.type not in (
            pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP
        ):
            return event
        top = self.stack.top
        if top is not None and top.native:
            return event
        if event.type != pygame.MOUSEMOTION and not self.viewport.contains(pos):
            return None
        data = dict(event.dict)
        data["pos"] = self.viewport.to_logical(pos)
        if "rel" in data:
            s = self.viewport.scale
            data["rel"] = (int(data["rel"][0] / s), int(data["rel"][1] / s))
        return pygame.event.Event(event.type, data)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle one raw pygame event: app keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._window_resized()
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.sound.focus(event.type == pygame.WINDOWFOCUSGAINED, self.settings)
        if event.type == pygame.KEYDOWN:
            mods = event.mod
            if event.key == pygame.K_F4 and mods & pygame.KMOD_ALT:
                self.quit()
                return
            if event.key == pygame.K_q and mods & (pygame.KMOD_META | pygame.KMOD_CTRL):
                self.quit()
                return
            if event.key == pygame.K_F11 or (
                event.key == pygame.K_RETURN and mods & pygame.KMOD_ALT
            ):
                self.set_fullscreen(not self.settings.fullscreen)
                self.save_settings()
                return
            if event.key == pygame.K_m and mods & pygame.KMOD_CTRL and not mods & pygame.KMOD_ALT:
                self.toggle_mute()
                return
        mapped = self.translate(event)
        if mapped is None:
            return
        used = self.guarded(self.stack.handle_event, mapped)
        if (
            not used
            and mapped.type == pygame.KEYDOWN
            and mapped.key == pygame.K_ESCAPE
            and len(self.stack) > 1
            and self.stack.top is not None
            and self.stack.top.escape_pops
        ):
            self.guarded(self.stack.pop)

    # -- loop ----------------------------------------------------------------------------
    def guarded(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run scene code; an unexpected error becomes the crash scene."""
        try:
            return fn(*args)
        except Exception as exc:
            self.crash(exc)
            return None

    def advance(self, dt: float) -> None:
        """Run as many fixed update steps as ``dt`` seconds of real time hold."""
        self.accumulator += min(max(dt, 0.0), MAX_FRAME_TIME)
        while self.accumulator >= STEP and self.running:
            self.accumulator -= STEP
            self.time += STEP
            self.guarded(self.stack.update, STEP)

    def render(self) -> None:
        """Draw the visible scenes straight onto the window, each with its own view."""
        dump.set_active(self.dump_writer is not None)
        if self.dump_writer is not None:
            dump.begin_frame()
        visible = self.stack.visible()
        if not visible or not visible[0].opaque:
            self.surface.fill(theme.BLACK)  # an opaque scene paints every pixel itself
        self.guarded(self._draw_scenes, self.surface)
        if self.window is not None:
            pygame.display.flip()
        self.frames += 1
        if self.dump_writer is not None:
            self.guarded(self.write_dump)
        for hook in list(self.after_draw):
            self.guarded(hook, self)

    def _draw_scenes(self, surface: pygame.Surface) -> None:
        top = self.stack.top
        for scene in self.stack.visible():
            dump.set_scope(scene.scene_name(), interactive=scene is top)
            with self.scene_context(scene):
                scene.draw(surface)

    # -- UI dump ---------------------------------------------------------------------------
    def dump_info(self) -> dict[str, Any]:
        """The top level of the UI dump: scene names, window size, language, and what
        the visible scenes add (``dump_info``; the top scene's facts win)."""
        visible = self.stack.visible()
        top = self.stack.top
        info: dict[str, Any] = {
            "scene": top.scene_name() if top is not None else None,
            "turn": None,
            "scenes": [scene.scene_name() for scene in visible],
            "size": list(self.surface.get_size()),
            "language": i18n.current_language(),
        }
        for scene in visible:
            info.update(scene.dump_info())
        return info

    def write_dump(self) -> bool:
        """Write the UI dump file if the screen's elements changed; True when written."""
        if self.dump_writer is None:
            return False
        return self.dump_writer.write(dump.snapshot(self.dump_info()))

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events (from pygame unless given), updates, drawing."""
        if events is None:
            events = pygame.event.get() if pygame.display.get_init() else []
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        self.advance(dt)
        if self.running:
            self.render()
            self.sound.frame(min(max(dt, 0.0), MAX_FRAME_TIME), self.stack)

    def run(self) -> int:
        """Loop until quit; returns the process exit code."""
        clock = pygame.time.Clock()
        try:
            while self.running:
                dt = clock.tick(self.max_fps) / 1000 if self.max_fps else clock.tick() / 1000
                self.frame(dt)
        finally:
            self.shutdown()
        return self.exit_code

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def shutdown(self) -> None:
        """Leave every scene (stopping bot threads) and keep a resized window's size."""
        self.stack.abandon()
        if self._settings_dirty:
            self.save_settings()
        i18n.remove_listener(self._on_language)

    # -- crash -----------------------------------------------------------------------
    def crash(self, exc: BaseException) -> None:
        """Log ``exc`` and show the crash scene in place of every other scene."""
        try:
            log_crash(exc)
        except Exception:
            log.critical("unexpected error", exc_info=exc)
        if self.crashed:  # the crash scene itself failed: give up cleanly
            self.quit(1)
            return
        self.crashed = True
        # Imported here: the crash scene leads back to the title through the scene routes,
        # which know every scene; the app itself needs none of them to start.
        from nile_desktop.scenes.crash import CrashScene

        self.stack.abandon()
        self.stack.push(CrashScene(exc, self.log_path))

    def recover(self, scene: Scene) -> None:
        """Leave the crash scene for ``scene`` (the title screen)."""
        self.crashed = False
        self.stack.reset(scene)

    def screenshot(self, path: Path | str) -> Path:
        """Save what the window shows (at its real resolution) as a PNG."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path
