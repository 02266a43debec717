"""A table of positions and the card plays each allows, one row per rule sentence.

Each row: the rule sentence it covers, the hand of seat 0 (side 0), its tableau, the
other tableaux, options, and the exact set of plays the engine must offer. Plays are
written "card" for one's own tableau and "card>side" for a hazard on another side.
Discards are checked on every row: always allowed, for every card in hand.
"""

from __future__ import annotations

import random

import pytest
from mille_helpers import legal_plays, position, reference_plays
from mille_helpers import tableau as T

from game.engine.mille.rules import DEAL_ACTION, MilleState, Options

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
