"""Restoring a saved Shut The Box game is validation: one clear error for anything the rules
could not have produced, and whatever is accepted plays to the end of the game."""

from __future__ import annotations

import functools
import json
import random

import pytest
from helpers_shutbox import ScriptedDice, play_turn_keeping
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.saved import InvalidState
from game.engine.shutbox import LEVELS, Player, Roll, Shut, ShutBoxState, TurnRecord, make_agent
from game.engine.shutbox.state import PHASES
from tests.mutations import single_change

WORDS = [*LEVELS, *PHASES, "shutbox", "Ann"]


@functools.cache
def saved_positions() -> tuple[str, ...]:
    """Saved games (as JSON text) at every kind of moment of a few seeded games."""
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        players = [Player("Ann"), Player("Cindy", computer=True, level=LEVELS[seed % 3])][
            : 1 + seed % 2
        ]
        state = ShutBoxState.new(players, one_die_option=seed % 2 == 1)
        while True:
            found.append(json.dumps(state.to_json()))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()), rng)
    return tuple(found[::3] + [found[-1]])


def play_to_the_end(state: ShutBoxState, seed: int) -> None:
    """Every seat plays (a computer seat at its level) until the game is over, and the
    game saves and restores at every step."""
    rng = random.Random(seed)
    for _ in range(1000):
        if state.is_over:
            return
        legal = state.legal_actions()
        player = state.current_player
        agent = make_agent(player.level, random.Random(seed)) if player.computer else None
        state.apply(agent.choose(state, legal) if agent else rng.choice(legal), rng)
        state = ShutBoxState.from_json(json.loads(json.dumps(state.to_json())))
    raise AssertionError("the game never ended")


def test_a_null_among_the_last_turns_doors_is_refused():
    """The issue's reproduction: it used to pass, and crash inside Continue."""
    data = json.loads(saved_positions()[-1])
    data["last_turn"]["doors_shut"].append(None)
    with pytest.raises(InvalidState, match=r"last_turn\.doors_shut\[\d\]: None is not a whole"):
        ShutBoxState.from_json(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"one_die_option": "false"}, "one_die_option: 'false' is not true or false"),
        ({"current": True}, "current: True is not a whole number"),
        ({"open_doors": [1, 1, 2]}, "a door is listed twice"),
        ({"dice": [3.0]}, "3.0 is not a whole number"),
        (
            {"players": [{"name": None, "computer": False, "level": None, "turn_scores": []}]},
            "name: None is not a text",
        ),
        (
            {"players": [{"name": "Al", "computer": True, "level": "god", "turn_scores": []}]},
            "level: 'god' is not one of",
        ),
        (
            {
                "players": [
                    {"name": "x" * 10_000, "computer": False, "level": None, "turn_scores": []}
                ]
            },
            "over 64",
        ),
        (
            {
                "last_turn": {
                    "player": 3,
                    "turn": 1,
                    "doors_shut": [],
                    "dice": [1, 1],
                    "score": 0,
                    "box_shut": False,
                }
            },
            "last_turn.player: 3 is not within 0..0",
        ),
        (
            {
                "last_turn": {
                    "player": 0,
                    "turn": 1,
                    "doors_shut": [9],
                    "dice": [1, 1],
                    "score": 0,
                    "box_shut": False,
                }
            },
            "do not match the doors shut",
        ),
    ],
)
def test_a_value_of_the_wrong_type_or_range_is_refused_with_its_place(change, message):
    data = {**ShutBoxState.new([Player("Ann")]).to_json(), **change}
    with pytest.raises(InvalidState, match=message.replace("(", r"\(").replace(".", r"\.")):
        ShutBoxState.from_json(data)


def test_every_saved_position_restores_exactly():
    for text in saved_positions():
        state = ShutBoxState.from_json(json.loads(text))
        assert json.dumps(state.to_json()) == text


@settings(max_examples=300)
@given(data=st.data())
def test_one_change_to_a_saved_game_is_refused_or_plays_to_the_end(data):
    original = json.loads(data.draw(st.sampled_from(saved_positions()), label="saved game"))
    changed, what = data.draw(single_change(original, WORDS), label="change")
    try:
        state = ShutBoxState.from_json(changed)
    except InvalidState:
        return  # refused: the storage sets it aside with a notice
    play_to_the_end(state, data.draw(st.integers(0, 1000), label="seed"))


# --- The constructor itself refuses what the rules cannot reach (a scene or a test may
# --- build a state directly, without from_json's readers in front).


