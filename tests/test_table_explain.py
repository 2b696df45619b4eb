"""Powers and needs explained where they act, fields drawn as their cards, and the small
things that covered each other (key hints, pile counts, the flood's count).

Everything is read from the table's elements (the UI dump's rectangles and data),
drawn headless at the window sizes a player uses.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
import test_table_view
from test_table_view import frames, set_position, table_for, to_person

from nile_desktop import i18n
from nile_desktop.app import App
from nile_desktop.engine.powers import takeover_margin, takeover_terms
from nile_desktop.scenes.table.logic.layout import TableLayout

SIX = ("human", "easy", "easy", "easy", "easy", "easy")
SIZES = [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)]


#: The headless English App of the table's view tests (a fixture).
app = test_table_view.app


def _rigged(app: App, table: Any, *, sphinx: bool = True, wall: bool = False) -> str:
    """Seat 1 holds a wheat field of 3, seat 0 (the person) the wheat to take it in hand, the Sphinx
    if ``sphinx``, seat 1 the Obelisk; seat 0 has picked wheat. Returns the field's id."""
    to_person(app, table)
    data = json.loads(table.game.session.state.to_json())
    me, rival = data["seats"][0], data["seats"][1]
    crop = "wheat"
    pool = 0
    for key in ("deck", "discard"):
        pool += data[key].count(crop)
        data[key] = [c for c in data[key] if c != crop]
    for seat in data["seats"]:
        pool += seat["fields"].pop(crop, 0)
        data["deck"] += ["stone"] * sum(seat["monuments"].values())
        seat["monuments"] = {}
    rival["fields"][crop] = 3
    mine = 3 - sphinx + 1 + wall  # enough for the take-over
    me["hand"] += [crop] * mine
    data["deck"] += [crop] * (pool - 3 - mine)
    stones = 4 if sphinx else 2
    for _ in range(stones):
        data["deck" if "stone" in data["deck"] else "discard"].remove("stone")
    if sphinx:
        me["monuments"]["sphinx"] = 2
    rival["monuments"]["wall" if wall else "obelisk"] = 2
    set_position(app, table, data)
    assert table.game.composing()
    assert table.game.pick(crop) is None
    frames(app, 2)
    table.draw(pygame.Surface((1280, 720)))  # a frame drawn now, however busy the machine is
    return f"field.1.{crop}"


def test_r_plant_4_the_engine_gives_the_terms_of_the_margin() -> None:
    """R-PLANT-4, R-MON-5: the margin is the sum of its reasons, each named once."""
    for sphinx in (False, True):
        for wall in (False, True):
            terms = takeover_terms(sphinx, wall)
            assert sum(n for _r, n in terms) == takeover_margin(sphinx, wall)
            assert [r for r, _n in terms] == ["margin"] + ["sphinx"] * sphinx + ["wall"] * wall


@pytest.mark.parametrize("language", ["en", "cs"])
def test_r_plant_4_a_take_over_says_what_it_needs_and_why(app: App, language: str) -> None:
    """R-PLANT-4: the rival's field says the engine's need and its reasons: the field, one
    more to take over, one fewer for the planter's Sphinx, in the player's language."""
    i18n.set_language(language)
    table = table_for(app, ("human", "random"))
    fid = _rigged(app, table)
    field = table.drawer.hits.get(fid)
    assert field is not None and field.enabled
    assert field.data["need"] == 3
    why = field.data["why"]
    assert why in field.tooltip
    if language == "en":
        assert why == ("Needs 3 cards: 3 cards in the field, +1 to take over, "
                       "\u20131 for your Sphinx")
    else:
        assert why == "Potřebujete 3 karty: 3 karty na poli, +1 za převzetí, \u20131 za vaši Sfingu"
    # hovering the field shows it: the tooltip of the hovered element is drawn
    at = (field.rect[0] + 4, field.rect[1] + 4)
    table.input.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    assert table.drawer._tooltip(table.frame_view())[0] == field.tooltip


def test_r_plant_4_without_the_sphinx_the_need_is_one_more(app: App) -> None:
    table = table_for(app, ("human", "random"))
    fid = _rigged(app, table, sphinx=False)  # before ``table.drawer.hits``: drawing replaces them
    field = table.drawer.hits.get(fid)
    assert field.data["need"] == 4
    assert field.data["why"] == "Needs 4 cards: 3 cards in the field, +1 to take over"


def test_r_mon_5_a_rivals_wall_is_named_in_the_need(app: App) -> None:
    """R-PLANT-4, R-MON-5: the defender's Wall asks one more, and the explanation says so."""
    table = table_for(app, ("human", "random"))
    fid = _rigged(app, table, sphinx=False, wall=True)
    field = table.drawer.hits.get(fid)
    assert field.data["need"] == 5
    assert field.data["why"] == ("Needs 5 cards: 3 cards in the field, +1 to take over, "
                                 "+1 for their Wall")


