"""The table's coach log (game/table/coaching.py): decisions written down, weighed a slice
at a time, summed up, kept with the saved game, and damage in a saved file dropped alone."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.coach import Judgement
from game.engine.core import Thinking
from game.table.coaching import (
    DECISIONS_LIMIT,
    REVIEW_SIZE,
    CoachLog,
    Decision,
    Verdict,
    ask_worthy,
)


def verdict_for(cost: float, exact: bool = True, spread: float = 0.0) -> Verdict:
    return Verdict(cost, "points", exact, spread, f"best by {cost}", cost, ["best"])


def judge_costing(costs: dict) -> object:
    """A judge giving each action (a name) the cost in `costs` (None: no choice), in
    two slices, as an engine's sliced judgement would."""

    def judge(position, action):
        def job():
            yield
            cost = costs[action]
            if cost is None:
                return None
            return Judgement(action, "best", -cost, 0.0, "points", exact=True, why="why")

        return Thinking(job())

    return judge


def as_verdict(judgement: Judgement) -> Verdict:
    return Verdict.of(judgement, judgement.cost, judgement.best)


def weigh_all(log: CoachLog, judge) -> int:
    slices = 0
    while log.busy:
        log.weigh(judge, as_verdict, 0.0)
        slices += 1
        assert slices < 1000
    return slices


def test_decisions_are_weighed_one_slice_at_a_time_oldest_first():
    log = CoachLog()
    for name in ("a", "b", "c"):
        log.record(0, "Round 1", name, {"at": name})
    judge = judge_costing({"a": 0.0, "b": 3.0, "c": None})
    assert log.busy and log.waiting == 3
    assert not log.weigh(judge, as_verdict, 0.0), "a judgement takes more than one slice"
    assert log.weigh(judge, as_verdict, 0.0)
    assert log.decisions[0].weighed and not log.decisions[1].weighed
    weigh_all(log, judge)
    a, b, c = log.decisions
    assert (a.verdict.cost, b.verdict.cost, c.verdict) == (0.0, 3.0, None)
    assert [d.number for d in log.decisions] == [1, 2, 3]


def test_only_the_reviews_positions_are_kept():
    log = CoachLog()
    costs = {f"m{i}": float(i % 7) for i in range(REVIEW_SIZE + 15)}
    for name in costs:
        log.record(0, "", name, {"at": name})
    weigh_all(log, judge_costing(costs))
    review = log.review()
    assert len(review) == REVIEW_SIZE
    assert [d.cost for d in review] == sorted((d.cost for d in review), reverse=True)
    assert all(d.cost > 0 for d in review), "a best move is never in the review"
    kept = [d for d in log.decisions if d.position is not None]
    assert kept == sorted(review, key=lambda d: d.number)


def test_the_summary_is_the_average_of_the_decisions_accuracies():
    log = CoachLog()
    for seat, name in ((0, "a"), (0, "b"), (1, "c"), (0, "none")):
        log.record(seat, "", name, {})
    weigh_all(log, judge_costing({"a": 0.0, "b": 1.0, "c": 0.0, "none": None}))
    mine = log.summary(0, half_at=1.0)
    assert (mine.decisions, mine.loss, mine.accuracy) == (2, 0.5, 75), "100 and 50, averaged"
    assert log.summary(0, half_at=1.0, stretch=2.0).accuracy == 50, "its distance from 100 doubled"
    assert log.summary(1, half_at=1.0).accuracy == 100
    assert log.summary(2, half_at=1.0).accuracy is None, "nothing decided, no figure"
    assert log.seats() == [0, 1]
    assert log.ordinal(log.decisions[1]) == 2 and log.ordinal(log.decisions[2]) == 1


def test_an_undone_decision_no_longer_counts():
    log = CoachLog()
    log.record(0, "", "a", {})
    log.record(0, "", "b", {})
    log.weigh(judge_costing({"a": 1.0, "b": 1.0}), as_verdict, 0.0)
    log.take_back()
    assert [d.action for d in log.decisions] == ["a"]
    weigh_all(log, judge_costing({"a": 1.0}))
    assert log.decisions[0].verdict.cost == 1.0


def test_a_decision_the_engine_will_not_judge_is_no_decision():
    def refusing(position, action):
        raise ValueError("not a legal action")

    def failing_later(position, action):
        def job():
            yield
            raise KeyError("damaged")

        return Thinking(job())

    for judge in (refusing, failing_later):
        log = CoachLog()
        log.record(0, "", "a", {"damaged": True})
        weigh_all(log, judge)
        assert log.decisions[0].weighed and log.decisions[0].verdict is None


