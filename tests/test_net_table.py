"""The network table headless: the host's screen and a joining screen each play a whole game
by clicks on what they show, with the other seats played by bot players in processes of
their own over the loopback (``python -m nile_desktop.net``). Every message the joining bot
players received is leak-checked against the host's save."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from nile_desktop.net.codes import new_code
from nile_desktop.scenes import routes
from tests.net_ui import ROOT, bot_player, env, leak_free, play_to_the_end
from tests.ui_driver import UiDriver

pytestmark = pytest.mark.netgames  # a minute or more each: run with --netgames


@pytest.mark.parametrize("players,language", [(2, "en"), (4, "cs")])
def test_the_hosts_screen_plays_a_whole_game_with_people_joining(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int, language: str) -> None:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "host"))
    monkeypatch.setenv("NILE_NET_INTERFACES", "none")
    d = UiDriver(tmp_path / "dump.json", language=language, animation_speed=0)
    bots: list[subprocess.Popen[bytes]] = []
    try:
        routes.open_network(d.app, host=True, join=None, code=None)
        d.step(3)
        while d.find("new-game.players")["data"]["value"] != players:
            d.click("new-game.players")
        kinds = {e["id"]: e["data"]["value"] for e in d.elements()
                 if e["id"].endswith(".kind")}
        for seat in range(2, players + 1):  # every other seat: a person joining
            while d.find(f"new-game.seat-{seat}.kind")["data"]["value"] != "remote":
                d.click(f"new-game.seat-{seat}.kind")
        assert kinds["new-game.seat-1.kind"] == "human"
        d.click("new-game.start", frames=4)
        assert d.scene == "lobby"
        lobby = d.dump()["lobby"]
        assert lobby["statuses"][0] == "here" and set(lobby["statuses"][1:]) == {"open"}
        bots = [bot_player(lobby["port"], lobby["code"], tmp_path, i)
                for i in range(1, players)]
        d.until(lambda doc: set(doc.get("lobby", {}).get("statuses", ["open"])[1:])
                == {"online"}, max_frames=20_000)
        d.click("lobby.start", frames=4)
        d.until(lambda doc: doc.get("scene") == "net-table", max_frames=500)
        doc = play_to_the_end(d, random.Random(players))
        assert doc["over"] and doc["network"]["seats"] == [0]
        d.until(lambda doc: any(e["id"].endswith("result.new") for e in doc["elements"]),
                max_frames=500)
        results = {e["id"].rsplit(".", 1)[-1] for e in d.elements() if ".result." in e["id"]}
        assert {"review", "record", "new", "title"} <= results and "rematch" not in results
        for bot in bots:
            assert bot.wait(60) == 0
        lobby_scene = d.app.stack.top
        save = lobby_scene.net.real_save() if hasattr(lobby_scene, "net") else None
        assert save is not None and save.path is not None
        leak_free(save.path, tmp_path)
    finally:
        for bot in bots:
            bot.kill()
        d.close()


def test_a_joining_screen_plays_a_whole_game_in_czech(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "me"))
    monkeypatch.setenv("NILE_NET_INTERFACES", "none")
    code = new_code()
    host = subprocess.Popen(
        [sys.executable, "-m", "nile_desktop.net", "host", "--seats", "remote,remote,easy",
         "--seed", "9", "--code", code, "--bind", "127.0.0.1"],
        env=env(tmp_path / "host"), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    d = UiDriver(tmp_path / "dump.json", language="cs", animation_speed=0)
    bots: list[subprocess.Popen[bytes]] = []
    try:
        assert host.stdout is not None
        port = json.loads(host.stdout.readline())["listening"]
        routes.open_network(d.app, host=False, join=f"127.0.0.1:{port}", code="")
        d.step(3)
        d.click("join-game.join")
        assert d.scene == "join-game"  # no code typed: said so, nothing sent
        d.click("join-game.code")
        d.type(code.replace("-", " "))
        d.click("join-game.name")
        d.type("Jana")
        d.click("join-game.join", frames=4)
        d.until(lambda doc: doc.get("lobby", {}).get("state") == "joined", max_frames=5000)
        bots = [bot_player(port, code, tmp_path, 1)]
        d.until(lambda doc: doc.get("scene") == "net-table", max_frames=20_000)
        doc = play_to_the_end(d, random.Random(3))
        assert doc["over"] and doc["language"] == "cs"
        # the end: no rematch on this screen (the host opens the next game), and no review
        # or record (only the host's computer holds every hand)
        d.until(lambda doc: any(e["id"].endswith("result.new") for e in doc["elements"]),
                max_frames=500)
        results = {e["id"].rsplit(".", 1)[-1] for e in d.elements() if ".result." in e["id"]}
        assert {"new", "title"} <= results and not {"rematch", "review", "record"} & results
        over = json.loads(host.stdout.readline())
        while "over" not in over:
            over = json.loads(host.stdout.readline())
        assert host.wait(30) == 0
        leak_free(Path(over["save"]), tmp_path)
    finally:
        for bot in bots:
            bot.kill()
        host.kill()
        d.close()
