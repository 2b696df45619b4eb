"""Typed errors of the engine: refused moves and unreadable positions.

A refused move must tell the player *why* (rule R-WHY-1), in their language,
so the error carries a stable reason code, the rule id and the numbers that
explain it rather than an English sentence only.
"""

from __future__ import annotations

#: Refusal codes in priority order (NOTATION.md): where several apply, the
#: first in this tuple is reported.
REFUSAL_CODES: tuple[str, ...] = (
    "game-over",
    "unknown-move",
    "trade-needs-two",
    "speculate-one-or-two",
    "not-speculation",
    "not-plantable",
    "stone-needs-monument",
    "not-held",
    "storage-not-top",
    "flooded",
    "one-monument-per-turn",
    "new-field-needs-two",
    "two-crops-two-cards",
    "too-many-kinds",
    "field-too-small",
    "must-act",
)

#: The rule each refusal enforces.
REFUSAL_RULES: dict[str, str] = {
    "game-over": "R-END-2",
    "unknown-move": "R-WHY-1",
    "trade-needs-two": "R-TRADE-1",
    "speculate-one-or-two": "R-SPEC-1",
    "not-speculation": "R-SPEC-1",
    "not-plantable": "R-PLANT-1",
    "stone-needs-monument": "R-MON-1",
    "not-held": "R-TRADE-1",
    "flooded": "R-PLANT-1",
    "one-monument-per-turn": "R-MON-2",
    "new-field-needs-two": "R-PLANT-1",
    "two-crops-two-cards": "R-PLANT-1",
    "too-many-kinds": "R-PLANT-1",
    "field-too-small": "R-PLANT-4",
    "storage-not-top": "R-TRADE-1",
    "must-act": "R-PLANT-5",
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

    ``code`` is one of :data:`REFUSAL_CODES`, ``rule`` the rule id it enforces,
    ``needed``/``have`` the numbers behind it where they help, ``card`` the
    card at fault where there is one. Catch this to handle both kinds below.
    """

    def __init__(
        self,
        code: str,
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
        self.rule = rule or REFUSAL_RULES.get(code, "R-WHY-1")
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
