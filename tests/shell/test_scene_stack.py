"""Scene stack: push, pop and replace call the right hooks in the right order."""

from game.shell.base import Scene
from game.shell.stack import SceneStack


class Recorder(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__(app=None)
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")


def test_push_pauses_the_scene_beneath_and_pop_resumes_it():
    log, stack = [], SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.pop()
    assert stack.top is a
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_replace_swaps_the_top_without_disturbing_the_scene_beneath():
    log, stack = [], SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.replace(c)
    assert list(stack) == [a, c]
    assert log == ["b.exit", "c.enter"]


def test_remove_takes_a_scene_out_from_the_middle():
    log, stack = [], SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    for s in (a, b, c):
        stack.push(s)
    log.clear()
    stack.remove(b)
    assert list(stack) == [a, c] and log == ["b.exit"]


def test_clear_exits_every_scene_top_first():
    log, stack = [], SceneStack()
    for name in "abc":
        stack.push(Recorder(name, log))
    log.clear()
    stack.clear()
    assert log == ["c.exit", "b.exit", "a.exit"] and stack.top is None


def test_visible_scenes_start_at_the_topmost_opaque_one():
    log, stack = [], SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    overlay = Recorder("o", log, opaque=False)
    for s in (a, b, overlay):
        stack.push(s)
    assert stack.visible() == [b, overlay]


def test_pop_of_an_empty_stack_is_harmless():
    assert SceneStack().pop() is None