def test_r_mon_5_every_monument_says_its_power_where_it_stands(app: App) -> None:
    """R-MON-5: a Monument in front of a seat and one in the centre both name their power,
    also to the keyboard cursor (the tooltip is shown under the focused element)."""
    table = table_for(app, ("human", "random"))
    _rigged(app, table)
    owned = table.drawer.hits.get("monument.1.obelisk")
    assert owned is not None and owned.tooltip.startswith("Obelisk: 2 stones · its owner draws 3")
    assert owned.tooltip.count("Obelisk") == 1  # the name once, then the power
    assert "2 stones" in owned.tooltip
    centre = table.drawer.hits.get("monument.centre.wall")
    assert centre is not None and centre.tooltip.startswith("Wall: rivals need two more")
    table.input.mouse = (0, 0)
    for _ in range(len(table.drawer.hits.items)):  # the arrow keys walk the cursor there
        if table.input.cursor == "monument.1.obelisk":
            break
        table.input.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                              unicode="", scancode=0))
    tip, anchor = table.drawer._tooltip(table.frame_view())
    x, y, w, h = owned.rect
    assert tip == owned.tooltip and x <= anchor[0] <= x + w and y <= anchor[1] <= y + h


def test_centre_monuments_are_as_large_as_hand_cards_at_1280x720(app: App) -> None:
    """R-MON-1: the centre's Monuments, the drop targets of a build, are cards nearly as
    large as the hand's, with their names written on them (they were 44×62, and 20×28
    before), inside the river above the log, which keeps its lines."""
    table = table_for(app, ("human", "random"))
    surface = pygame.Surface((1280, 720))
    table.draw(surface)
    from nile_desktop.scenes.table.display.tray_view import hand_area

    centre = [e for e in table.drawer.hits.items if e.id.startswith("monument.centre.")]
    assert len(centre) == 3
    lay = table.drawer.layout
    hand_card_w = hand_area(lay).h * 5 / 7
    river = pygame.Rect(lay.rect("river"))
    for e in centre:
        assert e.rect[2] >= 0.9 * hand_card_w and e.rect[2] >= lay.px(64), e.rect
        assert river.contains(pygame.Rect(e.rect)), (e.rect, river)
    for a in centre:
        for b in centre:
            assert a is b or not pygame.Rect(a.rect).colliderect(pygame.Rect(b.rect))
    for size in SIZES:
        lay = TableLayout.compute(size, 6)
        assert not lay.overlaps()


def test_fields_are_drawn_as_their_cards_and_compare_across_the_table(app: App) -> None:
    """A field is as tall as it has cards (up to the fan), the same in every panel, and stays
    inside its seat's panel for 2 to 6 seats from 1024×600 to 4K."""
    for kinds in (("human", "random"), SIX):
        table = table_for(app, kinds, moves=60 if len(kinds) == 6 else 30)
        for size in SIZES:
            surface = pygame.Surface(size)
            table.draw(surface)
            fields = [e for e in table.drawer.hits.items if e.role in ("field", "monument")
                      and e.data.get("seat") is not None]
            for e in fields:
                panel = pygame.Rect(table.drawer.layout.seat(e.data["seat"]))
                assert panel.contains(pygame.Rect(e.rect)), (size, e.id, e.rect, panel)
            by_count: dict[int, set[int]] = {}
            for e in fields:
                if e.role == "field":
                    by_count.setdefault(min(e.data["count"], 6), set()).add(e.rect[3])
            for heights in by_count.values():
                assert len(heights) == 1, by_count  # equal fields look equal everywhere
            sizes = sorted(by_count)
            for small, big in zip(sizes, sizes[1:], strict=False):
                assert max(by_count[small]) < min(by_count[big]), by_count


def _no_overlap(rects: list[list[int]]) -> bool:
    return not any(pygame.Rect(a).colliderect(pygame.Rect(b))
                   for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("language", ["en", "cs"])
def test_key_hints_and_pile_counts_cover_no_label(app: App, language: str) -> None:
    """No key hint covers its button's label (Undo / Ctrl+Z, Menu / Esc); no pile's count
    covers its name (the draw pile in Czech at 1920×1080), and no two names overlap."""
    i18n.set_language(language)
    table = table_for(app, ("human", "random", "random"), moves=12)
    to_person(app, table, 300)
    for size in SIZES:
        table.draw(pygame.Surface(size))
        buttons = [e for e in table.drawer.hits.items if e.role == "button"]
        assert {"menu", "tool.undo"} <= {b.id for b in buttons}
        for b in buttons:
            if "key_rect" in b.data:
                assert _no_overlap([b.data["key_rect"], b.data["label_rect"]]), (size, b.id)
                assert pygame.Rect(b.rect).contains(pygame.Rect(b.data["key_rect"]))
            elif b.data.get("hotkey"):
                assert b.data["hotkey"] in b.tooltip  # the hint left: the tooltip says it
        piles = [table.drawer.hits.get(i) for i in ("flood", "deck", "discard")]
        for pile in piles:
            if "badge_rect" in pile.data:
                assert _no_overlap([pile.data["badge_rect"], pile.data["label_rect"]]), (
                    size, pile.id)
        assert _no_overlap([p.data["label_rect"] for p in piles]), size


def test_a_flood_with_nothing_under_it_has_no_zero_badge(app: App) -> None:
    table = table_for(app, ("human", "random"))
    table.game.board.flood_under = 0
    table.draw(pygame.Surface((1280, 720)))
    flood = table.drawer.hits.get("flood")
    assert flood.data["count"] == 0 and "badge_rect" not in flood.data
    assert "0" not in flood.tooltip
