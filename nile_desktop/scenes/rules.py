"""The rules, to read before or during a game: scrollable text with card pictures.

The text is our own short telling of RULES.md, kept in translatable blocks
(``N_``) so it reads in English or Czech and follows a language switch at
once. Scroll with the mouse wheel, the scroll bar, the arrow keys, Page Up /
Page Down, Home and End.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from nile_desktop import card_art
from nile_desktop.assets import AssetError
from nile_desktop.card_art import card_height
from nile_desktop.i18n import N_, _, card_name
from nile_desktop.scenes.base import MenuScene
from nile_desktop.ui import Button, Panel, theme, view

log = logging.getLogger(__name__)

H, P, CARDS, OPTION = "h", "p", "cards", "option"

RULES_TEXT: tuple[tuple[str, Any], ...] = (
    (H, N_("The aim")),
    (P, N_("You farm the banks of the Nile. Plant fields of crops; each time the river "
           "floods one of your crops, the top card of that field goes into your storage. "
           "At the end you sort your storage by crop. Your weakest crop is your score: "
           "whoever has the largest smallest pile wins. A farmer who grows everything "
           "beats one who grows a lot of one thing.")),
    (H, N_("The cards")),
    (P, N_("Crop cards: Papyrus, Wheat, Lettuce, Castor, Flax, Grapes and Onions, 14 of "
           "each. Every crop has its own colour and its own symbol.")),
    (CARDS, ("papyrus", "wheat", "lettuce", "castor", "flax", "grapes", "onions")),
    (P, N_("With two to four players only five crops are used, with five players six, "
           "with six players all seven; the speculation cards of a crop left out leave with "
           "it. The rule book lets the players choose the crops; here Onions leave first, "
           "then Grapes, unless the game was set to leave out random crops.")),
    (P, N_("Speculation cards show two crops. The Plague of Locusts is a single card. "
           "With the Monuments expansion there are also 14 Stones and three Monuments "
           "that start in the middle of the table.")),
    (CARDS, ("spec:wheat+flax", "locust", "stone")),
    (H, N_("Setting up")),
    (P, N_("Everyone gets five cards. The Locust and the Stones are then shuffled into the "
           "draw pile. The game has as many seasons as there are players: a season ends "
           "whenever the draw pile runs out, and the discards are shuffled into a new one.")),
    (H, N_("A turn")),
    (P, N_("1. Flood. Turn over the top card of the draw pile: it is the new flood card. "
           "A crop card floods its crop, a speculation card floods both of its crops.")),
    (P, N_("2. Harvest. Every player, not only you, who has a field of a flooded crop moves "
           "the top card of that field to their storage. A field that becomes empty is gone.")),
    (P, N_("3. Trade, as often as you like. Throw away any two cards from your hand or "
           "storage and either draw one card (the market) or turn over a new flood card "
           "(an offering to Hapi, with a new harvest).")),
    (P, N_("4. Plant or speculate, or do neither. You may not plant or speculate with "
           "cards that show a flooded crop. The Czech rule book allows no turn without "
           "either: that is the option Must plant or speculate (see Rule book variants).")),
    (P, N_("5. Draw two cards. Then the next player in clockwise order takes a turn.")),
    (H, N_("Planting")),
    (P, N_("Plant in one of three ways: two or more cards of one crop as a new field; "
           "exactly two cards of different crops, each starting a field or joining your "
           "field of that crop; or any number of cards added to fields you already have. "
           "You may have only one field of each crop.")),
    (P, N_("If someone else already grows a crop, you may only start a field of it that "
           "is larger than theirs. Their field is then thrown away: you have taken it over.")),
    (H, N_("Speculating")),
    (P, N_("Lay one or two speculation cards in front of you. At the next flood, by "
           "anyone, each of them that shows a flooded crop pays you three cards from the "
           "draw pile (six for two matching cards). Then all of them are thrown away.")),
    (P, N_("In the Czech rule book the speculator turns up a new flood card at once. This "
           "game follows the English rules: the speculation waits for the next flood card, "
           "whoever turns it up (rule R-SPEC-2).")),
    (H, N_("The Plague of Locusts")),
    (P, N_("Whenever the Locust is drawn or turned up (as the flood, at the market, in a "
           "speculation's pay-out or in the draw at the end of a turn), the largest field on "
           "the table is eaten, Monument fields included, and all of them on a tie. The card "
           "is then set aside and does not count as drawn: another card is drawn in its "
           "place. Keep your fields from growing too tall.")),
    (CARDS, ("locust",)),
    (H, N_("Monuments")),
    (P, N_("Stones are planted as the field of a Monument, like a crop: two or more "
           "stones, or one stone and one crop card, or stones added to your own Monument. "
           "A larger field of stones takes a Monument from its owner. Stones are never "
           "harvested and never scored, and only one Monument may be built per turn.")),
    (P, N_("The Sphinx lets its owner take fields over with an equal field. The Obelisk "
           "lets its owner draw three cards at the end of the turn instead of two, and pays "
           "four per matching speculation card instead of three. The Wall makes others need "
           "two cards more, not one, to take over its owner's fields.")),
    (CARDS, ("sphinx", "obelisk", "wall")),
    (P, N_("When a stone is turned up as the flood card, nothing is harvested and every "
           "Monument loses one stone; a Monument without stones goes back to the middle.")),
    (H, N_("Rule book variants")),
    (P, N_("Two rules of the Czech rule book are options of a new game, under these names. "
           "Both are off unless you switch them on.")),
    (OPTION, (N_("Must plant or speculate"),
              N_("a turn may end without planting or speculating only when neither is "
                 "possible."))),
    (OPTION, (N_("Storage: top cards only"),
              N_("your storage is a pile in the order its cards arrived. A trade may take "
                 "only its top card, or its top two cards. Without this option you may "
                 "trade any cards of your storage."))),
    (H, N_("The end")),
    (P, N_("When the draw pile of the last season runs out, the game ends. Count your "
           "storage crop by crop, counting a crop you never stored as zero. The player "
           "whose smallest pile is largest wins; on a tie compare the next pile up.")),
)

def paragraph(kind: str, content: Any) -> str:
    """The text of a paragraph; an option reads "<its name on the setup screen> — <what it
    does>" (a dash, as an option's name may hold a colon: "Storage: top cards only")."""
    if kind == OPTION:
        name, text = content
        # TRANSLATORS: a dash, not a colon: an option's name may hold one ("Storage: top …").
        return _("{option} — {text}").format(option=name, text=text)
    return str(content)


