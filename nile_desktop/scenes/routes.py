"""Every scene the navigation point (:mod:`nav`) can open, by name.

This is the one module that imports every scene: the
app calls :func:`install` once, so scenes reach each other only through
:mod:`nav` and no scene module imports another.
"""

from __future__ import annotations

from typing import Protocol

from nile_desktop.scenes import nav
from nile_desktop.scenes.file_chooser import FileChooserScene
from nile_desktop.scenes.join_game import JoinGameScene
from nile_desktop.scenes.load_game import LoadGameScene
from nile_desktop.scenes.lobby import LobbyScene
from nile_desktop.scenes.new_game import NewGameScene
from nile_desktop.scenes.record_screen import RecordScene
from nile_desktop.scenes.review_screen import ReviewScene
from nile_desktop.scenes.rules import RulesScene
from nile_desktop.scenes.settings import SettingsScene
from nile_desktop.scenes.stack import SceneStack
from nile_desktop.scenes.table import TableScene
from nile_desktop.scenes.table.display.menu import MoveListScene, TableMenuScene
from nile_desktop.scenes.table.display.net_scene import NetMenuScene, NetTableScene
from nile_desktop.scenes.table.display.replay_scene import ReplayScene
from nile_desktop.scenes.title import TitleScene


class HasStack(Protocol):
    """What :func:`open_network` needs of the app (the app imports this module)."""

    @property
    def stack(self) -> SceneStack: ...


def install() -> None:
    """Register every route (again is harmless)."""
    nav.register("title", TitleScene)
    nav.register("load-game", LoadGameScene)
    nav.register("file-chooser", FileChooserScene)
    nav.register("new-game", NewGameScene)
    nav.register("rules", RulesScene)
    nav.register("settings", SettingsScene)
    nav.register("table", TableScene)
    nav.register("table-menu", TableMenuScene)
    nav.register("move-list", MoveListScene)
    nav.register("replay", ReplayScene)
    nav.register("review", ReviewScene)
    nav.register("record", RecordScene)
    nav.register("join-game", JoinGameScene)
    nav.register("lobby", LobbyScene)
    nav.register("net-table", NetTableScene)
    nav.register("net-menu", NetMenuScene)


def open_network(app: HasStack, *, host: bool, join: str | None, code: str | None) -> None:
    """``--host`` and ``--join ADDRESS``: the title screen with the New game screen (open to
    the network) or the Join screen (the address filled in) over it."""
    install()
    app.stack.push(TitleScene())
    if host:
        scene = NewGameScene()
        app.stack.push(scene)
        scene.set_network(True)
    else:
        app.stack.push(JoinGameScene(address=join or "", code=code or ""))
