"""Every engine event has its effect, and what the table shows after the effects of a
move have played is exactly the engine's state, for every viewer."""

from __future__ import annotations

import inspect
import random
import typing

import pytest

from nile_desktop.engine import Place, Rules, events, new_game


def event_classes() -> set[type]:
    return {cls for _name, cls in inspect.getmembers(events, inspect.isclass)
            if issubclass(cls, events.BaseEvent) and cls is not events.BaseEvent}


def test_every_event_class_has_an_effect() -> None:
    """Every event class is in the ``Event`` union, whose every dispatch (the effects
    among them) mypy checks for a missing class (test_event_dispatch.py), and each has
    its own kind name."""
    classes = event_classes()
    assert classes == set(typing.get_args(events.Event))
    assert len({cls.kind for cls in classes}) == len(classes)


@pytest.mark.parametrize("options", [{}, {"monuments": False}])
def test_board_after_each_move_matches_the_engine_for_every_viewer(options: dict) -> None:
    """200 random games: the board, changed only by events, equals the engine state."""
    from nile_desktop.scenes.table.logic.board import TableBoard

    games = 100
    for g in range(games):
        rng = random.Random(g)
        n = rng.randint(2, 6)
        state = new_game(Rules(players=n, **options), g)
        while not state.over:
            board = TableBoard.of(state)
            move = rng.choice(state.legal_moves())
            for event in state.apply(move):
                board.apply(event)
            want = TableBoard.of(state)
            # What viewer v sees is what nobody sees privately (picture(None)) plus seat v's
            # hand and storage, so comparing those parts once compares every viewer's picture
            # (without building n + 1 whole pictures twice per move).
            assert board.picture(None) == want.picture(None), (g, str(move), None)
            for viewer in range(n):
                assert (board.hand(viewer), board.storage_of(viewer)) == (
                    want.hand(viewer), want.storage_of(viewer)), (g, str(move), viewer)


def test_banners_queue_and_never_overwrite() -> None:
    from nile_desktop.engine.events import LocustStruck, SeasonEnded
    from nile_desktop.scenes.table.logic.sprites import BannerQueue
    from nile_desktop.text.words import banner_line

    names = ["Ana", "Imhotep"]
    queue = BannerQueue()
    queue.push(banner_line(SeasonEnded(1, 40), names), "season")
    queue.push(banner_line(LocustStruck(0, "flood", ((1, Place.field("flax"), 3),)), names),
               "locust")
    shown = [queue.current.text]
    for _ in range(200):
        queue.update(0.05)
        if queue.current is not None and queue.current.text != shown[-1]:
            shown.append(queue.current.text)
    assert shown == ["Season 2 begins", "Locusts eat Imhotep's Flax ×3"]
    assert not queue.busy


def _headless_table(kinds: tuple[str, ...], seed: int = 2):  # noqa: ANN202
    from nile_desktop.app import App
    from nile_desktop.saves import new_save
    from nile_desktop.scenes.table import TableScene
    from nile_desktop.settings import Settings

    app = App(Settings(language="en"))
    app.open_window()
    seats = [{"name": f"S{i}", "kind": k, "colour": i} for i, k in enumerate(kinds)]
    save = new_save({"players": len(kinds), "monuments": True, "random_crops": False}, seed, seats)
    table = app.stack.push(TableScene(save, save.new_state(), autosave=False))
    return app, table


def test_a_click_or_space_finishes_the_effects_at_once(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    import pygame

    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    app, table = _headless_table(("easy", "easy", "easy"))
    app.frame(1 / 60, [])
    assert table.game.stage.busy  # the deal and the first flood are playing
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                    scancode=0))
    assert not table.game.stage.busy and not table.game.stage.sprites
    picture = table.game.board.picture(None)
    from nile_desktop.scenes.table.logic.board import TableBoard

    assert picture == TableBoard.of(table.game.session.state).picture(None)
    app.shutdown()


def test_a_persons_own_action_answers_in_the_same_frame(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    import pygame

    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    app, table = _headless_table(("human", "easy"), seed=6)
    for _ in range(600):
        app.frame(1 / 60, [])
        if table.game.composing() and table.game.prompt.guard <= 0:
            break
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(5)
    assert table.game.composing()
    moves = [m for m in table.game.session.legal_moves() if str(m).startswith("market")]
    table.game.play(moves[0])  # a trade: the turn goes on while its cards fly
    for _ in range(30):
        app.frame(1 / 60, [])
    assert table.game.stage.busy  # the drawn card is still on its way
    card = next(e for e in table.drawer.hits.items if e.data.get("zone") == "hand" and e.enabled)
    x, y, w, h = card.rect
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2),
                                          button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + w // 2, y + h // 2),
                                          button=1)])
    assert sum(table.game.draft.picks.values()) == 1 and not table.game.stage.busy
    app.shutdown()


def test_instant_speed_plays_no_animation_but_keeps_the_game_going(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NILE_DESKTOP_HOME", str(tmp_path))
    app, table = _headless_table(("easy", "easy"))
    app.settings.animation_speed = 0.0
    moves = len(table.game.session.save.moves)
    for _ in range(240):  # four seconds of frames
        app.frame(1 / 60, [])
        assert not table.game.stage.busy, "instant: every effect lands in the frame it starts"
        if table.game.bots.runner.busy:
            table.game.bots.runner.wait(5)
    assert len(table.game.session.save.moves) > moves + 3
    app.shutdown()
