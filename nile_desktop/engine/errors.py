"""Typed errors of the engine: refused moves and unreadable positions.

A refused move must tell the player *why* (rule R-WHY-1), in their language,
so the error carries a stable reason code, the rule id and the numbers that
explain it rather than an English sentence only.
"""

from __future__ import annotations

from .text_enum import TextEnum


class RefusalCode(TextEnum):
    """Why the engine refuses a move, in priority order (NOTATION.md): where several
    apply, the first member is reported. A member is its text (``"not-held"``), so the
    command line's JSON and any saved or compared code read exactly as before."""

    GAME_OVER = "game-over"
    UNKNOWN_MOVE = "unknown-move"
    TRADE_NEEDS_TWO = "trade-needs-two"
    SPECULATE_ONE_OR_TWO = "speculate-one-or-two"
    NOT_SPECULATION = "not-speculation"
    NOT_PLANTABLE = "not-plantable"
    STONE_NEEDS_MONUMENT = "stone-needs-monument"
    NOT_HELD = "not-held"
    STORAGE_NOT_TOP = "storage-not-top"
    FLOODED = "flooded"
    ONE_MONUMENT_PER_TURN = "one-monument-per-turn"
    NEW_FIELD_NEEDS_TWO = "new-field-needs-two"
    TWO_CROPS_TWO_CARDS = "two-crops-two-cards"
    TOO_MANY_KINDS = "too-many-kinds"
    FIELD_TOO_SMALL = "field-too-small"
    MUST_ACT = "must-act"

    @property
    def rule(self) -> str:
        """The rule this refusal enforces."""
        return REFUSAL_RULES[self]


#: The rule each refusal enforces.
REFUSAL_RULES: dict[RefusalCode, str] = {
    RefusalCode.GAME_OVER: "R-END-2",
    RefusalCode.UNKNOWN_MOVE: "R-WHY-1",
    RefusalCode.TRADE_NEEDS_TWO: "R-TRADE-1",
    RefusalCode.SPECULATE_ONE_OR_TWO: "R-SPEC-1",
    RefusalCode.NOT_SPECULATION: "R-SPEC-1",
    RefusalCode.NOT_PLANTABLE: "R-PLANT-1",
    RefusalCode.STONE_NEEDS_MONUMENT: "R-MON-1",
    RefusalCode.NOT_HELD: "R-TRADE-1",
    # a crop card floods its crop (R-FLOOD-2); a stone flood card stones (R-FLOOD-4) and a
    # speculation showing a flooded crop (R-SPEC-1) name their own rules where refused
    RefusalCode.FLOODED: "R-FLOOD-2",
    RefusalCode.ONE_MONUMENT_PER_TURN: "R-MON-2",
    RefusalCode.NEW_FIELD_NEEDS_TWO: "R-PLANT-1",
    RefusalCode.TWO_CROPS_TWO_CARDS: "R-PLANT-1",
    RefusalCode.TOO_MANY_KINDS: "R-PLANT-1",
    RefusalCode.FIELD_TOO_SMALL: "R-PLANT-4",
    RefusalCode.STORAGE_NOT_TOP: "R-TRADE-1",
    RefusalCode.MUST_ACT: "R-PLANT-5",
}


def printable(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD, so it can always be encoded.

    A command-line argument of bytes that are not UTF-8 arrives as lone
    surrogates; echoing them back would fail on a strict UTF-8 output.
    """
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class MoveError(EngineError):
    """A move the engine will not play; the game state is unchanged (R-WHY-1).

    ``code`` is a :class:`RefusalCode`, ``rule`` the rule id it enforces,
    ``needed``/``have`` the numbers behind it where they help, ``card`` the
    card at fault where there is one. Catch this to handle both kinds below.
    """

    def __init__(
        self,
        code: RefusalCode,
        message: str,
        *,
        move: str = "",
        rule: str | None = None,
        needed: int | None = None,
        have: int | None = None,
        card: str | None = None,
    ) -> None:
        message = printable(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.move = printable(move)
        self.rule = rule or code.rule
        self.needed = needed
        self.have = have
        self.card = card

    def to_dict(self) -> dict[str, object]:
        """The refusal as the command line prints it."""
        out: dict[str, object] = {"error": self.code, "rule": self.rule, "move": self.move}
        if self.needed is not None:
            out["needed"] = self.needed
        if self.have is not None:
            out["have"] = self.have
        if self.card is not None:
            out["card"] = self.card
        out["message"] = self.message
        return out


class InvalidMoveError(MoveError):
    """Move text that does not parse (code ``unknown-move``): a syntax error."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules refuse in this position."""


class BadPositionError(EngineError):
    """A position (JSON) that is malformed or impossible; ``key`` names the part at fault."""

    def __init__(self, message: str, key: str = "") -> None:
        key, message = printable(key), printable(message)
        super().__init__(f"{key}: {message}" if key else message)
        self.key = key
        self.message = message

    def to_dict(self) -> dict[str, object]:
        return {"error": "bad-position", "key": self.key, "message": str(self)}
