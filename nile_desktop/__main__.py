"""Start the game: ``python -m nile_desktop`` or the ``nile-desktop`` program.

Without options the title screen opens. ``--demo`` lets bots play a whole
game in the window instead (to watch, and as the smoke test of every build);
see ``--help``. ``--open FILE`` opens a shared game (an exported save).
Options given here apply to this run only: the settings file is changed
only from the settings screen, and a test checks that no option reaches it.
Nothing in a file the game reads can stop it from starting: a bad settings
file is set aside and the player told, once the window is up.

SIGTERM (a logout, ``kill``) and SIGINT (Ctrl+C in a terminal) end the game
within a second wherever it is:
the scenes are left as on a normal quit (games are saved after every move
anyway), and if that has not finished after :data:`TERM_GRACE` seconds the
process ends at once.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from nile_desktop.ai.levels import LEVELS as BOT_LEVELS
from nile_desktop.engine.rules import PLAYER_COUNTS, SEED_MAX
from nile_desktop.settings import MAX_WINDOW, MIN_WINDOW

#: Seconds a SIGTERM leaves for a clean quit before the process ends regardless.
TERM_GRACE = 0.8
_SIZE = re.compile(r"([0-9]{1,6})[xX]([0-9]{1,6})")
_DIGITS = re.compile(r"[0-9]{1,20}")
_terminating = threading.Event()


def _on_terminate(signum: int, _frame: FrameType | None) -> None:
    """SIGTERM or SIGINT: leave whatever runs now (as a quit would), and end for sure soon
    after."""
    if _terminating.is_set():
        os._exit(128 + signum)
    _terminating.set()
    timer = threading.Timer(TERM_GRACE, os._exit, (128 + signum,))
    timer.daemon = True
    timer.start()
    raise SystemExit(128 + signum)


def install_termination() -> None:
    """End the game on SIGTERM even while it waits in a system call (before pygame starts,
    so SDL does not turn the signal into a quit event that a busy loop never reads)."""
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_terminate)
        signal.signal(signal.SIGINT, _on_terminate)  # Ctrl+C in a terminal: the same clean end


def _bots(text: str) -> list[str]:
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    bad = [level for level in levels if level not in BOT_LEVELS]
    if not levels or bad:
        raise argparse.ArgumentTypeError(
            f"bot levels are a comma-separated list of {', '.join(BOT_LEVELS)}"
        )
    return levels


def _seats(text: str) -> list[str]:
    from nile_desktop.quickplay import parse_seats  # it loads the scenes: only --play needs it

    return parse_seats(text)


def _size(text: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError("a window size is WIDTHxHEIGHT, e.g. 1600x900")
    w, h = int(match.group(1)), int(match.group(2))
    if w < MIN_WINDOW[0] or h < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            f"the window must be at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]}")
    if w > MAX_WINDOW[0] or h > MAX_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            f"the window can be at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, the largest display")
    return (w, h)


def _players(text: str) -> int:
    if not _DIGITS.fullmatch(text):
        raise argparse.ArgumentTypeError("the number of players is a whole number, 2 to 6")
    return int(text)


def _seed(text: str) -> int:
    """A deal's seed in ASCII digits (``int`` would also take ``١٢٣`` or ``1_0``)."""
    if not _DIGITS.fullmatch(text) or int(text) > SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {SEED_MAX}")
    return int(text)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="nile-desktop",
        description="Nile DeLuxor, the card game of farming on the Nile.",
    )
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--windowed", action="store_true", help="open in a window")
    screen.add_argument("--fullscreen", action="store_true", help="open in fullscreen")
    parser.add_argument("--size", type=_size, help="window size, e.g. 1600x900")
    parser.add_argument("--lang", choices=("en", "cs"), help="language of this run")
    parser.add_argument("--play", type=_seats, metavar="SEATS",
                        help="open straight at a new table, e.g. human,easy or "
                             "human,human,medium (use --seed for the deal)")
    parser.add_argument("--open", metavar="FILE", dest="open_file",
                        help="open a saved or shared game (it is copied into your saves)")
    net = parser.add_argument_group("playing over the network")
    net.add_argument("--host", action="store_true",
                     help="open the New game screen with the game open to the network")
    net.add_argument("--join", metavar="ADDRESS",
                     help="join the game at ADDRESS (host or host:port); the code is asked for")
    net.add_argument("--code", metavar="WORDS", help="the join code, with --join")
    demo = parser.add_argument_group("demo mode (bots play a whole game)")
    demo.add_argument("--demo", action="store_true", help="watch bots play a game")
    demo.add_argument("--players", type=_players, default=4, choices=PLAYER_COUNTS, metavar="N",
                      help="number of players, 2 to 6 (default 4)")
    demo.add_argument("--bots", type=_bots, default=["easy"], metavar="LEVEL,...",
                      help=f"bot level per seat ({', '.join(BOT_LEVELS)}), repeated as needed")
    demo.add_argument("--seed", type=_seed, help="seed of the deal (default: random)")
    demo.add_argument("--speed", type=float, default=1.0, metavar="X",
                      help="how fast bots play: 1 is watchable, 50 is a blur")
    demo.add_argument("--no-monuments", action="store_true", help="play without Monuments")
    demo.add_argument("--random-crops", action="store_true", help="remove random crops")
    demo.add_argument("--quit-at-end", action="store_true",
                      help="exit (code 0) as soon as the game is over")
    demo.add_argument("--screenshots", metavar="DIR",
                      help="save a PNG at each key moment of the game into DIR")
    # The options only: the tutorial itself (and pygame) loads once a window is wanted.
    from nile_desktop.tutorial.cli import add_arguments

    add_arguments(parser)
    args = parser.parse_args(argv)
    if args.speed <= 0:
        parser.error("--speed must be positive")
    return args


def overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The settings this run's options change (for this run only)."""
    changed: dict[str, Any] = {}
    if args.lang:
        changed["language"] = args.lang
    if args.windowed:
        changed["fullscreen"] = False
    if args.fullscreen:
        changed["fullscreen"] = True
    if args.size:
        changed["window_size"] = args.size
    return changed


def _read_settings(log: logging.Logger) -> tuple[Any, Callable[[], str | None] | None]:
    """The settings and a notice for the player (translated when shown); the defaults if
    anything at all goes wrong."""
    # Loaded after the log is open, so even a failing import is written to the log file.
    from nile_desktop.settings import Settings, read_settings

    try:
        report = read_settings()
        return report.settings, (report.notice if report.notice() else None)
    except Exception:  # read_settings never raises; this is the last guard before the window
        log.exception("reading the settings failed; using the defaults")
        return Settings(), None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the exit code (0 for a normal quit)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    install_termination()
    args = parse_args(argv)

    # --help and a bad option answer before anything heavy is loaded (start-up time).
    from nile_desktop import i18n, logs

    log_file = logs.setup_logging()
    logs.install_excepthook()
    log = logging.getLogger("nile_desktop")
    settings, notice = _read_settings(log)
    i18n.set_language(overrides(args).get("language", settings.language))

    # pygame and the window load only once the log is open, so their failures are logged.
    import pygame

    from nile_desktop.app import App  # (same reason as pygame above)

    app = App(settings, log_path=log_file, overrides=overrides(args))
    if notice:
        app.notices.append(notice)
    try:
        app.open_window()
        if args.tutorial:
            # only the mode asked for loads
            from nile_desktop.scenes.tutorial.run import start_tutorial

            start_tutorial(app, args)
        elif args.demo:
            from nile_desktop.demo import start_demo  # only the mode asked for loads

            start_demo(app, args)
        elif args.host or args.join:
            from nile_desktop.scenes.routes import open_network  # only the mode asked for loads

            open_network(app, host=args.host, join=args.join, code=args.code)
        elif args.play:
            from nile_desktop.quickplay import start_play  # only the mode asked for loads

            start_play(app, args.play, args.seed, monuments=not args.no_monuments)
        else:
            from nile_desktop.scenes.title import TitleScene  # only the mode asked for loads

            title = TitleScene()
            app.stack.push(title)
            if args.open_file:
                title.open_file(args.open_file)
        code = app.run()
    except Exception as exc:  # beyond the scenes' own guard: say so and where the log is
        logs.log_crash(exc)
        what = "stopped after an unexpected error" if app.frames else "could not start"
        print(f"Nile desktop {what}: {exc}\nDetails: {log_file}", file=sys.stderr)
        code = 1
    finally:
        pygame.quit()
    log.info("exit %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
