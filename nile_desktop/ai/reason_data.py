"""A bot's reason as plain JSON data, so a save can keep it and a resumed game retell it.

A :class:`~nile_desktop.ai.reasons.Reason` is kept as its message id and values,
never as finished text, so a resumed log still follows the player's language::

    {"msgid": "takes the {crop} field, {mine} against {theirs}",
     "values": {"crop": {"card": "flax"}, "mine": 4, "theirs": 3}}

A value is a number, plain text, ``{"card": NAME}`` (a card or Monument in
notation form) or a nested reason. Reading trusts nothing: only the bots' own
message ids are accepted (so the plural forms come from the code, not the
file), names and texts are short, nesting is shallow, and the reason must
render in English with the values given. Anything else reads as no reason;
a damaged reason never costs the player the game it belongs to.
"""

from __future__ import annotations

import re
from typing import Any

from nile_desktop.ai import reasons as _messages
from nile_desktop.ai.reasons import CardName, Reason
from nile_desktop.engine import CROPS, MONUMENTS
from nile_desktop.engine.cards import KIND_NAMES

#: Every message a bot may give, by message id (the module's marked constants).
KNOWN: dict[str, str] = {
    str(value): value for name, value in vars(_messages).items()
    if name.isupper() and isinstance(value, str)
}
MAX_DEPTH = 3
MAX_VALUES = 8
MAX_TEXT = 200
#: The card names a reason may hold: every card and Monument, speculations in either order.
CARD_NAMES = frozenset(KIND_NAMES) | frozenset(MONUMENTS) | frozenset(
    f"spec:{a}+{b}" for a in CROPS for b in CROPS if a != b)
_KEY_RE = re.compile(r"^[a-z_][a-z0-9_]{0,19}$")


def reason_to_data(reason: Any) -> Any:
    """JSON data for ``reason`` (a Reason, or plain text from an older bot), or None."""
    if isinstance(reason, Reason):
        return {"msgid": str(reason.msgid),
                "values": {key: _value_to_data(value) for key, value in reason.values.items()}}
    if isinstance(reason, str) and reason:
        return reason[:MAX_TEXT]
    return None


def _value_to_data(value: object) -> Any:
    if isinstance(value, Reason):
        return reason_to_data(value)
    if isinstance(value, CardName):
        return {"card": str(value)}
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return str(value)[:MAX_TEXT]


def reason_from_data(data: object) -> Reason | str | None:
    """The reason ``data`` describes, or None if it is not one the bots could have given."""
    if isinstance(data, str):
        return data if 0 < len(data) <= MAX_TEXT and data.isprintable() else None
    reason = _reason(data, MAX_DEPTH)
    if reason is None:
        return None
    try:
        str(reason)  # every placeholder has a value of a kind the message can show
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None
    return reason


def _reason(data: object, depth: int) -> Reason | None:
    if depth <= 0 or not isinstance(data, dict) or set(data) != {"msgid", "values"}:
        return None
    msgid, values = data["msgid"], data["values"]
    if not isinstance(msgid, str) or msgid not in KNOWN or not isinstance(values, dict):
        return None
    if len(values) > MAX_VALUES:
        return None
    kept: dict[str, object] = {}
    for key, value in values.items():
        if not isinstance(key, str) or not _KEY_RE.match(key):
            return None
        decoded = _value(value, depth)
        if decoded is None:
            return None
        kept[key] = decoded
    return Reason(KNOWN[msgid], **kept)


def _value(value: object, depth: int) -> object | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if -10**9 < value < 10**9 else None
    if isinstance(value, float):
        return value if value == value and abs(value) < 1e9 else None
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT and value.isprintable() else None
    if isinstance(value, dict) and set(value) == {"card"}:
        card = value["card"]
        return CardName(card) if isinstance(card, str) and card in CARD_NAMES else None
    return _reason(value, depth - 1)
