"""The scene stack's push / pop / replace and hooks, with no display at all."""

from __future__ import annotations

import subprocess
import sys

import pytest

from nile_desktop.scenes.stack import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name: str, journal: list[str], *, opaque: bool = True) -> None:
        super().__init__()
        self.name = name
        self.journal = journal
        self.opaque = opaque
        self.updates: list[float] = []
        self.events: list[object] = []
        self.draws = 0

    def enter(self) -> None:
        self.journal.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.journal.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.journal.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.journal.append(f"{self.name}.resume")

    def relayout(self) -> None:
        self.journal.append(f"{self.name}.relayout")

    def handle_event(self, event: object) -> bool:
        self.events.append(event)
        return True

    def update(self, dt: float) -> None:
        self.updates.append(dt)

    def draw(self, surface: object) -> None:
        self.draws += 1


@pytest.fixture
def journal() -> list[str]:
    return []


def test_stack_imports_without_pygame() -> None:
    """The stack is pure Python: it works with pygame made unimportable."""
    code = (
        "import sys; sys.modules['pygame'] = None; "
        "from nile_desktop.scenes.stack import SceneStack, Scene; "
        "s = SceneStack(); s.push(Scene()); s.pop()"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_push_enters_and_pauses_the_old_top(journal: list[str]) -> None:
    stack = SceneStack()
    a, b = Recorder("a", journal), Recorder("b", journal)
    stack.push(a)
    stack.push(b)
    assert journal == ["a.enter", "a.pause", "b.enter"]
    assert stack.top is b and len(stack) == 2
    assert a.stack is stack and b.stack is stack


def test_pop_exits_and_resumes(journal: list[str]) -> None:
    stack = SceneStack()
    a, b = Recorder("a", journal), Recorder("b", journal)
    stack.push(a)
    stack.push(b)
    journal.clear()
    assert stack.pop() is b
    assert journal == ["b.exit", "a.resume"]
    assert b.stack is None and stack.top is a


def test_replace_does_not_pause_or_resume_below(journal: list[str]) -> None:
    stack = SceneStack()
    a, b, c = (Recorder(n, journal) for n in "abc")
    stack.push(a)
    stack.push(b)
    journal.clear()
    stack.replace(c)
    assert journal == ["b.exit", "c.enter"]
    assert list(stack) == [a, c]


def test_replace_on_empty_stack_just_enters(journal: list[str]) -> None:
    stack = SceneStack()
    stack.replace(Recorder("a", journal))
    assert journal == ["a.enter"]


def test_pop_last_scene_calls_on_empty(journal: list[str]) -> None:
    emptied: list[bool] = []
    stack = SceneStack(on_empty=lambda: emptied.append(True))
    stack.push(Recorder("a", journal))
    stack.pop()
    assert emptied == [True]
    assert stack.pop() is None


def test_push_twice_is_refused(journal: list[str]) -> None:
    stack = SceneStack()
    a = stack.push(Recorder("a", journal))
    with pytest.raises(ValueError):
        stack.push(a)


def test_only_top_gets_events_and_updates(journal: list[str]) -> None:
    stack = SceneStack()
    a, b = Recorder("a", journal), Recorder("b", journal)
    stack.push(a)
    stack.push(b)
    assert stack.handle_event("click") is True
    stack.update(0.5)
    assert b.events == ["click"] and a.events == []
    assert b.updates == [0.5] and a.updates == []


def test_empty_stack_ignores_events() -> None:
    stack = SceneStack()
    assert stack.handle_event("click") is False
    stack.update(1.0)
    stack.draw(None)


def test_draw_starts_at_highest_opaque(journal: list[str]) -> None:
    stack = SceneStack()
    a = stack.push(Recorder("a", journal))
    b = stack.push(Recorder("b", journal))
    c = stack.push(Recorder("c", journal, opaque=False))
    assert stack.visible() == [b, c]
    stack.draw(None)
    assert (a.draws, b.draws, c.draws) == (0, 1, 1)


def test_relayout_reaches_every_scene(journal: list[str]) -> None:
    stack = SceneStack()
    stack.push(Recorder("a", journal))
    stack.push(Recorder("b", journal))
    journal.clear()
    stack.relayout()
    assert journal == ["a.relayout", "b.relayout"]


def test_reset_and_clear(journal: list[str]) -> None:
    stack = SceneStack()
    stack.push(Recorder("a", journal))
    stack.push(Recorder("b", journal))
    journal.clear()
    stack.reset(Recorder("c", journal))
    assert journal == ["b.exit", "a.exit", "c.enter"]
    assert len(stack) == 1


def test_scene_can_close_itself_from_an_event(journal: list[str]) -> None:
    class Closer(Recorder):
        def handle_event(self, event: object) -> bool:
            self.close()
            return True

    stack = SceneStack()
    a = stack.push(Recorder("a", journal))
    stack.push(Closer("b", journal))
    stack.handle_event("escape")
    assert stack.top is a
    assert journal[-2:] == ["b.exit", "a.resume"]


def test_find_and_app(journal: list[str]) -> None:
    app = object()
    stack = SceneStack(app=app)
    a = stack.push(Recorder("a", journal))
    assert a.app is app
    assert stack.find(Recorder) is a
    assert stack.find(int) is None
    assert a in stack


def test_abandon_survives_a_failing_exit(journal: list[str]) -> None:
    class Broken(Recorder):
        def exit(self) -> None:
            raise RuntimeError("boom")

    stack = SceneStack()
    stack.push(Recorder("a", journal))
    stack.push(Broken("b", journal))
    stack.abandon()
    assert len(stack) == 0 and "a.exit" in journal


def test_on_stack_is_the_stack_while_on_it_and_an_error_off_it() -> None:
    stack = SceneStack()
    scene = Scene()
    with pytest.raises(RuntimeError, match="not on a scene stack"):
        _ = scene.on_stack
    stack.push(scene)
    assert scene.on_stack is stack
    stack.pop()
    with pytest.raises(RuntimeError):
        _ = scene.on_stack
