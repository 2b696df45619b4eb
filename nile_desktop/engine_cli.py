"""The engine's command line: new, legal, apply and play (NOTATION.md).

Drives the rules with no window, for sharing positions, reporting bugs and
replaying games. Bad input (bad arguments, an unreadable position, an
unknown or refused move) prints one JSON error object on standard output and
exits with status 2, never a traceback, whatever the locale's encoding.

Input is bounded: a position file must be a regular file (a folder, a pipe
or a device is refused at once, without waiting on it) and, like standard
input, at most :data:`MAX_INPUT_BYTES`; more prints
``{"error": "too-large", "message": …}`` and exits 2. Numbers on the command
line are ASCII digits only (``--seed ١٢٣`` is refused, not read as 123).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import NoReturn

from nile_desktop import paths
from nile_desktop.ai import LEVELS, make_bot
from nile_desktop.engine import BadPositionError, MoveError, Rules, State, new_game, observe
from nile_desktop.engine.errors import printable
from nile_desktop.engine.rng import EngineRandom
from nile_desktop.engine.rules import PLAYER_COUNTS, SEED_MAX, ascii_int, check_seed

EXIT_BAD_INPUT = 2
#: The largest position read (a real one is a few kilobytes; the app's own reads stop at 4 MB).
MAX_INPUT_BYTES = 4 * 1024 * 1024


class BadArguments(Exception):
    """The command line itself is wrong (an option, a bot level, a seed)."""


class TooLarge(Exception):
    """The input is larger than MAX_INPUT_BYTES."""


def _read_position(path: str) -> State:
    try:
        if path == "-":
            data = paths.read_stream_capped(sys.stdin.buffer, MAX_INPUT_BYTES)
        else:
            data = paths.read_capped(path, MAX_INPUT_BYTES)
    except paths.TooLargeError:
        name = "standard input" if path == "-" else printable(path)
        raise TooLarge(f"{name} is larger than {MAX_INPUT_BYTES} bytes") from None
    except paths.NotAFileError:
        raise BadPositionError(f"{printable(path)} is not a regular file") from None
    except OSError as exc:
        raise BadPositionError(f"cannot read {printable(path)}: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadPositionError(f"{printable(path)} is not UTF-8 text") from None
    return State.from_json(text)


def _print_json(obj: dict[str, object]) -> None:
    # ASCII escapes: the output can be written whatever the terminal's encoding.
    print(json.dumps(obj, ensure_ascii=True))


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(args.players, monuments=not args.no_monuments, random_crops=args.random_crops,
                 must_act=args.must_act, storage_top=args.storage_top)


def _seed(value: str) -> int:
    try:
        return check_seed(ascii_int(value))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seed must be an integer from 0 to {SEED_MAX}, not {printable(value)!r}") from None


def _players(value: str) -> int:
    try:
        return ascii_int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the number of players is {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]}, "
            f"not {printable(value)!r}") from None


def _positive(value: str) -> int:
    try:
        number = ascii_int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of 1 or more, not {printable(value)!r}")
    return number


def cmd_new(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    sys.stdout.write(new_game(_rules(args), seed).to_json())
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    state = _read_position(args.file)
    out = sys.stdout
    for move in state.legal_moves():  # lazy for huge positions: streamed, never all in memory
        out.write(f"{move}\n")
    return 0


def cmd_apply(args: argparse.Namespace) -> int:
    state = _read_position(args.file)
    for text in args.moves:
        state.apply(text)
    sys.stdout.write(state.to_json())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    levels = [lvl.strip() for lvl in args.bots.split(",")]
    if len(levels) == 1:
        levels *= args.players
    if len(levels) != args.players:
        raise BadArguments(f"--bots names {len(levels)} levels for {args.players} players")
    unknown = [lvl for lvl in levels if lvl not in LEVELS]
    if unknown:
        raise BadArguments(f"unknown bot level {printable(unknown[0])!r}; "
                           f"the levels are {', '.join(LEVELS)}")
    extra = {"iterations": args.iterations} if args.iterations else {}
    bots = [make_bot(level, **extra) for level in levels]
    state = new_game(_rules(args), args.seed)
    rngs = [EngineRandom(args.seed, seat) for seat in range(args.players)]
    print(f"# players {args.players} seed {args.seed} bots {','.join(levels)}")
    while not state.over:
        seat = state.active
        legal = state.legal_moves()
        move, _reason = bots[seat].choose(observe(state, seat), legal, rngs[seat])
        print(f"{seat} {move}")
        state.apply(move)
    _print_json({"result": state.result.to_dict() if state.result is not None else None})
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line as a JSON error, exit 2."""

    def error(self, message: str) -> NoReturn:
        raise BadArguments(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m nile_desktop.engine", description="Nile DeLuxor rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def rules_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--players", type=_players, required=True, choices=PLAYER_COUNTS,
                       metavar="N", help=f"{PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} players")
        p.add_argument("--no-monuments", action="store_true", help="play without the Monuments")
        p.add_argument("--random-crops", action="store_true",
                       help="remove random crops instead of Onions, then Grapes")
        p.add_argument("--must-act", action="store_true",
                       help="rule-book option: plant or speculate whenever you can (R-PLANT-5)")
        p.add_argument("--storage-top", action="store_true",
                       help="rule-book option: trade only the top of storage (R-TRADE-1)")

    p = sub.add_parser("new", help="print a new game's position")
    rules_options(p)
    p.add_argument("--seed", type=_seed, help=f"0 to {SEED_MAX}")
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
    p.add_argument("--seed", type=_seed, required=True)
    p.add_argument("--bots", required=True, help=f"levels, comma separated: {','.join(LEVELS)}")
    p.add_argument("--iterations", type=_positive, default=None,
                   help="iteration cap for the hard bot (deterministic games)")
    p.set_defaults(func=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except BadArguments as exc:
        _print_json({"error": "bad-arguments", "message": printable(str(exc))})
        return EXIT_BAD_INPUT
    except MoveError as exc:
        _print_json(exc.to_dict())
        return EXIT_BAD_INPUT
    except BadPositionError as exc:
        _print_json(exc.to_dict())
        return EXIT_BAD_INPUT
    except TooLarge as exc:
        _print_json({"error": "too-large", "message": str(exc)})
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
