"""One test per rule sentence of the seed and issue 5, with the seed's worked examples."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from helpers_shutbox import ScriptedDice, play_turn_keeping, position

from game.engine.saved import InvalidState
from game.engine.shutbox import (
    ALL_DOORS,
    LEVELS,
    PERFECT_GAME,
    PERFECT_TURN,
    TURN_SCORES,
    TURNS_PER_PLAYER,
    IllegalAction,
    Player,
    Roll,
    Shut,
    ShutBoxState,
    TurnRecord,
    action_from_json,
    can_match,
    is_valid_shut,
    shut_options,
    turn_score,
)


def kinds(events):
    return [e.kind for e in events]


def new_game(players: int = 2, one_die: bool = False) -> ShutBoxState:
    return ShutBoxState.new([f"P{i + 1}" for i in range(players)], one_die)


def play_turn(state: ShutBoxState, rolls_and_shuts, end_roll=None):
    """Play scripted (dice, doors) pairs; then an unmatchable `end_roll` if given."""
    events = []
    for dice, doors in rolls_and_shuts:
        events += state.apply(Roll(), ScriptedDice(dice))
        events += state.apply(Shut(frozenset(doors)), ScriptedDice([]))
    if end_roll is not None:
        events += state.apply(Roll(), ScriptedDice(end_roll))
    return events


# Rolls that shut the whole box: 9, 8, 7, 6, then 5+4 on a 9 and 3+2+1 on a 6.
BOX_SHUTTING = [
    ((4, 5), {9}),
    ((4, 4), {8}),
    ((3, 4), {7}),
    ((3, 3), {6}),
    ((4, 5), {5, 4}),
    ((3, 3), {3, 2, 1}),
]


# --- Doors 1-9 start up. ------------------------------------------------------------------


def test_doors_one_to_nine_start_up():
    state = new_game()
    assert state.open_doors == frozenset(range(1, 10)) == ALL_DOORS
    assert state.shut_doors == frozenset()
    assert state.phase == "roll" and state.dice == ()


# --- Roll two dice; ----------------------------------------------------------------------


def test_a_roll_is_two_dice_and_its_total():
    state = new_game()
    assert state.legal_actions() == [Roll(2)]
    events = state.apply(Roll(), random.Random(5))
    assert len(state.dice) == 2 and all(1 <= d <= 6 for d in state.dice)
    assert events[0].kind == "roll"
    assert events[0].data["dice"] == list(state.dice)
    assert events[0].data["total"] == sum(state.dice) == state.roll_total


# --- shut any combination of open doors whose numbers total the dice. --------------------


def test_seed_example_a_seven_can_shut_7_or_6_1_or_5_2_or_3_4_or_1_2_4():
    state = new_game()
    state.apply(Roll(), ScriptedDice([6, 1]))
    # Listed as the seed lists them: fewest doors first, then the highest doors.
    shuts = [a.doors for a in state.legal_actions()]
    assert shuts == [frozenset(s) for s in ({7}, {6, 1}, {5, 2}, {4, 3}, {4, 2, 1})]
    assert list(shut_options(ALL_DOORS, 7)) == shuts


def test_seed_example_after_2_and_5_an_eleven_is_8_3_or_7_4_but_not_9_2_or_6_5():
    state = new_game()
    state.apply(Roll(), ScriptedDice([6, 1]))
    events = state.apply(Shut(frozenset({2, 5})), ScriptedDice([]))
    assert kinds(events) == ["shut"] and events[0].data["doors"] == [2, 5]
    assert state.open_doors == frozenset({1, 3, 4, 6, 7, 8, 9})  # the seed's Figure 2
    state.apply(Roll(), ScriptedDice([5, 6]))
    shuts = {a.doors for a in state.legal_actions()}
    assert frozenset({8, 3}) in shuts and frozenset({7, 4}) in shuts
    assert frozenset({9, 2}) not in shuts and frozenset({6, 5}) not in shuts
    for doors in ({9, 2}, {6, 5}):
        with pytest.raises(IllegalAction):
            state.apply(Shut(frozenset(doors)), ScriptedDice([]))


@pytest.mark.parametrize("total", range(2, 13))
def test_any_combination_of_open_doors_totalling_the_roll_is_legal_and_nothing_else(total):
    open_doors = frozenset({1, 2, 3, 5, 6, 8})
    state = position(open_doors, (total - 1, 1) if total <= 7 else (6, total - 6))
    every = {
        frozenset(c)
        for r in range(1, 7)
        for c in itertools.combinations(open_doors, r)
        if sum(c) == total
    }
    assert {a.doors for a in state.legal_actions()} == every
    assert set(shut_options(open_doors, total)) == every


def test_a_set_not_totalling_the_roll_cannot_be_shut():
    state = position(ALL_DOORS, (3, 4))
    for doors in ({6}, {9}, {1, 2}, {4, 3, 1}):
        with pytest.raises(IllegalAction):
            state.apply(Shut(frozenset(doors)), ScriptedDice([]))
    assert state.open_doors == ALL_DOORS and state.phase == "shut"


def test_a_door_already_shut_cannot_be_shut_again():
    state = position({1, 3, 4, 6, 7, 8, 9}, (1, 4))
    for doors in ({2, 3}, {5}, {1, 4, 2}):
        with pytest.raises(IllegalAction):
            state.apply(Shut(frozenset(doors)), ScriptedDice([]))


def test_the_dice_must_be_rolled_before_shutting_and_doors_shut_before_rolling_again():
    state = new_game()
    with pytest.raises(IllegalAction):
        state.apply(Shut(frozenset({7})), ScriptedDice([]))
    state.apply(Roll(), ScriptedDice([3, 4]))
    with pytest.raises(IllegalAction):
        state.apply(Roll(), ScriptedDice([1, 1]))


# --- The turn ends when a roll cannot be matched, ----------------------------------------


def test_the_turn_ends_when_a_roll_cannot_be_matched():
    state = position({1, 2}, ())
    events = state.apply(Roll(), ScriptedDice([6, 6]))
    assert kinds(events) == ["roll", "unusable_roll", "turn_over", "turn_start"]
    assert events[2].data["score"] == 42 and events[2].data["box_shut"] is False
    assert state.players[0].turn_scores == [42]
    assert state.current == 1


def test_a_roll_that_some_combination_matches_does_not_end_the_turn():
    state = position({1, 2}, ())
    events = state.apply(Roll(), ScriptedDice([1, 2]))
    assert kinds(events) == ["roll"] and state.phase == "shut"


# --- or when all doors are shut. ---------------------------------------------------------


def test_the_turn_ends_when_all_doors_are_shut():
    state = new_game()
    events = play_turn(state, BOX_SHUTTING)
    assert kinds(events)[-4:] == ["shut", "box_shut", "turn_over", "turn_start"]
    assert state.players[0].turn_scores == [PERFECT_TURN]


# --- Turn score = sum of the shut doors, -------------------------------------------------


def test_turn_score_is_the_sum_of_the_shut_doors():
    state = new_game()
    # {1, 4, 6, 7, 9} stay open: no combination makes 2.
    events = play_turn(state, [((6, 1), {2, 5}), ((5, 6), {8, 3})], end_roll=(1, 1))
    over = next(e for e in events if e.kind == "turn_over")
    assert over.data["score"] == 2 + 5 + 8 + 3 == 18
    assert over.data["doors_shut"] == [2, 3, 5, 8]
    assert turn_score({1, 4, 6, 7, 9}) == 18


# --- plus a 5-point bonus if all are shut (50 is perfect). -------------------------------


def test_shutting_every_door_adds_a_five_point_bonus_for_fifty():
    assert turn_score(()) == 45 + 5 == PERFECT_TURN == 50
    assert turn_score({1}) == 44  # one door left: no bonus
    state = new_game()
    events = play_turn(state, BOX_SHUTTING)
    over = next(e for e in events if e.kind == "turn_over")
    assert over.data["score"] == 50 and over.data["box_shut"] is True


# --- (seed) All doors are then reopened, and the game passes to the next player. ----------


def test_after_a_turn_all_doors_reopen_and_the_next_player_rolls():
    state = new_game()
    events = play_turn_keeping(state, {2, 7})
    assert events[-1].kind == "turn_start" and events[-1].data == {"player": 1, "turn": 1}
    assert state.open_doors == ALL_DOORS and state.dice == () and state.phase == "roll"
    assert state.current == 1
    assert state.last_turn is not None
    assert state.last_turn.doors_shut == ALL_DOORS - {2, 7}
    assert state.last_turn.dice == (6, 6) and state.last_turn.score == 36


# --- Players alternate; ------------------------------------------------------------------


def test_players_alternate_turns():
    state = new_game(players=3)
    order = []
    while state.turn_number == 1:
        order.append(state.current)
        play_turn_keeping(state, {1, 2})
    assert order == [0, 1, 2]
    assert state.current == 0 and state.turn_number == 2


# --- each plays five turns; --------------------------------------------------------------


def finish_with(state: ShutBoxState, keep_by_player: dict[int, set[int]]) -> list:
    """Play the game out, each player's turns ending with the same doors left open."""
    events = []
    while not state.is_over:
        events += play_turn_keeping(state, keep_by_player[state.current])
    return events


