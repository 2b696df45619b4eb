"""Opponents by style: the gauntlet's players as the new-game screen offers them.

Beside the five levels (:mod:`.levels`), a player may pick an opponent by how
it plays. Each personality is one of the gauntlet's flat players
(:mod:`.flat`) with a name, a one-line description and its strength as the
ladder and the gauntlet measured it against the levels (two players): Medium on
the ladder (``python -m nile_desktop.ai.ladder --levels medium,KEY --strengths``),
Hard in the gauntlet (``python -m nile_desktop.ai.gauntlet --level hard --players 2
--strengths``). Those figures are data, kept in ``strengths.json``
(:mod:`.strengths`), which the two commands rewrite. The strength is put in Elo
points on the levels' own scale (:data:`LEVEL_ELO`), so the screen can say which
level it is closest to (:func:`nearest_level`), give every figure it rests on, and
say so when a personality beats a level. docs/BOTS.md says where each figure comes from. Labels and descriptions are
message ids marked with ``N_``, translated when drawn, as the levels' are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .reasons import N_, NP_, Plural
from .strengths import Score, read_strengths

__all__ = ["BY_KEY", "LEVEL_ELO", "PERSONALITIES", "Personality", "Score", "elo_gap", "measured",
           "main_score", "nearest_level", "strength_order"]

#: The levels on one scale, in Elo points from Medium, from the ladder's two-player
#: figures (docs/BOTS.md, "Opponents by style"): Hard beat Medium 70.3% (600 games
#: at 1,500 iterations: +150), the Expert beat Hard 61.3% (300 games: +80 more), Medium
#: beat Easy 66.7% (57 games: Easy -120), and Easy beat Random in all 12 games (the
#: scale's limit, 400 points below Easy).
LEVEL_ELO: dict[str, int] = {"random": -520, "easy": -120, "medium": 0, "hard": 150,
                             "expert": 230}


@dataclass(frozen=True)
class Personality:
    """An opponent by style: ``key`` is its bot kind for :func:`~nile_desktop.ai.make_bot`
    and its seat kind in a save."""

    key: str
    label: str  # a message id
    description: str  # a message id
    scores: tuple[Score, ...]

    @property
    def elo(self) -> int:
        """Its strength in Elo points from Medium: what each score says of it, weighed by
        the games behind it."""
        scores = [s for s in self.scores if s.level in LEVEL_ELO]
        games = sum(s.games for s in scores)
        total = sum(s.games * (LEVEL_ELO[s.level] + elo_gap(s.share)) for s in scores)
        return round(total / games) if games else 0

    @property
    def level(self) -> str:
        """The level it plays most like."""
        return nearest_level(self.elo)


def elo_gap(share: float) -> float:
    """How many Elo points above its opponent a player is that scores ``share`` (at most
    400 either way: 91% and more all read as 400)."""
    p = min(max(share, 0.09), 0.91)
    return 400 * math.log10(p / (1 - p))


def nearest_level(elo: int) -> str:
    """The level whose strength is closest to ``elo``."""
    return min(LEVEL_ELO, key=lambda level: abs(LEVEL_ELO[level] - elo))


#: The measured scores of every personality (:mod:`.strengths`), read once.
_SCORES = read_strengths()

#: The personalities. Their scores come from the data file: the ladder against Medium, the
#: gauntlet against Hard (docs/BOTS.md, "Opponents by style" and "The gauntlet").
PERSONALITIES: tuple[Personality, ...] = (
    Personality(
        "balancer", N_("Steward"),
        N_("Always feeds its smallest pile first: steady, and hard to starve."),
        _SCORES.get("balancer", ())),
    Personality(
        "aggressor", N_("Raider"),
        N_("Takes other players' fields over whenever it can, and saves cards to do it."),
        _SCORES.get("aggressor", ())),
    Personality(
        "flat", N_("Calculator"),
        N_("Plays each promising move out over many deals and keeps the best: a strong "
           "all-rounder."),
        _SCORES.get("flat", ())),
    Personality(
        "speculator", N_("Speculator"),
        N_("Bets on the coming floods and trades weak cards at the market and to Hapi."),
        _SCORES.get("speculator", ())),
)

#: The personalities by key.
BY_KEY: dict[str, Personality] = {p.key: p for p in PERSONALITIES}

#: How the new-game screen says which level a personality plays like (message ids).
LIKE_LEVEL: dict[str, str] = {
    "random": N_("~Random"),
    "easy": N_("~Easy"),
    "medium": N_("~Medium"),
    "hard": N_("~Hard"),
    "expert": N_("~Expert"),
}

#: A measured figure behind it, for the screen's longer help (a counted message id): one
#: line per level it met.
MEASURED: Plural = NP_("Against the {level}: won {percent} of {count} two-player game.",
                       "Against the {level}: won {percent} of {count} two-player games.")
#: Said first when a personality scored more than half against a level.
BEATS: Plural = NP_("It beats the {level}: won {percent} of {count} two-player game.",
                    "It beats the {level}: won {percent} of {count} two-player games.")


def main_score(personality: Personality) -> Score | None:
    """The score with the most games behind it, or None if it has met no level."""
    return max(personality.scores, key=lambda s: s.games, default=None)


def measured_scores(personality: Personality) -> list[Score]:
    """Its scores against the levels, strongest level first: what the screen lists."""
    return sorted(personality.scores, key=lambda s: -LEVEL_ELO.get(s.level, 0))


def strength_order(kinds: list[str]) -> list[str]:
    """Bot kinds weakest first, by their measured strength (the levels by the scale, each
    personality by its :attr:`Personality.elo`); kinds of equal strength keep their order."""
    def strength(kind: str) -> int:
        p = BY_KEY.get(kind)
        return p.elo if p is not None else LEVEL_ELO.get(kind, 0)
    return sorted(kinds, key=strength)


def measured(personality: str, level: str, points: float, games: int, iterations: int | None
             ) -> list[tuple[str, Score]]:
    """The entry a run of ``games`` games of ``personality`` against ``level`` gives, if
    it is a pairing the screen shows (a personality against a level, at least one game)."""
    if personality not in BY_KEY or level not in LEVEL_ELO or games < 1:
        return []
    return [(personality, Score(level, round(points, 1), games, iterations or 0))]
