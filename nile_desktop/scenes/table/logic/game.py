"""The table's conductor: plays moves and carries out what input and the coach ask.

:class:`TableGame` owns the game side of the table: the session (the only
code that changes the engine state), the turn flow, the draft being built,
the board and the effects that bring it up to date, and three parts of its
own: the bots' turns and their pacing (:mod:`.bot_turns`), the prompt line and
its timers (:mod:`.prompt`), and "Take back my turn" (:mod:`.takeback`); the
advisor offers Suggest and the win chance. It carries out the
:class:`~nile_desktop.scenes.table.logic.commands.TableCommands` that input and the
coach send. It holds no pygame surface and draws nothing; the scene asks it for
each frame's :class:`~nile_desktop.scenes.table.logic.view.TableView`.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile_desktop.engine import CardRef, Move, Place, State
from nile_desktop.engine.events import Event, GameOver, TurnStarted
from nile_desktop.i18n import Deferred
from nile_desktop.saves import SaveGame
from nile_desktop.scenes.table.logic.advisor import Advisor
from nile_desktop.scenes.table.logic.board import TableBoard
from nile_desktop.scenes.table.logic.bot_turns import BotTurns
from nile_desktop.scenes.table.logic.chances import SeatChance
from nile_desktop.scenes.table.logic.commands import (
    AfterGame,
    BotReason,
    Coaching,
    Host,
    Listener,
    Message,
)
from nile_desktop.scenes.table.logic.draft import Action, MoveDraft, Refusal, Target
from nile_desktop.scenes.table.logic.effects import Placed, Stage, fx_deal
from nile_desktop.scenes.table.logic.flow import BOT_PAUSE, KEY_PAUSE, Phase, TurnFlow
from nile_desktop.scenes.table.logic.gamelog import is_key
from nile_desktop.scenes.table.logic.layout import TableLayout
from nile_desktop.scenes.table.logic.prompt import INPUT_GUARD, PASS_ARMED, Prompt
from nile_desktop.scenes.table.logic.session import GameSession, Saver
from nile_desktop.scenes.table.logic.takeback import TakeBack
from nile_desktop.scenes.table.logic.view import Pointer, TableView, Tone, build_view
from nile_desktop.text import controls as words
from nile_desktop.text.words import refusal_words

#: Seconds a person's finished turn stays on show before the bots go on (speed 1).
OWN_MOVE_PAUSE = 0.5
#: How fast the pauses between bot moves pass when effects are instant.
INSTANT_PACE = 4.0
#: The flow hold kept while effects play.
EFFECTS_HOLD = "effects"


class TableGame:
    """One game at the table: what happens, and when (implements ``TableCommands``)."""

    def __init__(self, save: SaveGame, state: State | None, host: Host, placed: Placed, *,
                 autosave: bool, saver: Saver | None, speed: float | None) -> None:
        self.session = self._make_session(save, state, autosave=autosave, saver=saver)
        self.host = host
        self.speed = speed
        s = self.session
        self.flow = self._make_flow()
        self._draft = MoveDraft(s.state, s.active)
        self.board = TableBoard.of(s.state)
        self.stage = Stage(self.board, s.names, placed=placed, viewer=lambda: self.flow.revealed,
                           sound=host.play_sound, over=s.over)
        #: Events of the next turn held back until its person is at the screen (pass-and-play).
        self.deferred: list[Event] = []
        self.bots = BotTurns(self)
        self.prompt = Prompt()
        self.takeback = TakeBack(s, self.prompt)
        self.advisor = Advisor()
        self.listeners: list[Listener] = []
        self.coach: Coaching | None = None
        self._targets: list[Target] | None = None
        self._targets_key: tuple[object, ...] | None = None
        self.stage.started.append(self._effect_started)

    def _make_session(self, save: SaveGame, state: State | None, *, autosave: bool,
                      saver: Saver | None) -> GameSession:
        return GameSession(save, state, autosave=autosave, saver=saver)

    def _make_flow(self) -> TurnFlow:
        s = self.session
        return TurnFlow(s.kinds, s.active, s.over)

    # -- reading ---------------------------------------------------------------------------
    @property
    def draft(self) -> MoveDraft:
        return self._draft

    @property
    def phase(self) -> Phase:
        return self.flow.phase

    @property
    def revealed(self) -> int | None:
        return self.flow.revealed

    def composing(self) -> bool:
        return self.flow.phase == Phase.COMPOSE and self.flow.revealed == self.session.active

    def effects_busy(self) -> bool:
        return self.stage.busy

    def guarded(self) -> bool:
        return self.prompt.guard > 0

    @property
    def pace(self) -> float:
        """How fast effects play: the demo's speed or the setting (0: instant)."""
        if self.speed is not None:
            return self.speed
        return max(0.0, float(self.host.prefs().animation_speed))

    def targets_shown(self, dragging: str | None) -> list[Target]:
        """Places that glow: where the picked (or ``dragging``) cards may go, while
        composing. Worked out again only when the draft or the drag changes."""
        key = (self.composing(), id(self._draft), self._draft.version, dragging)
        if self._targets is None or key != self._targets_key:
            self._targets = self._compute_targets(dragging)
            self._targets_key = key
        return self._targets

    def _compute_targets(self, dragging: str | None) -> list[Target]:
        if not self.composing():
            return []
        shown = {t.id: t for t in self._draft.glowing()}
        if dragging:
            for target in self._draft.targets(dragging):
                if self._draft.why_not_target(dragging, target) is None:
                    shown.setdefault(target.id, target)
        return list(shown.values())

    def view(self, layout: TableLayout, pointer: Pointer) -> TableView:
        """This frame's view of the table."""
        return build_view(
            layout=layout, board=self.board, session=self.session, flow=self.flow,
            draft=self._draft, targets=self.targets_shown(pointer.dragging),
            prefs=self.host.prefs(), reveal=self.stage.reveal, pulse=self.prompt.pulse,
            suggesting=self.advisor.suggesting, pass_armed=self.prompt.pass_armed > 0,
            message=self.prompt.shown(), message_tone=self.prompt.shown_tone(),
            pointer=pointer, sprites=self.stage.sprites, banners=self.stage.banners,
            takeback=self.can_take_back(), takeback_armed=self.prompt.takeback_armed,
            chance=self.chance_shown())

    # -- starting --------------------------------------------------------------------------
    def start(self) -> None:
        """Open the game: a resumed one says so, a new one is dealt as effects."""
        s = self.session
        if s.save.moves:
            s.log.add_note("resumed")
        else:
            s.write_autosave()  # "Continue" offers this game from its very start
            self._deal()
        self.fresh_draft()

    def _deal(self) -> None:
        """A new game opens with the deal and the first flood, played as effects."""
        state = self.session.state
        opening = list(state.events)
        if not opening:
            return
        board = self.board
        first = self.session.save.new_state()
        hands = [dict(first.hand(s)) for s in range(state.players)]
        board.sync(state)
        for seat, hand in enumerate(hands):
            for kind, n in hand.items():
                board.hands[seat][kind] -= n
            board.deck_size += sum(hand.values())
        board.deck_size += 1  # the first flood is still on the deck
        board.flood_card = None
        if isinstance(opening[0], TurnStarted):
            board.active = opening[0].seat
        self.session.log.hold(0)
        fx_deal(self.stage, hands)
        if self._split_at_handoff(-1, opening)[1]:  # pass-and-play: the first flood waits
            self.deferred = opening  # until its person is at the screen
            return
        self._show(opening)

    def close(self) -> None:
        self.bots.close()
        self.advisor.close()

    # -- building a move ---------------------------------------------------------------------
    def pick(self, card: CardRef | str) -> Refusal | None:
        return self._draft.pick(card)

    def unpick(self, card: CardRef | str) -> None:
        self._draft.unpick(card)

    def stage_cards(self, target: Place, kind: str | None = None) -> Refusal | None:
        return self._draft.stage(target, kind=kind)

    def unstage(self, target: Place) -> None:
        self._draft.unstage_one(target)

    def undo(self) -> None:
        self._draft.undo()

    def clear(self) -> None:
        self._draft.clear()

    def load_move(self, move: str | Move) -> None:
        self._draft.load_move(move)

    # -- taking a turn back ---------------------------------------------------------------------
    def can_take_back(self) -> bool:
        """Whether "Take back my turn" is offered now (:meth:`TakeBack.offered`)."""
        return self.takeback.offered(undo_first=self.composing() and self._draft.can_undo())

    def take_back(self) -> None:
        """"Take back my turn" (or Ctrl+Z): once :meth:`TakeBack.press` agrees, the table
        returns to the start of the person's last turn."""
        if not self.can_take_back() or not self.takeback.press():
            return
        self.stage.finish()
        self.takeback.take()
        self.rebuilt()
        self.prompt.guard = INPUT_GUARD
        self.say(words.back_at_turn_start(), Tone.NOTE)
        self.sound("slide")

    def rebuilt(self) -> None:
        """The session was rebuilt from fewer moves (a take-back, a replay's seek): the bots,
        the board, the turn flow and the draft start again from its position."""
        s = self.session
        self.bots.restart()
        self.advisor.cancel()
        self.deferred = []
        self.board.sync(s.state)
        self.flow.restart(s.active, s.over)
        self.fresh_draft()

    def fresh_draft(self) -> None:
        self._draft = MoveDraft(self.session.state, self.session.active)
        self.prompt.pass_armed = 0.0

    # -- telling the person --------------------------------------------------------------------
    def say(self, text: Message, tone: Tone = Tone.ERROR) -> None:
        """A line in the prompt for a few seconds (:meth:`Prompt.say`)."""
        self.prompt.say(text, tone)

    def refuse(self, refusal: Refusal) -> None:
        self.say(Deferred(refusal_words, self.session.names, refusal))
        if self.coach is not None:
            self.coach.refused(refusal.code)
        self.sound("slide")

    def sound(self, name: str) -> None:
        self.host.play_sound(name)

    # -- the turn flow ---------------------------------------------------------------------------
    def hold(self, reason: str) -> None:
        self.flow.holds.add(reason)

    def release(self, reason: str) -> None:
        self.flow.holds.discard(reason)

    def finish_effects(self) -> None:
        self.stage.finish()

    # -- playing -----------------------------------------------------------------------------------
    def play(self, move: str | Move, reason: BotReason = None) -> list[Event]:
        """Play one move of the active seat and hand the result to the turn flow."""
        s = self.session
        seat = s.active
        self.stage.finish()  # anything still flying lands first (a lesson may appear)
        if self.coach is not None and s.is_human(seat):
            why = self.coach.refusal(str(move))
            if why is not None:  # the lesson asks for another move
                self.say(why, Tone.NOTE)
                self.sound("slide")
                return []
        self.board.sync(s.state)
        start = len(s.log)
        events = s.play(move, reason)
        s.log.hold(start)  # each line shows as its effect starts
        self._after_move(seat, events)
        now, self.deferred = self._split_at_handoff(seat, events)
        self._show(now, sync=not self.deferred, owner=seat)
        return events

    def _show(self, events: list[Event], sync: bool = True, owner: int | None = None) -> None:
        """Play ``events``' effects; with ``sync`` the board then matches the engine.
        The steps of a bot's turn stand apart by a beat, so each can be read."""
        self.stage.play(events, beat=self.bots.beat, owner=owner)
        if sync:
            self.stage.timeline.call(lambda: self.board.sync(self.session.state))
        if self.pace <= 0 or self.bots.skipping:  # every effect lands at once (banners show)
            self.stage.timeline.finish()
            self.stage.sprites.clear()

    def _effect_started(self, events: Sequence[Event]) -> None:
        """An effect starts: the log tells its events; a bot's step shows on the prompt line."""
        self.session.log.reveal(events)
        first = events[0] if events else None
        if first is None:
            return
        if isinstance(first, GameOver):  # the results open now: banners still queued are stale
            self.stage.banners.keep_only("end")
            self.flow.end_shown()
        self.bots.effect_started(first)

    def _split_at_handoff(self, seat: int, events: list[Event]
                          ) -> tuple[list[Event], list[Event]]:
        """In pass-and-play, the next turn opens (its flood, its harvest) only once the
        person who moved has pressed Done and, for a person, the next one is at the screen:
        the events from the turn change on wait."""
        s = self.session
        reviewed = 0 <= seat < s.players and s.is_human(seat)  # the mover presses Done first
        if (not self.flow.pass_and_play or s.over or s.active == seat
                or not (s.is_human(s.active) or reviewed)):
            return events, []
        for i, event in enumerate(events):
            if isinstance(event, TurnStarted):
                return events[:i], events[i:]
        return events, []

    def _after_move(self, seat: int, events: list[Event]) -> None:
        s = self.session
        human = s.is_human(seat)
        if human and seat == s.active and not s.over:
            pause = 0.0  # a trade: the person goes on composing
        elif human:
            pause = OWN_MOVE_PAUSE
        else:
            pause = BOT_PAUSE + (KEY_PAUSE if any(is_key(e) for e in events) else 0.0)
        self.flow.moved(seat, s.active, s.over, pause)
        self.fresh_draft()
        self.prompt.moved(by_person=human)
        for listener in list(self.listeners):
            listener(self, events)

    def act(self, action: Action) -> None:
        """A person pressed an action button (or its key)."""
        if action is Action.SKIP:
            self.bots.skip()
            return
        if not self.composing() or self.prompt.guard > 0:
            return
        refusal = self._draft.action_refusal(action)
        if refusal is not None:
            self.refuse(refusal)
            return
        if action is Action.PASS and self.prompt.pass_armed <= 0:
            self.prompt.pass_armed = PASS_ARMED
            self.say(words.end_turn_again(), Tone.NOTE)
            return
        self.play(self._draft.move_text(action))

    def suggest(self) -> None:
        if self.composing():
            self.advisor.suggest(self.session)

    def _chances_on(self) -> bool:
        return self.host.prefs().show_win_chances

    def chance_shown(self) -> SeatChance | None:
        """The win chance the table shows (for the seat whose cards it shows), if any:
        with "Show win chances" on, a person's turn opens with theirs, from their view."""
        return self.advisor.chance_of(self.flow.revealed) if self._chances_on() else None

    def _poll_suggestion(self) -> None:
        answer = self.advisor.suggestion()
        if answer is None:
            return
        move, reason = answer
        if not self.composing():
            return
        self._draft.load_move(str(move))
        self.say(Deferred(words.suggested, reason), Tone.SUGGESTION)

    def _drive_bots(self) -> None:
        self.bots.drive()

    def update(self, dt: float) -> None:
        if self.coach is not None:
            self.coach.update(dt)
        self.prompt.tick(dt)
        if self.prompt.takeback_armed and not self.can_take_back():
            self.prompt.disarm_takeback()  # its button is gone: so are its words
        before = self.flow.phase
        pace = self.pace
        self.stage.timeline.speed = pace
        self.stage.timeline.update(dt)
        self.stage.banners.update(dt * max(1.0, min(pace, 2.0)))
        if self.stage.busy:
            self.hold(EFFECTS_HOLD)
        else:
            self.release(EFFECTS_HOLD)
        # with instant effects a bot's move still stays on show for a moment
        self.flow.update(self.bots.pass_time(dt * (pace if pace > 0 else INSTANT_PACE)))
        self.bots.flow_moved_on(self.flow.phase)
        if self.flow.phase == Phase.COMPOSE and before != Phase.COMPOSE:
            self.fresh_draft()
        self._drive_bots()
        self._poll_suggestion()
        self.session.take_record_notes()
        if self._chances_on():
            self.advisor.watch_chance(self.session, self.composing())

    # -- answers to the overlays ---------------------------------------------------------------
    def ready(self) -> None:
        """The next person confirmed the hand-off screen: their turn opens before them."""
        self.flow.ready(self.session.active)
        self.fresh_draft()
        self.prompt.guard = INPUT_GUARD
        if self.deferred and self.flow.phase == Phase.COMPOSE:
            events, self.deferred = self.deferred, []
            self.stage.finish()
            self._show(events, owner=self.session.active)

    def done(self) -> None:
        """The person pressed "Done: pass to …" after seeing their move: a bot's turn opens
        now (a person's once they confirm the hand-off)."""
        if self.flow.phase != Phase.REVIEW:
            return
        self.stage.finish()
        self.flow.done_review()
        s = self.session
        self.bots.show_turn(s.active)  # the next bot's turn shows from now
        self.prompt.guard = INPUT_GUARD
        if self.deferred and not s.is_human(s.active):
            events, self.deferred = self.deferred, []
            self._show(events, owner=s.active)

    # -- other screens -----------------------------------------------------------------------------
    def open_menu(self) -> None:
        self.host.navigate("table-menu")

    def all_moves(self) -> None:
        if self.composing():
            self.host.navigate("move-list")

    def rematch(self) -> None:
        self.host.rematch()

    def after_game(self, screen: AfterGame) -> None:
        self.host.navigate(screen, save=self.session.save)

    def new_game(self) -> None:
        self.host.navigate("new-game", push=False)

    def to_title(self) -> None:
        self.host.navigate("title", push=False)
