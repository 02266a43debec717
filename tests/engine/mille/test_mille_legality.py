"""A table of positions and the card plays each allows, one row per rule sentence.

Each row: the rule sentence it covers, the hand of seat 0 (side 0), its tableau, the
other tableaux, options, and the exact set of plays the engine must offer. Plays are
written "card" for one's own tableau and "card>side" for a hazard on another side.
Discards are checked on every row: always allowed, for every card in hand.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest
from mille_helpers import (
    coup_fourre_question,
    dealt,
    lay,
    legal_plays,
    position,
    reference_plays,
    restore,
    take,
)
from mille_helpers import tableau as T

from game.engine.mille.agents import make_agent
from game.engine.mille.rules import (
    DEAL_ACTION,
    END_HAND_ACTION,
    EXTEND_ACTION,
    MilleState,
    Options,
    Tableau,
)
from game.engine.saved import InvalidState

DIST = "25 50 75 100 200"
ALL_HAZARDS = "accident out_of_gas flat_tire stop speed_limit"

ROWS = [
    # --- Roll -------------------------------------------------------------------------
    ("roll on an empty battle pile", "roll", T(), {}, {}, {"roll"}),
    ("roll on a remedy other than roll", "roll", T("roll accident repairs"), {}, {}, {"roll"}),
    ("roll on gasoline", "roll", T("roll out_of_gas gasoline"), {}, {}, {"roll"}),
    ("no second roll on a roll", "roll", T("roll"), {}, {}, set()),
    ("roll corrects a stop", "roll", T("roll stop"), {}, {}, {"roll"}),
    ("roll does not mend an accident", "roll", T("roll accident"), {}, {}, set()),
    (
        "roll on a hazard its safety corrected",
        "roll",
        T("roll accident", safeties="driving_ace"),
        {},
        {},
        {"roll"},
    ),
    (
        "roll is still allowed with right of way (never needed)",
        "roll",
        T(safeties="right_of_way"),
        {},
        {},
        {"roll"},
    ),
    # --- Distance ---------------------------------------------------------------------
    ("distance only on a roll", DIST, T("roll"), {}, {}, set(DIST.split())),
    ("no distance on an empty battle pile", DIST, T(), {}, {}, set()),
    ("no distance under a hazard", DIST, T("roll accident"), {}, {}, set()),
    (
        "no distance after a remedy until a roll",
        DIST + " roll",
        T("roll accident repairs"),
        {},
        {},
        {"roll"},
    ),
    ("no distance on a stop", DIST, T("roll stop"), {}, {}, set()),
    ("speed limit: only 25 and 50", DIST, T("roll", "speed_limit"), {}, {}, {"25", "50"}),
    (
        "end of limit lifts the limit",
        DIST,
        T("roll", "speed_limit end_of_limit"),
        {},
        {},
        set(DIST.split()),
    ),
    ("at most two 200s per hand", "200 100", T("roll", distance="200 200"), {}, {}, {"100"}),
    ("one 200 played, a second allowed", "200", T("roll", distance="200"), {}, {}, {"200"}),
    (
        "never past the target (700)",
        DIST,
        T("roll", distance="200 200 100 50 100"),
        {},
        {},
        {"25", "50"},
    ),
    (
        "exactly the target is allowed",
        "100 75",
        T("roll", distance="200 200 100 75 50"),
        {},
        {},
        {"75"},
    ),
    (
        "after an extension the target is 1000",
        DIST,
        T("roll", distance="200 200 100 100 100"),
        {},
        {"target": 1000},
        {"25", "50", "75", "100", "200"} - {"200"},
    ),
    (
        "four players race to 1000",
        DIST,
        T("roll", distance="100 " * 9),
        {},
        {"players": 4},
        {"25", "50", "75", "100"},
    ),
    (
        "right of way: distance with no roll at all",
        DIST,
        T(safeties="right_of_way"),
        {},
        {},
        set(DIST.split()),
    ),
    (
        "right of way: distance straight after a remedy",
        DIST,
        T("roll accident repairs", safeties="right_of_way"),
        {},
        {},
        set(DIST.split()),
    ),
    (
        "right of way: other hazards still need their remedy",
        DIST + " repairs",
        T("roll accident", safeties="right_of_way"),
        {},
        {},
        {"repairs"},
    ),
    (
        "right of way and a corrected hazard: move",
        DIST,
        T("roll accident", safeties="right_of_way driving_ace"),
        {},
        {},
        set(DIST.split()),
    ),
    # --- Remedies ---------------------------------------------------------------------
    (
        "repairs on an accident",
        "repairs gasoline spare_tire",
        T("roll accident"),
        {},
        {},
        {"repairs"},
    ),
    (
        "gasoline on out of gas",
        "repairs gasoline spare_tire",
        T("roll out_of_gas"),
        {},
        {},
        {"gasoline"},
    ),
    (
        "spare tire on a flat tire",
        "repairs gasoline spare_tire",
        T("roll flat_tire"),
        {},
        {},
        {"spare_tire"},
    ),
    (
        "only the top hazard needs mending",
        "repairs gasoline",
        T("roll accident out_of_gas"),
        {},
        {},
        {"gasoline"},
    ),
    (
        "no remedy without its hazard",
        "repairs gasoline spare_tire end_of_limit",
        T("roll"),
        {},
        {},
        set(),
    ),
    (
        "no remedy on a hazard already corrected by its safety",
        "repairs",
        T("roll accident", safeties="driving_ace"),
        {},
        {},
        set(),
    ),
    (
        "end of limit on a speed limit",
        "end_of_limit",
        T("roll", "speed_limit"),
        {},
        {},
        {"end_of_limit"},
    ),
    (
        "end of limit needs a limit showing",
        "end_of_limit",
        T("roll", "speed_limit end_of_limit"),
        {},
        {},
        set(),
    ),
    # --- Hazards ----------------------------------------------------------------------
    ("an empty battle pile: only a speed limit", ALL_HAZARDS, T(), {1: T()}, {}, {"speed_limit>1"}),
    (
        "a rolling opponent: every hazard",
        ALL_HAZARDS,
        T(),
        {1: T("roll")},
        {},
        {f"{h}>1" for h in ALL_HAZARDS.split()},
    ),
    (
        "stacking on a remedy (battle pile not empty)",
        "accident stop",
        T(),
        {1: T("roll out_of_gas gasoline")},
        {},
        {"accident>1", "stop>1"},
    ),
    (
        "stacking on a hazard is the seed's main rule",
        "accident",
        T(),
        {1: T("roll out_of_gas")},
        {},
        {"accident>1"},
    ),
    (
        "speed limit not on a limit already showing",
        "speed_limit",
        T(),
        {1: T("roll", "speed_limit")},
        {},
        set(),
    ),
    (
        "speed limit on an end of limit",
        "speed_limit",
        T(),
        {1: T("roll", "speed_limit end_of_limit")},
        {},
        {"speed_limit>1"},
    ),
    (
        "no hazard against its safety",
        ALL_HAZARDS,
        T(),
        {1: T("roll", safeties="driving_ace extra_tank")},
        {},
        {"flat_tire>1", "stop>1", "speed_limit>1"},
    ),
    (
        "right of way stops stop and speed limit",
        ALL_HAZARDS,
        T(),
        {1: T("roll", safeties="right_of_way")},
        {},
        {"accident>1", "out_of_gas>1", "flat_tire>1"},
    ),
    (
        "right of way with an empty pile still moves, so may be attacked",
        "accident",
        T(),
        {1: T(safeties="right_of_way")},
        {},
        {"accident>1"},
    ),
    (
        "variant: hazards only on a roll",
        "accident stop speed_limit",
        T(),
        {1: T("roll out_of_gas gasoline")},
        {"hazards_only_on_roll": True},
        {"speed_limit>1"},
    ),
    (
        "variant: a roll may be attacked",
        "accident stop",
        T(),
        {1: T("roll")},
        {"hazards_only_on_roll": True},
        {"accident>1", "stop>1"},
    ),
    (
        "variant: no stacking on a hazard",
        "accident",
        T(),
        {1: T("roll out_of_gas")},
        {"hazards_only_on_roll": True},
        set(),
    ),
    (
        "three players: either opponent",
        "accident",
        T(),
        {1: T("roll"), 2: T("roll")},
        {"players": 3},
        {"accident>1", "accident>2"},
    ),
    (
        "three players: only those attackable",
        "accident speed_limit",
        T(),
        {1: T("roll"), 2: T()},
        {"players": 3},
        {"accident>1", "speed_limit>1", "speed_limit>2"},
    ),
    (
        "four players: never the partners' own tableau",
        "accident",
        T("roll"),
        {1: T("roll")},
        {"players": 4},
        {"accident>1"},
    ),
    (
        "six players: the two other teams",
        "stop",
        T("roll"),
        {1: T("roll"), 2: T("roll")},
        {"players": 6},
        {"stop>1", "stop>2"},
    ),
    # --- Safeties ---------------------------------------------------------------------
    (
        "a safety any time on your turn",
        "driving_ace extra_tank puncture_proof right_of_way",
        T(),
        {},
        {},
        {"driving_ace", "extra_tank", "puncture_proof", "right_of_way"},
    ),
    (
        "a safety whether or not its hazard is active",
        "driving_ace",
        T("roll accident"),
        {},
        {},
        {"driving_ace"},
    ),
    # --- Discards ---------------------------------------------------------------------
    ("nothing playable: discard only", "100 repairs accident stop", T(), {1: T()}, {}, set()),
]


@pytest.mark.parametrize(
    "rule,hand,mine,others,options,expected", ROWS, ids=[row[0] for row in ROWS]
)
def test_legal_plays_table(rule, hand, mine, others, options, expected):
    state = position(hand.split(), mine, others, **options)
    assert legal_plays(state) == expected
    assert reference_plays(state) == expected
    discards = {a.card for a in state.legal_actions() if a.verb == "discard"}
    assert discards == set(hand.split()), "any card may always be discarded"


def test_every_row_is_a_distinct_rule():
    assert len({row[0] for row in ROWS}) == len(ROWS)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_opening_player_has_four_kinds_of_play(seed, players):
    """Roll, a safety, a Speed Limit on an opponent, or a discard: nothing else."""
    state = MilleState.new_game(Options(players=players))
    state.apply(DEAL_ACTION, random.Random(seed))
    for action in state.legal_actions():
        if action.verb == "play":
            assert action.card in {
                "roll",
                "speed_limit",
                "driving_ace",
                "extra_tank",
                "puncture_proof",
                "right_of_way",
            }
        else:
            assert action.verb == "discard"


def test_illegal_action_is_refused():
    from game.engine.mille.rules import Action, IllegalAction

    state = position(["100"], T())
    with pytest.raises(IllegalAction):
        state.apply(Action("play", "100", 0))
    with pytest.raises(IllegalAction):
        state.apply(Action("discard", "roll"))


# --- Saved games: what the rules could not have produced is refused, naming its place.
def new_hand() -> dict:
    state = MilleState.new_game(Options(players=2))
    state.apply(state.legal_actions()[0], random.Random(1))
    return state.to_json()


def test_an_unknown_card_in_a_hand_is_refused():
    """The issue's reproduction: it used to pass and crash with KeyError in play."""
    data = new_hand()
    data["hands"][0][0] = "bogus_card"
    with pytest.raises(InvalidState, match=r"state\.hands\[0\]\[0\]: 'bogus_card' is not one"):
        MilleState.from_json(data)


