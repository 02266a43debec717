"""Invariants over random play: held dice always score, a farkle always zeroes the turn,
scores never go down, a bank adds exactly the turn total, states round-trip through JSON,
and every computer level always picks a legal action."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.farkle import (
    BANK,
    LEVELS,
    MIN_BANK_SCOPES,
    MIN_BANKS,
    TARGETS,
    FarkleAction,
    FarkleOptions,
    FarkleState,
    Seat,
    make_agent,
    score,
)

seat_kinds = st.lists(
    st.sampled_from(["human", "computer", "none"]), min_size=1, max_size=4
).filter(lambda kinds: any(k != "none" for k in kinds))
options = st.builds(
    FarkleOptions,
    st.sampled_from(TARGETS),
    st.sampled_from(MIN_BANKS),
    st.sampled_from(MIN_BANK_SCOPES),
)


def check_step(state: FarkleState, action, rng: random.Random) -> None:
    """Apply one action and check every invariant that the step must keep."""
    seat = state.current
    scores_before = list(state.scores)
    turn_before = state.turn_points
    roll_before = state.roll
    events = state.apply(action, rng)
    by_kind = {e.kind: e for e in events}
    assert all(after >= before for after, before in zip(state.scores, scores_before))
    if "hold" in by_kind:
        hold = by_kind["hold"].data
        assert score(hold["dice"]) == hold["points"] > 0
        assert hold["dice"] == tuple(roll_before[i] for i in hold["indices"])
        assert hold["turn_points"] == turn_before + hold["points"]
    if "bank" in by_kind:
        bank = by_kind["bank"].data
        assert bank["points"] == by_kind["hold"].data["turn_points"]
        assert state.scores[seat] == scores_before[seat] + bank["points"]
        assert bank["score"] >= bank["before"]
    else:
        assert state.scores == scores_before
    if "farkle" in by_kind:
        assert by_kind["farkle"].data["lost"] == by_kind["roll"].data["turn_points"]
        assert state.turn_points == 0 and state.roll == ()
        assert events[-1].kind in ("turn_start", "game_over")
    if "bank_refused" in by_kind:
        assert len(events) == 1 and state.turn_points == turn_before
    assert all(s % 50 == 0 and s >= 0 for s in state.scores)
    assert FarkleState.from_json(json.loads(json.dumps(state.to_json()))) == state


@settings(max_examples=60)
@given(seat_kinds, options, st.integers(0, 2**32 - 1))
def test_random_play_keeps_every_invariant(kinds, table_options, seed):
    rng = random.Random(seed)
    state = FarkleState.new([Seat(k) for k in kinds], table_options)
    for _ in range(250):
        if state.is_over:
            assert state.winners and state.legal_actions() == []
            best = max(state.scores[s] for s in state.active_seats)
            assert all(state.scores[s] == best for s in state.winners)
            break
        legal = state.legal_actions()
        assert legal
        for action in legal:
            assert (
                action.kind == "roll"
                and not action.held
                and state.phase == "start"
                or (state.is_valid_hold(action.held))
            )
            if action.kind == BANK:
                assert state.turn_points + state.hold_points(action.held) >= state.bank_need()
        # Now and then try the refused bank of nothing held, as a player clicking Next would.
        if state.phase == "rolled" and rng.random() < 0.05:
            check_step(state, FarkleAction(BANK, ()), rng)
        check_step(state, rng.choice(legal), rng)


@settings(max_examples=25)
@given(st.sampled_from(LEVELS), st.sampled_from(LEVELS), options, st.integers(0, 2**32 - 1))
def test_computer_levels_play_whole_games_legally(level_a, level_b, table_options, seed):
    rng = random.Random(seed)
    state = FarkleState.new(
        [Seat("computer", level_a), Seat("computer", level_b)], table_options, first=seed % 2
    )
    agents = [make_agent(level_a, random.Random(1)), make_agent(level_b, random.Random(2))]
    for _ in range(5000):
        if state.is_over:
            break
        legal = state.legal_actions()
        decision = agents[state.current].decide(state.observation(state.current), legal)
        assert decision.action in legal and decision.reason
        check_step(state, decision.action, rng)
    assert state.is_over
    assert max(state.scores) >= table_options.target
