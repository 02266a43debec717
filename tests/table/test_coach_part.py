"""The coach part: whose decisions it weighs, what it writes down, coach mode's question
(which plays the move through the callback it was given, never through the table again),
and its words at the end."""

from game.engine.coach import Judgement
from game.shell.dialog import ChoiceDialog
from game.table.coach import Coach
from tests.table.stubs import StubTable


def judgement(cost: float) -> Judgement:
    return Judgement("a", "b", 10.0 - cost, 10.0, "points", True, why="b is better")


def test_only_a_person_heres_decisions_are_weighed_at_a_table_with_a_coach():
    table = StubTable()
    coach = Coach(table)
    assert coach.coached(0) and not coach.coached(1) and not coach.coached(None)
    table.demo = True
    assert not coach.coached(0), "not the demo's"
    table.demo, table.attract = False, True
    assert not coach.coached(0), "not attract mode's"
    table.attract, table.HALF_ACCURACY_AT = False, 0.0
    assert not coach.coached(0), "not at a table without a coach"


def test_a_decision_is_noted_with_its_moment_and_position():
    table = StubTable()
    Coach(table).note("a")
    (decision,) = table.coach.decisions
    assert (decision.seat, decision.moment, decision.action) == (0, "Round 1", "a")
    assert table.dirty == 1


def in_coach_mode(cost: float) -> tuple[StubTable, Coach, list[str]]:
    """A table in coach mode whose engine coach finds that every move costs `cost`, its
    coach, and the list of moves the coach played."""
    table = StubTable()
    table.app.storage.settings.coach = True
    table.judgement = judgement(cost)
    return table, Coach(table), []


def test_without_coach_mode_the_move_goes_ahead_at_once():
    table = StubTable()
    assert not Coach(table).asks_first("a", lambda: None)


def test_coach_mode_plays_a_good_move_once_weighed_and_notes_its_verdict():
    table, coach, played = in_coach_mode(0.5)
    assert coach.asks_first("a", lambda: played.append("a"))
    assert coach.asking and played == []
    assert coach.asks_first("a", lambda: played.append("twice")), "already being weighed"
    coach.tick(idle=True)
    assert played == ["a"] and not coach.asking and table.pushed == []
    coach.note("a")
    assert table.coach.decisions[0].verdict.cost == 0.5, "the verdict went with the record"


def test_coach_mode_asks_once_about_a_costly_move():
    table, coach, played = in_coach_mode(5.0)
    coach.asks_first("a", lambda: played.append("a"))
    coach.tick(idle=True)
    (dialog,) = table.pushed
    assert isinstance(dialog, ChoiceDialog) and played == []
    assert dialog.focus == 1, "Enter chooses again"
    assert dialog.title == "The coach: it gives up 5.0 points (exact)"
    choose_again = dialog.choices[1][2]
    choose_again()
    assert not coach.asks_first("a", lambda: None), "asked once: the same move plays at once"


def test_a_question_is_stale_after_a_move():
    table, coach, played = in_coach_mode(0.5)
    coach.asks_first("a", lambda: played.append("a"))
    coach.forget_question()
    coach.tick(idle=True)
    assert played == [] and not coach.asking


def test_the_words_at_the_end_give_the_accuracy_and_the_way_to_the_review():
    table = StubTable()
    table.judgement = judgement(0.0)
    coach = Coach(table)
    coach.note("a")
    table.coach.weigh(table.judge_saved, coach.verdict, 1000.0)
    assert coach.verdict_words("V") == "Accuracy 100 over 1 decision; every one was the best."
    assert not coach.reviewable, "only once the game has finished"
    table.finished = True
    assert coach.reviewable