def test_each_player_plays_five_turns_then_the_game_is_over():
    state = new_game(players=2)
    events = finish_with(state, {0: {1}, 1: {9}})
    assert [len(p.turn_scores) for p in state.players] == [TURNS_PER_PLAYER] * 2 == [5, 5]
    assert [e.data["player"] for e in events if e.kind == "turn_over"] == [0, 1] * 5
    assert state.is_over and state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply(Roll(), ScriptedDice([1, 1]))


# --- highest total wins (ties share the win). --------------------------------------------


def test_the_highest_total_wins():
    state = new_game(players=3)
    events = finish_with(state, {0: {9}, 1: {1}, 2: {2}})
    assert state.turn_scores() == [[36] * 5, [44] * 5, [43] * 5]
    assert state.totals() == [180, 220, 215]
    assert state.winners() == [1]
    assert events[-1].kind == "game_over"
    assert events[-1].data == {"winners": [1], "totals": [180, 220, 215]}


def test_a_tie_for_the_highest_total_shares_the_win():
    state = new_game(players=3)
    events = finish_with(state, {0: {3}, 1: {1, 2}, 2: {9}})
    assert state.winners() == [0, 1]
    assert events[-1].data["winners"] == [0, 1]


# --- A perfect game is 250. --------------------------------------------------------------


