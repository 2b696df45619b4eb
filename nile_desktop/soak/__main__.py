"""``python -m nile_desktop.soak engine|files|ui|session|folder|net``: run one part of the soak and report.

Each part prints what it counted and exits with status 1 if anything failed
(0 otherwise), so CI can run a small soak on every push. The engine part
lives in ``nile_desktop.soak.engine_soak`` (its ``main(argv)``); this
dispatcher says so plainly if that module is not there.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
import time
from collections.abc import Sequence

from nile_desktop.ai.command_line import Parser
from nile_desktop.formats import format_number

MAX_SHOWN = 20


def _file_kinds() -> tuple[str, ...]:
    from nile_desktop.soak.files_soak import KINDS  # loaded only when asked, as below

    return KINDS


def _count(text: str) -> int:
    """A count of cases or events: a whole number of 0 or more, in ASCII digits."""
    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number of 0 or more, not {text!r}")
    return int(text)


def _engine(argv: list[str]) -> int:
    if importlib.util.find_spec("nile_desktop.soak.engine_soak") is None:
        print("engine soak: nile_desktop.soak.engine_soak is not in this build, "
              "so the engine part cannot run.", file=sys.stderr)
        return 2
    module = importlib.import_module("nile_desktop.soak.engine_soak")
    return int(module.main(argv))


def _report(part: str, counted: str, failures: list[str], seconds: float) -> int:
    print(f"{part}: {counted}, {format_number(len(failures), 'en')} failures "
          f"in {seconds:.1f} s")
    for line in failures[:MAX_SHOWN]:
        print(f"  FAILURE {line}")
    if len(failures) > MAX_SHOWN:
        print(f"  … and {len(failures) - MAX_SHOWN} more")
    return 1 if failures else 0


def _files(args: argparse.Namespace) -> tuple[str, list[str]]:
    # Each part loads only when asked: `soak engine` runs without pygame.
    from nile_desktop.soak import files_soak

    tally = files_soak.run(args.cases, args.seed, progress=args.progress,
                           skip=frozenset(args.skip))
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(tally.kinds.items()))
    return (f"{format_number(tally.cases, 'en')} cases ({kinds}; seed {args.seed}): "
            f"{format_number(tally.loaded, 'en')} loaded, "
            f"{format_number(tally.refused, 'en')} refused cleanly"), tally.failures


def _ui(args: argparse.Namespace) -> tuple[str, list[str]]:
    from nile_desktop.soak import ui_soak  # loaded only when asked, as files_soak

    tally = ui_soak.run(args.events, args.seed, progress=args.progress)
    scenes = ", ".join(f"{k} {v}" for k, v in sorted(tally.scenes.items()))
    return (f"{format_number(tally.events, 'en')} events (seed {args.seed}; "
            f"{format_number(tally.moves, 'en')} moves played, {tally.games_over} games "
            f"finished, {tally.restarts} restarts after Quit; events per scene: {scenes})"
            ), tally.failures


def _session(args: argparse.Namespace) -> tuple[str, list[str]]:
    from nile_desktop.soak import session_soak  # loaded only when asked, as files_soak

    tally = session_soak.run(args.games, args.seed, progress=args.progress)
    start = tally.memory[1] if len(tally.memory) > 1 else None
    if start is None or tally.end_memory is None or tally.growth is None:
        memory = "memory not measured here (no /proc)"
    else:
        memory = (f"{start:.0f} MB resident as game 2 started, {tally.end_memory:.0f} MB after "
                  f"game {tally.games} ({tally.growth:+.0f} MB)")
    failures = list(tally.failures)
    if tally.growth is not None and tally.growth > args.limit:
        failures.append(f"the session grew by {tally.growth:.0f} MB, more than {args.limit} MB")
    return f"{tally.games} games in one window (seed {args.seed}): {memory}", failures


def _folder(args: argparse.Namespace) -> tuple[str, list[str]]:
    from nile_desktop.soak import folder_soak  # loaded only when asked, as files_soak

    timings = folder_soak.run(args.saves, args.seed)
    figures = "; ".join(f"{name} {seconds * 1000:.0f} ms"
                        for name, seconds in timings.figures.items())
    return f"{format_number(timings.saves, 'en')} saves: {figures}", timings.failures


def _net(args: argparse.Namespace) -> tuple[str, list[str]]:
    from nile_desktop.soak import net_soak  # loaded only when asked, as files_soak

    if not 1 <= args.clients <= 6:
        return "no games", [f"--clients is 1 to 6, not {args.clients}"]
    t = net_soak.run(args.games, args.clients, args.seed, progress=args.progress,
                     parallel=args.parallel, first=args.first)
    return (f"{t.games} games of {args.clients} bot players over the loopback (seed {args.seed}): "
            f"{t.finished} finished, {t.lost} lost; reconnects: {t.client_kills} players killed "
            f"and restarted, {t.rejoins} rejoins seen by the host, {t.host_restarts} host "
            f"restarts from the save; refusals: {t.refusals} joins refused, {t.closed_bad} "
            f"connections closed for bad input, {t.moves_refused} moves refused "
            f"({t.hostile} hostile connections); leaks: {t.leaks} in "
            f"{format_number(t.messages, 'en')} messages checked"), t.failures


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "engine":
        return _engine(argv[1:])
    parser = Parser(prog="python -m nile_desktop.soak",
                    description="Throw many random files, games and inputs at the real game "
                                "and count the failures.")
    sub = parser.add_subparsers(dest="part", required=True)
    sub.add_parser("engine", help="random full games with invariants checked after every move "
                                  "(--games N --seed S)")
    files = sub.add_parser("files", help="damaged saves, settings and positions")
    files.add_argument("--cases", type=_count, default=1000)
    files.add_argument("--seed", type=int, default=1)
    files.add_argument("--progress", action="store_true", help="print a line every 1,000 cases")
    files.add_argument("--skip", action="append", default=[], metavar="KIND",
                       choices=sorted(set(_file_kinds())),
                       help="leave out one kind of file (again for more)")
    files.set_defaults(func=_files)
    ui = sub.add_parser("ui", help="random clicks, drags, keys, text, wheel and resizes")
    ui.add_argument("--events", type=_count, default=5000)
    ui.add_argument("--seed", type=int, default=1)
    ui.add_argument("--progress", action="store_true", help="print a line every 1,000 events")
    ui.set_defaults(func=_ui)
    session = sub.add_parser("session", help="many whole games in one window, memory measured")
    session.add_argument("--games", type=_count, default=20)
    session.add_argument("--seed", type=int, default=1)
    session.add_argument("--limit", type=_count, default=100,
                         help="MB the session may grow from game 2 to its end (default 100)")
    session.add_argument("--progress", action="store_true", help="print a line every game")
    session.set_defaults(func=_session)
    folder = sub.add_parser("folder", help="a saves folder of N games: title and Load timed")
    folder.add_argument("--saves", type=_count, default=10_000)
    folder.add_argument("--seed", type=int, default=1)
    folder.set_defaults(func=_folder)
    net = sub.add_parser("net", help="whole games over real sockets: kills, host restarts, "
                                     "hostile traffic, every message leak-checked")
    net.add_argument("--games", type=_count, default=10)
    net.add_argument("--clients", type=_count, default=2)
    net.add_argument("--seed", type=int, default=1)
    net.add_argument("--progress", action="store_true", help="print a line every game")
    net.add_argument("--first", type=int, default=0,
                     help="number of the first game (a long soak in blocks: --first 40 "
                          "--games 60 plays games 41 to 100 of the same seed)")
    net.add_argument("--parallel", type=_count, default=1,
                     help="games played at once (each in processes of its own)")
    net.set_defaults(func=_net)
    args = parser.parse_args(argv)
    started = time.monotonic()
    counted, failures = args.func(args)
    return _report(args.part, counted, failures, time.monotonic() - started)


if __name__ == "__main__":
    sys.exit(main())
