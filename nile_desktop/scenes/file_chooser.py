"""An in-game file chooser: browse folders, pick a game file to open, or name one to write.

The system's own file dialog (tkinter, a native toolkit) is not available
in the frozen app on every system and would open behind a fullscreen
window, so import and export use this scene: a path field that can be typed
or pasted into, and a list of the current folder's sub-folders and game
files (``*.json``, or the ``suffix`` asked for) to click through. Folders that cannot be read show as
empty; names the disk holds in another encoding are shown with U+FFFD.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

import pygame

from nile_desktop.saves import without_surrogates as shown
from nile_desktop.scenes.base import MenuScene
from nile_desktop.text import screens as words
from nile_desktop.ui import Button, ListView, Panel, TextInput, theme
from nile_desktop.ui.theme import TextSource

log = logging.getLogger(__name__)

MAX_ENTRIES = 500
MAX_PATH = 1024


def folder_entries(folder: Path, suffix: str = ".json") -> list[tuple[str, Path, bool]]:
    """(label, path, is_folder) for the parent, the sub-folders and the ``suffix`` files; sorted."""
    entries: list[tuple[str, Path, bool]] = []
    if folder.parent != folder:
        entries.append(("..", folder.parent, True))
    found: list[tuple[str, Path, bool]] = []
    try:
        with os.scandir(folder) as it:
            for entry in it:
                if len(found) >= MAX_ENTRIES:
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir or entry.name.lower().endswith(suffix):
                    found.append((shown(entry.name) + ("/" if is_dir else ""), Path(entry.path),
                                  is_dir))
    except OSError:
        log.info("cannot list %s", folder, exc_info=True)
    found.sort(key=lambda item: (not item[2], item[0].lower()))
    return entries + found


class FileChooserScene(MenuScene):
    """Choose a file: ``saving=False`` to open an existing one, True to name one to write.

    ``on_chosen(path)`` is called with the chosen file after the scene closes.
    """

    def __init__(self, title: TextSource, folder: Path, on_chosen: Callable[[Path], None], *,
                 saving: bool = False, file_name: str = "", suffix: str = ".json") -> None:
        super().__init__()
        self.title = title
        self.folder = folder if folder.is_dir() else Path.home()
        self.on_chosen = on_chosen
        self.saving = saving
        self.suffix = suffix
        self.path_text = shown(str(self.folder / file_name) if file_name else str(self.folder))
        self.entries: list[tuple[str, Path, bool]] = []
        self.problem = ""

    def enter(self) -> None:
        self.entries = folder_entries(self.folder, self.suffix)
        super().enter()

    def build(self) -> None:
        panel = pygame.Rect(100, 60, 1080, 630)
        self.panel = panel
        self.group.add(Panel(panel, self.title))
        left, width = panel.left + 40, panel.w - 80
        self.field = TextInput((left, panel.top + 50, width, 44), self.path_text, self.set_path,
                               max_len=MAX_PATH, size=theme.SIZE_SMALL)
        self.group.add(self.field)
        self.list = ListView((left, panel.top + 106, width, panel.h - 250),
                             [label for label, _path, _is_dir in self.entries], row_height=34,
                             on_select=self.select, on_activate=self.open_entry,
                             empty_text=words.no_game_files,
                             text_size=theme.SIZE_SMALL)
        self.group.add(self.list)
        bottom = panel.bottom - 76
        action = words.save_here if self.saving else words.open_file
        self.group.add(Button((panel.centerx - 250, bottom, 240, 54), action, self.choose,
                              primary=True))
        self.group.add(Button((panel.centerx + 10, bottom, 240, 54), words.cancel,
                              self.close))
        self.group.focus(self.list if self.entries else self.field)

    # -- changes ---------------------------------------------------------------------
    def set_path(self, text: str) -> None:
        self.path_text = text
        self.problem = ""

    def _set_field(self, text: str) -> None:
        self.path_text = text
        self.field.text = text
        self.field.caret = len(text)

    def select(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        _label, path, is_dir = self.entries[index]
        if not is_dir:
            self._set_field(shown(str(path)))
        elif self.saving:
            self._set_field(shown(str(path / Path(self.path_text).name))
                            if not Path(self.path_text).is_dir() else shown(str(path)))

    def open_entry(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        _label, path, is_dir = self.entries[index]
        if is_dir:
            self.go(path)
        else:
            self._set_field(shown(str(path)))
            self.choose()

    def go(self, folder: Path) -> None:
        name = Path(self.path_text).name if self.saving and not Path(self.path_text).is_dir() \
            else ""
        self.folder = folder
        self.entries = folder_entries(folder, self.suffix)
        self.path_text = shown(str(folder / name) if name else str(folder))
        self.problem = ""
        self.relayout()

    def choose(self) -> None:
        """Use what the path field holds: enter a folder, or finish with a file."""
        text = self.path_text.strip()
        if not text or "\ufffd" in text or "\0" in text:
            self.problem = words.type_a_path()
            return
        try:
            path = Path(text).expanduser()
            if path.is_dir():
                self.go(path)
                return
            if self.saving:
                if path.suffix.lower() != self.suffix:
                    path = path.with_name(path.name + self.suffix)
                if not path.parent.is_dir():
                    self.problem = words.no_folder(shown(str(path.parent)))
                    return
            elif not path.is_file():
                self.problem = words.no_file(shown(path.name))
                return
        except (OSError, ValueError):  # a name the system refuses (too long, bad characters)
            self.problem = words.unusable_path(text[:80])
            return
        self.close()
        self.on_chosen(path)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.group.focused is self.field):
            self.choose()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.problem:
            theme.draw_text(surface, theme.fit_text(self.problem, theme.SIZE_SMALL, 1000),
                            (self.panel.left + 40, self.list.rect.bottom + 8), theme.SIZE_SMALL,
                            theme.ERROR)
