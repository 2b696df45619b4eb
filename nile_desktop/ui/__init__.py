"""Widgets in the game's art style (button, toggle, slider, choice, text input,
list, panel) and the group that gives them mouse hover and keyboard focus."""

from nile_desktop.ui.fields import ListView, RichRow, TextInput
from nile_desktop.ui.group import WidgetGroup
from nile_desktop.ui.widgets import Button, Choice, Label, Panel, Slider, Toggle, Widget

__all__ = [
    "Button", "Choice", "Label", "ListView", "Panel", "RichRow", "Slider", "TextInput",
    "Toggle", "Widget", "WidgetGroup",
]
