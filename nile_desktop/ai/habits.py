"""How the bots of an arena CSV end their games: the cards left in hand and the smallest pile.

    python -m nile_desktop.ai.arena --games 400 --players 2 --bots medium,easy \\
        --seed 4001 --csv me.csv
    python -m nile_desktop.ai.habits me.csv

The arena says who won; this says how. Every game of the CSV is replayed from
its seed and moves (the CSV keeps both), and for each level it prints the mean
number of cards left in hand at the end, how often its smallest storage pile
(the one that scores) was empty, how often both (a fistful of cards and an empty
pile), the mean smallest pile, and how many of its
turns were market trades, offerings and passes. A level that ends with a
fistful of cards and an empty pile plays like no one would; these figures are
how the Easy level's beginner's habits are measured (docs/BOTS.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field

from nile_desktop.engine import Rules, new_game

from .arena_files import CsvError, GameRecord, read_csv
from .stats import wilson

#: A hand this large at the end is a fistful no player would keep.
FISTFUL = 12


@dataclass
class Habits:
    """What one level did at the end of its games, and how it spent its turns."""

    games: int = 0
    hand: int = 0
    empty: int = 0
    #: Games it ended with :data:`FISTFUL` cards or more in hand and an empty smallest pile.
    stuck: int = 0
    smallest: int = 0
    moves: Counter[str] = field(default_factory=Counter)

    def add(self, hand: int, piles: list[int], moves: Counter[str]) -> None:
        self.games += 1
        self.hand += hand
        empty = not piles or piles[0] == 0
        self.empty += empty
        self.stuck += empty and hand >= FISTFUL
        self.smallest += piles[0] if piles else 0
        self.moves.update(moves)


def rules_of(record: GameRecord) -> Rules:
    """The rules a game of the CSV was played with (its setup names them)."""
    try:
        setup = json.loads(record.setup) if record.setup else {}
        options = setup.get("options", {}).get("rules", {})
    except (ValueError, AttributeError):
        options = {}
    flags = {key: bool(options[key]) for key in ("monuments", "must_act", "storage_top")
             if isinstance(options, dict) and key in options}
    return Rules(players=len(record.seats), **flags)


def habits(records: list[GameRecord]) -> dict[str, Habits]:
    """Per level, its habits over every seat it held in ``records``."""
    out: dict[str, Habits] = {}
    for record in records:
        state = new_game(rules_of(record), seed=record.seed)
        made: list[Counter[str]] = [Counter() for _ in record.seats]
        for text in record.moves:
            made[state.active][text.split()[0]] += 1
            state.apply(text)
        for seat, level in enumerate(record.seats):
            piles = sorted(record.piles[seat]) if seat < len(record.piles) else []
            out.setdefault(level, Habits()).add(sum(state.hands[seat]), piles, made[seat])
    return out


def report(found: dict[str, Habits]) -> str:
    lines = [f"level    games  hand at end  smallest pile 0 (95% CI)      {FISTFUL}+ cards and 0 "
             "(95% CI)       mean smallest  markets  offers  passes (per game)"]
    for level, h in sorted(found.items()):
        per = max(h.games, 1)
        lines.append(
            f"{level:<8} {h.games:>5}  {h.hand / per:>11.1f}  {_share(h.empty, h.games)}  "
            f"{_share(h.stuck, h.games)}  {h.smallest / per:>13.2f}  "
            f"{h.moves['market'] / per:>7.1f}  {h.moves['offer'] / per:>6.1f}  "
            f"{h.moves['pass'] / per:>6.1f}")
    return "\n".join(lines)


def _share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k:>4} = {100 * k / max(n, 1):5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.ai.habits",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="arena CSVs (python -m nile_desktop.ai.arena --csv)")
    args = parser.parse_args(argv)
    records: list[GameRecord] = []
    try:
        for path in args.csv:
            records += read_csv(path)
    except CsvError as refused:
        print(refused, file=sys.stderr)
        return 2
    print(report(habits(records)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