def test_a_null_turn_seat_is_refused():
    """The issue's other reproduction: a TypeError once play went on."""
    data = {**new_hand(), "turn_seat": None}
    with pytest.raises(InvalidState, match=r"state\.turn_seat: None is not a whole number"):
        MilleState.from_json(data)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d["draw_pile"].pop(), "the cards are not the deck"),
        (lambda d: d["draw_pile"].append("stop"), "the cards are not the deck"),
        (lambda d: d["tableaux"][0]["battle"].append("25"), "is not one of"),
        (lambda d: d["tableaux"][0]["safeties"].extend(["driving_ace"] * 2), "laid twice"),
        (lambda d: d.__setitem__("to_act", None), "a seat to act between hands, or none"),
        (lambda d: d.__setitem__("target", 1000), "does not match the extension"),
        (lambda d: d.__setitem__("scores", [6000, 0]), "past the game's target"),
        (
            lambda d: d.__setitem__(
                "pending", {"hazard": "stop", "attacker": 0, "side": 1, "seat": 1}
            ),
            "a coup fourré question outside",
        ),
        (lambda d: d["options"].__setitem__("players", 5), "players: 5 is not one of"),
        (lambda d: d["options"].__setitem__("short_deck", "no"), "is not true or false"),
        (lambda d: d["hands"][0].extend(["25"] * 3), "items, not 0..7"),
    ],
)
def test_a_state_the_rules_could_not_reach_is_refused_with_its_place(damage, message):
    data = new_hand()
    damage(data)
    with pytest.raises(InvalidState) as refused:
        MilleState.from_json(data)
    assert message in str(refused.value)


