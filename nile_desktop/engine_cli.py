"""The engine's command line: new, legal, apply and play (NOTATION.md).

Drives the rules with no window, for sharing positions, reporting bugs and
replaying games. Bad input (an unreadable position, an unknown or refused
move) prints a JSON error and exits with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from nile_desktop.engine import BadPositionError, IllegalMoveError, Rules, State, new_game

EXIT_BAD_INPUT = 2


def _read_position(path: str) -> State:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise BadPositionError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise BadPositionError(f"{path} is not UTF-8 text") from None
    return State.from_json(text)


def _print_json(obj: dict) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def cmd_new(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    rules = Rules(args.players, monuments=not args.no_monuments, random_crops=args.random_crops)
    sys.stdout.write(new_game(rules, seed).to_json())
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    state = _read_position(args.file)
    for move in state.legal_moves():
        print(move)
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    state = _read_position(args.file)
    for text in args.moves:
        state.apply(text)
    sys.stdout.write(state.to_json())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from nile_desktop.ai import make_bot  # the command line may use the bots; the engine never does

    levels = [lvl.strip() for lvl in args.bots.split(",")]
    if len(levels) == 1:
        levels *= args.players
    if len(levels) != args.players:
        print(f"--bots names {len(levels)} levels for {args.players} players", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        bots = [make_bot(level, **({"iterations": args.iterations} if args.iterations else {}))
                for level in levels]
    except (ValueError, KeyError, TypeError) as exc:
        print(f"unknown bot level: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    from nile_desktop.engine import observe

    rules = Rules(args.players, monuments=not args.no_monuments, random_crops=args.random_crops)
    state = new_game(rules, args.seed)
    rngs = [random.Random(f"{args.seed}:{seat}") for seat in range(args.players)]
    print(f"# players {args.players} seed {args.seed} bots {','.join(levels)}")
    while not state.over:
        seat = state.active
        legal = state.legal_moves()
        move, _reason = bots[seat].choose(observe(state, seat), legal, rngs[seat])
        print(f"{seat} {move}")
        state.apply(move)
    _print_json({"result": state.result})
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.engine",
                                     description="Nile DeLuxor rules engine")
    sub = parser.add_subparsers(dest="command", required=True)

    def rules_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--players", type=int, required=True, choices=range(2, 7),
                       metavar="N", help="2 to 6 players")
        p.add_argument("--no-monuments", action="store_true", help="play without the Monuments")
        p.add_argument("--random-crops", action="store_true",
                       help="remove random crops instead of Onions, then Grapes")

    p = sub.add_parser("new", help="print a new game's position")
    rules_options(p)
    p.add_argument("--seed", type=int)
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("legal", help="print every legal move of a position")
    p.add_argument("file", help="position JSON, or - for standard input")
    p.set_defaults(func=cmd_legal)
    p = sub.add_parser("apply", help="apply moves and print the resulting position")
    p.add_argument("file", help="position JSON, or - for standard input")
    p.add_argument("moves", nargs="*", metavar="MOVE")
    p.set_defaults(func=cmd_apply)
    p = sub.add_parser("play", help="play a whole game between bots")
    rules_options(p)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--bots", required=True, help="levels, comma separated: random,easy,medium,hard")
    p.add_argument("--iterations", type=int, default=None,
                   help="iteration cap for the hard bot (deterministic games)")
    p.set_defaults(func=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except IllegalMoveError as exc:
        _print_json(exc.to_dict())
        return EXIT_BAD_INPUT
    except BadPositionError as exc:
        _print_json(exc.to_dict())
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
