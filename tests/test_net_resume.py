"""A game over the network opens to the network again from Load game.

The host's screen opens a game with a person joining (a bot player in a process of its
own, keeping its seat token on disk) and a bot; after a few moves the host's game closes.
Opened again from **Load game**, the save is hosted again with the same join code on the
same port, the person joining shows away, the same player rejoins the same seat (its
token), and the game is played to its end by clicks; every message the player received,
before and after, is leak-checked against the host's save.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from nile_desktop.net.seating import net_path, read_record
from nile_desktop.scenes import routes
from nile_desktop.scenes.title import TitleScene
from tests.net_ui import bot_player, leak_free, play_to_the_end
from tests.ui_driver import UiDriver


def table(d: UiDriver) -> Any:
    """The network table scene on the driver's stack."""
    return next(s for s in d.app.stack if getattr(s, "hosting", None) is not None
                and hasattr(s, "net"))


@pytest.mark.netgames  # a minute or more: run with --netgames
def test_load_game_reopens_a_network_game_and_the_same_player_rejoins_its_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path / "host"))
    monkeypatch.setenv("NILE_NET_INTERFACES", "none")
    tokens = tmp_path / "tokens.json"
    players = []
    d = UiDriver(tmp_path / "dump.json", animation_speed=0)
    try:
        routes.open_network(d.app, host=True, join=None, code=None)
        d.step(3)
        while d.find("new-game.players")["data"]["value"] != 3:
            d.click("new-game.players")
        while d.find("new-game.seat-2.kind")["data"]["value"] != "remote":
            d.click("new-game.seat-2.kind")
        while d.find("new-game.seat-3.kind")["data"]["value"] != "easy":
            d.click("new-game.seat-3.kind")
        d.click("new-game.start", frames=4)
        lobby = d.dump()["lobby"]
        port, code = lobby["port"], lobby["code"]
        players.append(bot_player(port, code, tmp_path, 1, run="a", tokens=tokens))
        d.until(lambda doc: doc.get("lobby", {}).get("statuses", [])[1:2] == ["online"],
                max_frames=20_000)
        d.click("lobby.start", frames=4)
        d.until(lambda doc: doc.get("scene") == "net-table", max_frames=500)
        host = table(d).hosting.host
        play_to_the_end(d, random.Random(1), done=lambda _doc: host.moves >= 6)
        save = host.save
        assert save is not None and save.path is not None and not save.replay().over
        path, played = Path(save.path), len(save.moves)
        players[0].kill()
        players[0].wait(10)
    finally:
        d.close()  # the host's game closes: the others are told, the save stays
    record = read_record(net_path(path))
    assert record is not None and record.code == code and record.port == port

    d = UiDriver(tmp_path / "dump2.json", animation_speed=0)
    try:
        routes.install()
        d.app.stack.push(TitleScene())
        d.step(3)
        d.click("title.load-game")
        d.click(lambda e: e.get("data", {}).get("path") == str(path))
        d.click("load-game.load", frames=4)
        doc = d.until(lambda doc: doc.get("scene") == "net-table", max_frames=500)
        assert doc["network"]["statuses"] == ["here", "away", "bot"]
        assert doc["network"]["seats"] == [0]
        hosting = table(d).hosting
        assert (hosting.code, hosting.port) == (code, port)
        assert len(hosting.host.save.moves) == played  # where the game stopped
        players.append(bot_player(port, code, tmp_path, 1, run="b", tokens=tokens))
        d.until(lambda doc: doc["network"]["statuses"][1] == "online", max_frames=20_000)
        doc = play_to_the_end(d, random.Random(2))
        assert doc["over"]
        assert players[1].wait(60) == 0
    finally:
        for player in players:
            player.kill()
        d.close()
    welcomes = [json.loads(line) for run in "ab" for line in
                (tmp_path / f"t1{run}.jsonl").read_text().splitlines()
                if json.loads(line)["t"] == "welcome"]
    assert [w["seat"] for w in welcomes] == [1, 1]  # the same seat, by its token
    leak_free(path, tmp_path)
