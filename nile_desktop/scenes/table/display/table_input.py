"""Mouse and keyboard on the table, acting on the elements of the last frame.

- Click a card in your hand or storage to pick one more of it (right-click
  puts one back); drag a card from your hand onto a glowing place to stage
  it there (the picked cards of that kind, or as many as the planting can use).
- Click a glowing place to stage the picked cards there; right-click a place
  (or click it with nothing picked) to take one staged card back.
- Buttons act when the mouse is released over them.
- Keyboard: arrows or Tab move a cursor over cards, places and buttons;
  Space or Enter acts on it (as a click); Backspace as a right-click;
  M, O, P, S, E are the actions, Ctrl+Z or U undo (with nothing to undo, against bots:
  take back my turn), C clears, H suggests,
  A lists all moves, Page Up/Down scroll the log, Escape opens the menu.
- The sound button beside the menu mutes all sound (as Ctrl+M does on every screen).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from nile_desktop.engine import CardRef, Place, Role
from nile_desktop.scenes.table.display.logview import LogView
from nile_desktop.scenes.table.display.paint import Element, Hits
from nile_desktop.scenes.table.logic.commands import TableCommands
from nile_desktop.scenes.table.logic.draft import Action, Refusal
from nile_desktop.scenes.table.logic.view import Pointer, Tone
from nile_desktop.text import controls as words
from nile_desktop.text.refusals import TableRefusalCode
from nile_desktop.text.table import cards_label
from nile_desktop.text.words import cannot_go, refusal_words

DRAG_START = 8
ACTION_KEYS = {pygame.K_m: Action.MARKET, pygame.K_o: Action.OFFER, pygame.K_p: Action.PLANT,
               pygame.K_s: Action.SPECULATE, pygame.K_e: Action.PASS}


class TableInput:
    """Hover, the pressed button, the drag in progress and the keyboard cursor."""

    def __init__(self, table: TableCommands, logview: LogView, hits: Callable[[], Hits],
                 coach_press: Callable[[str], None] | None = None, *,
                 mute: Callable[[], None] | None = None) -> None:
        self.t = table
        self.mute = mute
        self.logview = logview
        self._hits = hits
        self.coach_press = coach_press
        self.hover: str | None = None
        self.cursor: str | None = None
        self.pressed: str | None = None
        self.mouse = (0, 0)
        #: Moves played when the pointer or the cursor last came to rest on ``hover``: a
        #: move changes the table under it, so its tooltip waits for the pointer to move.
        self._hover_moves = -1
        self._down: tuple[int, int] | None = None
        self._down_elem: Element | None = None
        self.dragging: Element | None = None

    # -- helpers -----------------------------------------------------------------------
    @property
    def hits(self) -> Hits:
        """The elements of the last frame drawn."""
        return self._hits()

    def pointer(self) -> Pointer:
        """Where the pointer and the cursor are, for the next frame's view. Nothing is
        hovered once a move was played since the pointer last moved (no stale tooltip)."""
        dragging = self.dragging.data.get("kind", "") if self.dragging is not None else None
        hover = self.hover if self._hover_moves == self.t.session.moves_played else None
        return Pointer(hover, self.cursor, self.pressed, self.mouse, dragging)

    def _rest(self, element: Element | None) -> None:
        self.hover = element.id if element is not None else None
        self._hover_moves = self.t.session.moves_played

    def after_draw(self, hits: Hits) -> None:
        if self.cursor is not None and hits.get(self.cursor) is None:
            self.cursor = None

    # -- dispatch -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        t = self.t
        if t.effects_busy() and self._skips(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEWHEEL:
            over = self.logview.rect.collidepoint(self.mouse)
            if over:
                self.logview.scroll(event.y * 3)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            top = self.hits.at(event.pos)
            if (top is None or top.id == "log") and self.logview.handle_event(event):
                return True  # the log takes a press only where nothing lies over it
            if event.button == 1:
                self._down = event.pos
                self._down_elem = self.hits.at(event.pos)
                if self._down_elem is not None and self._down_elem.role == "button":
                    self.pressed = self._down_elem.id
                return self._down_elem is not None
            if event.button == 3:
                element = self.hits.at(event.pos)
                if element is not None:
                    self.secondary(element)
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.mouse = event.pos
            if self.logview.handle_event(event):
                return True
            if event.button != 1:
                return False
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _skips(self, event: pygame.event.Event) -> bool:
        """A click or Space finishes the effects at once. A person about to act sees the
        effects land first (at once), then the action happens: it never waits for them."""
        t = self.t
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        space = event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        acting = event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
        if t.composing() and acting:
            t.finish_effects()
            return False
        if click or space:
            element = self.hits.get(self.hover) if click else None
            t.finish_effects()
            return not (element is not None and element.role == "button")
        return False

    def _motion(self, event: pygame.event.Event) -> bool:
        self.mouse = event.pos
        if self.logview.handle_event(event):
            return True
        self._rest(self.hits.at(event.pos))
        down = self._down_elem
        if (self.dragging is None and down is not None and self._down is not None
                and down.data.get("zone") == "hand" and down.enabled
                and abs(event.pos[0] - self._down[0]) + abs(event.pos[1] - self._down[1])
                >= DRAG_START):
            self.dragging = down
            self.explain_places(down.data.get("kind", ""))
        return self.dragging is not None

    def _release(self, pos: tuple[int, int]) -> bool:
        start, down, self._down_elem, self._down = self._down, self._down_elem, None, None
        pressed, self.pressed = self.pressed, None
        dragged, self.dragging = self.dragging, None
        target = self.hits.at(pos)
        if dragged is not None:
            if target is not None and "target" in target.data:
                self.drop(dragged, target)
            elif target is not None:
                self.drop_on_panel(dragged, target)
            return True
        if down is None:
            return False
        still = start is not None and abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_START
        if down.role == "button":
            if target is None or target.id != down.id or pressed != down.id:
                return False
        elif not still and (target is None or target.id != down.id):
            return False
        # what was pressed is acted on, even if the table moved under the pointer meanwhile
        self.activate(self.hits.get(down.id) or down)
        return True

    # -- what a click does -------------------------------------------------------------------
    def activate(self, element: Element) -> None:
        """A click (or Space/Enter under the cursor) on ``element``."""
        t = self.t
        if element.role == "button":
            if element.enabled:
                self.button(element.id)
            elif element.tooltip:
                t.say(element.tooltip)
            return
        if not t.composing():
            return
        zone = element.data.get("zone")
        kind = str(element.data.get("kind", ""))
        if zone == "hand":  # (a pick may start a trade: only a drag says why it cannot plant)
            refusal = t.pick(kind)
            if refusal is not None:
                t.refuse(refusal)
            else:
                t.sound("slide")
        elif zone == "storage":
            refusal = t.pick(CardRef(kind, storage=True))
            if refusal is not None:
                t.refuse(refusal)
        elif "target" in element.data:
            self.place(element)

    def explain_places(self, kind: str) -> None:
        """A dragged card that cannot be planted anywhere says why at once (flooded, a
        take-over short of cards), so nobody wonders why nothing glows."""
        t = self.t
        targets = t.draft.targets(kind)
        reasons = [r for r in (t.draft.why_not_target(kind, tg) for tg in targets) if r is not None]
        if targets and len(reasons) == len(targets):
            t.say(refusal_words(t.session.names, reasons[0]), Tone.NOTE)

    def place(self, element: Element) -> None:
        t = self.t
        target = Place.parse(element.data["target"])
        if not t.draft.picks:
            if t.draft.staged_on(target):
                t.unstage(target)
            return
        refusal = t.stage_cards(target)
        if refusal is not None:
            self._refuse_place(element, refusal)
        else:
            t.sound("slide")

    def drop(self, card: Element, place: Element) -> None:
        t = self.t
        if not t.composing():
            return
        kind = card.data.get("kind", "")
        refusal = t.stage_cards(Place.parse(place.data["target"]), kind=kind)
        if refusal is None:
            t.sound("slide")
            self.tell_returned()
            return
        if refusal.code is TableRefusalCode.NO_ROOM:
            t.say(cannot_go(kind, place.label))
            return
        self._refuse_place(place, refusal)

    def drop_on_panel(self, card: Element, panel: Element) -> None:
        """A card dropped on a seat panel, beside the glowing places: it goes to the one
        place of that crop there (on one's own panel a field or a plot, on a rival's a
        take-over); with a choice (or none), the player is told where to drop it."""
        t = self.t
        if not t.composing():
            return
        kind, seat = str(card.data.get("kind", "")), panel.data.get("seat")
        if seat is None:  # not a seat (the hand the drag came from, the log…)
            return
        roles = ((Role.FIELD, Role.PLOT, Role.MONUMENT) if seat == t.draft.seat
                 else (Role.TAKEOVER, Role.TAKE))
        own = [tg for tg in t.draft.targets(kind) if tg.role in roles and
               (tg.seat == seat or seat == t.draft.seat)]
        if len(own) == 1:
            refusal = t.stage_cards(own[0].place, kind=kind)
            if refusal is None:
                t.sound("slide")
                self.tell_returned()
            else:
                t.refuse(refusal)
            return
        t.say(words.drop_on_glow(), Tone.NOTE)

    def tell_returned(self) -> None:
        """A drop sent staged cards back to the hand (two crops take one card each): say
        which, so no card seems to vanish."""
        returned = self.t.draft.returned
        if returned:
            self.t.say(words.went_back(cards_label(returned)), Tone.NOTE)

    def _refuse_place(self, place: Element, refusal: Refusal) -> None:
        t = self.t
        if refusal.code is TableRefusalCode.NO_ROOM:
            reasons = []
            for ref in t.draft.picked_refs():
                kind = ref.kind
                for target in t.draft.targets(kind):
                    why = t.draft.why_not_target(kind, target)
                    if why is not None:
                        reasons.append(why)
            if reasons:
                refusal = reasons[0]
        t.refuse(refusal)

    def secondary(self, element: Element) -> None:
        """Right-click or Backspace: put one picked card back, or take one staged card back."""
        t = self.t
        if not t.composing():
            return
        zone = element.data.get("zone")
        kind = str(element.data.get("kind", ""))
        if zone == "hand":
            t.unpick(kind)
        elif zone == "storage":
            t.unpick(CardRef(kind, storage=True))
        elif "target" in element.data:
            t.unstage(Place.parse(element.data["target"]))

    def button(self, bid: str) -> None:
        t = self.t
        if bid.startswith("action."):
            t.act(Action(bid.split(".", 1)[1]))
        elif bid == "tool.undo":
            t.undo()
        elif bid == "tool.takeback":
            t.take_back()
        elif bid == "tool.clear":
            t.clear()
        elif bid == "tool.suggest":
            t.suggest()
        elif bid == "tool.moves":
            t.all_moves()
        elif bid == "menu":
            t.open_menu()
        elif bid == "sound" and self.mute is not None:
            self.mute()
        elif bid.startswith(("coach.", "hint.")) and self.coach_press is not None:
            self.coach_press(bid)
        elif bid == "done" and not t.guarded():
            t.done()
        elif bid == "handoff.ready":
            t.ready()
        elif bid == "result.rematch":
            t.rematch()
        elif bid in ("result.review", "result.record"):
            t.after_game("review" if bid == "result.review" else "record")
        elif bid == "result.new":
            t.new_game()
        elif bid == "result.title":
            t.to_title()

    # -- keyboard ---------------------------------------------------------------------------
    def _move_cursor(self, step: int) -> None:
        items = [e for e in self.hits.focusable() if e.enabled or e.role != "button"]
        if not items:
            return
        ids = [e.id for e in items]
        if self.cursor not in ids:
            self.cursor = ids[0] if step > 0 else ids[-1]
        else:
            self.cursor = ids[(ids.index(self.cursor) + step) % len(ids)]
        element = self.hits.get(self.cursor)
        if element is not None:
            self._rest(element)

    def _key(self, event: pygame.event.Event) -> bool:
        t = self.t
        key, mod = event.key, event.mod
        if key == pygame.K_ESCAPE:  # the menu (a finished game's offers Replay)
            t.open_menu()
            return True
        if self.logview.handle_event(event):
            return True
        if key in (pygame.K_RIGHT, pygame.K_DOWN) or (key == pygame.K_TAB and not
                                                      mod & pygame.KMOD_SHIFT):
            self._move_cursor(1)
            return True
        if key in (pygame.K_LEFT, pygame.K_UP) or key == pygame.K_TAB:
            self._move_cursor(-1)
            return True
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            element = self.hits.get(self.cursor)
            if element is not None:
                self.activate(element)
                return True
            for bid in ("handoff.ready", "done"):
                if self.hits.get(bid) is not None:
                    self.button(bid)
                    return True
            return False
        if key == pygame.K_BACKSPACE:
            element = self.hits.get(self.cursor)
            if element is not None:
                self.secondary(element)
            return True
        if key == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META) or key == pygame.K_u:
            if t.composing() and t.draft.can_undo():
                t.undo()
            elif t.can_take_back():
                t.take_back()
            return True
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        if key in ACTION_KEYS:
            t.act(ACTION_KEYS[key])
            return True
        if key == pygame.K_c and t.composing():
            t.clear()
            return True
        if key == pygame.K_h:
            t.suggest()
            return True
        if key == pygame.K_a:
            t.all_moves()
            return True
        return False