def seats(scores_each: list[list[int]]) -> list[Player]:
    return [Player(f"P{i}", turn_scores=list(s)) for i, s in enumerate(scores_each)]


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"open_doors": {10}}, "no door 10"),
        ({"open_doors": {0, 1}}, "no door 0"),
        ({"shut_since_roll": {10}}, "no door 10"),
        ({"open_doors": {10}, "shut_since_roll": {10}}, "no door 10"),
        ({"current": -1}, "no player -1"),
        ({"current": 2}, "no player 2"),
        ({"current": 3}, "no player 3"),
        ({"turn_number": 0}, "no turn 0"),
        ({"turn_number": 6}, "no turn 6"),
        ({"dice": (7, 1)}, r"impossible dice \(7, 1\)"),
        ({"dice": (0, 3)}, r"impossible dice \(0, 3\)"),
        ({"dice": (2, 2, 2)}, r"impossible dice \(2, 2, 2\)"),
        ({"phase": "shut", "dice": ()}, "waiting for a shut that no open doors can make"),
        ({"phase": "shut", "dice": (6, 6), "open_doors": {1, 2}}, "no open doors can make"),
        ({"phase": "dancing"}, "unknown phase 'dancing'"),
    ],
)
def test_the_constructor_refuses_doors_seats_turns_dice_and_phases_out_of_range(fields, message):
    with pytest.raises(ValueError, match=message):
        ShutBoxState(seats([[], []]), **fields)


@pytest.mark.parametrize(
    "scores, current, turn, phase",
    [
        ([[30, 30], [30]], 0, 2, "roll"),  # seat 0 has played turn 2 before its turn 2
        ([[], []], 1, 1, "roll"),  # seat 0 has played its first turn
        ([[30], []], 0, 1, "roll"),
        ([[30], [30]], 1, 2, "roll"),  # seat 0 has not played turn 2
        ([[30] * 5, [30] * 4], 1, 5, "over"),  # over: everyone has played every turn
        ([[51], []], 1, 1, "roll"),  # above a perfect turn
        ([[-1], []], 1, 1, "roll"),
    ],
)
def test_the_constructor_refuses_turn_scores_that_do_not_match_the_turn(
    scores, current, turn, phase
):
    with pytest.raises(ValueError, match="turn score"):
        ShutBoxState(seats(scores), current=current, turn_number=turn, phase=phase)


@pytest.mark.parametrize(
    "scores, current, turn, phase",
    [
        ([[], []], 0, 1, "roll"),
        ([[30], []], 1, 1, "roll"),
        ([[30], [2]], 0, 2, "roll"),
        ([[30] * 5, [44] * 5], 1, 5, "over"),
    ],
)
def test_the_constructor_accepts_every_turn_count_play_can_reach(scores, current, turn, phase):
    state = ShutBoxState(seats(scores), current=current, turn_number=turn, phase=phase)
    assert state.turn_scores() == scores and state.current_player.name == f"P{current}"
    assert state.one_die_option is False  # the option beyond the seed is off unless asked


def finished_turn_data() -> dict:
    """Ann and Bob, Ann's first turn just ended with 2 and 9 up (a 12 she could not use)."""
    state = ShutBoxState.new(["Ann", "Bob"])
    play_turn_keeping(state, {2, 9})
    return state.to_json()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"current": 4}, r"current: 4 is not within 0\.\.3"),
        ({"current": 5}, r"current: 5 is not within 0\.\.3"),
        ({"turn_number": 0}, r"turn_number: 0 is not within 1\.\.5"),
        ({"dice": [7]}, r"dice\[0\]: 7 is not within 1\.\.6"),
        ({"open_doors": [0, 2]}, r"open_doors\[0\]: 0 is not within 1\.\.9"),
        ({"game": "farkle"}, "not a Shut The Box saved game"),
        ({"game": "mille"}, "not a Shut The Box saved game"),
        ({"game": "yahtzee"}, "not a Shut The Box saved game"),
        ({"version": 2}, "not a Shut The Box saved game"),
        ({"version": 0}, "not a Shut The Box saved game"),
        ({"phase": "shut", "dice": [6, 6], "open_doors": [1, 2]}, "no open doors can make"),
    ],
)
def test_a_field_out_of_range_is_refused_by_its_reader_naming_its_place(change, message):
    with pytest.raises(InvalidState, match=message):
        ShutBoxState.from_json(json.loads(json.dumps({**finished_turn_data(), **change})))


