"""The move a person is putting together: picked cards, staged plantings, undo.

A person picks cards from their hand and storage (for a trade or a
speculation) and stages plantings on the table: each card dropped on its
place (their own field, an empty plot, a rival's field to take over, a
Monument). Nothing is played until a button turns the draft into a move.

The rules are asked of the engine, never re-derived here: whether a move is
legal comes from ``state.check`` (with the engine's refusal code and
numbers), and where a card may be planted, what a take-over needs and how
few cards a planting may have from the engine's placement query
(:func:`nile_desktop.engine.placements`). Cards are held as engine
:class:`~nile_desktop.engine.CardRef` values and places as
:class:`~nile_desktop.engine.Place` values; the text forms (``wheat``,
``storage:flax``, ``field:wheat``) are read once, where they come in, so a
misspelt one is an error there.

No pygame here: the draft is tested without a display.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from nile_desktop.engine import (
    CardRef,
    InvalidMoveError,
    Move,
    MoveError,
    Place,
    PlaceKind,
    Placement,
    RefusalCode,
    Role,
    State,
    placements,
)
from nile_desktop.text.refusals import TableRefusalCode


class Action(Enum):
    """A button of the table's action row (or its key): the five actions of a turn, and
    Skip, which hurries the bots' playback on. The value is the button's id after
    ``action.`` and, for the five, the engine's word for the action."""

    MARKET = "market"
    OFFER = "offer"
    PLANT = "plant"
    SPECULATE = "speculate"
    PASS = "pass"
    SKIP = "skip"


#: The actions a draft becomes a move of (all but Skip), in the action row's order.
ACTIONS = (Action.MARKET, Action.OFFER, Action.PLANT, Action.SPECULATE, Action.PASS)
TRADES = (Action.MARKET, Action.OFFER)

Card = CardRef | str
Where = Place | str


def card_ref(card: Card) -> CardRef:
    """A card reference from its notation (``wheat``, ``storage:flax``, ``stone@wall``);
    raises the engine's ``InvalidMoveError`` for a misspelt one."""
    return card if isinstance(card, CardRef) else CardRef.parse(card)


def place_of(where: Where) -> Place:
    """A place from its name (``field:wheat``, ``monument:sphinx``); raises for a misspelt one."""
    return where if isinstance(where, Place) else Place.parse(where)


@dataclass(frozen=True)
class Refusal:
    """Why a pick, a drop or an action is not possible (an engine code or a table one)."""

    code: RefusalCode | TableRefusalCode
    rule: str = ""
    card: str | None = None
    needed: int | None = None
    have: int | None = None
    owner: int | None = None
    crop: str | None = None

    @classmethod
    def of(cls, error: MoveError, **extra: Any) -> Refusal:
        return cls(error.code, rule=error.rule or "", card=error.card, needed=error.needed,
                   have=error.have, **extra)


@dataclass(frozen=True)
class Target:
    """A place on the table where a card may be planted, as the table draws it.

    ``id`` is the place's name (``field:CROP`` or ``monument:NAME``); ``role`` is
    what planting there does, the engine's :class:`~nile_desktop.engine.Role`: grow
    one's own field, start a new one (a plot), take over a rival's field, build a
    Monument from the centre, grow one's own Monument or take a rival's.
    ``need`` is the cards a take-over needs and ``terms`` why (the engine's
    (reason, cards) pairs beyond ``size``, R-PLANT-4).
    """

    id: str
    role: Role
    seat: int
    name: str
    need: int = 0
    size: int = 0
    placement: Placement | None = field(default=None, compare=False, repr=False)
    terms: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, p: Placement) -> Target:
        return cls(str(p.place), p.role, p.holder, p.place.name, p.need, p.size, p,
                   p.terms)

    @property
    def place(self) -> Place:
        return Place.parse(self.id)


@dataclass
class _Snapshot:
    picks: Counter[CardRef] = field(default_factory=Counter)
    staged: list[tuple[Place, CardRef]] = field(default_factory=list)