def test_a_finished_game_offers_nothing_whatever_its_final_board_shows():
    # The game-over picture's board: 2 and 5 up, a 7 showing that they could match.
    players = [Player("Ann", turn_scores=[30] * 5), Player("Bob", turn_scores=[30] * 5)]
    state = ShutBoxState(
        players, current=1, turn_number=5, open_doors=frozenset({2, 5}), dice=(3, 4), phase="over"
    )
    assert state.is_over and state.legal_actions() == []
    assert not state.may_toggle(2) and not state.check_selection({2, 5}).complete
    with pytest.raises(IllegalAction):
        state.apply(Shut(frozenset({2, 5})), ScriptedDice([]))


def test_a_perfect_game_is_250():
    state = new_game(players=1)
    finish_with(state, {0: set()})
    assert state.players[0].total == PERFECT_GAME == 250
    assert state.players[0].boxes_shut == 5


def test_only_turns_that_shut_the_box_count_as_boxes_shut():
    assert Player("Ann", turn_scores=[50, 44, 50, 2]).boxes_shut == 2
    assert Player("Bob", turn_scores=[44, 43]).boxes_shut == 0


def test_a_turn_scores_2_to_44_or_50_and_a_game_claiming_another_score_is_refused():
    # Every way a turn can go, one die allowed once 7, 8 and 9 are down.
    seen, to_visit, ends = {ALL_DOORS}, [ALL_DOORS], set()
    while to_visit:
        open_doors = to_visit.pop()
        one_die = not open_doors & {7, 8, 9}
        for total in range(1 if one_die else 2, 13):
            shuts = shut_options(open_doors, total)
            if not shuts:
                ends.add(turn_score(open_doors))
            for doors in shuts:
                left = open_doors - doors
                if not left:
                    ends.add(turn_score(left))
                elif left not in seen:
                    seen.add(left)
                    to_visit.append(left)
    assert ends == set(range(2, 45)) | {50} == TURN_SCORES
    for impossible in (0, 1, 45, 49):
        with pytest.raises(ValueError, match="impossible turn score"):
            ShutBoxState([Player("Ann", turn_scores=[impossible])], current=0, turn_number=2)


