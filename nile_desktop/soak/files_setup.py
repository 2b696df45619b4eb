"""The files soak's cases for the New game setup remembered in the settings.

A settings file whose ``new_game`` holds a JSON value of any type at any
place (the setup itself, its rules, a rule, its seats, a seat, a seat's
kind, colour or name) must give settings that save and read back
unchanged, and the New game screen must open with them and with the
value as it was in the file (the screen checks every field itself too):
never the crash screen a list as a seat's kind once gave.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from nile_desktop import settings
from nile_desktop.scenes.new_game import NewGameScene, restore_setup

#: Values of every JSON type, small and odd.
JSON_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 7, 2**63, 1e308, -0.5, "", "human",
                                "hard", "\ud800", "x" * 300, [], ["human"], [[[]]], {},
                                {"kind": "human"}, {"a": {"b": {"c": {"d": {}}}}})
#: The places of the setup a forged value may take.
PLACES = ("setup", "rules", "players", "option", "seats", "seat", "kind", "colour", "name")


def setup_case(_raw: bytes, rng: random.Random) -> tuple[bytes, list[str]]:
    """A settings file whose remembered setup has odd values in one to three places."""
    setup: Any = {"rules": {"players": 3, "monuments": True},
                  "seats": [{"kind": "human", "colour": 0, "name": "Ana"},
                            {"kind": "hard", "colour": 1, "name": ""},
                            {"kind": "easy", "colour": 2, "name": "Bes"}]}
    names = []
    for place in rng.sample(PLACES, rng.randint(1, 3)):
        value = copy.deepcopy(rng.choice(JSON_VALUES))  # never one shared by two places
        names.append(f"setup-{place}")
        seat = setup["seats"][rng.randrange(3)] if isinstance(setup, dict) \
            and isinstance(setup.get("seats"), list) and len(setup["seats"]) == 3 \
            and all(isinstance(s, dict) for s in setup["seats"]) else None
        if place == "setup":
            setup = value
        elif not isinstance(setup, dict):
            continue
        elif place in ("rules", "seats"):
            setup[place] = value
        elif place in ("players", "option") and isinstance(setup.get("rules"), dict):
            setup["rules"]["players" if place == "players" else "must_act"] = value
        elif place == "seat" and isinstance(setup.get("seats"), list) and setup["seats"]:
            setup["seats"][rng.randrange(len(setup["seats"]))] = value
        elif seat is not None:
            seat[place] = value
    return json.dumps({"version": 1, "new_game": setup}).encode("utf-8"), names


def settings_read_saved_and_read(raw: bytes) -> tuple[settings.SettingsReport, bool]:
    """The settings file ``raw`` read, saved and read again: the first report, and whether
    the second read gave the same settings with nothing to tell."""
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    report = settings.read_settings()
    settings.save_settings(report.settings)
    again = settings.read_settings()
    return report, (again.settings == report.settings and again.kept_as is None
                    and not again.ignored)


class SetupCases:
    """Feeds remembered-setup cases; ``tally`` is the files soak's."""

    def __init__(self, tally: Any) -> None:
        self.tally = tally

    def feed_setup(self, raw: bytes, number: int, label: str) -> None:
        report, same = settings_read_saved_and_read(raw)
        if not same:
            self.tally.fail(f"{label}: settings with an odd remembered setup do not save and "
                            f"read back unchanged")
        for setup in (report.settings.new_game, json.loads(raw)["new_game"]):
            scene = NewGameScene()
            restore_setup(scene, setup)
            _rules, _seed, seats = scene.setup()
            if not all(isinstance(seat["kind"], str) for seat in seats):
                self.tally.fail(f"{label}: the New game screen took a seat kind of no text")
        if report.ignored:
            self.tally.refused += 1
        else:
            self.tally.loaded += 1
        settings.settings_path().unlink()
