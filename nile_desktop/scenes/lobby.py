"""Waiting for a game over the network to start: the host's and the joiner's screen.

At the host's computer it shows the join code (three words, large, to read aloud),
this computer's addresses and every seat: people here, people joining (waiting, or
who has joined) and bots, with **Start the game** (seats nobody joined are given to
bots) and **Cancel**. On a joining computer it shows the connection's progress, then
the seats, until the host starts; a refusal (a wrong code, another version, no free
seat) is said in words with **Back**. Once the first update of the game arrives, the
table opens in its place, with everything received so far.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from nile_desktop.i18n import shown_default_name
from nile_desktop.net.client import LinkState
from nile_desktop.net.link import Hosting, Link, RemoteLink
from nile_desktop.net.messages import Ended, SeatInfo, Seats, Update, Welcome
from nile_desktop.saves import new_save
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene
from nile_desktop.text import network as words
from nile_desktop.ui import Button, Label, Panel, theme


class LobbyScene(MenuScene):
    def __init__(self, link: Link, hosting: Hosting | None = None,
                 rules: dict[str, Any] | None = None, seed: int = 0) -> None:
        super().__init__()
        self.link = link
        self.hosting = hosting
        self.rules = dict(rules or {})
        self.seed = seed
        self.seats: list[SeatInfo] = list(hosting.seats()) if hosting is not None else []
        self.updates: list[Update] = []
        self.ended: Ended | None = None
        self.state = "connecting" if hosting is None else "joined"
        self.starting = False
        self._leaving_to_table = False

    # -- widgets -------------------------------------------------------------------------
    def build(self) -> None:
        panel = pygame.Rect(140, 70, 1000, 600)
        host = self.hosting is not None
        self.group.add(Panel(panel, words.hosting_title if host else words.join_a_game))
        left = panel.left + 40
        if host:
            assert self.hosting is not None
            hosting = self.hosting
            self.group.add(Label((left, panel.top + 56, 920, 30), words.tell_code,
                                 size=theme.SIZE_SMALL))
            self.group.add(Label((left, panel.top + 86, 920, 60), hosting.code.replace("-", " · "),
                                 size=theme.SIZE_HEADING + 8, bold=True, colour=theme.LAPIS))
            self.group.add(Label((left, panel.top + 150, 920, 30), self._addresses,
                                 size=theme.SIZE_SMALL))
        else:
            self.group.add(Label((left, panel.top + 70, 920, 60), self._progress,
                                 size=theme.SIZE_BODY))
        for i in range(6):
            self.group.add(Label((left, panel.top + 200 + i * 40, 920, 36),
                                 partial(self._seat_line, i), size=theme.SIZE_BODY))
        bottom = panel.bottom - 80
        if host:
            self.group.add(Button((left, bottom, 440, 54), self._start_label, self.start,
                                  primary=True, uid="start"))
        self.group.add(Button((panel.right - 40 - 220, bottom, 220, 54),
                              words.back if self.ended else words.cancel, self.cancel,
                              uid="cancel"))

    def _addresses(self) -> str:
        assert self.hosting is not None
        port = self.hosting.port
        shown = [f"{a}:{port}" for a in self.hosting.addresses[:3]]
        return words.your_address(", ".join(shown)) if shown else words.no_address()

    def _start_label(self) -> str:
        if any(s.status == "open" for s in self.seats):
            return words.start_with_bots()
        return words.start_now()

    def _progress(self) -> str:
        if self.ended is not None:
            return words.ended(self.ended.why, self.ended.detail)
        if self.state == "joined":
            return words.waiting_for_host()
        return words.connecting()

    def _seat_line(self, index: int) -> str:
        if index >= len(self.seats):
            return ""
        seat = self.seats[index]
        name = shown_default_name(seat.name) if seat.default_name else seat.name
        return words.seat_line(index + 1, name, seat.status)

    # -- what arrives ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for message in self.link.poll():
            if isinstance(message, Welcome):
                self.seats = list(message.seats)
                self.rules = message.rules.to_dict()
            elif isinstance(message, Seats):
                self.seats = list(message.seats)
            elif isinstance(message, Update):
                self.updates.append(message)
            elif isinstance(message, LinkState):
                self.state = message.state
            elif isinstance(message, Ended):
                self.ended = message
                self.relayout()
        if self.updates and not self._leaving_to_table:
            self._leaving_to_table = True
            nav.replace(self.on_stack, "net-table", link=self.link, history=self.updates,
                        seats=self.seats, rules=self.rules, hosting=self.hosting)

    def dump_info(self) -> dict[str, object]:
        return {"lobby": {"state": self.state, "code": self.hosting.code if self.hosting else None,
                          "port": self.hosting.port if self.hosting else None,
                          "statuses": [s.status for s in self.seats],
                          "ended": self.ended.why if self.ended else None}}

    # -- buttons --------------------------------------------------------------------------
    def start(self) -> None:
        if self.hosting is None or self.starting:
            return
        self.starting = True
        seats = [s.save_seat() for s in self.hosting.host.seats]
        for seat, host_seat in zip(seats, self.hosting.host.seats, strict=True):
            if host_seat.role == "remote" and host_seat.token is None:
                seat["kind"] = host_seat.bot_kind.value
        save = new_save(self.rules, self.seed, seats)
        self.hosting.start(save)

    def cancel(self) -> None:
        self.link.close()
        if isinstance(self.link, RemoteLink) or self.hosting is not None:
            nav.go(self.on_stack, "title")
            return
        self.close()

    def exit(self) -> None:
        if not self._leaving_to_table:
            self.link.close()