CARD_W = 86
TEXT_W = 940
#: Room under a card for its name: two short lines (Czech names run long).
CAPTION_H = 44


class RulesScene(MenuScene):
    def __init__(self) -> None:
        super().__init__()
        self.scroll = 0.0
        self.lines: list[tuple[str, Any]] = []
        self.content_h = 0
        self.dragging = False

    def build(self) -> None:
        self.panel = pygame.Rect(60, 78, 1160, 568)
        self.view = self.panel.inflate(-80, -60)
        self.group.add(Panel(self.panel, lambda: _("Rules")))
        self.group.add(Button((1280 // 2 - 120, 658, 240, 50), lambda: _("Back"), self.close,
                              primary=True, uid="back"))
        self.layout()

    def layout(self) -> None:
        """Break the text into lines for the current language."""
        self.lines = []
        y = 0
        for kind, content in RULES_TEXT:
            if kind == H:
                y += 14 if self.lines else 0
                self.lines.append(("h", (y, str(content))))
                y += 44
            elif kind in (P, OPTION):
                for line in theme.wrap_text(paragraph(kind, content), theme.SIZE_BODY, TEXT_W):
                    self.lines.append(("p", (y, line)))
                    y += 30
                y += 10
            else:
                self.lines.append(("cards", (y, content)))
                y += card_height(CARD_W) + CAPTION_H + 10
        self.content_h = y
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.view.h)

    def scroll_by(self, amount: float) -> None:
        self.scroll = min(self.max_scroll, max(0.0, self.scroll + amount))

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect]:
        track = pygame.Rect(self.panel.right - 36, self.view.top, 12, self.view.h)
        frac = min(1.0, self.view.h / max(1, self.content_h))
        thumb_h = max(30, int(track.h * frac))
        top = track.top + int((track.h - thumb_h) * self.scroll / max(1.0, self.max_scroll))
        return track, pygame.Rect(track.left, top, track.w, thumb_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        page = self.view.h - 60
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return True
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -page,
                    pygame.K_PAGEDOWN: page, pygame.K_SPACE: page,
                    pygame.K_HOME: -1e9, pygame.K_END: 1e9}.get(event.key)
            if step is not None:
                self.scroll_by(step)
                return True
        track, _thumb = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if track.inflate(16, 0).collidepoint(event.pos):
                self.dragging = True
                self._drag_to(event.pos[1])
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag_to(event.pos[1])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def _drag_to(self, y: int) -> None:
        track, thumb = self._bar()
        t = (y - track.top - thumb.h / 2) / max(1, track.h - thumb.h)
        self.scroll = min(self.max_scroll, max(0.0, t * self.max_scroll))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        clip = surface.get_clip()
        view.set_clip(surface, self.view)
        left = self.view.left + 10
        for kind, (y, content) in self.lines:
            top = self.view.top + y - int(self.scroll)
            if top > self.view.bottom or top + 200 < self.view.top:
                continue
            if kind == "h":
                theme.draw_text(surface, content, (left, top), theme.SIZE_HEADING - 4,
                                theme.LAPIS, bold=True)
                view.line(surface, theme.GOLD, (left, top + 40), (left + TEXT_W, top + 40), 2)
            elif kind == "p":
                theme.draw_text(surface, content, (left, top))
            else:
                self._draw_cards(surface, content, left, top)
        surface.set_clip(clip)
        if self.max_scroll > 0:
            track, thumb = self._bar()
            view.rect(surface, theme.PAPYRUS_SHADOW, track, border_radius=6)
            view.rect(surface, theme.GOLD, thumb, border_radius=6)
            view.rect(surface, theme.INK, thumb, width=1, border_radius=6)

    def _draw_cards(self, surface: pygame.Surface, names: tuple[str, ...], left: int,
                    top: int) -> None:
        x = left + 20
        for name in names:
            label = card_name(name)
            try:
                face = card_art.card_surface(name, view.current().px_size(CARD_W), label)
                view.blit(surface, face, (x, top))
            except AssetError:
                log.debug("no card art for %s", name, exc_info=True)
                view.rect(surface, theme.PAPYRUS_SHADOW,
                          (x, top, CARD_W, card_height(CARD_W)), border_radius=8)
            caption = pygame.Rect(x - 20, top + card_height(CARD_W) + 4, CARD_W + 40, CAPTION_H)
            theme.draw_fitted(surface, label, caption, theme.SIZE_SMALL - 2, theme.INK_SOFT,
                              min_size=theme.SIZE_SMALL - 4, top_aligned=True)
            x += CARD_W + 48