# --- Each cross-check of a whole saved game, one broken at a time. The damaged games keep
# --- the deck whole (a card moved, never made up), so that the check named is the one met.


def _speed_limit_on_the_speed_pile(d: dict) -> None:
    lay(d, 1, "speed", "speed_limit")
    d["pending"]["hazard"] = "speed_limit"


def test_a_coup_fourre_question_restores():
    question = coup_fourre_question()
    assert restore(question).legal_actions()[0] == ("coup_fourre", "right_of_way", 1)
    # The attacker may sit after the side attacked (seat 2 stopping seat 1).
    by_seat_2 = coup_fourre_question()
    by_seat_2["pending"]["attacker"] = by_seat_2["turn_seat"] = 2
    assert restore(by_seat_2).pending.attacker == 2
    _speed_limit_on_the_speed_pile(question)
    assert restore(question).legal_actions()[0] == ("coup_fourre", "right_of_way", 1)


def _another_side_attacked(d: dict) -> None:
    lay(d, 2, "battle", "roll stop")  # side 2 shows a Stop too, but seat 1 is not on it
    d["pending"]["side"] = 2


def _attacker_on_the_side_attacked(d: dict) -> None:
    d["pending"]["attacker"] = d["turn_seat"] = 1


def _no_battle_pile(d: dict) -> None:
    d["discard_pile"] += d["tableaux"][1]["battle"]
    d["tableaux"][1]["battle"] = []


