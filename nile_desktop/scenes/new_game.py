"""Setting up a game: 2–6 seats (a person or a bot of some level), names,
seat colours, the Monuments expansion, which crops leave the game, and an
optional seed to replay a deal.

The scene keeps the setup in plain data (:attr:`NewGameScene.seats`) and
rebuilds its widgets from it, so a language switch or a change of the
player count never loses what was typed. The setup of the last game started
is remembered in the settings (``Settings.new_game``) and offered again;
what is remembered is checked here value by value, since the file may have
been edited. The seed field takes ASCII digits only (``²`` or ``①`` pass
``str.isdigit`` but are no number), and a seed is never remembered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from nile_desktop.i18n import N_, _, ngettext
from nile_desktop.scenes.base import MenuScene
from nile_desktop.ui import Button, Choice, Label, Panel, TextInput, Toggle, Widget, theme

MAX_SEATS = 6
SEAT_KINDS: tuple[tuple[str, Any], ...] = (
    ("human", N_("Person")),
    ("random", N_("Random bot")),
    ("easy", N_("Easy bot")),
    ("medium", N_("Medium bot")),
    ("hard", N_("Hard bot")),
)
BOT_NAMES = (N_("Nefertari"), N_("Imhotep"), N_("Hatshepsut"), N_("Ramesses"), N_("Tiye"),
             N_("Khufu"))


def seat_colour(index: int) -> tuple[int, int, int]:
    """The RGB of seat colour ``index`` (from the art when it is there)."""
    try:
        from nile_desktop.card_art import SEAT_RGB, SEATS

        return SEAT_RGB[SEATS[index]]
    except (ImportError, IndexError, KeyError):
        return theme.SEAT_COLOURS[index % len(theme.SEAT_COLOURS)]


def default_name(index: int, kind: str) -> str:
    if kind == "human":
        return _("Player {number}").format(number=index + 1)
    return str(BOT_NAMES[index % len(BOT_NAMES)])


def is_seed_digit(char: str) -> bool:
    """Only 0–9: ``str.isdigit`` also takes ``²`` and ``①``, which ``int()`` refuses."""
    return char in "0123456789"


def parse_seed(text: str) -> int:
    """The seed typed (ASCII digits, below 2**64), or a random one for anything else."""
    text = text.strip()
    if text and len(text) <= 19 and all(is_seed_digit(c) for c in text):
        return int(text)
    return random.randrange(2**32)


def restore_setup(scene: NewGameScene, setup: Any) -> None:
    """Apply a remembered setup to ``scene``, skipping whatever does not fit."""
    if not isinstance(setup, dict):
        return
    rules = setup.get("rules")
    if isinstance(rules, dict):
        players = rules.get("players")
        if isinstance(players, int) and not isinstance(players, bool) \
                and 2 <= players <= MAX_SEATS:
            scene.count = players
        from dataclasses import fields

        from nile_desktop.engine import Rules

        options = {f.name for f in fields(Rules)} - {"players"}
        for key, value in rules.items():  # rule options this screen has, with the same type
            if key in options and type(getattr(scene, key, None)) is type(value):
                setattr(scene, key, value)
    seats = setup.get("seats")
    if not isinstance(seats, list):
        return
    kinds = {kind for kind, _label in SEAT_KINDS}
    colours: set[int] = set()
    for index, item in enumerate(seats[:MAX_SEATS]):
        if not isinstance(item, dict):
            continue
        seat = scene.seats[index]
        if item.get("kind") in kinds:
            seat.kind = item["kind"]
        name = item.get("name")
        if isinstance(name, str) and len(name) <= 24:
            seat.name = "".join(c for c in name if c.isprintable()
                                and not 0xD800 <= ord(c) <= 0xDFFF)
        colour = item.get("colour")
        if isinstance(colour, int) and not isinstance(colour, bool) \
                and 0 <= colour < MAX_SEATS and colour not in colours:
            seat.colour = colour
        colours.add(seat.colour)
    used = [seat.colour for seat in scene.seats]
    if len(set(used)) != len(used):  # two seats with one colour: back to one colour each
        for index, seat in enumerate(scene.seats):
            seat.colour = index


def crops_in_play(players: int) -> int:
    return 5 if players <= 4 else players


@dataclass
class SeatSetup:
    kind: str
    colour: int
    name: str = ""

    def shown_name(self, index: int) -> str:
        return self.name.strip() or default_name(index, self.kind)


class ColourSwatch(Widget):
    """A seat's colour; a click (or Enter) takes the next colour nobody else has."""

    def __init__(self, rect: Any, scene: NewGameScene, index: int) -> None:
        super().__init__(rect)
        self.scene, self.index = scene, index

    def activate(self) -> None:
        self.scene.next_colour(self.index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.handle_click(event)

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.scene.seats[self.index].colour
        centre, radius = self.rect.center, self.rect.h // 2 - 2
        try:
            from nile_desktop.card_art import seat_marker

            marker = seat_marker(colour, radius * 2)
            surface.blit(marker, marker.get_rect(center=centre))
        except Exception:
            pygame.draw.circle(surface, seat_colour(colour), centre, radius)
            pygame.draw.circle(surface, theme.GOLD, centre, radius, width=3)
        if self.focused or self.hovered:
            theme.draw_focus_ring(surface, self.rect, radius=self.rect.h // 2)


class NewGameScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.count = 4
        self.seats = [SeatSetup("human" if i == 0 else "easy", i) for i in range(MAX_SEATS)]
        self.monuments = True
        self.random_crops = False
        self.seed_text = ""
        self._restored = False

    def enter(self) -> None:
        if not self._restored:
            self._restored = True
            restore_setup(self, self.settings().new_game)
        super().enter()

    # -- widgets ---------------------------------------------------------------------
    def build(self) -> None:
        panel = pygame.Rect(40, 78, 1200, 612)
        self.panel = panel
        self.group.add(Panel(panel, lambda: _("New game")))
        left = panel.left + 40
        self.group.add(Choice((left, panel.top + 46, 560, 44),
                              [(n, str(n)) for n in range(2, MAX_SEATS + 1)], self.count,
                              self.set_count, label=lambda: _("Players")))
        kinds = [(kind, label) for kind, label in SEAT_KINDS]
        for i in range(self.count):
            y = panel.top + 112 + i * 62
            seat = self.seats[i]
            self.group.add(Label((left, y, 40, 48), str(i + 1), bold=True))
            self.group.add(ColourSwatch((left + 34, y, 48, 48), self, i))
            self.group.add(TextInput((left + 96, y + 2, 290, 44), seat.name,
                                     lambda text, i=i: self.set_name(i, text), max_len=24,
                                     placeholder=lambda i=i: default_name(i, self.seats[i].kind)))
            self.group.add(Choice((left + 400, y + 2, 300, 44), kinds, seat.kind,
                                  lambda kind, i=i: self.set_kind(i, kind)))
        right = panel.left + 790
        self.group.add(Toggle((right, panel.top + 112, 370, 44), lambda: _("Monuments"),
                              self.monuments, self.set_monuments))
        crops = [(False, lambda: _("Onions, then Grapes")), (True, lambda: _("Random"))]
        self.group.add(Label((right, panel.top + 174, 370, 30),
                             lambda: _("Crops left out with few players"), size=theme.SIZE_SMALL))
        self.group.add(Choice((right, panel.top + 206, 370, 44), crops, self.random_crops,
                              self.set_random_crops))
        self.group.add(Label((right, panel.top + 270, 370, 30),
                             lambda: _("Seed (the same seed deals the same cards)"),
                             size=theme.SIZE_SMALL))
        self.group.add(TextInput((right, panel.top + 302, 370, 44), self.seed_text,
                                 self.set_seed, max_len=12, allowed=is_seed_digit,
                                 placeholder=lambda: _("random")))
        bottom = panel.bottom - 80
        self.start_button = Button((right, bottom, 220, 54), lambda: _("Start the game"),
                                   self.start, primary=True)
        self.group.add(self.start_button)
        self.group.add(Button((right + 236, bottom, 134, 54), lambda: _("Back"), self.close))

    # -- changes -----------------------------------------------------------------------
    def set_count(self, count: int) -> None:
        self.count = count
        self.relayout()

    def set_name(self, index: int, text: str) -> None:
        self.seats[index].name = text

    def set_kind(self, index: int, kind: str) -> None:
        self.seats[index].kind = kind

    def next_colour(self, index: int) -> None:
        taken = {s.colour for i, s in enumerate(self.seats[: self.count]) if i != index}
        colour = self.seats[index].colour
        for _step in range(MAX_SEATS):
            colour = (colour + 1) % MAX_SEATS
            if colour not in taken:
                break
        self.seats[index].colour = colour

    def set_monuments(self, on: bool) -> None:
        self.monuments = on

    def set_random_crops(self, on: bool) -> None:
        self.random_crops = on

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    # -- starting ---------------------------------------------------------------------
    def setup(self) -> tuple[dict[str, Any], int, list[dict[str, Any]]]:
        """The rules, the seed and the seats as the saves module takes them."""
        rules = {"players": self.count, "monuments": self.monuments,
                 "random_crops": self.random_crops}
        seed = parse_seed(self.seed_text)
        seats = [{"name": s.shown_name(i), "kind": s.kind, "colour": s.colour}
                 for i, s in enumerate(self.seats[: self.count])]
        return rules, seed, seats

    def start(self) -> None:
        from nile_desktop.saves import new_save
        from nile_desktop.scenes.table import TableScene

        rules, seed, seats = self.setup()
        save = new_save(rules, seed, seats)
        self.remember(rules, seats)
        state = save.new_state()
        self.stack.replace(TableScene(save, state))

    def remember(self, rules: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """Keep this setup in the settings, for the next visit of this screen."""
        if self.app is None:
            return
        typed = [{"kind": s.kind, "colour": s.colour, "name": s.name.strip()}
                 for s in self.seats]
        self.app.settings.new_game = {"rules": dict(rules), "seats": typed}
        self.app.save_settings()

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        right = self.panel.left + 790
        crops = crops_in_play(self.count)
        lines = [
            ngettext("{n} crop in play", "{n} crops in play", crops).format(n=crops),
            ngettext("{n} season", "{n} seasons", self.count).format(n=self.count),
        ]
        if not self.monuments:
            lines.append(_("No stones and no Monuments"))
        y = self.panel.top + 372
        for line in lines:
            theme.draw_text(surface, "• " + line, (right, y), theme.SIZE_SMALL, theme.INK_SOFT)
            y += 26