# --- Options beyond the seed, off by default: one die once 7, 8 and 9 are shut. ----------


def test_the_one_die_option_is_off_by_default():
    state = ShutBoxState.new(["A", "B"])
    assert state.one_die_option is False
    state = position({1, 2, 3}, ())
    assert state.legal_actions() == [Roll(2)]
    with pytest.raises(IllegalAction):
        state.apply(Roll(1), ScriptedDice([3]))


def test_with_the_option_one_die_may_be_rolled_once_7_8_and_9_are_shut():
    state = position({1, 2, 3, 4, 5, 6}, (), one_die=True)
    # Optional, not forced: both rolls are offered.
    assert state.legal_actions() == [Roll(2), Roll(1)]
    events = state.apply(Roll(1), ScriptedDice([4]))
    assert state.dice == (4,) and events[0].data == {"player": 0, "dice": [4], "total": 4}
    assert frozenset({4}) in {a.doors for a in state.legal_actions()}


@pytest.mark.parametrize("still_open", [{7}, {8}, {9}, {1, 9}])
def test_one_die_is_not_allowed_while_7_8_or_9_is_open(still_open):
    state = position(still_open, (), one_die=True)
    assert state.legal_actions() == [Roll(2)]


def test_one_die_is_a_roll_so_never_offered_while_a_shut_is_awaited_or_the_game_is_over():
    state = position({1, 2, 3, 4, 5, 6}, (3, 4), one_die=True)
    assert not state.one_die_allowed()
    players = [Player("Ann", turn_scores=[30] * 5)]
    over = ShutBoxState(players, True, 0, 5, frozenset({1, 2}), (6, 6), "over")
    assert not over.one_die_allowed() and over.legal_actions() == []


def test_an_unmatchable_single_die_ends_the_turn():
    state = position({5, 6}, (), one_die=True)
    events = state.apply(Roll(1), ScriptedDice([2]))
    assert kinds(events) == ["roll", "unusable_roll", "turn_over", "turn_start"]
    assert state.players[0].turn_scores == [45 - 11]


# --- (seed) clicking a closed door opens it if it was closed after the last roll. ---------


def test_only_doors_open_at_this_roll_may_be_toggled():
    state = new_game()
    play_turn(state, [((6, 1), {2, 5})])
    state.apply(Roll(), ScriptedDice([5, 6]))
    assert not state.may_toggle(2) and not state.may_toggle(5)  # shut by an earlier roll
    assert state.may_toggle(8) and state.may_toggle(3)  # in or out of the selection
    assert not position(ALL_DOORS, ()).may_toggle(7)  # nothing to select: no roll


# --- (issue) Only combinations that total the roll can be confirmed. ---------------------


