"""Invariants over many random games and positions (hypothesis)."""

from __future__ import annotations

import itertools
import json
import random

from helpers_shutbox import position
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.engine.shutbox import (
    ALL_DOORS,
    LEVELS,
    PERFECT_GAME,
    PERFECT_TURN,
    TURNS_PER_PLAYER,
    Player,
    Roll,
    Shut,
    ShutBoxState,
    action_from_json,
    choose_doors,
    make_agent,
    shut_options,
)

door_sets = st.frozensets(st.integers(1, 9))
levels = st.sampled_from(LEVELS)


@st.composite
def games(draw):
    seats = draw(st.lists(levels, min_size=1, max_size=4))
    players = [Player(f"{lv}{i}", computer=True, level=lv) for i, lv in enumerate(seats)]
    return ShutBoxState.new(players, draw(st.booleans())), draw(st.integers(0, 2**32))


@settings(max_examples=60)
@given(games())
def test_whole_games_keep_every_rule(game):
    state, seed = game
    rng = random.Random(seed)
    agents = [make_agent(p.level, random.Random(seed + i)) for i, p in enumerate(state.players)]
    shut_this_turn: set[int] = set()
    last_total = None
    turn_owners = []
    while not state.is_over:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in legal:  # plain, hashable, JSON-able
            assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
        action = agents[state.current].choose(state, legal)
        assert action in legal
        before = state.to_json()
        events = state.apply(action, rng)
        # A saved game restores exactly, at every step.
        assert ShutBoxState.from_json(json.loads(json.dumps(state.to_json()))) == state
        assert before != state.to_json()
        for event in events:
            json.dumps(event.to_json())
            if event.kind == "roll":
                last_total = event.data["total"]
                assert len(event.data["dice"]) in (1, 2)
                assert all(1 <= d <= 6 for d in event.data["dice"])
            elif event.kind == "shut":
                doors = set(event.data["doors"])
                assert sum(doors) == last_total  # a shut set totals the roll
                assert not doors & shut_this_turn  # no door shut twice
                shut_this_turn |= doors
            elif event.kind == "turn_over":
                score = event.data["score"]
                assert 0 <= score <= PERFECT_TURN  # never above 50
                bonus = 5 if shut_this_turn == set(ALL_DOORS) else 0
                assert score == sum(shut_this_turn) + bonus
                assert event.data["box_shut"] == (bonus == 5)
                turn_owners.append(event.data["player"])
                shut_this_turn = set()
            elif event.kind == "unusable_roll":
                assert not shut_options(ALL_DOORS - shut_this_turn, event.data["total"])
    count = len(state.players)
    assert turn_owners == list(range(count)) * TURNS_PER_PLAYER  # alternate, five each
    for player in state.players:
        assert len(player.turn_scores) == TURNS_PER_PLAYER
        assert 0 <= player.total == sum(player.turn_scores) <= PERFECT_GAME
    best = max(state.totals())
    assert state.winners() == [i for i, t in enumerate(state.totals()) if t == best]


@given(door_sets, st.integers(1, 45))
def test_shut_options_are_exactly_the_subsets_totalling_the_roll(open_doors, total):
    expected = {
        frozenset(c)
        for r in range(1, len(open_doors) + 1)
        for c in itertools.combinations(sorted(open_doors), r)
        if sum(c) == total
    }
    options = shut_options(open_doors, total)
    assert len(options) == len(set(options))
    assert set(options) == expected


@given(door_sets, st.integers(2, 12))
def test_choose_doors_shuts_a_legal_set_or_nothing_when_nothing_matches(open_doors, total):
    choice = choose_doors(open_doors, total)
    options = shut_options(open_doors, total)
    if options:
        assert choice in options and choice <= open_doors and sum(choice) == total
    else:
        assert choice == frozenset()


@given(door_sets.filter(bool), st.integers(2, 12), door_sets)
def test_a_selection_is_confirmable_exactly_when_it_is_a_legal_shut(open_doors, total, selection):
    assume(shut_options(open_doors, total))  # else the roll would have ended the turn
    state = position(open_doors, (max(1, total - 6), total - max(1, total - 6)))
    check = state.check_selection(selection)
    legal = {a.doors for a in state.legal_actions() if isinstance(a, Shut)}
    assert check.complete == (selection in legal)
    assert check.valid == (selection <= open_doors)
    assert check.extendable == any(selection <= doors for doors in legal)
    assert check.total == sum(selection) and check.target == total


@given(door_sets.filter(bool), st.booleans(), st.integers(0, 2**32))
def test_every_level_returns_a_legal_action_with_a_reason(open_doors, one_die, seed):
    state = position(open_doors, (), one_die=one_die)
    rng = random.Random(seed)
    state.apply(Roll(), rng)
    for level in LEVELS:
        for probe in (state, position(open_doors, (), one_die=one_die)):
            legal = probe.legal_actions()
            if not legal:
                continue
            decision = make_agent(level, random.Random(seed)).decide(probe, legal)
            assert decision.action in legal and decision.reason


@given(door_sets.filter(bool), st.integers(0, 2**32))
def test_an_illegal_action_changes_nothing(open_doors, seed):
    state = position(open_doors, ())
    state.apply(Roll(), random.Random(seed))
    before = state.to_json()
    legal = set(state.legal_actions())
    for doors in (open_doors, ALL_DOORS - open_doors, frozenset({1})):
        action = Shut(doors)
        if action in legal:
            continue
        try:
            state.apply(action, random.Random(0))
        except ValueError:
            pass
        else:
            raise AssertionError(f"{action} was accepted")
        assert state.to_json() == before
