"""The hints part: asked, worked out in the table's time, said once; stale after a move."""

from game.table.hints import Hints
from tests.table.stubs import StubTable


def test_a_hint_is_refused_when_no_person_here_is_to_decide():
    table = StubTable()
    table.hint_possible = False
    hints = Hints(table)
    hints.ask()
    assert not hints.busy and table.sounds == ["error"]
    assert table.talk.line.text.startswith("Hints are for your own move")


def test_a_hint_is_worked_out_in_ticks_then_shown_and_kept_for_the_same_position():
    table = StubTable()
    hints = Hints(table)
    hints.ask()
    assert hints.busy and table.talk.line.text == "Thinking..."
    hints.tick()
    assert table.hint == "the hint" and table.shown == ["the hint"] and not hints.busy
    hints.ask()  # asked again before any move: shown at once, not thought again
    assert table.shown == ["the hint", "the hint"] and not hints.busy


def test_a_move_makes_the_question_stale():
    table = StubTable()
    hints = Hints(table)
    hints.ask()
    table.moves += 1
    hints.tick()
    assert not hints.busy and table.shown == [] and table.hint is None


def test_dropping_forgets_a_hint_being_worked_out():
    table = StubTable()
    hints = Hints(table)
    hints.ask()
    hints.drop()
    hints.tick()
    assert not hints.busy and table.shown == []