def test_a_selection_can_be_confirmed_only_when_it_totals_the_roll():
    state = position({1, 3, 4, 6, 7, 8, 9}, (5, 6))
    partial = state.check_selection({8})
    assert partial.valid and partial.extendable and not partial.complete
    assert partial.total == 8 and partial.target == 11 and partial.remaining == 3
    done = state.check_selection({8, 3})
    assert done.complete and done.extendable and done.remaining == 0
    over = state.check_selection({8, 9})
    assert over.valid and not over.complete and not over.extendable and over.remaining == -6
    dead_end = state.check_selection({9})  # 9 needs a 2, which is shut
    assert dead_end.valid and not dead_end.extendable
    shut_already = state.check_selection({2, 9})
    assert not shut_already.valid and not shut_already.complete
    assert state.check_selection(set()).extendable and not state.check_selection(set()).complete
    assert not position(ALL_DOORS, ()).check_selection({7}).valid


def test_before_the_roll_no_selection_is_valid_and_there_is_nothing_to_total():
    for selection in (set(), {7}, {3, 4}):
        check = position(ALL_DOORS, ()).check_selection(selection)
        assert (check.valid, check.complete, check.extendable) == (False, False, False)
        assert check.target == 0 and check.total == sum(selection)
        assert check.remaining == -sum(selection)


def test_a_selection_check_is_a_value_the_scene_cannot_change():
    check = position({1, 3, 4, 6, 7, 8, 9}, (5, 6)).check_selection({8})
    assert hash(check) == hash(position({1, 3, 4, 6, 7, 8, 9}, (5, 6)).check_selection({8}))
    with pytest.raises(AttributeError):
        check.complete = True  # type: ignore[misc]


# --- Players, levels, saving, events ------------------------------------------------------


def test_players_are_named_human_or_computer_with_a_level():
    state = ShutBoxState.new(["Ann", Player("Deep Box", computer=True, level="perfect")])
    assert [p.name for p in state.players] == ["Ann", "Deep Box"]
    assert [p.computer for p in state.players] == [False, True]
    assert state.players[1].level in LEVELS
    with pytest.raises(ValueError):
        Player("Bot", computer=True, level="grandmaster")
    with pytest.raises(ValueError, match="1 to 4 players, not 0"):
        ShutBoxState.new([])
    with pytest.raises(ValueError, match="1 to 4 players, not 5"):
        ShutBoxState.new(["A", "B", "C", "D", "E"])


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_one_to_four_players_take_turns_in_seat_order(count):
    state = new_game(players=count)
    order = []
    while state.turn_number == 1 and not state.is_over:
        order.append(state.current_player.name)
        play_turn_keeping(state, {1, 2})
    assert order == [f"P{i + 1}" for i in range(count)]


def test_state_round_trips_through_json_text():
    state = ShutBoxState.new(["Ann", Player("Bot", computer=True, level="pub")], True)
    play_turn_keeping(state, {3, 4})
    state.apply(Roll(), ScriptedDice([3, 4]))
    text = json.dumps(state.to_json())
    again = ShutBoxState.from_json(json.loads(text))
    assert again == state
    assert again.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError):
        ShutBoxState.from_json({**state.to_json(), "version": 99})


def test_actions_read_back_from_plain_data_and_nothing_else():
    assert action_from_json({"kind": "shut", "doors": [7]}) == Shut({7})
    assert action_from_json({"kind": "roll"}) == Roll(2)
    assert action_from_json({"kind": "roll", "dice": 1}) == Roll(1)
    for data in ({"kind": "bank"}, {"kind": "zzz"}, {"kind": "Roll"}, {}):
        with pytest.raises(ValueError, match="not a Shut The Box action"):
            action_from_json(data)


def test_actions_say_what_they_do():
    assert str(Roll().describe()) == "roll two dice" and str(Roll(1).describe()) == "roll one die"
    assert Shut({7}).describe() == "7"