def _another_hazard_than_the_one_showing(d: dict) -> None:
    d["discard_pile"].append(d["hands"][1].pop(0))  # room in seat 1's hand (seven at most)
    d["hands"][1].append(take(d, "puncture_proof"))  # so that it could answer a Flat Tire
    d["pending"]["hazard"] = "flat_tire"


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda d: d.update(to_act=2), id="not the seat attacked"),
        pytest.param(_another_side_attacked, id="the seat is not on the side attacked"),
        pytest.param(_attacker_on_the_side_attacked, id="the attacker on the side attacked"),
        pytest.param(lambda d: d.update(turn_seat=2), id="not the attacker's turn"),
        pytest.param(lambda d: d["pending"].update(attacker=2), id="the attacker is not to play"),
        pytest.param(_another_hazard_than_the_one_showing, id="a Stop showing, not a Flat Tire"),
        pytest.param(
            lambda d: d["discard_pile"].append(take(d, "right_of_way")), id="no safety in hand"
        ),
        pytest.param(_no_battle_pile, id="nothing on the battle pile"),
        pytest.param(
            lambda d: d["discard_pile"].append(d["tableaux"][1]["battle"].pop()),
            id="a Roll showing, not the Stop",
        ),
        pytest.param(
            lambda d: d["pending"].update(hazard="speed_limit"), id="no Speed Limit showing"
        ),
    ],
)
def test_a_coup_fourre_question_that_does_not_match_the_table_is_refused(damage):
    data = coup_fourre_question()
    damage(data)
    with pytest.raises(InvalidState, match="the coup fourré question does not match the table"):
        restore(data)


def test_a_coup_fourre_question_only_in_its_phase():
    with pytest.raises(InvalidState, match="a coup fourré question outside its phase"):
        restore({**coup_fourre_question(), "pending": None})
    with pytest.raises(InvalidState, match="a coup fourré question outside its phase"):
        restore({**dealt(players=3), "pending": coup_fourre_question()["pending"]})
    nobody = {**coup_fourre_question()["pending"], "seat": None}  # as a moment nobody answers
    with pytest.raises(InvalidState, match="a coup fourré question outside its phase"):
        restore({**dealt(players=3), "pending": nobody})


def extension_call(both_sides_at_700: bool = False) -> dict:
    """Two players: seat 0 has just reached 700 km and is asked whether to extend."""
    data = dealt()
    lay(data, 0, "battle", "roll")
    lay(data, 0, "distance", "200 200 100 100 100")
    if both_sides_at_700:
        lay(data, 1, "battle", "roll")
        lay(data, 1, "distance", "200 200 100 100 100")
    data["phase"] = "extension"
    return data


def test_an_extension_call_restores_and_each_of_its_checks_refuses():
    assert restore(extension_call()).legal_actions() == (EXTEND_ACTION, END_HAND_ACTION)
    assert restore(extension_call(both_sides_at_700=True)).to_act == 0
    problem = "an extension offered to a side that has not reached 700 km"
    # Not the seat whose turn it is (even with its side at 700 too), either way round.
    with pytest.raises(InvalidState, match=problem):
        restore({**extension_call(both_sides_at_700=True), "to_act": 1})
    with pytest.raises(InvalidState, match=problem):
        restore({**extension_call(), "turn_seat": 1})
    # Straight from to_json's data too (its 700 is then the engine's own object).
    assert MilleState.from_json(extension_call()).legal_actions() == (
        EXTEND_ACTION,
        END_HAND_ACTION,
    )
    short = extension_call()
    short["draw_pile"].append(short["tableaux"][0]["distance"].pop())  # 600 km
    with pytest.raises(InvalidState, match=problem):
        restore(short)
    # Already extended: the trip is 1000 km and 700 is not its end.
    with pytest.raises(InvalidState, match=problem):
        restore({**extension_call(), "extended_by": 1, "target": 1000})


