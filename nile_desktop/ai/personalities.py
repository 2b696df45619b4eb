"""Opponents by style: the gauntlet's players as the new-game screen offers them.

Beside the five levels (:mod:`.levels`), a player may pick an opponent by how
it plays. Each personality is one of the gauntlet's flat players
(:mod:`.flat`) with a name, a one-line description and its strength as the
ladder measured it (``python -m nile_desktop.ai.ladder --levels
medium,KEY``, two players). The strength is put in Elo points on the levels'
own scale (:data:`LEVEL_ELO`), so the screen can say which level it is
closest to (:func:`nearest_level`) and give the figure it rests on.
docs/BOTS.md says where each figure comes from. Labels and descriptions are
message ids marked with ``N_``, translated when drawn, as the levels' are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from nile_desktop.engine.seat_kinds import SeatKind

from .reasons import N_, NP_, Plural

#: The levels on one scale, in Elo points from Medium, from the ladder's two-player
#: figures (docs/BOTS.md, "Opponents by style"): Hard beat Medium 70.3% (600 games
#: at 1,500 iterations: +150), the Expert beat Hard 61.3% (300 games: +80 more), Medium
#: beat Easy 66.7% (57 games: Easy -120), and Easy beat Random in all 12 games (the
#: scale's limit, 400 points below Easy).
LEVEL_ELO: dict[str, int] = {SeatKind.RANDOM: -520, SeatKind.EASY: -120, SeatKind.MEDIUM: 0,
                             SeatKind.HARD: 150, SeatKind.EXPERT: 230}


@dataclass(frozen=True)
class Score:
    """What a personality scored against one level: points (a shared win counts half)
    over two-player games, seats rotated, and the search time it was given."""

    level: str
    points: float
    games: int
    iterations: int  # Hard's iterations a decision; the flat player had the same time

    @property
    def share(self) -> float:
        return self.points / self.games if self.games else 0.5


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
        games = sum(s.games for s in self.scores)
        total = sum(s.games * (LEVEL_ELO[s.level] + elo_gap(s.share)) for s in self.scores)
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


#: The personalities, weakest first. Their scores: the ladder at 500 Hard iterations
#: against Medium, and the gauntlet at 1,500 against Hard (docs/BOTS.md, "Opponents by
#: style" and "The gauntlet").
PERSONALITIES: tuple[Personality, ...] = (
    Personality(
        SeatKind.BALANCER, N_("Steward"),
        N_("Always feeds its smallest pile first: steady, and hard to starve."),
        (Score(SeatKind.MEDIUM, 10.0, 20, 500),)),
    Personality(
        SeatKind.AGGRESSOR, N_("Raider"),
        N_("Takes other players' fields over whenever it can, and saves cards to do it."),
        (Score(SeatKind.MEDIUM, 52.5, 91, 500),)),
    Personality(
        SeatKind.FLAT, N_("Calculator"),
        N_("Plays each promising move out over many deals and keeps the best: a strong "
           "all-rounder."),
        (Score(SeatKind.MEDIUM, 31.5, 46, 500), Score(SeatKind.HARD, 17.0, 40, 1500))),
    Personality(
        SeatKind.SPECULATOR, N_("Speculator"),
        N_("Bets on the coming floods and trades weak cards at the market and to Hapi."),
        (Score(SeatKind.MEDIUM, 13.5, 20, 500),)),
)

#: The personalities by key.
BY_KEY: dict[str, Personality] = {p.key: p for p in PERSONALITIES}

#: How the new-game screen says which level a personality plays like (message ids).
LIKE_LEVEL: dict[str, str] = {
    SeatKind.RANDOM: N_("~Random"),
    SeatKind.EASY: N_("~Easy"),
    SeatKind.MEDIUM: N_("~Medium"),
    SeatKind.HARD: N_("~Hard"),
    SeatKind.EXPERT: N_("~Expert"),
}

#: The measured figure behind it, for the screen's longer help (a counted message id).
MEASURED: Plural = NP_("On the ladder: won {percent} of {count} two-player game against the "
                       "{level}.",
                       "On the ladder: won {percent} of {count} two-player games against the "
                       "{level}.")


def main_score(personality: Personality) -> Score:
    """The score with the most games behind it: the one the screen quotes."""
    return max(personality.scores, key=lambda s: s.games)
