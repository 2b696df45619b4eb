"""``python -m nile_desktop.bench NAME``: run one benchmark and print its figures."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.bench")
    sub = parser.add_subparsers(dest="name", required=True)
    p = sub.add_parser("engine", help="random games per second, clone() and legal_moves() times")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args, rest = parser.parse_known_args(argv)
    if args.name == "engine":
        from .engine_bench import run

        run(games=args.games, players=args.players, seed=args.seed)
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
