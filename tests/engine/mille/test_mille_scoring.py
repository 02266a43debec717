"""Every scoring line, and constructed hands reaching the seed's maxima."""

from __future__ import annotations

import json

import pytest
from mille_helpers import position
from mille_helpers import tableau as T

from game.engine.mille.rules import END_HAND_ACTION, Action
from game.engine.mille.scoring import SCORE_LINES, score_hand

ALL_SAFETIES = "driving_ace extra_tank puncture_proof right_of_way"
NINE_HUNDRED_75 = "100 " * 9 + "50 25"  # 975 km without a 200


def lines(side_score):
    return {line["key"]: line["points"] for line in side_score["lines"]}


def score(tableaux, completed_by=None, *, empty=False, extended=False):
    return score_hand(tableaux, completed_by, draw_pile_empty=empty, extended=extended)


def test_every_line_is_listed_in_order_for_every_side():
    result = score([T(), T(), T()])
    assert [[line["key"] for line in s["lines"]] for s in result] == [
        [key for key, _ in SCORE_LINES]
    ] * 3
    assert all(s["total"] == 0 for s in result)
    json.dumps(result)


def test_distance_one_point_per_km():
    result = score([T(distance="200 75 25"), T(distance="50")])
    assert lines(result[0])["distance"] == 300 and lines(result[1])["distance"] == 50


def test_each_safety_100_and_every_side_scores_them():
    result = score([T(safeties="driving_ace"), T(safeties="extra_tank right_of_way")], 0)
    assert lines(result[0])["safeties"] == 100 and lines(result[1])["safeties"] == 200


def test_all_four_safeties_300_on_top():
    result = score([T(safeties=ALL_SAFETIES), T()])
    assert lines(result[0])["safeties"] == 400 and lines(result[0])["all_safeties"] == 300
    three = score([T(safeties="driving_ace extra_tank puncture_proof"), T()])
    assert lines(three[0])["all_safeties"] == 0


def test_each_coup_fourre_300_on_top_of_its_100():
    result = score([T(safeties="driving_ace right_of_way", coups="right_of_way"), T()])
    assert lines(result[0])["safeties"] == 200 and lines(result[0])["coups_fourres"] == 300
    assert result[0]["total"] == 500


def test_trip_completed_400_only_for_the_side_that_completes():
    result = score([T(distance="200 200 100 100 100"), T(distance="100")], 0)
    assert lines(result[0])["trip"] == 400 and lines(result[1])["trip"] == 0


def test_delayed_action_300_when_the_pile_was_gone():
    done = [T(distance="200 200 100 100 100"), T(distance="25")]
    assert lines(score(done, 0, empty=True)[0])["delayed_action"] == 300
    assert lines(score(done, 0, empty=False)[0])["delayed_action"] == 0


def test_safe_trip_300_without_any_200():
    safe = [T(distance="100 " * 7), T(distance="25")]
    assert lines(score(safe, 0)[0])["safe_trip"] == 300
    unsafe = [T(distance="200 100 100 100 100 100"), T(distance="25")]
    assert lines(score(unsafe, 0)[0])["safe_trip"] == 0


def test_extension_200_for_completing_an_extended_trip():
    done = [T(distance="100 " * 10), T(distance="25")]
    assert lines(score(done, 0, extended=True)[0])["extension"] == 200
    assert lines(score(done, 0, extended=False)[0])["extension"] == 0
    assert lines(score(done, 0, extended=True)[1])["extension"] == 0


def test_shutout_500_per_opponent_side_without_distance():
    two = score([T(distance="100 " * 7), T(safeties="driving_ace")], 0)
    assert lines(two[0])["shutout"] == 500
    three = score([T(distance="100 " * 7), T(), T(distance="25")], 0)
    assert lines(three[0])["shutout"] == 500
    three_both = score([T(distance="100 " * 7), T(), T()], 0)
    assert lines(three_both[0])["shutout"] == 1000
    assert lines(three_both[1])["shutout"] == 0
    # Whichever side completes the trip, every other side counts, before or after it.
    last = score([T(), T(distance="25"), T(distance="100 " * 7)], 2)
    assert lines(last[2])["shutout"] == 500
    middle = score([T(), T(distance="100 " * 7), T()], 1)
    assert lines(middle[1])["shutout"] == 1000


def test_an_exhausted_hand_scores_distance_and_safeties_only():
    result = score(
        [T(distance="100 100", safeties="driving_ace", coups="driving_ace"), T()], None, empty=True
    )
    assert result[0]["total"] == 200 + 100 + 300
    assert lines(result[0])["trip"] == lines(result[0])["shutout"] == 0


def test_hand_over_event_adds_to_game_scores():
    state = position(
        ["100"],
        T("roll", distance="200 200 100 100"),
        {1: T("roll", distance="50", safeties="driving_ace")},
    )
    state.scores = [1000, 2000]
    state.apply(Action("play", "100", 0))
    events = state.apply(END_HAND_ACTION)
    sides = events[0].data["sides"]
    assert sides[0]["total"] == 700 + 400
    assert sides[1]["total"] == 50 + 100
    assert state.scores == [2100, 2150]
    assert [s["game_total"] for s in sides] == state.scores
    assert state.last_hand == events[0].data


def finish(players, extended_by, final_card="25"):
    """A side with four coups fourrés plays its last 25 km with the draw pile gone."""
    state = position(
        [final_card],
        T("roll", distance=NINE_HUNDRED_75, safeties=ALL_SAFETIES, coups=ALL_SAFETIES),
        players=players,
        target=1000,
        extended_by=extended_by,
        pile=[],
    )
    events = state.apply(Action("play", final_card, 0))
    over = next(e for e in events if e.kind == "hand_over")
    return over.data["sides"]


def test_maximum_two_players_4600():
    sides = finish(2, extended_by=0)
    assert sides[0]["total"] == 4600
    assert lines(sides[0]) == {
        "distance": 1000,
        "safeties": 400,
        "all_safeties": 300,
        "coups_fourres": 1200,
        "trip": 400,
        "delayed_action": 300,
        "safe_trip": 300,
        "extension": 200,
        "shutout": 500,
    }


def test_maximum_two_teams_4400():
    sides = finish(4, extended_by=None)
    assert sides[0]["total"] == 4400 and lines(sides[0])["extension"] == 0


@pytest.mark.parametrize("players", [3, 6])
def test_maximum_three_sides_5100(players):
    sides = finish(players, extended_by=0)
    assert sides[0]["total"] == 5100 and lines(sides[0])["shutout"] == 1000


def test_the_score_so_far_counts_what_every_side_has_earned_while_the_hand_is_on():
    from game.engine.mille.scoring import EARNED_AS_PLAYED, score_so_far

    so_far = score_so_far(
        [T(distance="200 50", safeties=ALL_SAFETIES, coups="extra_tank"), T(distance="25")]
    )
    assert [[line["key"] for line in side["lines"]] for side in so_far] == [
        list(EARNED_AS_PLAYED)
    ] * 2
    assert lines(so_far[0]) == {
        "distance": 250,
        "safeties": 400,
        "all_safeties": 300,
        "coups_fourres": 300,
    }
    assert so_far[0]["total"] == 1250 and so_far[1]["total"] == 25
    # A shutout, a safe trip or the trip itself come only with the end of the hand.
    finished = score(
        [T(distance="200 50", safeties=ALL_SAFETIES, coups="extra_tank"), T(distance="25")], 0
    )
    assert finished[0]["total"] > so_far[0]["total"]
