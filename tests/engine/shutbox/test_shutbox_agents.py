"""Computer levels and the headless tournament."""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers_shutbox import position

from game.engine.shutbox import (
    LEVEL_LABELS,
    LEVELS,
    BeginnerAgent,
    PerfectAgent,
    PubAgent,
    Roll,
    Shut,
    ShutBoxState,
    make_agent,
)
from game.engine.shutbox.tournament import main, play_game, run


def test_levels_are_named_in_one_constant_weakest_first():
    assert LEVELS == ("beginner", "pub", "perfect")
    assert set(LEVEL_LABELS) == set(LEVELS)
    assert isinstance(make_agent("beginner", random.Random(1)), BeginnerAgent)
    assert isinstance(make_agent("pub"), PubAgent)
    assert isinstance(make_agent("perfect"), PerfectAgent)
    with pytest.raises(ValueError):
        make_agent("grandmaster")


def test_the_beginner_picks_uniformly_among_legal_moves_and_replays_from_a_seed():
    state = position(range(1, 10), (3, 4))
    legal = state.legal_actions()
    picks = [make_agent("beginner", random.Random(7)).choose(state, legal) for _ in range(2)]
    assert picks[0] == picks[1]
    agent = make_agent("beginner", random.Random(7))
    seen = {agent.choose(state, legal) for _ in range(200)}
    assert seen == set(legal)


def test_the_pub_regular_shuts_the_fewest_doors_highest_first():
    agent = make_agent("pub")

    def decide(doors, dice):
        return agent.decide(position(doors, dice), position(doors, dice).legal_actions())

    assert decide(range(1, 10), (3, 4)).action == Shut({7})
    assert decide({1, 2, 3, 4, 5, 6, 8, 9}, (3, 4)).action == Shut({6, 1})
    assert decide(range(1, 10), (6, 6)).action == Shut({9, 3})
    assert "one door" in str(decide(range(1, 10), (3, 4)).reason)


def test_the_pub_regular_rolls_one_die_once_only_small_doors_remain():
    agent = make_agent("pub")
    small = position({1, 2, 3}, (), one_die=True)
    assert agent.choose(small, small.legal_actions()) == Roll(1)
    large = position({1, 2, 3, 5}, (), one_die=True)
    assert agent.choose(large, large.legal_actions()) == Roll(2)


def test_perfect_may_prefer_one_die_and_says_why():
    state = position({1, 2, 3}, (), one_die=True)
    decision = make_agent("perfect").decide(state, state.legal_actions())
    assert decision.action == Roll(1)
    assert "one die" in str(decision.reason) and "expects" in str(decision.reason)


def test_play_game_plays_to_the_end_with_one_agent_per_seat():
    state = ShutBoxState.new(["a", "b", "c"])
    agents = [make_agent(level, random.Random(2)) for level in LEVELS]
    play_game(state, agents, random.Random(2))
    assert state.is_over and all(len(p.turn_scores) == 5 for p in state.players)


def test_the_tournament_reports_scores_and_win_rates_with_intervals():
    report = run(games=6, seed=11)
    assert report["games_per_pairing"] == 6
    assert set(report["levels"]) == set(LEVELS)
    assert [p["levels"] for p in report["pairings"]] == [
        ["beginner", "pub"],
        ["beginner", "perfect"],
        ["pub", "perfect"],
    ]
    for pairing in report["pairings"]:
        a, b = pairing["levels"]
        shares = pairing[a]["win_share"]["mean"] + pairing[b]["win_share"]["mean"]
        assert shares == pytest.approx(1.0)
        for level in (a, b):
            low, high = pairing[level]["game_score"]["ci95"]
            assert low <= pairing[level]["game_score"]["mean"] <= high
    assert report == run(games=6, seed=11)  # a seed replays the tournament


def test_the_tournament_command_prints_json(capsys):
    main(["--games", "2", "--seed", "3", "--levels", "pub,perfect", "--one-die"])
    report = json.loads(capsys.readouterr().out)
    assert report["one_die_option"] is True and list(report["levels"]) == ["pub", "perfect"]
    with pytest.raises(SystemExit):
        main(["--games", "2", "--levels", "pub,wizard"])


def test_reasons_are_said_as_a_person_at_the_table_would():
    from game.engine.shutbox.ai import doors_words

    def said(doors):
        return str(doors_words(doors))

    assert said({7}) == "the 7"
    assert said({1, 6}) == "6 and 1"
    assert said({1, 3, 5}) == "5, 3 and 1"
    state = position(range(1, 10), (4, 3))
    for level in ("beginner", "pub", "perfect"):
        decided = make_agent(level, random.Random(2)).decide(state, state.legal_actions())
        reason = str(decided.reason)
        assert reason.startswith("shuts "), reason
        assert "+" not in reason and not re.search(r"\d\.\d\d", reason), reason
