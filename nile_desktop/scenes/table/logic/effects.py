"""The choreography: one effect for every kind of engine event.

The engine's events are the script. Each event class has an effect here
(:func:`play_effect` picks it by class; mypy checks that none is missing)
that queues on the table's timeline: cards fly between the deck, hands,
fields, storage, the discard pile and the flood pile; the locust swarm
crosses to the fields it eats; Monuments rise, crumble and change hands;
banners say who did what. When an effect lands it changes the
board (what the table draws) by its event, so the table never shows a
result before its cards have arrived.

Private cards stay private in motion: a card drawn by a seat that is not
the revealed one flies face down, and storage is never shown.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence as Seq
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeVar

from nile_desktop.anim.timeline import Call, Group, Sequence, Step, Timeline, Wait, tween
from nile_desktop.engine import Event, assert_never
from nile_desktop.engine import events as ev
from nile_desktop.i18n import Deferred, Message
from nile_desktop.scenes.table.logic.board import TableBoard
from nile_desktop.scenes.table.logic.layout import Rect, TableLayout
from nile_desktop.scenes.table.logic.sprites import BannerQueue, CardSprite, Sprite, Swarm
from nile_desktop.text.words import banner_line

#: Seconds of the main move of each effect at normal speed (docs/ART.md: 150–400 ms a card,
#: a little longer for locusts and Monuments).
FLY = 0.38
FLIP = 0.45
SLOW = 0.8



class EffectStage(Enum):
    """How far an effect has played: its start, its middle (half its main move) and its
    end. The value is the letter demo screenshots are named by (``NNN-KIND-a.png``)."""

    START = "a"
    MIDDLE = "b"
    END = "c"


@dataclass(frozen=True)
class EffectReached:
    """An effect of ``kind`` (an engine event's kind, or "deal" and "end") reached
    ``stage``; ``events`` are the engine events it shows."""

    kind: str
    stage: EffectStage
    events: tuple[Event, ...]


#: Told of every effect at each of its stages.
Notify = Callable[[EffectReached], None]
#: Plays a sound: its name, where across the table (0 left, 1 right; None: the middle),
#: and whether the music steps back under it (a banner's sound).
Sound = Callable[[str, float | None, bool], None]
#: Where a sound comes from: seats (their numbers) and piles (their names).
Places = Seq[int | str]
#: The window size effects are laid out for before the table was first drawn.
FIRST_SIZE = (1280, 720)


class Placed(Protocol):
    """Where the last frame put things: its layout (None before the first frame) and the
    rect of any element it drew."""

    @property
    def layout(self) -> TableLayout | None: ...

    def element_rect(self, element_id: str) -> Rect | None: ...


@dataclass
class Point:
    x: float
    y: float
    w: float


class Stage:
    """What the effects work with: the timeline, the board, the sprites, the banners."""

    def __init__(self, board: TableBoard, names: Seq[str], *, placed: Placed,
                 viewer: Callable[[], int | None], sound: Sound,
                 over: bool = False) -> None:
        self.board = board
        self.names = names  # kept as given: the session's names follow the language
        self.placed = placed
        self._viewer = viewer
        self._sound = sound
        self.timeline = Timeline()
        self.sprites: list[Sprite] = []
        self.banners = BannerQueue()
        self.listeners: list[Notify] = []
        #: Told the events of each effect as it starts (the log shows them from then on).
        self.started: list[Callable[[Seq[Event]], None]] = []
        #: Told the events of each effect as it lands (the board shows their result from then).
        self.landed: list[Callable[[Seq[Event]], None]] = []
        self.seen: set[str] = set()
        #: How far the final storage has been turned over (0 → 1, the end effect).
        self.reveal = 1.0 if over else 0.0
        self._first_layout: TableLayout | None = None

    # -- where things are ------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self._viewer()

    @property
    def layout(self) -> TableLayout:
        """The table's layout, or (before the first frame) one of the usual window size."""
        layout = self.placed.layout
        if layout is None:
            if self._first_layout is None:
                self._first_layout = TableLayout.compute(FIRST_SIZE, self.board.players,
                                                         self.board.monuments_on)
            layout = self._first_layout
        return layout

    def _rect(self, name: str) -> tuple[int, int, int, int]:
        return self.layout.rect(name)

    def _point(self, rect: tuple[int, int, int, int], w: float | None = None) -> Point:
        x, y, rw, rh = rect
        return Point(x + rw / 2, y + rh / 2, w if w is not None else rw)

    def _element(self, eid: str) -> tuple[int, int, int, int] | None:
        return self.placed.element_rect(eid)

    def seat_card_w(self, seat: int) -> float:
        x, y, w, h = self._rect(f"seat.{seat}")
        return max(24.0, min(h * 0.45, 80 * self.layout.unit) * 5 / 7)

    def pile(self, name: str) -> Point:
        return self._point(self._rect(name))

    def hand(self, seat: int) -> Point:
        if seat == self.viewer:
            x, y, w, h = self._rect("hand")
            return Point(x + w * 0.35, y + h * 0.55, h * 0.6 * 5 / 7)
        x, y, w, h = self._rect(f"seat.{seat}")
        return Point(x + w * 0.8, y + h * 0.12, self.seat_card_w(seat) * 0.7)

    def storage(self, seat: int) -> Point:
        if seat == self.viewer:
            return self._point(self._rect("storage"), self._rect("storage")[3] * 0.3)
        x, y, w, h = self._rect(f"seat.{seat}")
        return Point(x + w * 0.9, y + h * 0.12, self.seat_card_w(seat) * 0.6)

    def field(self, seat: int, name: str) -> Point:
        for eid in (f"field.{seat}.{name}", f"monument.{seat}.{name}"):
            rect = self._element(eid)
            if rect is not None:
                return self._point(rect)
        x, y, w, h = self._rect(f"seat.{seat}")
        return Point(x + w * 0.5, y + h * 0.6, self.seat_card_w(seat))

    def centre(self, monument: str) -> Point:
        rect = self._element(f"monument.centre.{monument}")
        return self._point(rect) if rect is not None else self._point(self._rect("centre"), 40)

    def pan(self, places: Places) -> float | None:
        """Where across the table the seats' or piles' middle is (0 left, 1 right)."""
        if not places:
            return None
        xs = [self._point(self._rect(f"seat.{p}" if isinstance(p, int) else p)).x
              for p in places]
        return sum(xs) / len(xs) / max(1, self.layout.size[0])

    def spec(self, seat: int) -> Point:
        x, y, w, h = self._rect(f"seat.{seat}")
        return Point(x + w * 0.75, y + h * 0.6, self.seat_card_w(seat))

    # -- building effects -------------------------------------------------------------------
    def card(self, face: str, at: Point, *, turn: float = 1.0, owner: int | None = None
             ) -> CardSprite:
        """A sprite; ``owner`` marks a private card, drawn face up only to that seat."""
        sprite = CardSprite(face, at.x, at.y, at.w, turn=turn, visible=False, owner=owner)
        self.sprites.append(sprite)
        return sprite

    def fly(self, sprite: Sprite, to: Point, duration: float = FLY, **extra: float) -> Step:
        return tween(sprite, duration, "out_cubic", x=to.x, y=to.y, w=to.w, **extra)

    def run(self, kind: str, steps: Seq[Step], events: Seq[Event], *, sound: str = "",
            at: Places = (), banner: Message = "", duck: bool | None = None,
            sprites: Seq[Sprite] = (), duration: float = FLY, land_first: bool = False) -> None:
        """Queue one effect: show its sprites, play ``steps`` together, then land ``events``.
        Its ``sound`` comes from the seats or piles ``at`` and, with a banner (unless
        ``duck`` says otherwise), lowers the music for a moment."""
        shown = list(sprites)

        def start() -> None:
            for s in shown:
                s.visible = True
            if sound:
                self._sound(sound, self.pan(at), bool(banner) if duck is None else duck)
            if banner:
                self.banners.push(banner, kind)
            self._notify(kind, EffectStage.START, events)
            self._started(events)
            if land_first:
                land()

        def land() -> None:
            for e in events:
                self.board.apply(e)
            self._landed(events)

        def end() -> None:
            for s in shown:
                if s in self.sprites:
                    self.sprites.remove(s)
            if not land_first:
                land()
            self._notify(kind, EffectStage.END, events)

        middle = Sequence([Wait(duration / 2),
                           Call(lambda: self._notify(kind, EffectStage.MIDDLE, events))])
        self.timeline.then(Call(start), Group([*steps, middle]), Call(end))

    def _notify(self, kind: str, stage: EffectStage, events: Seq[Event]) -> None:
        reached = EffectReached(kind, stage, tuple(events))
        for listener in list(self.listeners):
            listener(reached)

    def _started(self, events: Seq[Event]) -> None:
        for listener in list(self.started):
            listener(events)

    def _landed(self, events: Seq[Event]) -> None:
        for listener in list(self.landed):
            listener(events)

    def land_now(self, events: Seq[Event]) -> None:
        def land() -> None:
            self._started(events)
            for e in events:
                self.board.apply(e)
            self._landed(events)

        self.timeline.then(Call(land))

    def pause(self, seconds: float) -> None:
        self.timeline.wait(seconds)

    # -- queueing a move's events ---------------------------------------------------------------
    def play(self, events: Seq[Event], beat: Callable[[int | None], float] | None = None,
             owner: int | None = None) -> None:
        """Queue the effects of one move's events, grouping those that happen together.

        ``beat(seat)`` is a pause after each effect of ``seat``'s turn (``owner`` plays
        until a ``turn`` event hands over), so a bot's steps can be followed one by one."""
        i = 0
        while i < len(events):
            event = events[i]
            handover = isinstance(event, ev.TurnStarted)
            if isinstance(event, ev.TurnStarted):
                owner = event.seat
            i += play_effect(self, events, i)
            pause = beat(owner) if beat is not None and not handover else 0.0
            if pause > 0:
                self.pause(pause)

    def finish(self) -> None:
        """Jump to the end of every queued effect (a click, Space, or the person acting)."""
        self.timeline.finish()
        self.sprites.clear()
        self.banners.skip()

    @property
    def busy(self) -> bool:
        return self.timeline.busy


# -- the effects, one per event kind ---------------------------------------------------------------
def _names(st: Stage) -> Seq[str]:
    return st.names


def _seats(events: Seq[ev.Harvested] | Seq[ev.MonumentEroded]) -> list[int]:
    """The seats of events that play as one effect, each once."""
    return sorted({e.seat for e in events})


def fx_flood(st: Stage, e: ev.FloodRevealed) -> None:
    card = st.card(e.card.kind, st.pile("deck"), turn=0.0)
    st.run("flood", [st.fly(card, st.pile("flood"), FLIP, turn=1.0)], [e], sound="flood",
           at=["flood"], sprites=[card], duration=FLIP)


def fx_harvest(st: Stage, events: list[ev.Harvested]) -> None:
    """The top card of every matching field, for every seat, flies to that seat's storage."""
    cards, steps = [], []
    for e in events:
        card = st.card(e.crop, st.field(e.seat, e.crop))
        cards.append(card)
        steps.append(st.fly(card, st.storage(e.seat), FLY + 0.1, turn=1.0 if e.seat == st.viewer
                            else 1.0))
    st.run("harvest", steps, events, sound="harvest", at=_seats(events), sprites=cards,
           duration=FLY + 0.1)


def fx_trade(st: Stage, e: ev.Traded) -> None:
    start = st.hand(e.seat)
    faces = [c.kind for c in e.cards]
    cards = [st.card(face, Point(start.x + i * 12, start.y, start.w))
             for i, face in enumerate(faces)]
    steps = [st.fly(c, st.pile("discard"), FLY) for c in cards]
    st.run("trade", steps, [e], sound="market" if e.action == "market" else "offering",
           at=[e.seat], sprites=cards)


def fx_draw(st: Stage, e: ev.Drawn) -> None:
    if e.count <= 0:
        st.land_now([e])
        return
    faces = [c.kind for c in e.cards] if e.cards else ["back"] * e.count
    to = st.hand(e.seat)
    cards, steps = [], []
    for i, face in enumerate(faces[:8]):
        card = st.card(face, st.pile("deck"), turn=0.0, owner=e.seat)
        cards.append(card)
        goal = Point(to.x + i * to.w * 0.35, to.y, to.w)
        steps.append(Sequence([Wait(i * 0.07), st.fly(card, goal, FLY, turn=1.0)]))
    st.run("draw", steps, [e], sound="slide", at=[e.seat], sprites=cards,
           duration=FLY + 0.07 * len(cards))


def fx_plant(st: Stage, e: ev.Planted) -> None:
    """The cards travel from the hand to the fields; the fields grow as they land."""
    start = st.hand(e.seat)
    cards, steps = [], []
    for i, ref in enumerate(e.cards):
        if ref.monument is not None:
            face, goal = ref.kind, _monument_spot(st, e.seat, ref.monument)
        else:
            face, goal = ref.kind, st.field(e.seat, ref.kind)
        card = st.card(face, Point(start.x + i * 10, start.y, start.w))
        cards.append(card)
        steps.append(Sequence([Wait(i * 0.05), st.fly(card, goal, FLY)]))
    st.run("plant", steps, [e], sound="slide", at=[e.seat], sprites=cards,
           duration=FLY + 0.05 * len(cards))


def _monument_spot(st: Stage, seat: int, monument: str) -> Point:
    if st.board.mons[seat].get(monument, 0) > 0:
        return st.field(seat, monument)
    return st.centre(monument)


def fx_takeover(st: Stage, e: ev.TakenOver) -> None:
    """The old field is pushed off to the discard pile as the new one lands."""
    old = st.card(e.crop, st.field(e.victim, e.crop))
    steps = [st.fly(old, st.pile("discard"), SLOW, alpha=60.0)]
    st.run("takeover", steps, [e], sound="takeover", at=[e.victim], sprites=[old], duration=SLOW,
           banner=Deferred(banner_line, e, _names(st)))


def fx_monument_built(st: Stage, e: ev.MonumentBuilt) -> None:
    """The Monument rises on its stones."""
    mon = st.card(e.monument, st.centre(e.monument))
    goal = st.field(e.seat, e.monument)
    mon.scale = 0.6
    steps = [Sequence([tween(mon, SLOW / 2, scale=1.35), tween(mon, SLOW / 2, x=goal.x, y=goal.y,
                                                                w=goal.w, scale=1.0)])]
    st.run("monument-built", steps, [e], sound="monument_built", at=[e.seat], sprites=[mon],
           duration=SLOW,
           banner=Deferred(banner_line, e, _names(st)), land_first=True)


def fx_monument_taken(st: Stage, e: ev.MonumentTaken) -> None:
    """It slides from one seat to the other."""
    mon = st.card(e.monument, st.field(e.victim, e.monument))
    steps = [st.fly(mon, st.field(e.seat, e.monument), SLOW)]
    st.run("monument-taken", steps, [e], sound="takeover", at=[e.victim, e.seat], sprites=[mon],
           duration=SLOW,
           banner=Deferred(banner_line, e, _names(st)))


def fx_monument_eroded(st: Stage, events: list[ev.MonumentEroded]) -> None:
    """A stone crumbles off every Monument at once."""
    stones, steps = [], []
    for e in events:
        at = st.field(e.seat, e.monument)
        stone = st.card("stone", at)
        stones.append(stone)
        steps.append(st.fly(stone, Point(at.x, at.y + at.w, at.w * 0.8), SLOW, alpha=0.0))
    # a routine of nearly every flood once Monuments stand: the music does not dip for it
    st.run("monument-eroded", steps, events, sound="monument_crumbles", at=_seats(events),
           duck=False, sprites=stones, duration=SLOW, banner=Deferred(banner_line, events[0], _names(st), events))


def fx_monument_lost(st: Stage, e: ev.MonumentLost) -> None:
    """The Monument returns to the centre."""
    mon = st.card(e.monument, st.field(e.seat, e.monument))
    steps = [st.fly(mon, st.centre(e.monument), SLOW)]
    st.run("monument-lost", steps, [e], sound="monument_crumbles", at=[e.seat], sprites=[mon],
           duration=SLOW, banner=Deferred(banner_line, e, _names(st)))


def fx_locust(st: Stage, e: ev.LocustStruck) -> None:
    """A swarm crosses the river to the largest fields; the eaten cards fall to the discards."""
    start = st.pile("deck")
    swarm = Swarm(start.x, start.y, spread=start.w * 0.7, alpha=0.0)
    st.sprites.append(swarm)
    swarm.visible = False
    steps: list[Step] = [tween(swarm, 0.25, alpha=230.0)]
    path: list[Step] = []
    eaten: list[Sprite] = []
    for seat, place, _cards in e.fields:
        at = st.field(seat, place.name)
        path.append(tween(swarm, 0.5, x=at.x, y=at.y))
        card = st.card(place.name, at)
        eaten.append(card)
        path.append(Group([st.fly(card, st.pile("discard"), 0.45, alpha=40.0)]))
    if not path:
        path.append(tween(swarm, 0.6, x=start.x - start.w * 3, y=start.y + start.w))
    path.append(tween(swarm, 0.3, alpha=0.0))
    steps.append(Sequence(path))
    duration = 0.25 + 0.95 * max(1, len(e.fields)) + 0.3
    st.run("locust", steps, [e], sound="locust", sprites=[swarm, *eaten], duration=duration,
           at=sorted({seat for seat, _place, _cards in e.fields}) or ["deck"],
           banner=Deferred(banner_line, e, _names(st)))


def fx_speculate(st: Stage, e: ev.Speculated) -> None:
    """The speculation cards are laid face up in front of their owner."""
    start = st.hand(e.seat)
    cards = [st.card(c.kind, start) for c in e.cards]
    steps = [st.fly(c, st.spec(e.seat), FLY) for c in cards]
    st.run("speculate", steps, [e], sound="slide", at=[e.seat], sprites=cards)


def fx_speculation_paid(st: Stage, e: ev.SpeculationPaid) -> None:
    """A matching speculation pays: it glows, grows and goes to the discards; the pay-out
    cards fly to the hand with the draw that follows."""
    at = st.spec(e.seat)
    card = st.card(e.card.kind, at)
    steps = [Sequence([tween(card, 0.3, scale=1.3), st.fly(card, st.pile("discard"), FLY,
                                                           scale=1.0)])]
    st.run("speculation-paid", steps, [e], sound="market", at=[e.seat], sprites=[card],
           duration=0.3 + FLY,
           banner=Deferred(banner_line, e, _names(st)))


def fx_speculation_failed(st: Stage, e: ev.SpeculationFailed) -> None:
    card = st.card(e.card.kind, st.spec(e.seat))
    steps = [st.fly(card, st.pile("discard"), FLY, alpha=50.0)]
    st.run("speculation-failed", steps, [e], sprites=[card],
           banner=Deferred(banner_line, e, _names(st)))


def fx_season(st: Stage, e: ev.SeasonEnded) -> None:
    """The discards and the flood pile are shuffled into a new deck; the season advances."""
    deck = st.pile("deck")
    cards, steps = [], []
    for i, source in enumerate(("discard", "flood", "discard", "flood", "discard")):
        card = st.card("back", st.pile(source))
        cards.append(card)
        steps.append(Sequence([Wait(i * 0.08), st.fly(card, deck, 0.45)]))
    st.run("season", steps, [e], sound="slide", at=["deck"], sprites=cards, duration=0.85,
           banner=Deferred(banner_line, e, _names(st)))


def fx_pass(st: Stage, e: ev.Passed) -> None:
    st.run("pass", [Wait(0.25)], [e])


def fx_turn(st: Stage, e: ev.TurnStarted) -> None:
    st.run("turn", [Wait(0.2)], [e], land_first=True)


def fx_game_over(st: Stage, e: ev.GameOver) -> None:
    """Storage is turned over and sorted pile by pile; the results reveal it (see results)."""
    st.run("end", [tween(st, 2.0, "linear", reveal=1.0)], [e], sound="win", duration=2.0,
           banner=Deferred(banner_line, e, _names(st)), land_first=True)


def fx_deal(st: Stage, hands: list[dict[str, int]]) -> None:
    """Cards fly from the deck to each hand (face up only to the revealed seat)."""
    cards, steps = [], []
    n = 0
    for seat, hand in enumerate(hands):
        to = st.hand(seat)
        faces = [k for k, c in hand.items() for _ in range(c)]
        for i, face in enumerate(faces):
            card = st.card(face, st.pile("deck"), owner=seat)
            cards.append(card)
            goal = Point(to.x + i * to.w * 0.3, to.y, to.w)
            steps.append(Sequence([Wait(n * 0.035), st.fly(card, goal, 0.3)]))
            n += 1
    duration = 0.3 + 0.035 * n
    board = st.board

    def dealt() -> None:
        for seat, hand in enumerate(hands):
            for k, c in hand.items():
                board.hands[seat][k] += c
            board.deck_size -= sum(hand.values())

    st.run("deal", steps, [], sprites=cards, duration=duration, sound="deal", at=["deck"])
    st.timeline.then(Call(dealt))


T = TypeVar("T", ev.Harvested, ev.MonumentEroded)


def _run_of(events: Seq[Event], i: int, cls: type[T]) -> list[T]:
    """``events[i]`` (a ``cls``) and the events of that class right after it."""
    run: list[T] = []
    for event in events[i:]:
        if not isinstance(event, cls):
            break
        run.append(event)
    return run


def play_effect(st: Stage, events: Seq[Event], i: int) -> int:
    """Queue the effect of ``events[i]``; return how many events it tells (every field's
    harvest, and every Monument a flood erodes, play as one effect)."""
    event = events[i]
    match event:
        case ev.FloodRevealed():
            fx_flood(st, event)
        case ev.Harvested():
            harvests = _run_of(events, i, ev.Harvested)
            fx_harvest(st, harvests)
            return len(harvests)
        case ev.Traded():
            fx_trade(st, event)
        case ev.Drawn():
            fx_draw(st, event)
        case ev.Planted():
            fx_plant(st, event)
        case ev.TakenOver():
            fx_takeover(st, event)
        case ev.MonumentBuilt():
            fx_monument_built(st, event)
        case ev.MonumentTaken():
            fx_monument_taken(st, event)
        case ev.MonumentEroded():
            eroded = _run_of(events, i, ev.MonumentEroded)
            fx_monument_eroded(st, eroded)
            return len(eroded)
        case ev.MonumentLost():
            fx_monument_lost(st, event)
        case ev.LocustStruck():
            fx_locust(st, event)
        case ev.Speculated():
            fx_speculate(st, event)
        case ev.SpeculationPaid():
            fx_speculation_paid(st, event)
        case ev.SpeculationFailed():
            fx_speculation_failed(st, event)
        case ev.SeasonEnded():
            fx_season(st, event)
        case ev.Passed():
            fx_pass(st, event)
        case ev.TurnStarted():
            fx_turn(st, event)
        case ev.GameOver():
            fx_game_over(st, event)
        case _:
            assert_never(event)
    return 1