def test_a_verdict_given_before_the_move_is_kept_as_it_is():
    log = CoachLog()
    log.record(0, "Round 2", "a", {"at": 1}, verdict_for(4.0))
    assert not log.busy and log.decisions[0].verdict.cost == 4.0


def test_the_log_round_trips_through_json():
    log = CoachLog()
    log.record(0, "Hand 1", ["play", "75", 0], {"state": {"x": 1}})
    log.record(
        1,
        "Hand 1",
        ["discard", "stop"],
        {"state": {"x": 2}},
        Verdict(0.12, "win chance", False, 0.03, "because", 24.0, ["play", "roll"]),
    )
    again = CoachLog.from_json(json.loads(json.dumps(log.to_json())))
    assert again.to_json() == log.to_json()


@pytest.mark.parametrize(
    "damage",
    [
        7,
        "x",
        None,
        {"number": -1},
        {
            "number": 1,
            "seat": 0,
            "moment": "",
            "action": 1,
            "position": None,
            "weighed": False,
            "verdict": None,
        },
        {
            "number": 1,
            "seat": 0,
            "moment": "",
            "action": 1,
            "position": {},
            "weighed": True,
            "verdict": {
                "cost": float("nan"),
                "unit": "points",
                "exact": True,
                "spread": 0,
                "why": "",
                "points": 0,
            },
        },
        {
            "number": 1,
            "seat": 0,
            "moment": "",
            "action": 1,
            "position": {},
            "weighed": True,
            "verdict": {
                "cost": 1,
                "unit": "points",
                "exact": "yes",
                "spread": 0,
                "why": "",
                "points": 1,
            },
        },
        {
            "number": 1,
            "seat": True,
            "moment": "",
            "action": 1,
            "position": {},
            "weighed": True,
            "verdict": None,
        },
        {
            "number": 1,
            "seat": 0,
            "moment": "x" * 500,
            "action": 1,
            "position": {},
            "weighed": True,
            "verdict": None,
        },
    ],
)
def test_a_damaged_decision_is_dropped_alone(damage):
    good = CoachLog()
    good.record(0, "Round 1", "a", {"at": 1}, verdict_for(1.0))
    data = good.to_json() + [damage]
    assert CoachLog.from_json(data).to_json() == good.to_json()
    assert CoachLog.from_json(damage).decisions == [], "not a list of decisions at all"


def test_a_saved_log_is_bounded():
    data = [
        Decision(i + 1, 0, "", "a", None, True, None).to_json() for i in range(DECISIONS_LIMIT + 50)
    ]
    assert len(CoachLog.from_json(data).decisions) == DECISIONS_LIMIT


@given(
    cost=st.floats(0, 1000),
    spread=st.floats(0, 1000),
    threshold=st.floats(0, 500),
    exact=st.booleans(),
)
@settings(max_examples=200, deadline=None)
def test_coach_mode_never_asks_about_noise(cost, spread, threshold, exact):
    verdict = Verdict(cost, "points", exact, 0.0 if exact else spread, "", cost)
    asks = ask_worthy(verdict, threshold)
    assert asks == (cost > threshold and (exact or cost > 2 * spread))


def test_costs_are_said_with_how_they_were_found():
    assert verdict_for(5.63).cost_words() == "5.6 points (exact)"
    assert (
        Verdict(434.4, "points", False, 180.2, "", 434.4).cost_words()
        == "about 434 points (the best is clearly better)"
    )
    assert Verdict(1.0, "win chance", True, 0.0, "", 200).cost_words() == "100% win chance (exact)"
    assert Verdict(0.02, "win chance", False, 0.0, "", 4).cost_words() == "2% win chance (estimate)"


@pytest.mark.parametrize(
    "cost, spread, words",
    [
        (434.4, 180.2, "the best is clearly better"),
        (150.0, 100.0, "the best is slightly better"),
        (40.0, 60.0, "a close call: either is fine"),
    ],
)
def test_an_estimates_cost_says_how_sure_in_the_hints_words_never_its_statistics(
    cost, spread, words
):
    """Issue 32: coach mode's question and the review's list said "(estimate ± 180)"; the
    hints say how sure in words (game.engine.coach.closeness), and so do they now. The
    figures stay in the review's detail (Verdict.figures)."""
    verdict = Verdict(cost, "points", False, spread, "why", cost, None, "± 180 over 32")
    assert verdict.cost_words() == f"about {cost:.0f} points ({words})"
    assert verdict.question_words() == f"about {cost:.0f} points"
    assert verdict.points_words("win chance").endswith(f"({cost:.0f} points, {words})")
    for said in (verdict.cost_words(), verdict.question_words(), verdict.points_words("x")):
        assert "±" not in said and "estimate ±" not in said