def test_a_turn_score_out_of_range_is_refused_naming_its_place():
    data = finished_turn_data()
    data["players"][0]["turn_scores"] = [-1]
    with pytest.raises(InvalidState, match=r"turn_scores\[0\]: -1 is not within 0\.\.50"):
        ShutBoxState.from_json(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"player": 2}, r"last_turn\.player: 2 is not within 0\.\.1"),
        ({"turn": 0}, r"last_turn\.turn: 0 is not within 1\.\.5"),
        ({"doors_shut": [1, 3, 4, 5, 6, 7, 8, 10]}, r"doors_shut\[7\]: 10 is not within 1\.\.9"),
        ({"dice": [0, 6]}, r"last_turn\.dice\[0\]: 0 is not within 1\.\.6"),
        ({"box_shut": True}, "the score and the box do not match the doors shut"),
        ({"score": 29}, "the score and the box do not match the doors shut"),
        ({"score": 40}, "the score and the box do not match the doors shut"),
        ({"doors_shut": [1, 3, 4, 5, 6, 7, 8, 8]}, "a door is listed twice"),
        ({"dice": [7, 1]}, r"last_turn\.dice\[0\]: 7 is not within 1\.\.6"),
        ({"score": -1}, r"last_turn\.score: -1 is not within 0\.\.50"),
        # Consistent in itself, but not the turn just played: Ann scored 34, not 37; Bob
        # has not played; Ann has played one turn, not two.
        ({"score": 37, "doors_shut": [1, 2, 3, 4, 5, 6, 7, 9]}, "not the one just played"),
        ({"player": 1}, "not the one just played"),
        ({"turn": 2}, "not the one just played"),
    ],
)
def test_a_damaged_record_of_the_last_turn_is_refused(change, message):
    data = finished_turn_data()
    data["last_turn"].update(change)
    with pytest.raises(InvalidState, match=message):
        ShutBoxState.from_json(json.loads(json.dumps(data)))


def after_turns(players: list[str], *keeps: set[int]) -> dict:
    """The saved game after turns that each ended with these doors up (and a 12 rolled)."""
    state = ShutBoxState.new(players)
    for keep in keeps:
        play_turn_keeping(state, keep)
    return state.to_json()


def record(player: int, turn: int, keep: set[int]) -> dict:
    """The record of a turn that ended with `keep` up after a 12."""
    shut = sorted(set(range(1, 10)) - keep)
    return {
        "player": player,
        "turn": turn,
        "doors_shut": shut,
        "dice": [6, 6],
        "score": sum(shut),
        "box_shut": False,
    }


@pytest.mark.parametrize(
    "keeps, other",
    [
        # Ann kept 2 and 9 up twice: her first turn looks like her last in all but its number.
        (({2, 9}, {1, 3}, {2, 9}), record(0, 1, {2, 9})),
        # The turn before Ann's last was Bob's, not the one just played.
        (({2, 9}, {1, 3}, {4, 5}), record(1, 1, {1, 3})),
        # After Bob's turn, Ann's is not the last either.
        (({2, 9}, {1, 3}), record(0, 1, {2, 9})),
        # Ann's last turn, but a poorer one than she played (28, not 34).
        (({2, 9},), record(0, 1, {8, 9})),
    ],
)
def test_the_last_turn_must_be_the_one_just_played(keeps, other):
    data = after_turns(["Ann", "Bob"], *keeps)
    assert ShutBoxState.from_json(data).last_turn is not None
    data["last_turn"] = other
    with pytest.raises(InvalidState, match="not the one just played"):
        ShutBoxState.from_json(data)


def test_the_last_turn_of_a_three_player_round_is_the_second_seats():
    data = after_turns(["Ann", "Bob", "Cindy"], {2, 9}, {1, 3})
    assert data["current"] == 2 and data["last_turn"]["player"] == 1
    assert ShutBoxState.from_json(data).last_turn.score == 41


def test_a_finished_games_last_turn_is_the_last_seats_last():
    state = ShutBoxState.new(["Ann"])
    for _ in range(5):
        play_turn_keeping(state, {2, 9})
    data = state.to_json()
    assert data["phase"] == "over" and data["last_turn"]["turn"] == 5
    assert ShutBoxState.from_json(json.loads(json.dumps(data))) == state


def test_doors_shut_since_the_roll_must_be_shut_and_none_while_a_shut_is_awaited():
    state = ShutBoxState.new(["Ann", "Bob"])
    state.apply(Roll(), ScriptedDice([3, 4]))
    state.apply(Shut(frozenset({7})), ScriptedDice([]))
    data = state.to_json()
    assert data["phase"] == "roll" and data["shut_since_roll"] == [7]
    ShutBoxState.from_json(json.loads(json.dumps(data)))
    for change, message in [
        ({"shut_since_roll": [6]}, "doors shut since the roll are not shut"),
        ({"phase": "shut", "dice": [3, 3]}, "doors shut since the roll while a shut is awaited"),
    ]:
        with pytest.raises(InvalidState, match=message):
            ShutBoxState.from_json(json.loads(json.dumps({**data, **change})))


