"""A saved game that was played over the network opens to the network again.

The host of a game over the network keeps, beside its save, the network setup
(``<save>.net``: the join code, the port, who plays each seat and each seat's token;
:mod:`nile_desktop.net.seating`). When such a save is opened again from **Load game**
or **Continue** (after the host quit, or its computer failed), the game is not opened
as a game at one screen, which would let this computer play the other people's seats:
it is hosted again with the same code on the same port, every person joining shows
away until their game rejoins by itself (or they join again with the same code, and
their token gives them their own seat back), and the host's table opens where the game
stopped. A finished game opens as any other (its result and its review).

If the port is taken now, any free one is used (the table's menu shows the address);
if the game cannot be hosted at all, the player is told why and nothing is opened.
"""

from __future__ import annotations

import logging
from pathlib import Path

from nile_desktop.engine import State
from nile_desktop.net.link import Hosting
from nile_desktop.net.seating import NetRecord, net_path, read_record
from nile_desktop.saves import SaveGame
from nile_desktop.scenes import nav
from nile_desktop.scenes.dialog import DialogScene
from nile_desktop.scenes.stack import Scene
from nile_desktop.text import network as words

log = logging.getLogger(__name__)


def network_record(save: SaveGame, state: State) -> NetRecord | None:
    """The network setup of a game hosted before and not finished, or None."""
    if save.path is None or state.over:
        return None
    return read_record(net_path(Path(save.path)))


def reopen(scene: Scene, save: SaveGame, state: State, record: NetRecord, *,
           push: bool) -> None:
    """Host the saved game again and open its table (through the lobby, which hands over at
    once since the game has started)."""
    try:
        hosting = _host(record, save)
    except OSError as exc:
        log.error("the game %s could not be opened to the network: %s", save.path, exc)
        reason = str(exc)
        scene.on_stack.push(DialogScene(words.cannot_reopen,
                                        lambda: words.cannot_reopen_why(reason)))
        return
    here = frozenset(i for i, s in enumerate(record.seats) if s.role == "here")
    options = {"link": hosting.watch(here), "hosting": hosting, "rules": dict(save.rules),
               "seed": save.seed}
    if push:
        nav.push(scene.on_stack, "lobby", **options)
    else:
        nav.replace(scene.on_stack, "lobby", **options)


def _host(record: NetRecord, save: SaveGame) -> Hosting:
    rules, seed = save.engine_rules(), save.seed
    try:
        return Hosting(record, rules, seed, save=save)
    except OSError as exc:  # the port is taken now (another game): any free one
        log.info("port %d is taken (%s): hosting on another", record.port, exc)
        record.port = 0
        return Hosting(record, rules, seed, save=save)
