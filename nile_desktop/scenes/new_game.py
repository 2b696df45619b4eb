"""Setting up a game: 2–6 seats (a person or a bot of some level), names,
seat colours, the Monuments expansion, which crops leave the game, the two
rule-book variants of the Czech DeLuxor book, and an optional seed to replay
a deal. The player range, the crops in play, the bot levels and the bot
personalities (each named with the level it plays like, as the ladder
measured it) come from the engine and the bots, never repeated here.

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
from dataclasses import dataclass, fields
from functools import partial
from typing import Any

import pygame

from nile_desktop import card_art
from nile_desktop.ai.levels import LEVEL_LABELS
from nile_desktop.ai.personalities import BY_KEY, strength_order
from nile_desktop.assets import AssetError
from nile_desktop.engine import Rules
from nile_desktop.engine.rules import MAX_PLAYERS, PLAYER_COUNTS, crop_count, seasons_for
from nile_desktop.i18n import LazyString
from nile_desktop.net.client import DEFAULT_PORT
from nile_desktop.net.codes import new_code
from nile_desktop.net.link import Hosting
from nile_desktop.net.seating import HostSeat, NetRecord, Role, new_game_id
from nile_desktop.saves import log_opened, new_save
from nile_desktop.scenes import nav
from nile_desktop.scenes.base import MenuScene
from nile_desktop.seats import SEAT_KINDS, SeatKind, default_name
from nile_desktop.text import network as net_words
from nile_desktop.text import new_game as words
from nile_desktop.text import screens
from nile_desktop.text.opponents import kind_help, kind_label, kind_line
from nile_desktop.ui import Button, Choice, Label, Panel, TextInput, Toggle, Widget, theme, view

MAX_SEATS = MAX_PLAYERS
#: A seat's row on the screen: its controls' height, and the row with the line under them.
SEAT_H, SEAT_ROW = 40, 62
#: A seat's kind in a game open to the network: a person joining from another computer.
REMOTE = "remote"


#: What the seat-kind choice offers: every seat kind (:data:`~nile_desktop.seats.SEAT_KINDS`)
#: with its label, a person first, then the bots weakest first by their measured strength.
KIND_CHOICES: tuple[tuple[SeatKind, Any], ...] = tuple(
    (kind, words.person if kind.is_human
     else LazyString(LEVEL_LABELS[kind]) if kind not in BY_KEY else partial(kind_label, kind))
    for kind in [SeatKind.HUMAN, *map(SeatKind, strength_order(
        [k for k in SEAT_KINDS if k.is_bot]))])


def seat_colour(index: int) -> tuple[int, int, int]:
    """The RGB of seat colour ``index``."""
    return theme.SEAT_COLOURS[index % len(theme.SEAT_COLOURS)]


def is_seed_digit(char: str) -> bool:
    """Only 0–9: ``str.isdigit`` also takes ``²`` and ``①``, which ``int()`` refuses."""
    return char in "0123456789"


def parse_seed(text: str) -> int:
    """The seed typed (ASCII digits, below 2**64), or a random one for anything else."""
    text = text.strip()
    if text and len(text) <= 19 and all(is_seed_digit(c) for c in text):
        return int(text)
    return random.randrange(2**32)


def restore_setup(scene: NewGameScene, setup: object) -> None:
    """Apply a remembered setup to ``scene``, skipping whatever does not fit (every field
    is checked for its type here too: the settings may hold any JSON value)."""
    if not isinstance(setup, dict):
        return
    rules = setup.get("rules")
    if isinstance(rules, dict):
        players = rules.get("players")
        if isinstance(players, int) and not isinstance(players, bool) \
                and 2 <= players <= MAX_SEATS:
            scene.count = players
        options = {f.name for f in fields(Rules)} - {"players"}
        for key, value in rules.items():  # rule options this screen has, with the same type
            if key in options and type(getattr(scene, key, None)) is type(value):
                setattr(scene, key, value)
    seats = setup.get("seats")
    if not isinstance(seats, list):
        return
    kinds = {kind for kind, _label in KIND_CHOICES}
    colours: set[int] = set()
    for index, item in enumerate(seats[:MAX_SEATS]):
        if not isinstance(item, dict):
            continue
        seat = scene.seats[index]
        kind = item.get("kind")
        if isinstance(kind, str) and kind in kinds:
            seat.kind = kind
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


@dataclass
class SeatSetup:
    kind: str
    colour: int
    name: str = ""

    def shown_name(self, index: int) -> str:
        return self.name.strip() or default_name(index, self.kind)


class ColourSwatch(Widget):
    """A seat's colour; a click (or Enter) takes the next colour nobody else has."""

    role = "button"

    def __init__(self, rect: Any, scene: NewGameScene, index: int) -> None:
        super().__init__(rect, uid=f"seat-{index + 1}.colour")
        self.scene, self.index = scene, index

    def dump_label(self) -> str:
        """The seat colour's name (from the art's list; not yet a translated text)."""
        try:
            return card_art.SEATS[self.scene.seats[self.index].colour]
        except IndexError:
            return str(self.scene.seats[self.index].colour)

    def dump_data(self) -> dict[str, Any]:
        return {"colour": self.scene.seats[self.index].colour, "seat": self.index}

    def activate(self) -> None:
        self.scene.next_colour(self.index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.handle_click(event)

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.scene.seats[self.index].colour
        centre, radius = self.rect.center, self.rect.h // 2 - 2
        try:
            marker = card_art.seat_marker(colour, view.current().px_size(radius * 2))
            view.blit(surface, marker, None, center=centre)
        except AssetError:  # no seat art: a plain disc of the same colour
            view.circle(surface, seat_colour(colour), centre, radius)
            view.circle(surface, theme.GOLD, centre, radius, width=3)
        if self.focused or self.hovered:
            theme.draw_focus_ring(surface, self.rect, radius=self.rect.h // 2)


class NewGameScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.count = 4
        self.seats = [SeatSetup(SeatKind.HUMAN if i == 0 else SeatKind.EASY, i)
                      for i in range(MAX_SEATS)]
        self.monuments = True
        self.random_crops = False
        self.must_act = False
        self.storage_top = False
        self.seed_text = ""
        self._restored = False
        #: The game opens to the network ("Open to the network").
        self.network = False

    def enter(self) -> None:
        if not self._restored:
            self._restored = True
            restore_setup(self, self.settings().new_game)
        super().enter()

    # -- widgets ---------------------------------------------------------------------
    def build(self) -> None:
        panel = pygame.Rect(40, 78, 1200, 612)
        self.panel = panel
        self.group.add(Panel(panel, screens.new_game))
        left = panel.left + 40
        self.group.add(Choice((left, panel.top + 46, 400, 44),
                              [(n, str(n)) for n in PLAYER_COUNTS], self.count,
                              self.set_count, label=words.players, uid="players"))
        network = Toggle((left + 420, panel.top + 46, 290, 44), net_words.open_to_network,
                         self.network, self.set_network, uid="network")
        network.tooltip = net_words.open_hint
        self.group.add(network)
        kinds: list[tuple[str, Any]] = [(kind, label) for kind, label in KIND_CHOICES]
        if self.network:  # a seat may wait for someone joining from another computer
            kinds.insert(1, (REMOTE, net_words.person_joining))
        for i in range(self.count):
            y = panel.top + 108 + i * SEAT_ROW
            seat = self.seats[i]
            self.group.add(Label((left, y, 40, SEAT_H), str(i + 1), bold=True))
            self.group.add(ColourSwatch((left + 34, y, SEAT_H, SEAT_H), self, i))
            self.group.add(TextInput((left + 96, y, 262, SEAT_H), seat.name,
                                     partial(self.set_name, i), max_len=24,
                                     placeholder=partial(self.placeholder, i),
                                     uid=f"seat-{i + 1}.name"))
            kind_choice = Choice((left + 372, y, 328, SEAT_H), kinds, seat.kind,
                                 partial(self.set_kind, i), uid=f"seat-{i + 1}.kind")
            kind_choice.tooltip = partial(self.kind_measured, i)  # a personality's figure
            self.group.add(kind_choice)
            # what the seat's bot does, in one line under the row, as the choice changes
            self.group.add(Label((left + 34, y + SEAT_H, 666, SEAT_ROW - SEAT_H - 2),
                                 partial(self.kind_line, i), size=theme.SIZE_MIN,
                                 colour=theme.INK_SOFT))
        right = panel.left + 790
        self.group.add(Toggle((right, panel.top + 112, 370, 44), words.monuments,
                              self.monuments, self.set_monuments, uid="monuments"))
        crops = [(False, words.onions_then_grapes), (True, words.random_crops)]
        self.group.add(Label((right, panel.top + 164, 370, 30),
                             words.crops_left_out, size=theme.SIZE_SMALL))
        self.group.add(Choice((right, panel.top + 194, 370, 44), crops, self.random_crops,
                              self.set_random_crops, uid="crops"))
        self.group.add(Label((right, panel.top + 248, 370, 30),
                             words.seed, size=theme.SIZE_SMALL))
        self.build_variants(right, panel.top + 336)
        self.group.add(TextInput((right, panel.top + 278, 370, 44), self.seed_text,
                                 self.set_seed, max_len=12, allowed=is_seed_digit,
                                 placeholder=words.random_seed, uid="seed"))
        bottom = panel.bottom - 80
        self.start_button = Button((right, bottom, 220, 54), self.start_label,
                                   self.start, primary=True, uid="start")
        self.group.add(self.start_button)
        self.group.add(Button((right + 236, bottom, 134, 54), screens.back, self.close,
                              uid="back"))

    def build_variants(self, left: int, top: int) -> None:
        """The Czech rule book's two rules, each with a one-line explanation (RULES.md)."""
        self.group.add(Label((left, top, 370, 26), words.rule_book_variants,
                             size=theme.SIZE_SMALL, bold=True))
        variants = (
            ("must-act", words.must_act, words.must_act_hint, self.must_act, self.set_must_act),
            ("storage-top", words.storage_top, words.storage_top_hint, self.storage_top,
             self.set_storage_top),
        )
        y = top + 28
        for uid, label, hint, value, on_change in variants:
            self.group.add(Toggle((left, y, 370, 40), label, value, on_change, uid=uid))
            self.group.add(Label((left, y + 40, 370, 24), hint, size=theme.SIZE_SMALL - 2,
                                 colour=theme.INK_SOFT))
            y += 68

    def start_label(self) -> str:
        return net_words.open_game() if self.hosting_wanted() else words.start()

    # -- changes -----------------------------------------------------------------------
    def set_network(self, on: bool) -> None:
        """Open the game to the network (or not): a seat may then wait for a person joining."""
        self.network = on
        if on and not any(s.kind == REMOTE for s in self.seats[1:self.count]):
            for seat in self.seats[1:self.count]:
                if seat.kind != "human":
                    seat.kind = REMOTE
                    break
        if not on:
            for seat in self.seats:
                if seat.kind == REMOTE:
                    seat.kind = "human"
        self.relayout()

    def hosting_wanted(self) -> bool:
        return self.network and any(s.kind == REMOTE for s in self.seats[:self.count])

    def set_count(self, count: int) -> None:
        self.count = count
        self.relayout()

    def set_name(self, index: int, text: str) -> None:
        self.seats[index].name = text

    def kind_help(self, index: int) -> str:
        """What to expect of the bot in seat ``index`` (nothing for a person)."""
        return kind_help(self.seats[index].kind)

    def kind_measured(self, index: int) -> str:
        """The choice's tooltip: what the line under the seat does not say (a personality's
        measured figures against each level it met; nothing for a level, whose line says it
        all)."""
        return kind_help(self.seats[index].kind).partition("\n")[2]

    def kind_line(self, index: int) -> str:
        """The one line under seat ``index``: what its bot does (nothing for a person)."""
        return kind_line(self.seats[index].kind)

    def placeholder(self, index: int) -> str:
        """The name seat ``index`` plays under while none is typed (it follows the seat's kind)."""
        return default_name(index, self.seats[index].kind)

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

    def set_must_act(self, on: bool) -> None:
        self.must_act = on

    def set_storage_top(self, on: bool) -> None:
        self.storage_top = on

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    # -- starting ---------------------------------------------------------------------
    def setup(self) -> tuple[dict[str, Any], int, list[dict[str, Any]]]:
        """The rules, the seed and the seats as the saves module takes them."""
        rules = {"players": self.count, "monuments": self.monuments,
                 "random_crops": self.random_crops, "must_act": self.must_act,
                 "storage_top": self.storage_top}
        seed = parse_seed(self.seed_text)
        seats = [{"name": s.name.strip() or default_name(i, s.kind, source=True), "kind": s.kind,
                  "colour": s.colour, "default_name": not s.name.strip()}
                 for i, s in enumerate(self.seats[: self.count])]
        return rules, seed, seats

    def start(self) -> None:
        if self.hosting_wanted():
            self.host_game()
            return
        rules, seed, seats = self.setup()
        save = new_save(rules, seed, seats)
        log_opened(save, "new game")
        self.remember(rules, seats)
        nav.replace(self.on_stack, "table", save=save, state=save.new_state())

    def host_game(self) -> None:
        """Open the game to the network: the host starts listening and its lobby shows
        the join code; the game starts from there."""
        rules, seed, _seats = self.setup()
        seats = []
        for i, s in enumerate(self.seats[: self.count]):
            role: Role = "remote" if s.kind == REMOTE else "here" if s.kind == "human" else "bot"
            kind = SeatKind.HUMAN if role != "bot" else SeatKind(s.kind)
            seats.append(HostSeat(role, s.name.strip() or default_name(i, kind, source=True),
                                  kind, s.colour, default_name=not s.name.strip()))
        record = NetRecord(new_code(), new_game_id(), DEFAULT_PORT, seats)
        try:
            hosting = Hosting(record, Rules(**rules), seed)
        except OSError:  # the usual port is taken (another game): any free one
            record.port = 0
            hosting = Hosting(record, Rules(**rules), seed)
        self.remember(rules, [])
        here = frozenset(i for i, s in enumerate(seats) if s.role == "here")
        nav.replace(self.on_stack, "lobby", link=hosting.watch(here), hosting=hosting,
                    rules=rules, seed=seed)

    def remember(self, rules: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """Keep this setup in the settings, for the next visit of this screen."""
        if self.app is None:
            return
        typed = [{"kind": "human" if s.kind == REMOTE else s.kind, "colour": s.colour,
                  "name": s.name.strip()} for s in self.seats]
        self.app.settings.new_game = {"rules": dict(rules), "seats": typed}
        self.app.save_settings()

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        left = self.panel.left + 40
        lines = words.setup_facts(crop_count(self.count), seasons_for(self.count), self.monuments)
        y = self.panel.top + 108 + MAX_SEATS * SEAT_ROW + 8  # below the last possible seat
        for line in lines:
            theme.draw_text(surface, "• " + line, (left, y), theme.SIZE_SMALL, theme.INK_SOFT)
            y += 26
