"""A host and a placement for driving the table's deciding half without a display."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nile_desktop.settings import Settings


def fake_prefs() -> Settings:
    """The settings the table tests play with: instant effects, fast bots."""
    return Settings(animation_speed=0.0, bot_pace="fast")


@dataclass
class FakeHost:
    """What the table asks of the app: settings, sound and other screens (remembered)."""

    settings: Settings = field(default_factory=fake_prefs)
    routes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def prefs(self) -> Settings:
        return self.settings

    def play_sound(self, name: str, pan: float | None = None, duck: bool = False) -> None:
        pass

    def navigate(self, route: str, *, push: bool = True, **options: Any) -> None:
        self.routes.append((route, options))

    def rematch(self) -> None:
        self.routes.append(("rematch", {}))


class NotPlaced:
    """Before any frame: no layout, no elements (effects use a usual window size)."""

    layout = None

    def element_rect(self, element_id: str) -> None:
        return None