def test_a_four_player_game_saved_at_the_last_seat_restores():
    state = ShutBoxState.new(["Ann", "Bob", "Cindy", "Greg"])
    for keep in ({2, 9}, {1, 3}, {4, 5}):
        play_turn_keeping(state, keep)
    assert state.current == 3
    assert ShutBoxState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_a_box_shut_must_be_recorded_as_shut():
    state = ShutBoxState.new(["Ann", "Bob"])
    play_turn_keeping(state, set())
    data = state.to_json()
    assert data["last_turn"]["box_shut"] is True and data["last_turn"]["score"] == 50
    data["last_turn"]["box_shut"] = False
    with pytest.raises(InvalidState, match="do not match the doors shut"):
        ShutBoxState.from_json(data)


def test_at_every_step_the_game_restored_from_its_saved_text_offers_the_same_actions():
    """Saves are JSON text on disk: the restored game's texts are new objects, not the
    engine's own constants, and must still mean the same phases."""
    for seed in range(4):
        rng = random.Random(seed)
        live = ShutBoxState.new(["Ann", "Bob"], one_die_option=seed % 2 == 1)
        while True:
            restored = ShutBoxState.from_json(json.loads(json.dumps(live.to_json())))
            assert restored.legal_actions() == live.legal_actions()
            assert restored.one_die_allowed() == live.one_die_allowed()
            assert restored.is_over == live.is_over
            if live.is_over:
                break
            live.apply(rng.choice(live.legal_actions()), rng)


# A game saved by this version (schema 1), as the file on disk holds it: Ann's second
# turn, a 7 rolled after shutting the 9; Cindy (Perfect) played 41 in her first turn.
SAVED_BY_VERSION_1 = (
    '{"game": "shutbox", "version": 1, "players": [{"name": "Ann", "computer": false, '
    '"level": null, "turn_scores": [34]}, {"name": "Cindy", "computer": true, "level": '
    '"perfect", "turn_scores": [41]}], "one_die_option": true, "current": 0, "turn_number": '
    '2, "open_doors": [1, 2, 3, 4, 5, 6, 7, 8], "dice": [3, 4], "phase": "shut", '
    '"shut_since_roll": [], "last_turn": {"player": 1, "turn": 1, "doors_shut": [2, 4, 5, '
    '6, 7, 8, 9], "dice": [6, 6], "score": 41, "box_shut": false}}'
)


def test_a_game_saved_by_this_version_still_restores_and_saves_the_same():
    state = ShutBoxState.from_json(json.loads(SAVED_BY_VERSION_1))
    ann, cindy = state.players
    assert (ann.name, ann.computer, cindy.name, cindy.level) == ("Ann", False, "Cindy", "perfect")
    assert state.current_player is ann and state.turn_number == 2 and state.one_die_option
    assert state.totals() == [34, 41]
    shuts = [sorted(a.doors) for a in state.legal_actions()]
    assert shuts == [[7], [1, 6], [2, 5], [3, 4], [1, 2, 4]]
    assert state.last_turn == TurnRecord(1, 1, frozenset({2, 4, 5, 6, 7, 8, 9}), (6, 6), 41, False)
    assert json.dumps(state.to_json()) == SAVED_BY_VERSION_1


def test_a_player_and_a_turn_record_restore_on_their_own():
    state = ShutBoxState.from_json(json.loads(SAVED_BY_VERSION_1))
    for player in state.players:
        assert Player.from_json(json.loads(json.dumps(player.to_json()))) == player
    record = state.last_turn
    assert TurnRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    with pytest.raises(InvalidState, match=r"player\.computer: 'yes' is not true or false"):
        Player.from_json({**state.players[0].to_json(), "computer": "yes"})
    with pytest.raises(InvalidState, match="player: a computer needs a level"):
        Player.from_json({**state.players[1].to_json(), "level": None})
    with pytest.raises(InvalidState, match=r"last_turn\.player: 4 is not within 0\.\.3"):
        TurnRecord.from_json({**record.to_json(), "player": 4})


def test_a_turn_record_cannot_be_changed_after_the_turn():
    record = ShutBoxState.from_json(json.loads(SAVED_BY_VERSION_1)).last_turn
    assert hash(record) == hash(TurnRecord.from_json(record.to_json()))
    with pytest.raises(AttributeError):
        record.score = 50  # type: ignore[misc]


def test_selection_and_toggles_work_the_same_in_a_game_restored_from_its_text():
    state = ShutBoxState.from_json(json.loads(SAVED_BY_VERSION_1))
    assert state.phase == "shut" and state.may_toggle(7) and not state.may_toggle(9)
    check = state.check_selection({3, 4})
    assert check.valid and check.complete and check.target == 7
    assert not state.one_die_allowed()  # the option is on, but a shut is awaited
