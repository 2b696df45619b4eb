"""Replaying a save (or an exported game) on the command line, without a window.

A save is not a position: it is the rules, the seed and the moves. The
engine's command line reads positions, so a save is replayed in two ways:

* ``python -m nile_desktop.saves.replay FILE`` prints the position after
  every move (``--moves N``: after the first N), exactly what the engine
  command line prints; ``--commands`` prints the equivalent engine command
  lines instead (``new`` with the rules and seed, then ``apply`` with each
  move), for anyone who wants to follow the game move by move.
* :func:`replay_command` is the one function the engine command line can
  call for a ``replay FILE`` sub-command.

A bad file prints ``{"error": "bad-save", "code": …, "message": …}`` and
exits with status 2, like the engine command line's bad input.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence

from nile_desktop.engine.rules import ascii_int
from nile_desktop.saves.errors import SaveError
from nile_desktop.saves.files import load_save
from nile_desktop.saves.format import SaveGame

EXIT_BAD_INPUT = 2
#: Engine ``new`` switches for the rule options a save may hold.
SWITCHES = {"monuments": (False, "--no-monuments"), "random_crops": (True, "--random-crops"),
            "must_act": (True, "--must-act"), "storage_top": (True, "--storage-top"),
            "storage": ("top", "--storage-top")}


def engine_commands(save: SaveGame, file: str = "game.json") -> list[str]:
    """The engine command lines that rebuild this game: ``new …`` then ``apply …``."""
    args = ["python", "-m", "nile_desktop.engine", "new", "--players",
            str(save.rules["players"]), "--seed", str(save.seed)]
    for option, value in save.rules.items():
        switch = SWITCHES.get(option)
        if switch is not None and value == switch[0]:
            args.append(switch[1])
    lines = [shlex.join(args) + f" > {shlex.quote(file)}"]
    if save.moves:
        lines.append(shlex.join(["python", "-m", "nile_desktop.engine", "apply", file,
                                 *save.moves]))
    return lines


def replay_command(path: str, moves: int | None = None) -> int:
    """Print the position of the save at ``path`` after ``moves`` moves (all by default)."""
    try:
        save, state = load_save(path)
        if moves is not None and 0 <= moves < len(save.moves):
            save.moves = save.moves[:moves]
            state = save.replay(path)
    except SaveError as err:
        print(json.dumps({"error": "bad-save", "code": err.code, "message": err.message},
                         ensure_ascii=False))
        return EXIT_BAD_INPUT
    sys.stdout.write(state.to_json())
    return 0


def _moves(text: str) -> int:
    """A move count in ASCII digits (``int`` would also take ``١٢`` or ``1_0``)."""
    try:
        return ascii_int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of moves is 0 or more, not {text!r}") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nile_desktop.saves.replay",
                                     description="Replay a Nile save and print the position.")
    parser.add_argument("file", help="a save or an exported game (.json)")
    parser.add_argument("--moves", type=_moves, metavar="N", help="stop after the first N moves")
    parser.add_argument("--commands", action="store_true",
                        help="print the engine command lines that rebuild the game instead")
    args = parser.parse_args(argv)
    if not args.commands:
        return replay_command(args.file, args.moves)
    try:
        save, _state = load_save(args.file)
    except SaveError as err:
        print(json.dumps({"error": "bad-save", "code": err.code, "message": err.message},
                         ensure_ascii=False))
        return EXIT_BAD_INPUT
    print("\n".join(engine_commands(save)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
