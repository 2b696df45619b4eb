"""How take-overs decide a gauntlet: who takes whose fields, how large, when, and with what.

    python -m nile_desktop.ai.takeover_study games.csv --level hard
    python -m nile_desktop.ai.takeover_study games.csv --level hard --search 1500 --limit 40

The gauntlet's style members play differently from the levels, and the Raider
(``aggressor``) wins by taking fields over (R-PLANT-3, R-PLANT-4). To know where a
level loses to it, this replays every game of an arena or gauntlet CSV move by move
(a game is its seed and its moves) and counts, for the level and for its opponents:
the take-overs each side made and suffered, the size of the fields taken and the
season they were taken in, the cards each side held of crops whose field a rival
holds (cards kept for a take-over, or stuck), and the level's score in games where
it lost a field against games where it lost none.

With ``--search K`` it also asks the level's own search what it expected at every
decision that left one of its fields open to the take-over that came next: the win
share of the move it chose (the search's plain estimate, its control variate not
taken off) and the chance its evaluation gave that field of being taken, set beside
what happened. The search sees only the level's view, as in play, with a seed of
its own (so it is the same search, not the very same samples).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from nile_desktop.engine import Move, Rules, State, new_game, observe
from nile_desktop.engine.cards import KIND_BY_NAME, N_CROPS
from nile_desktop.engine.events import TakenOver
from nile_desktop.engine.powers import takeover_need

from .arena_files import GameRecord, read_csv, refusing_bad_csv
from .evaluation import PileForecast
from .search import ExpertBot, HardBot, search
from .search import root_moves as roots_of
from .stats import wilson


@dataclass
class Side:
    """What one side (the level, or the members together) did and suffered."""

    games: int = 0
    score: float = 0.0
    made: list[tuple[int, int, int]] = field(default_factory=list)  # (size, season, pile)
    suffered: list[tuple[int, int, int]] = field(default_factory=list)
    held_blocked: list[int] = field(default_factory=list)  # per own turn start
    hand_sizes: list[int] = field(default_factory=list)
    chances: int = 0  # rival fields it held enough cards to take at the start of a turn
    taken: int = 0  # of those, the ones it took that turn
    #: the level's score in each game, by the last season's take-overs: it lost more
    #: fields than it took, as many, or fewer
    behind: list[float] = field(default_factory=list)
    even: list[float] = field(default_factory=list)
    ahead: list[float] = field(default_factory=list)


@dataclass
class Exposure:
    """A decision of the level after which a rival took one of its fields over."""

    game: int
    seed: int
    move: str
    crop: str
    size: int
    season: int
    expected: float = float("nan")  # the search's win share for the move it chose
    risk: float = float("nan")  # its evaluation's chance that field is taken
    score: float = 0.0  # the level's score in that game


def blocked_cards(state: State, seat: int) -> int:
    """Cards ``seat`` holds of crops whose field another seat holds."""
    hand = state.hands[seat]
    total = 0
    for c in range(N_CROPS):
        if hand[c] and any(state.fields[o][c] for o in range(len(state.fields)) if o != seat):
            total += hand[c]
    return total


def takeable(state: State, seat: int) -> list[int]:
    """The crops of rival fields ``seat`` holds enough cards to take over now (R-PLANT-3,
    R-PLANT-4)."""
    out = []
    for o in range(len(state.fields)):
        if o == seat:
            continue
        for c in state.crops:
            size = state.fields[o][c]
            if size and state.hands[seat][c] >= max(2, takeover_need(state, seat, c)[0]):
                out.append(c)
    return out


def rules_of(record: GameRecord) -> Rules:
    """The rules a CSV's game was played with (its setup's ``rules`` options)."""
    options: dict[str, object] = {}
    if record.setup:
        try:
            options = json.loads(record.setup).get("options", {}).get("rules", {}) or {}
        except (ValueError, AttributeError):
            options = {}
    return Rules(players=len(record.seats), **options)  # type: ignore[arg-type]


def study(records: Sequence[GameRecord], level: str, search: int = 0, limit: int = 0
          ) -> tuple[dict[str, Side], list[Exposure]]:
    """Replay ``records``: the level's side, the members' side, and its exposures."""
    sides = {"level": Side(), "members": Side()}
    exposures: list[Exposure] = []
    for record in records:
        seats = record.seats
        if level not in seats:
            continue
        me = seats.index(level)
        state = new_game(rules_of(record), seed=record.seed)
        last_mine: tuple[State, str] | None = None
        net = 0  # the level's take-overs less its fields lost, in the last season
        top = record.ranking[0]
        my_score = 1.0 / len(top) if me in top else 0.0
        game_exposures: list[Exposure] = []
        turn_of, able = -1, []
        for text in record.moves:
            seat = state.active
            who = "level" if seat == me else "members"
            if seat != turn_of:
                turn_of, able = seat, takeable(state, seat)
                sides[who].chances += len(able)
            if seat == me:
                last_mine = (state.clone(), text)
            events = state.apply(Move.parse(text))
            for e in events:
                if isinstance(e, TakenOver) and e.seat == seat and KIND_BY_NAME[e.crop] in able:
                    able.remove(KIND_BY_NAME[e.crop])
                    sides[who].taken += 1
                if isinstance(e, TakenOver):
                    taker = "level" if e.seat == me else "members"
                    victim = "level" if e.victim == me else "members"
                    entry = (e.count, state.season, len(state.deck))
                    sides[taker].made.append(entry)
                    sides[victim].suffered.append(entry)
                    if state.season == state.seasons:
                        net += 1 if taker == "level" else -1
                    if e.victim == me and last_mine is not None:
                        game_exposures.append(Exposure(record.index, record.seed,
                                                       last_mine[1], e.crop, e.count,
                                                       state.season))
            if state.result is None and state.active != seat:
                nxt = state.active
                side = sides["level" if nxt == me else "members"]
                side.held_blocked.append(blocked_cards(state, nxt))
                side.hand_sizes.append(sum(state.hands[nxt]))
        for name, side in sides.items():
            side.games += 1
            side.score += my_score if name == "level" else 1.0 - my_score
        lv = sides["level"]
        (lv.behind if net < 0 else lv.even if net == 0 else lv.ahead).append(my_score)
        for x in game_exposures:
            x.score = my_score
        if search and game_exposures:
            _ask_search(record, me, level, game_exposures, search)
        exposures += game_exposures
        if limit and len(exposures) >= limit:
            break
    return sides, exposures


def _ask_search(record: GameRecord, me: int, level: str, exposures: list[Exposure],
                iterations: int) -> None:
    """Fill each exposure's expectation from the level's own search at that decision."""
    bot = ExpertBot if level == "expert" else HardBot
    state = new_game(rules_of(record), seed=record.seed)
    wanted = {x.move: x for x in exposures}
    for text in record.moves:
        if state.active == me and text in wanted and wanted[text].expected != wanted[text].expected:
            x = wanted[text]
            view = observe(state, me)
            if not bot.remembers:
                view = replace(view, storages=None)
            roots, _ = roots_of(view, state.legal_moves(), recall=bot.remembers)
            move = Move.parse(text)
            if move not in roots:
                roots.append(move)
            stats, _ = search(view, roots, record.seed, iterations, None)
            visits, _, raw = stats.get(text, (0, 0.0, 0.0))
            x.expected = raw / visits if visits else float("nan")
            after = state.clone()
            after.apply(move)
            table = PileForecast.from_view(observe(after, me))
            crop = KIND_BY_NAME[x.crop]
            size = after.fields[me][crop]
            if size:
                bmax = max(max(r) for r in after.fields)
                x.risk = table.field_risk(me, crop, size, bmax, after.mons[me][2] > 0)
        state.apply(Move.parse(text))


def _mean(xs: Sequence[float]) -> str:
    return f"{statistics.fmean(xs):.2f}" if xs else "-"


def report(sides: dict[str, Side], exposures: list[Exposure], level: str) -> str:
    """The study as a text table."""
    lines = [f"{'':26}{level:>14}{'members':>14}"]

    def row(name: str, a: str, b: str) -> None:
        lines.append(f"{name:26}{a:>14}{b:>14}")

    lv, mb = sides["level"], sides["members"]
    row("games", str(lv.games), str(mb.games))
    row("score", f"{lv.score:.1f}", f"{mb.score:.1f}")
    row("take-overs made / game", f"{len(lv.made) / max(1, lv.games):.2f}",
        f"{len(mb.made) / max(1, mb.games):.2f}")
    row("fields lost / game", f"{len(lv.suffered) / max(1, lv.games):.2f}",
        f"{len(mb.suffered) / max(1, mb.games):.2f}")
    row("took a field when able", f"{lv.taken}/{lv.chances}", f"{mb.taken}/{mb.chances}")
    row("size of field taken", _mean([m[0] for m in lv.made]), _mean([m[0] for m in mb.made]))
    row("cards lost / game", f"{sum(m[0] for m in lv.suffered) / max(1, lv.games):.2f}",
        f"{sum(m[0] for m in mb.suffered) / max(1, mb.games):.2f}")
    row("blocked cards in hand", _mean(lv.held_blocked), _mean(mb.held_blocked))
    row("hand size at turn start", _mean(lv.hand_sizes), _mean(mb.hand_sizes))
    # A game has as many seasons as players (R-SETUP-4): list those that took place.
    for season in sorted({m[1] for m in lv.made + mb.made}):
        row(f"taken in season {season}",
            str(sum(1 for m in lv.made if m[1] == season)),
            str(sum(1 for m in mb.made if m[1] == season)))
    for name, games in (("score, last season's take-overs behind", lv.behind),
                        ("score, last season's take-overs even", lv.even),
                        ("score, last season's take-overs ahead", lv.ahead)):
        lo, hi = wilson(sum(games), len(games)) if games else (0.0, 0.0)
        share = f"{100 * sum(games) / len(games):.1f}%" if games else "-"
        lines.append(f"{level} {name}: {share} of {len(games)} [{100 * lo:.1f}, {100 * hi:.1f}]")
    asked = [x for x in exposures if x.expected == x.expected]
    if asked:
        lines.append(f"decisions that left a field to the next take-over: {len(asked)}")
        lines.append(f"  the search's expected win share for its move: {_mean([x.expected for x in asked])}"
                     f" (the level won {_mean([x.score for x in asked])} of those games)")
        risks = [x.risk for x in asked if x.risk == x.risk]
        lines.append(f"  its evaluation's chance that field would be taken: {_mean(risks)}"
                     f" (field sizes {_mean([x.size for x in asked])})")
    return "\n".join(lines)


@refusing_bad_csv
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.ai.takeover_study",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="arena or gauntlet CSVs")
    parser.add_argument("--level", default="hard", help="the level studied (its seats)")
    parser.add_argument("--member", default="", help="only games against this member")
    parser.add_argument("--search", type=int, default=0, metavar="K",
                        help="ask the level's search (K iterations) at each exposure")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many exposures")
    args = parser.parse_args(argv)
    records: list[GameRecord] = []
    for path in args.csv:
        records += read_csv(path)
    if args.member:
        records = [r for r in records if args.member in r.seats]
    by_member: dict[str, list[GameRecord]] = defaultdict(list)
    for r in records:
        others = [s for s in r.seats if s != args.level]
        by_member[",".join(sorted(set(others)))].append(r)
    for member, games in sorted(by_member.items()):
        sides, exposures = study(games, args.level, args.search, args.limit)
        print(f"== {args.level} against {member}")
        print(report(sides, exposures, args.level))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
