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
    p = sub.add_parser("startup", help="built app's time to first frame beside a bare pygame-ce "
                       "window, and its size")
    p.add_argument("--runs", type=int, default=7, help="starts of each program (default 7)")
    p.add_argument("--rebuild", action="store_true", help="rebuild both instead of reusing")
    args, rest = parser.parse_known_args(argv)
    if args.name == "engine":
        from .engine_bench import run

        run(games=args.games, players=args.players, seed=args.seed)
        return 0
    if args.name == "startup":
        from .startup_bench import run as run_startup

        run_startup(runs=args.runs, rebuild=args.rebuild)
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
