"""The table of a game over the network, and its menu.

:class:`NetTableScene` is the ordinary table scene with a
:class:`~nile_desktop.scenes.table.logic.remote.RemoteTableGame` for its game: the
same drawing, input, hints, sounds and log. It adds what the network brings: a line
at the top while the connection is being restored, a dialog when it ends for good,
and a menu (:class:`NetMenuScene`) with "Leave the game" and, at the host's screen,
"Let a bot play for …" for each person away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from nile_desktop.engine import State
from nile_desktop.net.link import Hosting, Link
from nile_desktop.net.messages import SeatInfo, Update
from nile_desktop.saves import SaveGame
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import centred
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.table.display.menu import TableMenuScene
from nile_desktop.scenes.table.display.scene import TableScene
from nile_desktop.scenes.table.logic.game import TableGame
from nile_desktop.scenes.table.logic.remote import RemoteTableGame, mirror_save
from nile_desktop.scenes.table.logic.session import Saver
from nile_desktop.text import network as words
from nile_desktop.ui import Button, Label, Panel, theme


class NetTableScene(TableScene):
    def __init__(self, link: Link, history: Sequence[Update], seats: Sequence[SeatInfo],
                 rules: dict[str, object], hosting: Hosting | None = None,
                 speed: float | None = None) -> None:
        self.link = link
        self.history = list(history)
        self.seat_infos = list(seats)
        self.hosting = hosting
        self._told_end = False
        save = mirror_save(rules, seats, self.history[0].state)
        super().__init__(save, None, autosave=False, speed=speed)

    def _make_game(self, save: SaveGame, state: State | None, *, autosave: bool,
                   saver: Saver | None, speed: float | None) -> TableGame:
        real: Callable[[], SaveGame | None] | None = None
        if self.hosting is not None:
            hosting = self.hosting
            real = lambda: hosting.host.save  # noqa: E731 - read when the review opens
        return RemoteTableGame(self.link, self.history, self.seat_infos, save,  # type: ignore[arg-type]
                               self, self.drawer, speed=speed, real_save=real)

    @property
    def net(self) -> RemoteTableGame:
        game = self.game
        assert isinstance(game, RemoteTableGame)
        return game

    def navigate(self, route: nav.Route, *, push: bool = True, **options: object) -> None:
        if route == "table-menu":
            route = "net-menu"
        super().navigate(route, push=push, **options)

    def dump_info(self) -> dict[str, object]:
        info = super().dump_info()
        info["network"] = {"link": self.net.link_state, "seats": list(self.net.link.seats),
                           "statuses": [s.status for s in self.net.seat_infos],
                           "ended": self.net.ended.why if self.net.ended else None}
        return info

    def update(self, dt: float) -> None:
        super().update(dt)
        ended = self.net.ended
        if ended is not None and not self._told_end and ended.why != "left" \
                and self.stack is not None and self.stack.top is self:
            self._told_end = True
            reason = ended
            self.stack.push(DialogScene(
                words.network_ended_title,
                lambda: words.ended(reason.why, reason.detail),
                [(lambda: words.leave_game(), self.to_title),
                 (words.look_at_table, None)]))

    def to_title(self) -> None:
        nav.go(self.on_stack, "title")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.net.link_state == "reconnecting" and self.net.ended is None:
            text = words.reconnecting()
            font = theme.font(theme.SIZE_BODY)
            w, h = font.size(text)
            box = pygame.Rect(0, 0, w + 40, h + 16)
            box.midtop = (surface.get_width() // 2, 8)
            pygame.draw.rect(surface, theme.PAPYRUS, box, border_radius=10)
            pygame.draw.rect(surface, theme.GOLD, box, width=2, border_radius=10)
            surface.blit(font.render(text, True, theme.INK), (box.left + 20, box.top + 8))


class NetMenuScene(TableMenuScene):
    """Resume, Rules, Settings, Leave the game; at the host's screen a bot for each person
    away."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(table)

    def build(self) -> None:
        table = self.table
        assert isinstance(table, NetTableScene)
        entries: list[tuple[str, Callable[[], str], Callable[[], None], bool]] = [
            ("resume", words.resume, self.close, True),
            ("rules", words.rules, lambda: self.show("rules"), False),
            ("settings", words.settings, lambda: self.show("settings"), False),
        ]
        if table.hosting is not None:
            for seat in table.net.away():
                info = table.net.seat_infos[seat]
                if info.status == "away":
                    name = table.game.session.names[seat]
                    entries.append((f"bot-for-{seat}", partial(words.let_bot_play, name),
                                    partial(self.bot_for, seat), False))
        entries.append(("leave", words.leave_game, self.to_title, False))
        hosting = table.hosting
        extra = 0 if hosting is None else 64
        panel = centred(520 if hosting is None else 760, 90 + 74 * len(entries) + extra)
        self.group.add(Panel(panel, words.menu))
        if hosting is not None:  # what the others need to join again
            self.group.add(Label((panel.left + 30, panel.bottom - 70, panel.w - 60, 50),
                                 partial(_join_line, hosting), size=theme.SIZE_SMALL,
                                 colour=theme.INK_SOFT, align="center"))
        for i, (uid, label, action, primary) in enumerate(entries):
            rect = pygame.Rect(0, 0, 420, 54)
            rect.midtop = (panel.centerx, panel.top + 56 + i * 74)
            self.group.add(Button(rect, label, action, primary=primary, uid=uid))
        self.group.move_focus(1)

    def bot_for(self, seat: int) -> None:
        table = self.table
        assert isinstance(table, NetTableScene) and table.hosting is not None
        table.hosting.give_to_bot(seat)
        self.close()


def _join_line(hosting: Hosting) -> str:
    shown = [f"{a}:{hosting.port}" for a in hosting.addresses[:2]] or [f"127.0.0.1:{hosting.port}"]
    return words.code_and_address(hosting.code.replace("-", " · "), ", ".join(shown))
