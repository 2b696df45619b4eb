"""The title screen: new game, continue, load, rules, settings, learning, your record, quit.

Continue resumes the newest unfinished game (every game has its own save)
and is greyed out when there is none. The saves folder is listed in the
background (:class:`nile_desktop.saves.library.Listing`), so the first frame
never waits for it: Continue lights up when the listing is done. A game
another running copy is playing is continued only after asking. A save
that cannot be continued is explained in a dialog naming the file, and the
file is left as it was. The title screen also tells the player, once, what
went wrong at start (e.g. the settings file could not be read), and opens a
game given with ``--open FILE``.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame

from nile_desktop import __version__, card_art
from nile_desktop.assets import AssetError
from nile_desktop.engine import State
from nile_desktop.i18n import card_name
from nile_desktop.saves import SaveError, SaveGame, load_save, log_opened, sharing
from nile_desktop.saves import in_play as save_locks
from nile_desktop.saves import library as save_library
from nile_desktop.scenes import nav, net_resume
from nile_desktop.scenes.base import LOGICAL_W, MenuScene
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.load_game import ask_if_in_use
from nile_desktop.scenes.stack import Scene
from nile_desktop.scenes.tutorial.run import open_tutorial
from nile_desktop.surface_cache import surface_cache
from nile_desktop.text import network
from nile_desktop.text import screens as words
from nile_desktop.tutorial.progress import in_progress as tutorial_in_progress
from nile_desktop.ui import Button, Panel, theme, view

log = logging.getLogger(__name__)

FAN_LEFT = ("papyrus", "wheat", "lettuce", "castor", "flax")
FAN_RIGHT = ("spec:wheat+flax", "locust", "stone", "grapes", "onions")


@surface_cache(screens=1)
def _turned_card(name: str, width_px: int, label: str, angle: float) -> pygame.Surface:
    """A card face ``width_px`` pixels wide turned by ``angle`` degrees (made once per size)."""
    return pygame.transform.rotozoom(card_art.card_surface(name, width_px, label), -angle, 1.0)


def draw_fan(surface: pygame.Surface, names: tuple[str, ...], centre: tuple[int, int],
             width: int = 110, spread: float = 7.0, flip: bool = False) -> None:
    """A hand of cards fanned around ``centre`` (decoration; missing art is skipped)."""
    n = len(names)
    width_px = view.current().px_size(width)
    for i, name in enumerate(names):
        angle = (i - (n - 1) / 2) * spread * (-1 if flip else 1)
        try:
            rotated = _turned_card(name, width_px, card_name(name), angle)
        except AssetError:
            log.debug("no art for %s", name, exc_info=True)
            continue
        dx = math.sin(math.radians(angle)) * 380
        dy = -math.cos(math.radians(angle)) * 380 + 380
        view.blit(surface, rotated, None, center=(centre[0] + dx, centre[1] + dy))


class TitleScene(MenuScene):
    escape_pops = False
    music = "title"

    def __init__(self) -> None:
        super().__init__()
        self.continue_path: Path | None = None
        self.listing: save_library.Listing | None = None
        self.listing_wanted = False

    def enter(self) -> None:
        self.list_saves()
        super().enter()
        self.show_notices()

    def resume(self) -> None:
        self.list_saves()  # a game may have been deleted or finished meanwhile
        super().resume()

    def list_saves(self) -> None:
        """Look for a game to continue in the background, once the next frame is drawn (so
        neither the listing nor its share of the processor delays that frame)."""
        self.listing_wanted = True

    def _start_listing(self) -> None:
        self.listing_wanted = False
        self.listing = save_library.Listing()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.listing is not None and self.listing.done:
            self._listed()

    def wait_for_saves(self, timeout: float = 30.0) -> None:
        """Take the listing now, waiting for it if needed (tests and the soak)."""
        if self.listing_wanted:
            self._start_listing()
        if self.listing is not None:
            self.listing.wait(timeout)
            self._listed()

    def _listed(self) -> None:
        listing, self.listing = self.listing, None
        found = save_library.latest_of(listing.infos or []) if listing is not None else None
        if found != self.continue_path:
            self.continue_path = found
            self.relayout()

    def show_notices(self) -> None:
        """Show the app's start-up notices (once each), e.g. that settings were reset."""
        notices = getattr(self.app, "notices", None)
        while notices:
            notice = notices.pop(0)
            self.show(DialogScene(words.needs_attention, notice))

    def show(self, scene: Scene) -> None:
        """Put ``scene`` over this one (a dialog)."""
        if self.stack is not None:
            self.stack.push(scene)

    def build(self) -> None:
        panel = pygame.Rect(0, 0, 400, 478)
        panel.midtop = (LOGICAL_W // 2, 222)
        self.group.add(Panel(panel))
        entries = [
            ("new-game", words.new_game, self.new_game, True),
            ("join-game", network.join_a_game, self.join_game, True),
            ("continue", words.continue_game, self.continue_game,
             self.continue_path is not None),
            ("load-game", words.load_game, self.load_game, True),
            ("rules", words.rules, self.rules, True),
            ("settings", words.settings, self.settings_scene, True),
            ("learn", words.learn_to_play, self.learn, True),
            ("record", words.your_record, self.record, True),
            ("quit", words.quit_game, self.quit, True),
        ]
        for i, (uid, label, action, enabled) in enumerate(entries):
            rect = pygame.Rect(0, 0, 320, 42)
            rect.midtop = (panel.centerx, panel.top + 18 + i * 50)
            self.group.add(Button(rect, label, action, enabled=enabled, primary=i == 0, uid=uid))

    # -- actions -------------------------------------------------------------------
    def new_game(self) -> None:
        nav.push(self.on_stack, "new-game")

    def join_game(self) -> None:
        nav.push(self.on_stack, "join-game")

    def continue_game(self) -> None:
        if self.continue_path is not None:
            ask_if_in_use(self.on_stack, self.continue_path, self._continue)

    def _continue(self, path: Path) -> None:
        try:
            save, state = load_save(path)
        except SaveError as err:
            error = err  # kept past the except block: the message is made when shown
            self.show(DialogScene(words.cannot_continue,
                                  lambda: error.message))
            return
        log_opened(save, "continue")
        self.play(save, state)

    def open_file(self, path: str | Path) -> None:
        """Open a saved or shared game (``--open FILE``): copied into the saves, then played."""
        try:
            save, state = sharing.import_save(Path(path))
        except SaveError as err:
            error = err  # kept past the except block: the message is made when shown
            self.show(DialogScene(words.cannot_open,
                                  lambda: error.message))
            return
        log_opened(save, f"open {path}")
        if save.path is None:
            self.play(save, state)
        else:  # a save of the folder is opened in place: another copy may be playing it
            ask_if_in_use(self.on_stack, save.path, lambda _path: self.play(save, state))

    def play(self, save: SaveGame, state: State) -> None:
        if save.path is not None:
            save_locks.claim(save.path)  # another copy of the game now sees it is played
        record = net_resume.network_record(save, state)
        if record is not None:  # a game over the network: hosted again, the others rejoin
            net_resume.reopen(self, save, state, record, push=True)
            return
        nav.push(self.on_stack, "table", save=save, state=state)

    def load_game(self) -> None:
        nav.push(self.on_stack, "load-game")

    def learn(self) -> None:
        """Open the tutorial; if one is under way, ask whether to resume or start again."""
        stack = self.on_stack
        if not tutorial_in_progress():
            open_tutorial(stack, resume=False)
            return
        stack.push(DialogScene(
            words.learn_to_play,
            words.tutorial_under_way,
            [(words.carry_on, lambda: open_tutorial(stack, resume=True)),
             (words.start_again, lambda: open_tutorial(stack, resume=False)),
             (words.not_now, None)]))

    def record(self) -> None:
        nav.push(self.on_stack, "record")

    def rules(self) -> None:
        nav.push(self.on_stack, "rules")

    def settings_scene(self) -> None:
        nav.push(self.on_stack, "settings")

    def quit(self) -> None:
        if self.app is not None:
            self.app.quit()
        elif self.stack is not None:
            self.stack.clear()

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_fan(surface, FAN_LEFT, (210, 470))
        draw_fan(surface, FAN_RIGHT, (LOGICAL_W - 210, 470), flip=True)
        theme.draw_text(surface, words.game_name(), (LOGICAL_W // 2, 60), theme.SIZE_TITLE + 16,
                        theme.GOLD_LIGHT, bold=True, anchor="midtop", shadow=theme.INK)
        theme.draw_text(surface, words.tagline(),
                        (LOGICAL_W // 2, 170), theme.SIZE_BODY + 2, theme.PAPYRUS,
                        anchor="midtop", shadow=theme.INK)
        self.group.draw(surface)
        theme.draw_text(surface, words.version(__version__),
                        (LOGICAL_W - 16, 710), theme.SIZE_SMALL, theme.PAPYRUS,
                        anchor="bottomright", shadow=theme.INK)
        if self.listing_wanted:
            self._start_listing()