def test_a_hand_in_play_with_a_side_at_the_end_of_the_trip_is_refused():
    data = extension_call()
    data["phase"] = "play"
    with pytest.raises(InvalidState, match="a hand goes on after a side reached the end"):
        restore(data)
    lay(data, 0, "distance", "25")  # 725 km
    with pytest.raises(InvalidState, match="a side went past the end of the trip"):
        restore(data)
    data["phase"] = "deal"
    data["to_act"] = None
    with pytest.raises(InvalidState, match="a side went past the end of the trip"):
        restore(data)


def test_the_trip_matches_its_extension():
    data = extension_call()
    data["tableaux"][0]["distance"].append(take(data, "100"))  # 800 km: past 700, under 1000
    data.update(phase="play", extended_by=0, target=1000)
    assert restore(data).target == 1000
    with pytest.raises(InvalidState, match="the trip's length does not match the extension"):
        restore({**data, "extended_by": None})
    with pytest.raises(InvalidState, match="the trip's length does not match the extension"):
        restore({**data, "target": 700})
    # Four players play to 1000 from the start and never extend.
    team = dealt(players=4)
    assert restore(team).target == 1000
    with pytest.raises(InvalidState, match="the trip's length does not match the extension"):
        restore({**team, "extended_by": 0})
    with pytest.raises(InvalidState, match="the trip's length does not match the extension"):
        restore({**team, "target": 700})


def test_the_seat_to_play_has_the_turn_and_cards():
    data = dealt()
    assert restore(data).to_act == 0
    with pytest.raises(InvalidState, match="the seat to play has no turn or no cards"):
        restore({**data, "turn_seat": 1})
    data["discard_pile"] += data["hands"][0]
    data["hands"][0] = []
    with pytest.raises(InvalidState, match="the seat to play has no turn or no cards"):
        restore(data)


def test_a_seat_to_act_only_while_a_hand_is_on():
    with pytest.raises(InvalidState, match="a seat to act between hands, or none during"):
        restore({**dealt(), "phase": "deal"})
    with pytest.raises(InvalidState, match="a seat to act between hands, or none during"):
        restore({**dealt(), "to_act": None})


def test_before_the_first_deal_there_are_no_cards_and_no_points():
    fresh = MilleState.new_game(Options(players=3)).to_json()
    assert restore(fresh).legal_actions() == (DEAL_ACTION,)
    for change in ({"scores": [0, 100, 0]}, {"discard_pile": ["25"]}):
        with pytest.raises(InvalidState, match="the cards are not the deck"):
            restore({**fresh, **change})
    with pytest.raises(InvalidState, match="the cards are not the deck"):
        restore({**dealt(), "hand_number": 0})  # cards on the table before any deal
    for phase in ("coup_fourre", "extension", "game_over"):  # no cards: no hand was dealt
        with pytest.raises(InvalidState, match="the cards are not the deck"):
            restore({**fresh, "phase": phase})


@functools.cache
def _finished_game() -> str:
    """A two-player game to 5000 of Basic against Easy, played to the end."""
    rng, state = random.Random(0), MilleState.new_game(Options(players=2))
    agents = [make_agent("basic", random.Random(0)), make_agent("easy", random.Random(0))]
    while not state.is_over:
        legal, seat = state.legal_actions(), state.to_act
        action = legal[0] if seat is None else agents[seat].choose(state.observation(seat), legal)
        state.apply(action, rng)
    return json.dumps(state.to_json())


def game_over() -> dict:
    return json.loads(_finished_game())


