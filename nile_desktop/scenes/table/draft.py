"""The move a person is putting together: picked cards, staged plantings, undo.

A person picks cards from their hand and storage (for a trade or a
speculation) and stages plantings on the table: each card dropped on its
place (their own field, an empty plot, a rival's field to take over, a
Monument). Nothing is played until a button turns the draft into a move.

The rules are asked of the engine, never re-derived here: whether a move is
legal comes from ``state.check`` (with the engine's refusal code and
numbers), and what a take-over needs from the engine's own formula. The
draft only knows where a card of a kind goes on the table: a crop card to
that crop's field, a stone to the Monument it is dropped on.

No pygame here: the draft is tested without a display.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from nile_desktop.engine import (
    CROPS,
    MONUMENTS,
    EngineError,
    Move,
    MoveError,
    takeover_need,
)

STORAGE = "storage:"
ACTIONS = ("market", "offer", "plant", "speculate", "pass")


@dataclass(frozen=True)
class Refusal:
    """Why a pick, a drop or an action is not possible (an engine code or a table one)."""

    code: str
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
    """A place on the table where a card of ``kind`` may be planted.

    ``id`` is ``field:CROP`` or ``monument:NAME``; ``role`` is ``field``
    (one's own), ``plot`` (a new field), ``takeover`` (a rival's field),
    ``build`` (a Monument from the centre), ``monument`` (one's own) or
    ``take`` (a rival's Monument). ``need`` is the cards a take-over needs.
    """

    id: str
    role: str
    seat: int
    name: str
    need: int = 0
    size: int = 0


def kind_of(token: str) -> str:
    """The card kind of a token: ``storage:flax`` → ``flax``, ``stone@wall`` → ``stone``."""
    if token.startswith(STORAGE):
        token = token[len(STORAGE):]
    return "stone" if token.startswith("stone@") else token


def is_spec(kind: str) -> bool:
    return kind.startswith("spec:")


def _takeover_need(state: Any, seat: int, key: int) -> tuple[int, int]:
    """The engine's take-over need (R-PLANT-4) and the holder, for a planting key."""
    return takeover_need(state, seat, key)


@dataclass
class _Snapshot:
    picks: Counter = field(default_factory=Counter)
    staged: list[tuple[str, str]] = field(default_factory=list)


class MoveDraft:
    """Picks and staged plantings of ``seat`` on ``state`` (which it never changes)."""

    def __init__(self, state: Any, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.picks: Counter = Counter()
        #: (target id, plant token) in the order they were staged.
        self.staged: list[tuple[str, str]] = []
        self._undo: list[_Snapshot] = []
        #: Grows with every change (the table redraws its picture when it does).
        self.version = 0

    # -- reading ---------------------------------------------------------------------
    def hand(self) -> dict[str, int]:
        return self.state.hand(self.seat)

    def storage(self) -> dict[str, int]:
        return self.state.storage_of(self.seat)

    def staged_kinds(self) -> Counter:
        return Counter(kind_of(tok) for _t, tok in self.staged)

    def available(self, token: str) -> int:
        """Cards behind ``token`` (``wheat`` or ``storage:wheat``) not yet picked or staged."""
        if token.startswith(STORAGE):
            return self.storage().get(token[len(STORAGE):], 0) - self.picks[token]
        return self.hand().get(token, 0) - self.picks[token] - self.staged_kinds()[token]

    def picked(self) -> list[str]:
        return sorted(self.picks.elements())

    @property
    def empty(self) -> bool:
        return not self.picks and not self.staged

    def staged_on(self, target_id: str) -> int:
        return sum(1 for t, _tok in self.staged if t == target_id)

    # -- undo ------------------------------------------------------------------------
    def _remember(self) -> None:
        self.version += 1
        self._undo.append(_Snapshot(Counter(self.picks), list(self.staged)))
        del self._undo[:-100]

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        if self._undo:
            self.version += 1
            snap = self._undo.pop()
            self.picks, self.staged = snap.picks, snap.staged

    def clear(self) -> None:
        if not self.empty:
            self._remember()
            self.picks.clear()
            self.staged.clear()

    # -- picking ---------------------------------------------------------------------
    def pick(self, token: str) -> Refusal | None:
        """Pick one more card of ``token`` (hand kind, or ``storage:CROP``)."""
        if self.available(token) <= 0:
            return Refusal("not-held", rule="R-TRADE-1", card=kind_of(token))
        self._remember()
        self.picks[token] += 1
        return None

    def unpick(self, token: str) -> bool:
        if self.picks[token] <= 0:
            return False
        self._remember()
        self.picks[token] -= 1
        if self.picks[token] <= 0:
            del self.picks[token]
        return True

    # -- planting targets -------------------------------------------------------------
    def targets(self, kind: str) -> list[Target]:
        """Every place a card of ``kind`` from the hand could be planted."""
        state, seat = self.state, self.seat
        if kind in CROPS:
            key = CROPS.index(kind)
            need, holder = _takeover_need(state, seat, key)
            if holder >= 0:
                size = state.fields_of(holder).get(kind, 0)
                return [Target(f"field:{kind}", "takeover", holder, kind, need, size)]
            own = state.fields_of(seat).get(kind, 0)
            return [Target(f"field:{kind}", "field" if own else "plot", seat, kind, 0, own)]
        if kind == "stone" and state.monuments_on:
            out = []
            for m, name in enumerate(MONUMENTS):
                owner = state.monument_owner(m)
                if owner == seat:
                    size = state.monuments_of(seat).get(name, 0)
                    out.append(Target(f"monument:{name}", "monument", seat, name, 0, size))
                elif owner is None:
                    out.append(Target(f"monument:{name}", "build", seat, name))
                else:
                    need, _holder = _takeover_need(state, seat, len(CROPS) + m)
                    size = state.monuments_of(owner).get(name, 0)
                    out.append(Target(f"monument:{name}", "take", owner, name, need, size))
            return out
        return []

    def target(self, target_id: str) -> Target | None:
        kind = "stone" if target_id.startswith("monument:") else target_id.split(":", 1)[1]
        for t in self.targets(kind):
            if t.id == target_id:
                return t
        return None

    def _plant_token(self, kind: str, target: Target) -> str:
        return f"stone@{target.name}" if kind == "stone" else kind

    def why_not_target(self, kind: str, target: Target) -> Refusal | None:
        """Why ``kind`` cannot go to ``target`` at all this turn (flooded, too few cards)."""
        token = self._plant_token(kind, target)
        held = self.hand().get(kind, 0)
        probe = max(2, target.need) if target.role in ("plot", "takeover", "build", "take") else 1
        if held < probe and target.role in ("takeover", "take"):
            return Refusal("field-too-small", rule="R-PLANT-4", card=kind, needed=target.need,
                           have=held, owner=target.seat, crop=target.name)
        error = self.probe(f"plant {' '.join([token] * min(held, probe) or [token])}")
        if error is not None and error.code in ("flooded", "one-monument-per-turn"):
            return Refusal.of(error, crop=kind if kind in CROPS else None)
        return None

    def glowing(self) -> list[Target]:
        """Places the picked cards may go (they glow while cards are picked)."""
        out: dict[str, Target] = {}
        for token in self.picks:
            kind = kind_of(token)
            if token.startswith(STORAGE):
                continue
            for t in self.targets(kind):
                if self.why_not_target(kind, t) is None:
                    out[t.id] = t
        return list(out.values())

    # -- staging ---------------------------------------------------------------------
    def stage(self, target_id: str, kind: str | None = None, count: int | None = None
              ) -> Refusal | None:
        """Drop cards on ``target_id``: the picked cards that belong there, or (a drag of
        ``kind`` with nothing of it picked) ``count`` cards of it, all of them by default."""
        target = self.target(target_id)
        if target is None:
            return Refusal("no-room")
        fits = [tok for tok in self.picks
                if not tok.startswith(STORAGE) and target in self.targets(kind_of(tok))]
        if kind is not None and kind not in [kind_of(t) for t in fits]:
            fits = []
            avail = self.available(kind)
            if avail <= 0 or target not in self.targets(kind):
                return Refusal("no-room")
            moves = [(kind, avail if count is None else min(count, avail))]
        else:
            if not fits:
                return Refusal("nothing-picked" if not self.picks else "no-room")
            moves = [(tok, self.picks[tok]) for tok in fits]
        blocked = self.why_not_target(kind_of(moves[0][0]), target)
        if blocked is not None:
            return blocked
        self._remember()
        for token, n in moves:
            if token in self.picks:
                del self.picks[token]
            self.staged.extend([(target_id, self._plant_token(kind_of(token), target))] * n)
        return None

    def unstage_one(self, target_id: str) -> bool:
        """Take one staged card back from ``target_id`` into the hand."""
        for i in range(len(self.staged) - 1, -1, -1):
            if self.staged[i][0] == target_id:
                self._remember()
                del self.staged[i]
                return True
        return False

    # -- moves -----------------------------------------------------------------------
    def probe(self, text: str) -> MoveError | None:
        try:
            self.state.check(text)
        except MoveError as exc:
            return exc
        return None

    def move_text(self, action: str) -> str:
        """The draft as ``action``, in the engine's canonical notation where it parses."""
        if action in ("market", "offer", "speculate"):
            text = " ".join([action, *self.picked()])
        elif action == "plant":
            text = " ".join(["plant", *(tok for _t, tok in self.staged)])
        else:
            return "pass"
        try:
            return str(Move.parse(text))
        except EngineError:
            return text

    def action_refusal(self, action: str) -> Refusal | None:
        """Why the button for ``action`` is off now, or None if pressing it plays a legal move."""
        if self.state.over:
            return Refusal("game-over", rule="R-END-2")
        if action in ("market", "offer"):
            if self.staged:
                return Refusal("no-room")
            n = sum(self.picks.values())
            if n != 2:
                return Refusal("trade-needs-two", rule="R-TRADE-1", needed=2, have=n)
        elif action == "speculate":
            if self.staged or not self.picks:
                return Refusal("nothing-picked")
            if not all(is_spec(kind_of(t)) and not t.startswith(STORAGE) for t in self.picks):
                return Refusal("not-speculation", rule="R-SPEC-1")
        elif action == "plant":
            if not self.staged:
                return Refusal("nothing-picked")
        elif action == "pass" and not self.empty:
            return Refusal("nothing-picked")
        error = self.probe(self.move_text(action))
        if error is None:
            return None
        extra: dict[str, Any] = {}
        if error.code == "field-too-small":
            extra = self._takeover_detail()
        return Refusal.of(error, **extra)

    def _takeover_detail(self) -> dict[str, Any]:
        counts = Counter(t for t, _tok in self.staged)
        for tid, n in counts.items():
            target = self.target(tid)
            if target is not None and target.role in ("takeover", "take") and n < target.need:
                return {"owner": target.seat, "crop": target.name}
        return {}

    def load_move(self, text: str) -> None:
        """Stage a whole move (the advisor's suggestion): picks for trades and
        speculations, plantings on their places."""
        self._remember()
        self.picks.clear()
        self.staged.clear()
        action, *tokens = text.split()
        if action == "plant":
            for tok in tokens:
                kind = kind_of(tok)
                place = f"monument:{tok.split('@', 1)[1]}" if kind == "stone" else f"field:{kind}"
                self.staged.append((place, tok))
        elif action in ("market", "offer", "speculate"):
            self.picks.update(tokens)
