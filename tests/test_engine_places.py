"""Card references, places and the placement query as engine values (R-PLANT-1, R-PLANT-4,
R-END-3): one text form each, a misspelt one refused where it is written."""

from __future__ import annotations

import pytest

from nile_desktop.engine import (
    CardRef,
    InvalidMoveError,
    Outcome,
    Place,
    PlaceKind,
    Role,
    Rules,
    State,
    deciding_pile,
    new_game,
    pile_order,
    placements,
    smallest_pile,
)


@pytest.mark.parametrize("text", ["wheat", "storage:flax", "spec:wheat+flax", "stone@sphinx",
                                  "stone", "locust"])
def test_card_ref_text_round_trips(text: str) -> None:
    assert str(CardRef.parse(text)) == text


@pytest.mark.parametrize("text", ["stone@sphnix", "wheet", "storage:stone", "wheat@wall",
                                  "storage:stone@wall"])
def test_misspelt_card_ref_is_refused_where_written(text: str) -> None:
    with pytest.raises(InvalidMoveError) as err:
        CardRef.parse(text)
    assert err.value.code == "unknown-move"


def test_place_text_and_card_place() -> None:
    assert str(Place.parse("field:wheat")) == "field:wheat"
    assert Place.of_card(CardRef.parse("stone@wall")) == Place(PlaceKind.MONUMENT, "wall")
    assert Place.parse("monument:obelisk").card_kind == "stone"
    assert CardRef("stone").laid_on(Place.monument_of("sphinx")) == CardRef.parse("stone@sphinx")
    for bad in ("field:sphinx", "monument:wheat", "plot:wheat", "field"):
        with pytest.raises(InvalidMoveError):
            Place.parse(bad)


def test_r_plant_1_new_field_takes_two_and_own_field_one() -> None:
    state = new_game(Rules(players=2), seed=3)
    seat = state.active
    crop = next(c for c in state.hand(seat) if c in state.crop_names)
    (plot,) = placements(state, seat, crop)
    assert plot.role is Role.PLOT and plot.least == 2 and plot.holder == seat
    stones = placements(state, seat, "stone")
    assert [p.role for p in stones] == [Role.BUILD] * 3 and all(p.least == 2 for p in stones)


def test_r_plant_4_takeover_least_is_the_engines_need() -> None:
    state = new_game(Rules(players=2), seed=3)
    data = state.to_dict()
    seat = state.active
    rival = data["seats"][1 - seat]
    crop = state.crop_names[0]
    data["deck"].remove(crop)  # the card the rival's field holds comes from the deck
    rival["fields"][crop] = 1
    board = State.from_dict(data)
    (spot,) = placements(board, seat, crop)
    assert spot.role is Role.TAKEOVER and spot.holder == 1 - seat and spot.size == 1
    assert spot.need == 2 and spot.least == 2  # one more than the field, and never under two


def test_r_end_3_pile_order_and_the_deciding_pile() -> None:
    crops = ("papyrus", "wheat", "lettuce")
    assert pile_order({"wheat": 2, "lettuce": 1}, crops) == [
        ("papyrus", 0), ("lettuce", 1), ("wheat", 2)]
    assert smallest_pile({"wheat": 2, "lettuce": 1}, crops) == 0
    assert deciding_pile([0, 1, 3], [0, 2, 2]) == 1 and deciding_pile([1, 2], [1, 2]) is None
    assert Outcome(((2,), (0, 1), (3,)), ()).places() == [(1, 2), (2, 0), (2, 1), (4, 3)]


def test_seat_kinds_and_player_range_come_from_one_place() -> None:
    import argparse

    from nile_desktop.ai import LEVELS
    from nile_desktop.engine import MAX_PLAYERS, MIN_PLAYERS
    from nile_desktop.quickplay import parse_seats
    from nile_desktop.seats import SEAT_KINDS, SeatKind

    assert [k.value for k in SEAT_KINDS] == ["human", *LEVELS]
    assert SeatKind("human").is_human and not SeatKind.EASY.is_human
    assert parse_seats("human," + ",".join(["easy"] * (MAX_PLAYERS - 1)))
    for bad in ("human", ",".join(["easy"] * (MAX_PLAYERS + 1)), "human,grandmaster"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_seats(bad)
    assert MIN_PLAYERS == 2
