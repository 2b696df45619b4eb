"""Join a game over the network: find it on the local network or type its address.

Games on the same network answer by themselves (multicast DNS, :mod:`nile_desktop.net.discovery`)
and are listed as buttons; a game elsewhere (a forwarded port, a VPN) is reached by
typing the host's address. The three-word join code from the host's screen is asked
for in both cases, with the name to play under. A bad code or address is said at once,
before anything is sent; joining itself goes on in the lobby (:mod:`.lobby`).
"""

from __future__ import annotations

from functools import partial

import pygame

from nile_desktop import i18n
from nile_desktop.net.client import DEFAULT_PORT, TokenStore, split_address
from nile_desktop.net.codes import normalise
from nile_desktop.net.discovery import Browser, Found
from nile_desktop.net.link import RemoteLink
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene
from nile_desktop.text import network as words
from nile_desktop.ui import Button, Label, Panel, TextInput, theme

MAX_LISTED = 4


class JoinGameScene(MenuScene):
    def __init__(self, address: str = "", code: str = "") -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.name = ""
        self.error = ""
        self.browser: Browser | None = None
        self.found: list[Found] = []

    def enter(self) -> None:
        if self.browser is None:
            self.browser = Browser()
        super().enter()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    def build(self) -> None:
        panel = pygame.Rect(140, 60, 1000, 620)
        self.group.add(Panel(panel, words.join_a_game))
        left, right = panel.left + 40, panel.left + 520
        self.group.add(Label((left, panel.top + 56, 440, 30), words.games_found,
                             size=theme.SIZE_SMALL, bold=True))
        if not self.found:
            self.group.add(Label((left, panel.top + 92, 440, 30), words.none_found,
                                 size=theme.SIZE_SMALL, colour=theme.INK_SOFT))
        for i, game in enumerate(self.found[:MAX_LISTED]):
            self.group.add(Button((left, panel.top + 92 + i * 62, 440, 52),
                                  f"{game.name} · {game.target}", partial(self.pick, game),
                                  uid=f"found-{i}"))
        self.group.add(Label((right, panel.top + 56, 440, 30), words.address_label,
                             size=theme.SIZE_SMALL, bold=True))
        self.group.add(TextInput((right, panel.top + 90, 440, 48), self.address,
                                 self.set_address, max_len=60, placeholder="192.168.1.20",
                                 uid="address"))
        self.group.add(Label((right, panel.top + 160, 440, 30), words.code_label,
                             size=theme.SIZE_SMALL, bold=True))
        self.group.add(TextInput((right, panel.top + 194, 440, 48), self.code, self.set_code,
                                 max_len=60, placeholder="lotus falcon river", uid="code"))
        self.group.add(Label((right, panel.top + 264, 440, 30), words.name_label,
                             size=theme.SIZE_SMALL, bold=True))
        self.group.add(TextInput((right, panel.top + 298, 440, 48), self.name, self.set_name,
                                 max_len=24, placeholder=lambda: i18n.player_name(2),
                                 uid="name"))
        self.group.add(Label((left, panel.bottom - 150, 920, 60), lambda: self.error,
                             size=theme.SIZE_SMALL, colour=theme.ERROR))
        bottom = panel.bottom - 80
        self.group.add(Button((right, bottom, 220, 54), words.join, self.join, primary=True,
                              uid="join"))
        self.group.add(Button((right + 236, bottom, 204, 54), words.back, self.close,
                              uid="back"))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None:
            found = self.browser.found()
            if found != self.found:
                self.found = found
                self.relayout()

    def set_address(self, text: str) -> None:
        self.address = text

    def set_code(self, text: str) -> None:
        self.code = text

    def set_name(self, text: str) -> None:
        self.name = text

    def pick(self, game: Found) -> None:
        self.address = game.target
        self.relayout()

    def join(self) -> None:
        target = split_address(self.address, DEFAULT_PORT)
        code = normalise(self.code)
        if target is None:
            self.error = words.bad_address() if self.address.strip() else words.choose_a_game()
            return
        if code is None:
            self.error = words.bad_code()
            return
        self.error = ""
        link = RemoteLink(target[0], target[1], code, self.name.strip(), i18n.current_language(),
                          tokens=TokenStore())
        nav.replace(self.on_stack, "lobby", link=link)