class MoveDraft:
    """Picks and staged plantings of ``seat`` on ``state`` (which it never changes)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self._picks: Counter[CardRef] = Counter()
        #: (place, planted card) in the order they were staged.
        self.staged: list[tuple[Place, CardRef]] = []
        self._undo: list[_Snapshot] = []
        #: Grows with every change (the table redraws its picture when it does).
        self.version = 0
        #: Staged cards the last drop sent back to the hand (the planting could not use them).
        self.returned: list[CardRef] = []

    # -- reading ---------------------------------------------------------------------
    def hand(self) -> dict[str, int]:
        return self.state.hand(self.seat)

    def storage(self) -> dict[str, int]:
        return self.state.storage_of(self.seat)

    @property
    def picks(self) -> Counter[str]:
        """The picked cards by notation (``wheat``, ``storage:flax``): a copy to read."""
        return Counter({str(ref): n for ref, n in self._picks.items()})

    def picked_count(self, card: Card) -> int:
        return self._picks[card_ref(card)]

    def picked_refs(self) -> list[CardRef]:
        return list(self._picks)

    def staged_kinds(self) -> Counter[str]:
        return Counter(ref.kind for _p, ref in self.staged)

    def available(self, card: Card) -> int:
        """Cards behind ``card`` (``wheat`` or ``storage:wheat``) not yet picked or staged."""
        ref = card_ref(card)
        if ref.storage:
            return self.storage().get(ref.kind, 0) - self._picks[ref]
        return self.hand().get(ref.kind, 0) - self._picks[ref] - self.staged_kinds()[ref.kind]

    def picked(self) -> list[str]:
        return sorted(str(ref) for ref in self._picks.elements())

    @property
    def empty(self) -> bool:
        return not self._picks and not self.staged

    def staged_on(self, where: Where) -> int:
        place = place_of(where)
        return sum(1 for p, _ref in self.staged if p == place)

    # -- undo ------------------------------------------------------------------------
    def _remember(self) -> None:
        self.version += 1
        self._undo.append(_Snapshot(Counter(self._picks), list(self.staged)))
        del self._undo[:-100]

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        if self._undo:
            self.version += 1
            snap = self._undo.pop()
            self._picks, self.staged = snap.picks, snap.staged

    def clear(self) -> None:
        if not self.empty:
            self._remember()
            self._picks.clear()
            self.staged.clear()

    # -- picking ---------------------------------------------------------------------
    def pick(self, card: Card) -> Refusal | None:
        """Pick one more card (a hand kind, or ``storage:CROP``)."""
        ref = card_ref(card)
        if self.available(ref) <= 0:
            return Refusal(RefusalCode.NOT_HELD, rule="R-TRADE-1", card=ref.kind)
        self._remember()
        self._picks[ref] += 1
        return None

    def unpick(self, card: Card) -> bool:
        ref = card_ref(card)
        if self._picks[ref] <= 0:
            return False
        self._remember()
        self._picks[ref] -= 1
        if self._picks[ref] <= 0:
            del self._picks[ref]
        return True

    # -- planting targets -------------------------------------------------------------
    def targets(self, kind: str) -> list[Target]:
        """Every place a card of ``kind`` from the hand could be planted (the engine's)."""
        return [Target.of(p) for p in placements(self.state, self.seat, kind)]

    def target(self, where: Where) -> Target | None:
        place = place_of(where)
        for t in self.targets(place.card_kind):
            if t.id == str(place):
                return t
        return None

    def why_not_target(self, kind: str, target: Target) -> Refusal | None:
        """Why ``kind`` cannot go to ``target`` at all this turn (flooded, too few cards)."""
        placement = target.placement or self._placement(target)
        card = CardRef(kind).laid_on(placement.place)
        held = self.hand().get(kind, 0)
        least = placement.least
        # a take-over of one card may pair with a second crop (R-PLANT-1 b): only its need counts
        if placement.rival and held < target.need:
            return Refusal(RefusalCode.FIELD_TOO_SMALL, rule="R-PLANT-4", card=kind,
                           needed=target.need, have=held, owner=target.seat, crop=target.name)
        error = self.probe(Move.parse(" ".join(["plant", *[str(card)] * max(1, min(held, least))])))
        if error is not None and error.code in (RefusalCode.FLOODED,
                                                RefusalCode.ONE_MONUMENT_PER_TURN):
            return Refusal.of(error, crop=kind if placement.place.kind is PlaceKind.FIELD
                              else None)
        return None

    def _placement(self, target: Target) -> Placement:
        for p in placements(self.state, self.seat, target.place.card_kind):
            if str(p.place) == target.id:
                return p
        raise ValueError(f"{target.id} is not a place for this seat now")

    def glowing(self) -> list[Target]:
        """Places the picked cards may go (they glow while cards are picked)."""
        out: dict[str, Target] = {}
        for ref in self._picks:
            if ref.storage:
                continue
            for t in self.targets(ref.kind):
                if self.why_not_target(ref.kind, t) is None:
                    out[t.id] = t
        return list(out.values())

    # -- staging ---------------------------------------------------------------------
    def stage(self, where: Where, kind: str | None = None, count: int | None = None
              ) -> Refusal | None:
        """Drop cards on ``where``: the picked cards that belong there, or (a drag of
        ``kind`` with nothing of it picked) ``count`` cards of it, by default as many as
        the planting can use (:meth:`_fit_drop`). Cards an earlier drop staged that the
        planting can no longer use go back to the hand (:attr:`returned`)."""
        self.returned = []
        target = self.target(where)
        if target is None:
            return Refusal(TableRefusalCode.NO_ROOM)
        fits = [ref for ref in self._picks
                if not ref.storage and target in self.targets(ref.kind)]
        moves: list[tuple[CardRef, int]]
        kept = self.staged
        if kind is not None and kind not in [ref.kind for ref in fits]:
            ref = CardRef(kind)
            avail = self.available(ref)
            if avail <= 0 or target not in self.targets(kind):
                return Refusal(TableRefusalCode.NO_ROOM)
            if count is None:
                count, kept = self._fit_drop(ref.laid_on(target.place), avail)
            moves = [(ref, min(count, avail))]
        else:
            if not fits:
                return Refusal(TableRefusalCode.NOTHING_PICKED if not self._picks
                               else TableRefusalCode.NO_ROOM)
            moves = [(ref, self._picks[ref]) for ref in fits]
        blocked = self.why_not_target(moves[0][0].kind, target)
        if blocked is not None:
            return blocked
        self._remember()
        returned = Counter(self.staged) - Counter(kept)
        self.returned = [ref for _place, ref in returned.elements()]
        self.staged = list(kept)
        place = target.place
        for ref, n in moves:
            self._picks.pop(ref, None)
            self.staged.extend([(place, ref.laid_on(place))] * n)
        return None

    def _plants(self, cards: list[CardRef]) -> bool:
        """Planting exactly ``cards`` is legal now (the engine's answer)."""
        return self.probe(Move.parse(" ".join(["plant", *map(str, cards)]))) is None

    def _completes(self, cards: list[CardRef]) -> bool:
        """One more card from the hand, on a place of its own, makes ``cards`` a legal
        planting (two crops, one card each: R-PLANT-1 b)."""
        used = Counter(ref.kind for ref in cards)
        for kind, held in self.hand().items():
            if held > used[kind]:
                for target in self.targets(kind):
                    if self._plants([*cards, CardRef(kind).laid_on(target.place)]):
                        return True
        return False

    def _fit_drop(self, card: CardRef, avail: int
                  ) -> tuple[int, list[tuple[Place, CardRef]]]:
        """How many of the ``avail`` dragged cards to stage as ``card``, and which staged
        cards stay.

        A stack dropped where the planting can use fewer stages only those (R-PLANT-1: a
        Wheat beside a new Papyrus field is one card of each): the most that make a
        legal planting with what is staged, else the most that one more card would
        complete. When neither fits but one card of each place staged so far would,
        the extra cards go back to the hand. Otherwise the whole stack is staged and the
        refusal tells what is wrong."""
        staged = [ref for _place, ref in self.staged]
        for fits in (self._plants, self._completes):
            for n in range(avail, 0, -1):
                if fits([*staged, *[card] * n]):
                    return n, self.staged
        singles = list(dict.fromkeys(self.staged))
        if len(singles) < len(self.staged) and self._plants(
                [*(ref for _place, ref in singles), card]):
            return 1, singles
        return avail, self.staged

    def unstage_one(self, where: Where) -> bool:
        """Take one staged card back from ``where`` into the hand."""
        place = place_of(where)
        for i in range(len(self.staged) - 1, -1, -1):
            if self.staged[i][0] == place:
                self._remember()
                del self.staged[i]
                return True
        return False

    # -- moves -----------------------------------------------------------------------
    def probe(self, move: Move | str) -> MoveError | None:
        try:
            self.state.check(move)
        except MoveError as exc:
            return exc
        return None

    def _cards(self, action: Action) -> list[str]:
        if action is Action.PLANT:
            return [str(ref) for _p, ref in self.staged]
        if action is Action.SPECULATE:  # storage holds crops: the engine says they cannot speculate
            return sorted(str(ref.in_hand()) for ref in self._picks.elements())
        return self.picked()

    def move(self, action: Action) -> Move:
        """The draft as a move of ``action``; raises ``InvalidMoveError`` when it has no
        move's shape yet (a planting of nothing)."""
        if action not in ACTIONS:
            raise InvalidMoveError(RefusalCode.UNKNOWN_MOVE, f"unknown action {action.value!r}",
                                   move=action.value)
        if action is Action.PASS:
            return Move.parse("pass")
        return Move.parse(" ".join([action.value, *self._cards(action)]))

    def move_text(self, action: Action) -> str:
        """The draft as ``action``, in the engine's canonical notation where it has a move's
        shape (otherwise the words so far, for display only)."""
        try:
            return str(self.move(action))
        except InvalidMoveError:
            return " ".join([action.value, *self._cards(action)])

    def action_refusal(self, action: Action) -> Refusal | None:
        """Why the button for ``action`` is off now, or None if pressing it plays a legal move.

        The draft itself answers only for its own shape (cards staged while trading,
        nothing picked); every rule is the engine's answer to the move it would play.
        """
        if self.state.over:  # the engine refuses every move once the game is over
            error = self.probe(Move.parse("pass"))
            return Refusal.of(error) if error is not None else None
        if action in TRADES and self.staged:
            return Refusal(TableRefusalCode.CLEAR_FIRST)
        if action is Action.SPECULATE and self.staged:
            return Refusal(TableRefusalCode.CLEAR_FIRST)
        if action is Action.SPECULATE and not self._picks:
            return Refusal(TableRefusalCode.NOTHING_PICKED)
        if action is Action.PLANT and not self.staged:
            return Refusal(TableRefusalCode.STAGE_FIRST if self._picks
                           else TableRefusalCode.NOTHING_PICKED)
        if action is Action.PASS and not self.empty:
            return Refusal(TableRefusalCode.CLEAR_FIRST)
        try:
            error = self.probe(self.move(action))
        except MoveError as exc:
            error = exc
        if error is None:
            return None
        extra: dict[str, Any] = {}
        if error.code is RefusalCode.FIELD_TOO_SMALL:
            extra = self._takeover_detail()
        return Refusal.of(error, **extra)

    def _takeover_detail(self) -> dict[str, Any]:
        counts = Counter(p for p, _ref in self.staged)
        for place, n in counts.items():
            target = self.target(place)
            if target is not None and target.placement is not None and target.placement.rival \
                    and n < target.need:
                return {"owner": target.seat, "crop": target.name}
        return {}

    def load_move(self, text: str | Move) -> None:
        """Stage a whole move (the advisor's suggestion): picks for trades and
        speculations, plantings on their places."""
        move = text if isinstance(text, Move) else Move.parse(str(text))
        self._remember()
        self._picks.clear()
        self.staged.clear()
        refs = [CardRef.parse(card) for card in move.cards]
        if move.action == "plant":
            self.staged.extend((Place.of_card(ref), ref) for ref in refs)
        elif move.action in {action.value for action in ACTIONS}:
            self._picks.update(refs)
