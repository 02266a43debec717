"""The shown state (game.table.shown): a snapshot held while the screen follows the
engine, changed by steps as they play, dropped once caught up."""

from game.table.shown import Shown
from game.table.steps import StepQueue


class Engine:
    """A stand-in engine: a counter that moves at once."""

    def __init__(self) -> None:
        self.count = 0

    def picture(self) -> dict:
        return {"count": self.count}


def test_caught_up_the_screen_reads_the_engine_afresh():
    engine = Engine()
    shown = Shown(engine.picture)
    assert not shown.behind and not shown.lagging
    engine.count = 3
    assert shown.now == {"count": 3}


def test_a_held_snapshot_stays_while_the_engine_moves_on_and_steps_change_it():
    engine, steps = Engine(), StepQueue()
    shown = Shown(engine.picture)
    held = shown.hold(engine.picture())
    engine.count = 2  # the engine moves at once
    steps.after(1, shown.change(lambda picture: picture.update(count=1)))
    steps.after(1, shown.catch_up)
    assert shown.now is held and shown.now == {"count": 0} and shown.lagging
    steps.tick()
    steps.tick()  # the first step has run: one of two changes shown
    assert shown.now == {"count": 1}
    steps.tick()
    steps.tick()
    assert not shown.behind and shown.now == {"count": 2}


def test_a_change_after_a_jump_leaves_the_engines_table_alone():
    engine = Engine()
    shown = Shown(engine.picture)
    shown.hold({"count": 0})
    change = shown.change(lambda picture: picture.update(count=9))
    shown.catch_up()  # a guest's new view, a hurry: the table jumps
    engine.count = 4
    change()
    assert shown.now == {"count": 4}


def test_rest_catches_up_unless_the_picture_is_kept():
    engine = Engine()
    shown = Shown(engine.picture)
    shown.hold({"count": 0})
    shown.keep()  # e.g. a finished turn stays in view until the next starts
    engine.count = 5
    shown.rest()
    assert shown.behind and not shown.lagging and shown.now == {"count": 0}
    shown.catch_up()
    assert shown.now == {"count": 5}
    shown.hold({"count": 1})
    assert shown.lagging  # a new snapshot is not kept
    shown.rest()
    assert not shown.behind and shown.now == {"count": 5}


def test_keep_when_caught_up_keeps_nothing():
    engine = Engine()
    shown = Shown(engine.picture)
    shown.keep()
    engine.count = 1
    assert not shown.behind and shown.now == {"count": 1}