def test_a_finished_game_restores_and_its_winners_are_checked():
    data = game_over()
    best = max(data["scores"])
    assert restore(data).winners == [s for s, v in enumerate(data["scores"]) if v == best]
    # A game whose target the winner reached exactly is over too.
    assert restore({**data, "options": {**data["options"], "game_target": best}}).is_over
    problem = "the winners are not the best scores of a finished game"
    loser = data["scores"].index(min(data["scores"]))
    for change in (
        {"winners": [loser]},
        {"winners": []},
        {"last_hand": None},
        {"options": {**data["options"], "game_target": best + 1}},
    ):
        with pytest.raises(InvalidState, match=problem):
            restore({**data, **change})
    with pytest.raises(InvalidState, match="winners, or a side past the game's target"):
        restore({**data, "phase": "deal"})
    with pytest.raises(InvalidState, match="winners, or a side past the game's target"):
        restore({**dealt(), "winners": [0]})
    # Reaching the target exactly ends the game: a hand dealt after it cannot be.
    assert restore({**dealt(), "scores": [4950, 0]}).phase == "play"
    with pytest.raises(InvalidState, match="winners, or a side past the game's target"):
        restore({**dealt(), "scores": [5000, 0]})


def test_the_last_hands_score_sheet_matches_the_game():
    data = game_over()
    sheet = data["last_hand"]
    with pytest.raises(InvalidState, match="the last hand's score sheet does not match"):
        restore({**data, "last_hand": {**sheet, "hand_number": data["hand_number"] + 1}})
    for change in (+50, -50):  # a game total above the score as well as below it
        changed = [s + change for s in data["scores"]]
        winners = [s for s, v in enumerate(changed) if v == max(changed)]
        with pytest.raises(InvalidState, match="the last hand's score sheet does not match"):
            restore({**data, "scores": changed, "winners": winners})


def first_sheet(data: dict) -> dict:
    return data["last_hand"]["sides"][0]


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda h: h.update(reason="exhausted"), "a trip without its side"),
        (lambda h: h.update(completed_by=None), "a trip without its side"),
        (lambda h: h.update(hand_number=0), r"hand_number: 0 is not within 1..100000"),
        (lambda h: h["sides"].reverse(), "sides out of order"),
        (lambda h: h["sides"][0].update(side=1), "sides out of order"),
        (lambda h: h["sides"][1].update(side=0), "sides out of order"),
        (lambda h: h["sides"][0]["lines"][0].update(key="all_safeties"), "not the 'Distance'"),
        (lambda h: h["sides"][0]["lines"][0].update(label="All four"), "not the 'Distance'"),
        (lambda h: h["sides"][0].update(total=h["sides"][0]["total"] - 1), "do not add up"),
        (lambda h: h["sides"][0]["lines"][0].update(key="safeties"), "not the 'Distance' line"),
        (lambda h: h["sides"][0]["lines"][0].update(label="Km"), "not the 'Distance' line"),
        (lambda h: h["sides"][0]["lines"][0].update(points=1), "lines do not add up"),
        (lambda h: h["sides"][0].update(total=h["sides"][0]["total"] + 1), "do not add up"),
        (lambda h: h["sides"][0]["lines"][0].update(count=-1), r"count: -1 is not within"),
        (lambda h: h["sides"][0].update(game_total=-1), r"game_total: -1 is not within"),
    ],
)
def test_a_damaged_score_sheet_of_the_last_hand_is_refused(damage, message):
    data = game_over()
    assert data["last_hand"]["reason"] == "trip"
    damage(data["last_hand"])
    with pytest.raises(InvalidState, match=message):
        restore(data)


@pytest.mark.parametrize(
    "pile, cards, message",
    [
        ("coups_fourres", "driving_ace", "a coup fourré that is not among the safeties"),
        ("distance", "200 200 200", "more than 2 200 km cards"),
    ],
)
def test_a_tableau_the_rules_could_not_lay_is_refused(pile, cards, message):
    data = dealt()
    lay(data, 1, pile, cards)
    with pytest.raises(InvalidState, match=message):
        restore(data)


