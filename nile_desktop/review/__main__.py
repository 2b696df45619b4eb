"""``python -m nile_desktop.review FILE``: the review of a saved game, on the command line.

Prints which point of view the chances are from, one line per measured
decision (the win chance before, after the move played, the loss and its
mark, the better move in notation and words and why), then each person's
summary; ``--json`` prints the whole review as JSON instead (every chart,
every decision, the summaries). ``--view`` chooses the chart: a seat's view
(default: the first person's) or ``open``, every hand known. With the same
``--iterations`` and ``--seed`` the output is the same on any machine and
any number of processes, so reviews can be tested and compared. A review
kept in the file (:mod:`.cache`) is used when it matches; ``--store`` keeps
this one there. A file that cannot be used prints one line (the load
error in the player's language) and exits 2; the options and their errors
are in English, like every developer command line of the project.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence

from nile_desktop.ai.command_line import Parser
from nile_desktop.saves import SaveError, load_save, without_surrogates
from nile_desktop.text import describe_move, reason_text

from .analysis import OPEN, seat_view
from .cache import cached_review, store_in_file
from .charts import Game
from .evaluate import DEEPER_ITERATIONS, DEFAULT_ITERATIONS
from .runner import compute_review
from .summary import review_data, review_lines

EXIT_BAD_INPUT = 2


def _is_seat_number(text: str) -> bool:
    """Only 0-9, as the engine's command line reads numbers: ``str.isdigit`` also takes
    ``²`` (which ``int`` refuses) and ``١`` (which it reads as 1)."""
    return 0 < len(text) <= 3 and all(c in "0123456789" for c in text)


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\r{done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m nile_desktop.review",
                    description="Review a saved Nile game decision by decision.")
    parser.add_argument("file", help="a save or an exported game (.json)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--iterations", type=int, metavar="K",
                        help=f"samples per evaluation (default {DEFAULT_ITERATIONS})")
    parser.add_argument("--deeper", action="store_true",
                        help=f"a deeper review ({DEEPER_ITERATIONS} samples per evaluation)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="review seed (default 0)")
    parser.add_argument("--all", action="store_true", help="measure every seat, bots too")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="processes to use (default: the cores, at most two)")
    parser.add_argument("--store", action="store_true",
                        help="keep the review in the file, so the next look is instant")
    parser.add_argument("--view", metavar="SEAT|open",
                        help="the chart's point of view: a seat number (from 0) or open "
                        "(every hand known); default: the first person's")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.getLogger().addHandler(logging.NullHandler())  # the one line below says it all
    iterations = args.iterations if args.iterations is not None else (
        DEEPER_ITERATIONS if args.deeper else DEFAULT_ITERATIONS)
    if iterations < 1 or iterations > 100_000:
        print("The number of iterations must be between 1 and 100000.", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.workers is not None and not 1 <= args.workers <= max(2, os.cpu_count() or 1):
        print("The number of workers must be between 1 and the cores.", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        save, _state = load_save(args.file)
    except SaveError as err:
        print(without_surrogates(err.message), file=sys.stderr)
        return EXIT_BAD_INPUT
    game = Game.from_save(save)
    seats = range(len(game.names)) if args.all else None
    if args.view is None:
        view = game.default_view()
    elif args.view == OPEN or (_is_seat_number(args.view) and int(args.view) < len(game.names)):
        view = OPEN if args.view == OPEN else seat_view(int(args.view))
    else:
        print(f"--view takes a seat from 0 to {len(game.names) - 1} or open.", file=sys.stderr)
        return EXIT_BAD_INPUT
    # The kept review as the save was read (the file is not read twice); checked against
    # the game, and computed afresh if it does not fit (nile_desktop.review.cache).
    record = {"review": save.review} if save.review else {}
    review = cached_review(record, game, iterations, args.seed, seats)
    if review is None or view not in review.views:
        show = _progress if sys.stderr.isatty() else None
        try:
            review = compute_review(game, iterations, args.seed, seats, progress=show,
                                    workers=args.workers, views=[view], have=review)
        except KeyboardInterrupt:
            return 130
        if args.store:
            try:
                store_in_file(args.file, game, review)
            except (OSError, ValueError) as exc:
                print(without_surrogates(f"The review could not be kept in the file: {exc}"),
                      file=sys.stderr)
    if args.json:
        text = json.dumps(review_data(review, view), ensure_ascii=False, sort_keys=True, indent=1)
    else:
        text = "\n".join(review_lines(review, describe_move, reason_text))
    # A name or a reason may hold a lone surrogate (a hand-edited save): no terminal takes one.
    print(without_surrogates(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