def test_actions_are_plain_hashable_and_json_able():
    actions = [Roll(), Roll(1), Shut(frozenset({4, 2, 1})), Shut([7])]
    assert len(set(actions)) == 4
    assert Shut([7]) == Shut(frozenset({7}))
    for action in actions:
        assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert Shut({1, 2, 4}).describe() == "4+2+1"
    with pytest.raises(ValueError):
        Roll(3)


def test_events_serialise_and_name_the_player():
    state = new_game()
    events = play_turn(state, BOX_SHUTTING)
    for event in events:
        json.dumps(event.to_json())
    assert all(e.data["player"] == 0 for e in events if e.kind != "turn_start")
    assert [e.data["doors"] for e in events if e.kind == "shut"][0] == [9]


def test_shut_since_roll_names_what_the_latest_shut_closed_until_the_next_roll():
    state = new_game()
    state.apply(Roll(), ScriptedDice([6, 1]))
    assert state.shut_since_roll == frozenset()
    state.apply(Shut(frozenset({6, 1})), ScriptedDice([]))
    assert state.shut_since_roll == frozenset({6, 1})
    assert state.turn_score_so_far == 7
    state.apply(Roll(), ScriptedDice([1, 1]))
    assert state.shut_since_roll == frozenset()


@pytest.mark.parametrize(
    "damage",
    [
        {"current": 5},
        {"turn_number": 6},
        {"dice": [7, 1]},
        {"open_doors": [0, 3]},
        {"phase": "shut", "dice": [6, 6], "open_doors": [1, 2]},
        {"phase": "dancing"},
        {"players": []},
        {"players": "Ann"},
        {"open_doors": None},
        {"players": [{"name": "Ann", "turn_scores": [30]}, {"name": "Bob"}]},
        {"players": [{"name": "Ann"}, {"name": "Bob", "turn_scores": [51]}], "current": 1},
    ],
)
def test_a_damaged_saved_game_is_refused_with_value_error(damage):
    data = {**ShutBoxState.new(["Ann", "Bob"]).to_json(), **damage}
    with pytest.raises(ValueError):
        ShutBoxState.from_json(data)


def test_a_saved_game_mid_round_or_over_is_accepted():
    data = ShutBoxState.new(["Ann", "Bob"]).to_json()
    data["players"][0]["turn_scores"] = [30]
    assert ShutBoxState.from_json({**data, "current": 1}).current == 1
    for player in data["players"]:
        player["turn_scores"] = [30] * 5
    over = ShutBoxState.from_json({**data, "current": 1, "turn_number": 5, "phase": "over"})
    assert over.is_over and over.winners() == [0, 1]


def test_the_last_open_doors_may_all_be_shut_at_once():
    assert is_valid_shut({3, 4}, 7, {3, 4}) and is_valid_shut(ALL_DOORS, 45, ALL_DOORS)
    state = position({3, 4}, (3, 4))
    assert Shut({3, 4}) in state.legal_actions()


def test_the_pure_rule_helpers_agree_with_the_seed_example():
    figure_2 = frozenset({1, 3, 4, 6, 7, 8, 9})
    assert can_match(figure_2, 11) and not can_match({1, 2}, 12)
    assert is_valid_shut(figure_2, 11, {8, 3}) and is_valid_shut(figure_2, 11, [7, 4])
    assert not is_valid_shut(figure_2, 11, {9, 2}) and not is_valid_shut(figure_2, 11, {6, 5})
    assert not is_valid_shut(figure_2, 11, {8}) and not is_valid_shut(figure_2, 11, {8, 4})
    assert not is_valid_shut(figure_2, 0, set())


# --- Saved games: what the rules could not have produced is refused, naming its place.
def test_a_null_among_the_last_turns_doors_is_refused():
    """The issue's reproduction: it used to pass, and crash inside Continue."""
    rng = random.Random(5)
    state = ShutBoxState.new([Player("Ann"), Player("Cy", computer=True, level="pub")], True)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()), rng)
    data = state.to_json()
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