def test_each_coup_fourre_is_one_of_the_safeties_and_laid_once():
    data = dealt()
    lay(data, 1, "safeties", "driving_ace")
    data["tableaux"][1]["coups_fourres"] = ["driving_ace"]
    assert restore(data).tableaux[1].coups_fourres == ["driving_ace"]
    data["tableaux"][1]["coups_fourres"] = ["driving_ace", "driving_ace"]
    with pytest.raises(InvalidState, match="a coup fourré that is not among the safeties"):
        restore(data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hazard": "roll"}, r"pending.hazard: 'roll' is not one of"),
        ({"attacker": 3}, r"pending.attacker: 3 is not within 0..2"),
        ({"side": 3}, r"pending.side: 3 is not within 0..2"),
        ({"seat": -1}, r"pending.seat: -1 is not within 0..2"),
    ],
)
def test_a_coup_fourre_question_out_of_range_is_refused_naming_its_place(change, message):
    data = coup_fourre_question()
    data["pending"].update(change)
    with pytest.raises(InvalidState, match=message):
        restore(data)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_seats_of_a_coup_fourre_question_are_the_tables(players):
    assert restore(coup_fourre_question(players)).pending.seat == 1
    for field in ("seat", "attacker"):
        damaged = coup_fourre_question(players)
        damaged["pending"][field] = players
        within = rf"pending.{field}: {players} is not within 0..{players - 1}"
        with pytest.raises(InvalidState, match=within):
            restore(damaged)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"game_target": 0}, r"game_target: 0 is not within 1..100000"),
        ({"game_target": 100_001}, r"game_target: 100001 is not within 1..100000"),
        ({"hazards_only_on_roll": 1}, r"hazards_only_on_roll: 1 is not true or false"),
    ],
)
def test_table_options_out_of_range_are_refused(change, message):
    data = dealt()
    data["options"].update(change)
    with pytest.raises(InvalidState, match=message):
        restore(data)


# A game saved by this version (schema 1) as the file holds it: three players, seat 1 to
# play under a Speed Limit with no 25 or 50 in hand; side 0 has Right of Way and has
# repaired its accident; side 2 has Driving Ace.
SAVED_BY_VERSION_1 = Path(__file__).with_name("saved_game_v1.json")


def test_a_game_saved_by_this_version_still_restores_and_saves_the_same():
    data = json.loads(SAVED_BY_VERSION_1.read_text(encoding="utf-8"))
    state = MilleState.from_json(data)
    assert state.to_json() == data
    assert (state.options.players, state.hand_number, state.to_act) == (3, 1, 1)
    assert [t.km for t in state.tableaux] == [375, 75, 275]
    assert state.tableaux[0].can_move() and state.tableaux[1].can_move()
    assert state.tableaux[1].speed_limited()
    assert {action.verb for action in state.legal_actions()} == {"discard"}
    for schema in (0, 2, "1", True, 1.0):  # true and 1.0 are == 1, but not the number 1
        with pytest.raises(InvalidState, match="not a known Mille Bornes schema"):
            MilleState.from_json({**data, "schema": schema})


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("turn_seat", 3, r"turn_seat: 3 is not within 0\.\.2"),
        ("turn_seat", -1, r"turn_seat: -1 is not within 0\.\.2"),
        ("first_seat", 3, r"first_seat: 3 is not within 0\.\.2"),
        ("to_act", 3, r"to_act: 3 is not within 0\.\.2"),
        ("extended_by", 3, r"extended_by: 3 is not within 0\.\.2"),
        ("hand_number", -1, r"hand_number: -1 is not within"),
        ("scores", [-1, 0, 0], r"scores\[0\]: -1 is not within"),
        ("winners", [3], r"winners\[0\]: 3 is not within 0\.\.2"),
        ("winners", [-1], r"winners\[0\]: -1 is not within 0\.\.2"),
    ],
)
def test_a_seat_or_side_out_of_range_is_refused_naming_its_place(field, value, message):
    data = dealt(players=3)
    data[field] = value
    with pytest.raises(InvalidState, match=message):
        restore(data)


def test_a_two_player_seat_out_of_range_is_refused():
    for field in ("to_act", "turn_seat", "first_seat"):
        with pytest.raises(InvalidState, match=rf"{field}: 2 is not within 0\.\.1"):
            restore({**dealt(), field: 2})


def test_the_seat_to_play_is_the_seat_whose_turn_it_is_either_way():
    data = dealt(players=3)
    data["turn_seat"], data["to_act"] = 0, 1
    with pytest.raises(InvalidState, match="the seat to play has no turn or no cards"):
        restore(data)


