"""``python -m nile_desktop.bench NAME``: run one benchmark and print its figures."""

from __future__ import annotations

import sys
from pathlib import Path

from nile_desktop.ai.command_line import (
    Parser,
    positive,
    seat_count,
    seconds,
    seed_value,
    table_sizes,
)


def not_a_checkout(path: str | None) -> str:
    """Why ``--compare``'s ``path`` cannot be measured ("" if it can): it must be a
    checkout's root, holding the ``nile_desktop`` package."""
    if path is None:
        return ""
    try:
        if (Path(path) / "nile_desktop" / "__init__.py").is_file():
            return ""
    except (OSError, ValueError):
        pass
    return f"--compare takes a checkout's root folder (one holding nile_desktop/): {path!r}"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m nile_desktop.bench")
    sub = parser.add_subparsers(dest="name", required=True)
    p = sub.add_parser("engine", help="random games per second, clone() and legal_moves() times")
    p.add_argument("--games", type=positive, default=2000)
    p.add_argument("--players", type=seat_count, default=4)
    p.add_argument("--seed", type=seed_value, default=1)
    p = sub.add_parser("startup", help="built app's time to first frame beside a bare pygame-ce "
                       "window, and its size")
    p.add_argument("--runs", type=positive, default=7, help="starts of each program (default 7)")
    p.add_argument("--rebuild", action="store_true", help="rebuild both instead of reusing")
    p = sub.add_parser("frames", help="table frame times at 720p, 1080p and 4K beside a "
                       "card-blitting baseline, and while a Hard bot thinks")
    p.add_argument("--frames", type=positive, default=300, help="frames timed per figure")
    p.add_argument("--seed", type=seed_value, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-bot", action="store_true", help="skip the bot-thinking figures")
    p = sub.add_parser("bots", help="Hard bot search iterations per second on one core, on "
                       "18 fixed positions, and where an iteration's time goes")
    p.add_argument("--repeats", type=positive, default=3, help="timing passes (default 3)")
    p.add_argument("--iterations", type=positive, default=300, help="iterations per position")
    p.add_argument("--budget", type=seconds, metavar="SECONDS",
                   help="instead, Hard as it plays: iterations a decision of this many seconds "
                        "on its usual workers (wall clock)")
    p.add_argument("--compare", metavar="PATH",
                   help="also measure the checkout at PATH, alternating, and print the ratio")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--fingerprint", action="store_true",
                   help="instead, print a hash of what the search computes (with --compare: "
                        "whether the other checkout computes the same)")
    p.add_argument("--make-positions", action="store_true",
                   help="rewrite the stored positions from Medium games (then measure)")
    p = sub.add_parser("review", help="how soon a game review shows its chart and is "
                       "complete, for stored games of 2, 4 and 6 players")
    p.add_argument("--players", type=table_sizes, default="2,4,6",
                   help="the stored games to review (sizes: 2, 4, 6)")
    p.add_argument("--iterations", type=positive, default=800, help="samples per evaluation")
    p.add_argument("--workers", type=positive, default=2, help="worker processes (default 2)")
    p.add_argument("--repeats", type=positive, default=1, help="reviews of each game (default 1)")
    p.add_argument("--compare", metavar="PATH",
                   help="also review them with the checkout at PATH, alternating")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--make-games", action="store_true",
                   help="rewrite the stored games from Medium bots' play (then measure)")
    args, rest = parser.parse_known_args(argv)
    refused = not_a_checkout(getattr(args, "compare", None))
    if refused:
        print(refused, file=sys.stderr)
        return 2
    if args.name == "engine":
        # Each benchmark loads only when asked: the engine's and the bots' need no pygame.
        from .engine_bench import run

        run(games=args.games, players=args.players, seed=args.seed)
        return 0
    if args.name == "startup":
        from .startup_bench import run as run_startup  # loaded only when asked (see above)

        run_startup(runs=args.runs, rebuild=args.rebuild)
        return 0
    if args.name == "frames":
        from .frames_bench import run as run_frames  # loaded only when asked (see above)

        run_frames(frames=args.frames, seed=args.seed, as_json=args.json, bot=not args.no_bot)
        return 0
    if args.name == "bots":
        from .bots_bench import run as run_bots  # loaded only when asked (see above)
        from .bots_bench import write_positions  # (the same module)

        if args.fingerprint:
            from .bots_bench import run_fingerprint  # (loaded only when asked)

            run_fingerprint(compare=args.compare)
            return 0
        if args.make_positions:
            write_positions()
        run_bots(repeats=args.repeats, iterations=args.iterations, compare=args.compare,
                 as_json=args.json, budget=args.budget)
        return 0
    if args.name == "review":
        # the review bench and its games are loaded only when asked for
        from .review_bench import (
            STORED,  # (the same module)
            write_games,  # (the same module)
        )
        from .review_bench import run as run_review  # loaded only when asked (see above)

        sizes = args.players
        stored = sorted({players for players, _seed, _kinds in STORED})
        if not set(sizes) <= set(stored):
            parser.error(f"--players: the stored games are of {', '.join(map(str, stored))} "
                         f"players")
        if args.make_games:
            write_games()
        run_review(sizes, args.iterations, args.workers, args.repeats, args.compare, args.json)
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
