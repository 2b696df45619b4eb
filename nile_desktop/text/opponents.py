"""How the new-game screen names a bot and says what to expect of it.

A level is named by its label and described in one line (shown under its seat). An opponent by style
(:mod:`nile_desktop.ai.personalities`) is named with the level it plays most
like, "Raider (~Hard)", and its help gives every measured figure that says so:
one line per level it met, the games behind each, and first of all any level
it beats. The figures come from the data file the gauntlet and the ladder rewrite
(:mod:`nile_desktop.ai.strengths`), so the words follow the measurements.
"""

from __future__ import annotations

from nile_desktop.ai.levels import LEVEL_DESCRIPTIONS, LEVEL_LABELS
from nile_desktop.ai.personalities import BEATS, BY_KEY, LIKE_LEVEL, MEASURED, measured_scores
from nile_desktop.i18n import _, format_number, ngettext


def kind_label(kind: str) -> str:
    """A seat kind as the choice shows it: "Hard bot", or a personality with the level it
    plays like, "Raider (~Medium)"; a personality never measured has no "~"."""
    personality = BY_KEY.get(kind)
    if personality is None:
        return _(LEVEL_LABELS[kind])
    if not personality.scores:
        return _(personality.label)
    return _("{name} ({like})").format(name=_(personality.label),
                                      like=_(LIKE_LEVEL[personality.level]))


def kind_line(kind: str) -> str:
    """What a bot of ``kind`` does, in the one line the new-game screen shows under its seat
    (nothing for a person); :func:`kind_help` begins with the same line."""
    description = LEVEL_DESCRIPTIONS.get(kind)
    return _(description) if description else ""


def kind_help(kind: str) -> str:
    """What to expect of a bot of ``kind`` (nothing for a person): its one line, and for a
    personality one more line per level it met: the levels it beats first, then the rest,
    strongest level first, each with its share and the number of games."""
    description = LEVEL_DESCRIPTIONS.get(kind)
    if not description:
        return ""
    personality = BY_KEY.get(kind)
    if personality is None:
        return _(description)
    beats: list[str] = []
    others: list[str] = []
    for score in measured_scores(personality):
        percent = _("{percent}%").format(percent=format_number(100 * score.share, 0))
        won = score.share > 0.5
        text = BEATS if won else MEASURED
        line = ngettext(text, text.plural, score.games).format(
            percent=percent, count=format_number(score.games),
            level=_(LEVEL_LABELS[score.level]))
        (beats if won and score.level != "random" else others).append(line)
    return "\n".join([_(description), *beats, *others])