def test_a_fresh_game_in_the_middle_of_a_hand_is_refused_as_cards_missing():
    fresh = MilleState.new_game(Options(players=3)).to_json()
    with pytest.raises(InvalidState, match="the cards are not the deck"):
        restore({**fresh, "phase": "play", "to_act": 0})


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda h: h.update(completed_by=2), r"completed_by: 2 is not within 0\.\.1"),
        (lambda h: h["sides"][0].update(side=-1), r"side: -1 is not within 0\.\.1"),
        (lambda h: h["sides"][1].update(side=2), r"side: 2 is not within 0\.\.1"),
        (lambda h: h["sides"][0]["lines"][0].update(points=-1), r"points: -1 is not within"),
        (lambda h: h.update(completed_by=-1), r"completed_by: -1 is not within 0\.\.1"),
        (lambda h: h["sides"][1].update(total=-1), r"sides\[1\]\.total: -1 is not within"),
    ],
)
def test_a_score_sheet_out_of_range_is_refused_naming_its_place(damage, message):
    data = game_over()
    damage(data["last_hand"])
    with pytest.raises(InvalidState, match=message):
        restore(data)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("extended_by", 2, r"extended_by: 2 is not within 0\.\.1"),
        ("winners", [2], r"winners\[0\]: 2 is not within 0\.\.1"),
    ],
)
def test_a_two_player_side_out_of_range_is_refused_naming_its_place(field, value, message):
    with pytest.raises(InvalidState, match=message):
        restore({**dealt(), field: value})


def test_a_two_player_coup_fourre_question_names_one_of_its_two_sides():
    data = coup_fourre_question(players=2)
    assert restore(data).pending.side == 1
    data["pending"]["side"] = 2
    with pytest.raises(InvalidState, match=r"pending\.side: 2 is not within 0\.\.1"):
        restore(data)


def test_a_tableau_reads_back_from_its_plain_data_and_refuses_a_card_out_of_place():
    laid = T("roll stop", "speed_limit", "100 200", "driving_ace", "driving_ace")
    assert Tableau.from_json(laid.to_json()) == laid
    with pytest.raises(InvalidState, match=r"tableau\.speed\[0\]: 'stop' is not one of"):
        Tableau.from_json({**laid.to_json(), "speed": ["stop"]})


def test_a_third_200_is_not_offered_in_a_game_read_from_its_saved_text():
    data = dealt()
    lay(data, 0, "battle", "roll")
    lay(data, 0, "distance", "200 200")
    data["discard_pile"].append(data["hands"][0].pop())
    data["hands"][0].append(take(data, "200"))  # its "200" texts are new objects, not the engine's
    assert "200" not in {a.card for a in restore(data).legal_actions() if a.verb == "play"}
    data["tableaux"][0]["distance"].remove("200")
    data["discard_pile"].append("200")
    assert ("play", "200", 0) in restore(data).legal_actions()


def test_a_coup_fourre_question_on_the_third_side_restores():
    data = dealt(players=3)
    lay(data, 2, "battle", "roll stop")
    data["hands"][2].append(take(data, "right_of_way"))
    data.update(phase="coup_fourre", to_act=2, turn_seat=0)
    data["pending"] = {"hazard": "stop", "attacker": 0, "side": 2, "seat": 2}
    assert restore(data).legal_actions()[0] == ("coup_fourre", "right_of_way", 2)


def play_out_the_hand(state: MilleState, rng: random.Random) -> None:
    """Random legal moves until the hand is over."""
    while state.phase not in ("deal", "game_over"):
        state.apply(rng.choice(state.legal_actions()), rng)


def test_a_game_in_its_second_hand_restores_with_the_first_hands_sheet():
    rng, state = random.Random(2), MilleState.new_game(Options(players=2))
    state.apply(DEAL_ACTION, rng)
    play_out_the_hand(state, rng)
    state.apply(DEAL_ACTION, rng)
    again = restore(state.to_json())
    assert again.last_hand["hand_number"] == 1 and again.hand_number == 2
    assert again.to_json() == state.to_json()


def test_the_third_side_may_call_the_extension_and_win_the_game():
    from game.engine.mille.rules import Observation

    extended = restore({**dealt(players=3), "extended_by": 2, "target": 1000})
    view = extended.observation(1)
    assert Observation.from_json(json.loads(json.dumps(view.to_json()))) == view
    # Only side 2 can reach the game's target in this hand.
    rng, state = random.Random(3), MilleState.new_game(Options(players=3))
    state.scores = [0, 0, 4999]
    while not state.is_over:
        state.apply(DEAL_ACTION, rng)
        play_out_the_hand(state, rng)
    again = restore(state.to_json())
    assert again.winners == [2] and again.to_json() == state.to_json()
    view = again.observation(0)
    assert Observation.from_json(json.loads(json.dumps(view.to_json()))) == view


def test_a_game_won_by_the_second_side_restores():
    data = game_over()
    data["scores"].reverse()
    sheet = data["last_hand"]
    sheet["completed_by"] = 1
    for side in sheet["sides"]:
        side["game_total"] = data["scores"][side["side"]]
    data["winners"] = [1]
    again = restore(data)
    assert again.winners == [1] and again.last_hand["completed_by"] == 1
