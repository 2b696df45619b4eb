"""Widgets react to the mouse and the keyboard as a player expects (no display needed)."""

from __future__ import annotations

import pygame
import pytest

from nile_desktop.ui import (
    Button,
    Choice,
    ListView,
    Slider,
    TextInput,
    Toggle,
    WidgetGroup,
)


@pytest.fixture(autouse=True)
def pygame_ready() -> None:
    pygame.init()


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_button_clicks_on_release_inside_only() -> None:
    clicks: list[int] = []
    button = Button((10, 10, 100, 40), "OK", lambda: clicks.append(1))
    button.handle_event(down((20, 20)))
    button.handle_event(up((300, 300)))  # dragged away: no click
    assert clicks == []
    button.handle_event(down((20, 20)))
    button.handle_event(up((30, 30)))
    assert clicks == [1]
    button.enabled = False
    button.handle_event(down((20, 20)))
    button.handle_event(up((30, 30)))
    assert clicks == [1]


def test_group_moves_focus_with_tab_and_arrows_and_enter_clicks() -> None:
    clicks: list[str] = []
    a = Button((0, 0, 10, 10), "a", lambda: clicks.append("a"))
    b = Button((0, 20, 10, 10), "b", lambda: clicks.append("b"), enabled=False)
    c = Button((0, 40, 10, 10), "c", lambda: clicks.append("c"))
    group = WidgetGroup([a, b, c])
    group.handle_event(key(pygame.K_TAB))
    assert group.focused is a
    group.handle_event(key(pygame.K_DOWN))
    assert group.focused is c, "disabled widgets are skipped"
    group.handle_event(key(pygame.K_TAB, pygame.KMOD_LSHIFT))
    assert group.focused is a
    group.handle_event(key(pygame.K_RETURN))
    assert clicks == ["a"]


def test_toggle_slider_and_choice_by_keyboard() -> None:
    values: list[object] = []
    toggle = Toggle((0, 0, 300, 40), "t", False, values.append)
    slider = Slider((0, 50, 400, 40), "s", 0.5, 0.0, 1.0, 0.1, values.append)
    choice = Choice((0, 100, 300, 40), [("en", "English"), ("cs", "Čeština")], "en", values.append)
    group = WidgetGroup([toggle, slider, choice])
    group.focus(toggle)
    group.handle_event(key(pygame.K_SPACE))
    group.focus(slider)
    group.handle_event(key(pygame.K_RIGHT))
    group.handle_event(key(pygame.K_DOWN))  # moves focus on, the slider does not use Up/Down
    group.handle_event(key(pygame.K_RIGHT))
    assert values == [True, 0.6, "cs"]
    assert group.focused is choice


def test_slider_drag_snaps_to_steps() -> None:
    slider = Slider((0, 0, 400, 40), "s", 0.0, 0.0, 1.0, 0.25)
    track = slider.track_rect()
    slider.handle_event(down((track.left + int(track.w * 0.6), track.centery)))
    assert slider.value == 0.5
    slider.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right + 50, 0),
                                           rel=(0, 0), buttons=(1, 0, 0)))
    assert slider.value == 1.0


def test_text_input_typing_editing_and_limits() -> None:
    changes: list[str] = []
    field = TextInput((0, 0, 200, 40), "", changes.append, max_len=5)
    group = WidgetGroup([field])
    group.handle_event(down((10, 10)))
    assert group.focused is field
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Žofie!"))
    assert field.text == "Žofie"
    group.handle_event(key(pygame.K_BACKSPACE))
    group.handle_event(key(pygame.K_HOME))
    group.handle_event(key(pygame.K_DELETE))
    assert field.text == "ofi" and changes[-1] == "ofi"
    digits = TextInput((0, 0, 200, 40), "", allowed=str.isdigit)
    digits.focused = True
    digits.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="4a2"))
    assert digits.text == "42"


def test_list_selects_scrolls_and_activates() -> None:
    activated: list[int] = []
    rows = [f"row {i}" for i in range(20)]
    view = ListView((0, 0, 300, 200), rows, row_height=40, on_activate=activated.append)
    view.focused = True
    for _ in range(7):
        view.handle_event(key(pygame.K_DOWN))
    assert view.selected == 7 and view.scroll == 3
    view.handle_event(key(pygame.K_RETURN))
    assert activated == [7]
    view.handle_event(down((10, 45)))  # second visible row
    view.update(0.1)
    view.handle_event(down((10, 45)))  # double click
    assert view.selected == 4 and activated == [7, 4]


@pytest.mark.parametrize("text", ["\u200b", "\u200d\u200b", "\ufeff", "a\u200b"])
def test_a_field_holding_only_invisible_characters_still_draws(text: str) -> None:
    """A name typed as a zero-width space or joiner (which the font cannot render on its
    own) draws as nothing, not as an error; visible letters beside them still show."""
    from nile_desktop.ui import theme

    surface = pygame.Surface((240, 60))
    field = TextInput((0, 0, 200, 40), text, lambda _t: None, max_len=20)
    field.focused = True
    field.draw(surface)
    image = theme.render_text(text, 20)
    assert image.get_height() > 0
    assert (image.get_width() > 0) == ("a" in text)
