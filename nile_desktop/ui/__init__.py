"""Widgets in the game's art style (button, toggle, slider, choice, text input,
list, panel) and the group that gives them mouse hover and keyboard focus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile_desktop.engine.lazy import lazy_names

if TYPE_CHECKING:
    from nile_desktop.ui.fields import ListView, RichRow, TextInput
    from nile_desktop.ui.group import WidgetGroup
    from nile_desktop.ui.widgets import Button, Choice, Label, Panel, Slider, Toggle, Widget

#: The widgets load on first use: the window's first frame needs only the theme and the view.
_MODULES: dict[str, str] = {
    "fields": "ListView RichRow TextInput",
    "group": "WidgetGroup",
    "widgets": "Button Choice Label Panel Slider Toggle Widget",
}
__getattr__ = lazy_names(__name__, _MODULES, globals())

__all__ = [
    "Button", "Choice", "Label", "ListView", "Panel", "RichRow", "Slider", "TextInput",
    "Toggle", "Widget", "WidgetGroup",
]
