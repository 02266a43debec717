"""Turn order, safeties, coups fourrés (timing and skipped seats), extensions, hand ends."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from mille_helpers import legal_plays, position
from mille_helpers import tableau as T

from game.engine.mille.cards import deck_counts
from game.engine.mille.rules import (
    DEAL_ACTION,
    END_HAND_ACTION,
    EXTEND_ACTION,
    PASS_ACTION,
    Action,
    IllegalAction,
    MilleState,
    Options,
    Pending,
)


def kinds(events):
    return [e.kind for e in events]


def play(state, card, side=None):
    seat = state.to_act
    side = state.side_of(seat) if side is None else side
    return state.apply(Action("play", card, side))


# --- dealing and the ordinary turn -----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_deal_six_cards_then_first_player_draws(players):
    state = MilleState.new_game(Options(players=players))
    assert state.legal_actions() == (DEAL_ACTION,) and state.to_act is None
    events = state.apply(DEAL_ACTION, random.Random(3))
    assert kinds(events)[:3] == ["deal", "draw", "turn"]
    first = state.first_seat
    assert state.to_act == first
    assert [len(h) for h in state.hands] == [7 if s == first else 6 for s in range(players)]
    assert len(state.draw_pile) == 106 - 6 * players - 1


def test_draw_one_play_one_back_to_six():
    state = position(["100"] * 6 + ["roll"], T(), pile=["50", "75"])
    events = play(state, "roll")
    assert kinds(events) == ["remedy", "draw", "turn"]
    assert len(state.hands[0]) == 6 and len(state.hands[1]) == 7
    assert state.to_act == 1 and state.hands[1][-1] == "75"


def test_discard_is_dead_and_passes_the_turn():
    state = position(["100", "stop"], T(), {1: T()})
    events = state.apply(Action("discard", "stop"))
    assert state.discard_pile == ["stop"] and kinds(events)[0] == "discard"
    assert state.to_act == 1


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_opening_seat_moves_round_each_hand(players):
    state = MilleState.new_game(Options(players=players))
    openers = []
    for hand in range(2 * players):
        state.phase = "deal"
        events = state.apply(DEAL_ACTION, random.Random(hand))
        openers.append(state.first_seat)
        assert events[0].data == {
            "hand_number": hand + 1,
            "first_seat": state.first_seat,
            "draw_pile": len(state.draw_pile) + 1,
        }
        assert state.to_act == state.first_seat == state.turn_seat
    assert openers == [hand % players for hand in range(2 * players)]


class UnshuffledDeck(random.Random):
    """Deals the deck in the order it is built: the top card is the deck's last."""

    def shuffle(self, cards) -> None:
        pass


@pytest.mark.parametrize("players, first", [(2, 1), (3, 2), (4, 0), (6, 5)])
def test_the_deal_goes_round_the_table_one_card_at_a_time_from_the_opener(players, first):
    from game.engine.mille.cards import build_deck

    state = MilleState.new_game(Options(players=players))
    state.hand_number = first  # so that this deal opens at `first`
    state.apply(DEAL_ACTION, UnshuffledDeck())
    deck = build_deck(False)
    dealt = [deck.pop() for _ in range(6 * players)]
    for offset in range(players):
        seat = (first + offset) % players
        expected = dealt[offset::players]
        if seat == first:
            expected = expected + [deck.pop()]  # and the opener draws
        assert state.hands[seat] == expected
    assert state.draw_pile == deck


# --- safeties ----------------------------------------------------------------------------


def test_safety_gives_another_draw_and_play():
    state = position(["driving_ace", "100"], T("roll"), pile=["25", "50"])
    events = play(state, "driving_ace")
    assert kinds(events) == ["safety", "draw", "turn"]
    assert state.to_act == 0 and events[-1].data["extra"] is True
    assert state.tableaux[0].safeties == ["driving_ace"]
    assert state.tableaux[0].coups_fourres == []  # played upright, not sideways


def test_safeties_chain_in_one_turn():
    state = position(["driving_ace", "extra_tank"], T(), pile=["25", "puncture_proof"])
    play(state, "driving_ace")
    assert state.to_act == 0 and "puncture_proof" in state.hands[0]
    play(state, "puncture_proof")
    play(state, "extra_tank")
    assert state.to_act == 0
    assert len(state.tableaux[0].safeties) == 3


def test_safety_with_empty_pile_and_empty_hand_passes_on():
    state = position(["driving_ace"], T(), pile=[], hands={1: ["25"]})
    play(state, "driving_ace")
    assert state.to_act == 1


def test_safety_protects_for_the_rest_of_the_hand():
    state = position(["extra_tank"], T("roll"), pile=["25"] * 5, hands={1: ["out_of_gas"] * 6})
    play(state, "extra_tank")
    state.apply(Action("discard", "25"))
    assert "out_of_gas>0" not in legal_plays(state)


def test_safety_corrects_its_hazard_but_a_roll_is_needed():
    state = position(["driving_ace", "100", "roll"], T("roll accident"), pile=["25"] * 5)
    play(state, "driving_ace")
    assert legal_plays(state) == {"roll"}
    play(state, "roll")
    assert state.tableaux[0].can_move()


def test_right_of_way_discards_stops_and_limit_and_moves_at_once():
    state = position(["right_of_way", "100"], T("roll stop", "speed_limit"), pile=["25"] * 5)
    events = play(state, "right_of_way")
    assert events[0].data["removed"] == ["stop", "speed_limit"]
    assert state.tableaux[0].battle == ["roll"] and state.tableaux[0].speed == []
    assert {"stop", "speed_limit"} <= set(state.discard_pile)
    assert "100" in legal_plays(state)


def test_right_of_way_leaves_an_end_of_limit_and_other_hazards_showing():
    state = position(
        ["right_of_way"], T("roll accident", "speed_limit end_of_limit"), pile=["25"] * 5
    )
    events = play(state, "right_of_way")
    assert events[0].data["removed"] == []
    assert state.tableaux[0].speed == ["speed_limit", "end_of_limit"]
    assert state.tableaux[0].battle == ["roll", "accident"] and state.discard_pile == []


@pytest.mark.parametrize("safety", ["driving_ace", "extra_tank", "puncture_proof"])
def test_another_safety_leaves_a_stop_and_a_speed_limit_showing(safety):
    state = position([safety, "100"], T("roll stop", "speed_limit"), pile=["25"] * 5)
    events = play(state, safety)
    assert events[0].data["removed"] == []
    assert state.tableaux[0].battle == ["roll", "stop"]
    assert state.tableaux[0].speed == ["speed_limit"] and state.discard_pile == []


def test_right_of_way_uncovering_a_hazard_must_still_mend_it():
    state = position(["right_of_way", "100", "repairs"], T("roll accident stop"), pile=["25"] * 5)
    play(state, "right_of_way")
    assert state.tableaux[0].battle == ["roll", "accident"]
    assert legal_plays(state) == {"repairs"}
    play(state, "repairs")
    state.apply(Action("discard", "25"))  # seat 1's turn
    assert "100" in legal_plays(state)  # no roll needed with right of way


# --- coups fourrés -------------------------------------------------------------------------


def test_at_a_table_with_moments_a_discarded_hazard_is_discarded_not_played():
    state = position(["stop", "100"], T("roll"), {1: T("roll")}, pile=["25"] * 5)
    events = state.apply(Action("discard", "stop"), moment=True)
    assert events[0].kind == "discard" and state.discard_pile == ["stop"]
    assert state.tableaux[1].battle == ["roll"] and state.phase == "play"


def test_coup_fourre_two_players():
    state = position(
        ["accident"],
        T(),
        {1: T("roll")},
        pile=["25", "50", "75"],
        hands={1: ["driving_ace", "100", "100", "100", "100", "100"]},
    )
    events = play(state, "accident", 1)
    assert kinds(events) == ["hazard"]  # nothing public about the offer
    assert state.phase == "coup_fourre" and state.to_act == 1
    assert len(state.hands[1]) == 6  # the next player has not drawn yet
    assert state.legal_actions() == (Action("coup_fourre", "driving_ace", 1), PASS_ACTION)
    events = state.apply(Action("coup_fourre", "driving_ace", 1))
    assert kinds(events) == ["coup_fourre", "draw", "draw", "turn"]
    cf = events[0].data
    assert cf["hazard"] == "accident" and cf["skipped"] == [] and cf["attacker"] == 0
    t = state.tableaux[1]
    assert t.battle == ["roll"] and t.coups_fourres == ["driving_ace"]
    assert state.discard_pile == ["accident"]
    assert state.to_act == 1 and len(state.hands[1]) == 7
    assert "100" in legal_plays(state)  # the roll shows again
    play(state, "100")
    assert state.to_act == 0


def test_coup_fourre_declined_is_gone_for_good():
    state = position(
        ["accident"], T(), {1: T("roll")}, pile=["25"] * 5, hands={1: ["driving_ace"] + ["100"] * 5}
    )
    play(state, "accident", 1)
    events = state.apply(PASS_ACTION)
    assert kinds(events) == ["draw", "turn"] and state.to_act == 1
    assert not any(a.verb == "coup_fourre" for a in state.legal_actions())
    play(state, "driving_ace")
    assert state.tableaux[1].coups_fourres == []


def test_coup_fourre_only_at_that_moment_not_later_hazards_of_others():
    """A hazard already showing cannot be answered later with a coup fourré."""
    state = position(
        ["accident"], T(), {1: T("roll")}, pile=["25", "25", "driving_ace"], hands={1: ["100"] * 6}
    )
    play(state, "accident", 1)
    assert state.phase == "play" and state.to_act == 1  # no offer: no safety in hand
    assert "driving_ace" in state.hands[1]  # drawn only now
    assert not any(a.verb == "coup_fourre" for a in state.legal_actions())


def test_coup_fourre_privacy_in_observations():
    state = position(
        ["stop"], T(), {1: T("roll")}, pile=["25"] * 5, hands={1: ["right_of_way"] + ["100"] * 5}
    )
    play(state, "stop", 1)
    attacker_view = state.observation(0)
    assert attacker_view.phase == "waiting" and attacker_view.to_act is None
    assert attacker_view.pending == Pending("stop", 0, 1, None), "the moment, not whom it asks"
    defender_view = state.observation(1)
    assert defender_view.phase == "coup_fourre" and defender_view.pending.hazard == "stop"
    assert defender_view.pending.seat == 1 and defender_view.to_act == 1
    assert state.observation(1, answered=True) == replace(
        attacker_view, seat=1, side=1, hand=defender_view.hand
    ), "once it has answered, the seat asked sees the moment as everyone does"


def the_rest_of_the_deck(state: MilleState) -> list[str]:
    """The cards of the deck that are not in a hand or on the table, as a draw pile."""
    rest = deck_counts(state.options.short_deck)
    rest.subtract(card for hand in state.hands for card in hand)
    rest.subtract(card for t in state.tableaux for card in t.cards())
    rest.subtract(state.discard_pile)
    return sorted(rest.elements())


def moment_both_ways(players: int = 2, holder_card: str = "right_of_way"):
    """The same Stop on side 1, played with the moment opened: once against a hand holding
    Right of Way, once against a hand holding a 100 in its place; every other hand the
    same, the rest of the deck in the draw pile."""
    states = []
    for card in (holder_card, "100"):
        fillers = iter(["25", "50", "repairs", "gasoline", "spare_tire", "end_of_limit"] * 6)
        hands = {seat: [next(fillers) for _ in range(6)] for seat in range(players)}
        hands[0] = ["stop"] + ["75"] * 6
        hands[1] = [card] + ["100"] * 5
        sides = Options(players=players).sides
        state = position(
            hands[0], None, {s: T("roll") for s in range(sides)}, players=players, hands=hands
        )
        state.hand_number = 1
        state.draw_pile = the_rest_of_the_deck(state)
        events = state.apply(Action("play", "stop", 1), moment=True)
        assert kinds(events) == ["hazard"], "nobody has drawn: the moment is open"
        assert state.phase == "coup_fourre"
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_moment_opened_after_every_hazard_looks_the_same_to_every_other_seat(players):
    held, not_held = moment_both_ways(players)
    assert held.to_act == 1 and held.legal_actions()[0].verb == "coup_fourre"
    assert not_held.to_act is None and not_held.pending.seat is None
    assert not_held.legal_actions() == (PASS_ACTION,), "nobody to ask: it can only pass"
    for seat in range(2, players):
        assert held.observation(seat) == not_held.observation(seat)
    assert held.observation(0) == not_held.observation(0), "the attacker sees the same"
    assert not_held.observation(1).phase == "waiting", "nothing is asked of side 1"


def test_a_moment_that_passes_goes_on_alike_held_or_not():
    held, not_held = moment_both_ways()
    assert (
        kinds(held.apply(PASS_ACTION))
        == kinds(not_held.apply(PASS_ACTION))
        == [
            "draw",
            "turn",
        ]
    )
    assert held.observation(0) == not_held.observation(0)
    assert held.to_act == not_held.to_act == 1


def test_a_moment_with_nobody_asked_is_saved_and_read_back():
    _, not_held = moment_both_ways(4)
    again = MilleState.from_json(not_held.to_json())
    assert again.to_json() == not_held.to_json() and again.pending.seat is None
    # And from the saved text, whose phase is a new text, not the engine's own.
    again = MilleState.from_json(json.loads(json.dumps(not_held.to_json())))
    assert again.to_json() == not_held.to_json() and again.to_act is None


def test_a_saved_moment_that_asks_nobody_while_a_seat_holds_the_safety_is_refused():
    held, _ = moment_both_ways()
    data = held.to_json()
    data["to_act"] = None
    data["pending"]["seat"] = None
    with pytest.raises(ValueError, match="coup fourré question"):
        MilleState.from_json(data)


def test_without_the_moment_a_hazard_nobody_can_answer_goes_straight_on():
    state = position(["stop"], T(), {1: T("roll")}, pile=["25"] * 5, hands={1: ["100"] * 6})
    assert kinds(play(state, "stop", 1)) == ["hazard", "draw", "turn"], "searches: no moment"


def test_a_coup_fourre_on_a_speed_limit_restored_from_its_saved_text():
    from mille_helpers import coup_fourre_question, lay, restore

    data = coup_fourre_question()
    lay(data, 1, "speed", "speed_limit")
    data["pending"]["hazard"] = "speed_limit"
    state = restore(data)
    events = state.apply(json.loads('["coup_fourre", "right_of_way", 1]'))
    assert events[0].data["removed"] == ["speed_limit", "stop"]
    assert state.tableaux[1].speed == [] and state.tableaux[1].battle == ["roll"]
    assert state.tableaux[1].coups_fourres == ["right_of_way"]


def test_coup_fourre_on_speed_limit_with_right_of_way():
    state = position(
        ["speed_limit"],
        T(),
        {1: T("roll stop")},
        pile=["25"] * 5,
        hands={1: ["right_of_way"] + ["100"] * 5},
    )
    play(state, "speed_limit", 1)
    events = state.apply(Action("coup_fourre", "right_of_way", 1))
    assert events[0].data["removed"] == ["speed_limit", "stop"]
    assert state.tableaux[1].speed == [] and state.tableaux[1].battle == ["roll"]
    assert "100" in legal_plays(state)


def test_coup_fourre_uncovering_a_hazard_must_still_mend_it():
    state = position(
        ["out_of_gas"],
        T(),
        {1: T("roll accident")},
        pile=["25"] * 5,
        hands={1: ["extra_tank", "repairs"] + ["100"] * 4},
    )
    play(state, "out_of_gas", 1)
    state.apply(Action("coup_fourre", "extra_tank", 1))
    assert state.tableaux[1].battle == ["roll", "accident"]
    assert legal_plays(state) == {"repairs"}


def test_coup_fourre_with_empty_draw_pile_still_takes_a_turn():
    state = position(
        ["flat_tire"], T(), {1: T("roll")}, pile=[], hands={1: ["puncture_proof", "100"]}
    )
    play(state, "flat_tire", 1)
    events = state.apply(Action("coup_fourre", "puncture_proof", 1))
    assert kinds(events) == ["coup_fourre", "turn"]
    assert state.to_act == 1 and state.hands[1] == ["100"]


@pytest.mark.parametrize(
    "players,attacker,side,holder,skipped,after",
    [
        (2, 0, 1, 1, [], 0),
        (2, 1, 0, 0, [], 1),
        (4, 0, 1, 1, [], 2),  # the defender was next anyway
        (4, 0, 1, 3, [1, 2], 0),  # partner across the table answers: 1 and 2 skipped
        (4, 2, 1, 1, [3, 0], 2),
        (6, 0, 2, 5, [1, 2, 3, 4], 0),
        (6, 0, 1, 4, [1, 2, 3], 5),
        (6, 4, 0, 3, [5, 0, 1, 2], 4),
        # An attacker in an odd seat (the count goes on from the seat after it, not from
        # its partner's or its own).
        (3, 1, 0, 0, [2], 1),
        (4, 1, 0, 0, [2, 3], 1),
        (6, 1, 0, 3, [2], 4),
    ],
)
def test_coup_fourre_skips_the_seats_between(players, attacker, side, holder, skipped, after):
    sides = Options(players=players).sides
    others = {s: T("roll") for s in range(sides)}
    hands = {seat: ["100"] * 6 for seat in range(players)}
    hands[holder] = ["driving_ace"] + ["100"] * 5
    hands[attacker] = ["accident"] + ["100"] * 6
    state = position(
        hands[attacker], None, others, players=players, seat=attacker, pile=["25"] * 30, hands=hands
    )
    play(state, "accident", side)
    assert state.phase == "coup_fourre" and state.to_act == holder
    events = state.apply(Action("coup_fourre", "driving_ace", side))
    assert events[0].data["skipped"] == skipped
    assert state.to_act == holder and state.turn_seat == holder
    play(state, "100")
    assert state.to_act == after


@pytest.mark.parametrize(
    "players, attacker, holder",
    [(2, 0, 1), (2, 1, 0), (4, 0, 3), (6, 0, 5), (3, 1, 0), (3, 2, 1), (4, 1, 0), (6, 3, 1)],
)
def test_declined_coup_fourre_resumes_normal_order(players, attacker, holder):
    sides = Options(players=players).sides
    others = {s: T("roll") for s in range(sides)}
    side = holder % sides
    hands = {seat: ["100"] * 6 for seat in range(players)}
    hands[holder] = ["driving_ace"] + ["100"] * 5
    hands[attacker] = ["accident"] + ["100"] * 6
    state = position(
        hands[attacker], None, others, players=players, seat=attacker, pile=["25"] * 30, hands=hands
    )
    play(state, "accident", side)
    assert state.phase == "coup_fourre"
    state.apply(PASS_ACTION)
    assert state.to_act == (attacker + 1) % players and state.pending is None


# --- extension -------------------------------------------------------------------------------


def test_reaching_700_offers_the_extension_to_that_player():
    state = position(["100"], T("roll", distance="200 200 100 100"))
    events = play(state, "100")
    assert kinds(events) == ["play", "extension_offered"]
    assert state.phase == "extension" and state.to_act == 0
    assert state.legal_actions() == (EXTEND_ACTION, END_HAND_ACTION)


def test_ending_at_700_completes_the_trip():
    state = position(["100"], T("roll", distance="200 200 100 100"))
    play(state, "100")
    events = state.apply(END_HAND_ACTION)
    assert events[0].kind == "hand_over" and events[0].data["completed_by"] == 0
    assert state.phase == "deal"


def test_extension_raises_target_to_1000_and_play_goes_on():
    state = position(["100", "100"], T("roll", distance="200 200 100 100"), pile=["25"] * 10)
    play(state, "100")
    events = state.apply(EXTEND_ACTION)
    assert events[0].kind == "extension" and events[0].data["target"] == 1000
    assert state.target == 1000 and state.extended_by == 0 and state.to_act == 1


def test_no_second_extension_and_1000_ends_the_hand():
    state = position(
        ["100"], T("roll", distance="200 200 100 100 100 100 100"), target=1000, extended_by=0
    )
    events = play(state, "100")
    assert kinds(events) == ["play", "hand_over"]
    assert events[-1].data["completed_by"] == 0


def test_after_an_extension_anyone_may_finish_first():
    state = position(
        ["200"],
        T("roll", distance="200 100 100 100 100 100 100"),
        {1: T("roll", distance="200 200 100 100 100")},
        target=1000,
        extended_by=1,
    )
    events = play(state, "200")
    assert events[-1].kind == "hand_over" and events[-1].data["completed_by"] == 0


@pytest.mark.parametrize("players", [3, 6])
def test_three_sides_play_to_700_with_extension(players):
    state = position(["100"], T("roll", distance="200 200 100 100"), players=players)
    play(state, "100")
    assert state.phase == "extension"


def test_four_players_end_at_1000_without_offer():
    state = position(["100"], T("roll", distance="100 " * 9), players=4)
    events = play(state, "100")
    assert events[-1].kind == "hand_over"


def test_extension_offer_cannot_be_skipped():
    state = position(["100"], T("roll", distance="200 200 100 100"))
    play(state, "100")
    with pytest.raises(IllegalAction):
        state.apply(Action("discard", "25"))


# --- end of a hand -----------------------------------------------------------------------


def test_hand_ends_when_all_cards_are_played_out():
    state = position(["25"], T("roll"), pile=[], hands={1: ["25", "stop"]})
    play(state, "25")
    assert state.to_act == 1 and state.hands[1] == ["25", "stop"]  # no draw: pile empty
    state.apply(Action("discard", "stop"))
    assert state.to_act == 1  # seat 0 has no card: skipped
    events = state.apply(Action("discard", "25"))
    assert events[-1].kind == "hand_over"
    assert events[-1].data["reason"] == "exhausted" and events[-1].data["completed_by"] is None


def test_play_goes_on_after_the_draw_pile_runs_out():
    state = position(["25", "25"], T("roll"), pile=["50"], hands={1: ["25"] * 6})
    play(state, "25")
    assert not state.draw_pile and len(state.hands[1]) == 7
    state.apply(Action("discard", "25"))
    assert state.to_act == 0 and len(state.hands[0]) == 1


@pytest.mark.parametrize(
    "hand, mine, others, card, side",
    [
        (["100"], T("roll"), {}, "100", 0),  # distance
        (["roll"], T(), {}, "roll", 0),  # a remedy
        (["end_of_limit"], T("roll", "speed_limit"), {}, "end_of_limit", 0),
        (["stop"], T(), {2: T("roll")}, "stop", 2),  # a hazard nobody can answer
    ],
)
def test_after_a_play_the_turn_passes_to_the_next_seat(hand, mine, others, card, side):
    state = position(hand, mine, others, players=3, seat=1, pile=["25"] * 5)
    state.tableaux[1] = mine
    play(state, card, side if card == "stop" else 1)
    assert state.to_act == 2 and state.turn_seat == 2


def test_a_game_is_to_5000_points_unless_the_table_says_otherwise():
    assert Options().game_target == 5000 and Options(players=4).game_target == 5000


def test_reaching_exactly_5000_ends_the_game():
    state = position(["100"], T("roll", distance="200 200 100 100"), {1: T(distance="25")})
    state.scores = [3900, 0]  # side 0 scores 700 + 400 = 1100 this hand
    play(state, "100")
    events = state.apply(END_HAND_ACTION)
    assert state.scores[0] == 5000 and events[-1].kind == "game_over"
    assert state.winners == [0] and state.phase == "game_over"


def test_a_game_ends_with_the_hand_that_takes_a_side_exactly_to_its_own_target():
    state = position(
        ["100"], T("roll", distance="200 200 100 100"), {1: T(distance="25")}, game_target=1900
    )
    state.scores = [800, 0]
    play(state, "100")
    assert state.apply(END_HAND_ACTION)[-1].kind == "game_over" and state.scores[0] == 1900


def test_game_ends_at_5000_and_higher_total_wins():
    state = position(
        ["100"], T("roll", distance="200 200 100 100"), {1: T("roll", distance="100 50")}
    )
    state.scores = [4500, 4900]
    play(state, "100")
    events = state.apply(END_HAND_ACTION)
    over = events[-1]
    assert over.kind == "game_over" and state.phase == "game_over"
    # Both pass 5000: side 0 has 700 + 400 (trip; two 200s, so no safe trip), side 1 150.
    assert state.scores == [4500 + 700 + 400, 4900 + 150]
    assert state.winners == [0] and over.data["tie"] is False
    assert state.legal_actions() == ()


def test_game_tie_is_a_tie():
    state = position(["100"], T("roll", distance="200 200 100 100"), {1: T(distance="100")})
    state.scores = [4000, 5000]  # side 0 scores 1100 this hand, side 1 scores 100
    play(state, "100")
    over = state.apply(END_HAND_ACTION)[-1]
    assert state.scores[0] == state.scores[1] and state.winners == [0, 1]
    assert over.kind == "game_over" and over.data["tie"] is True


def test_below_5000_the_next_hand_is_dealt():
    state = position(["100"], T("roll", distance="200 200 100 100"))
    play(state, "100")
    state.apply(END_HAND_ACTION)
    assert state.legal_actions() == (DEAL_ACTION,)
    with pytest.raises(ValueError):
        state.apply(DEAL_ACTION)  # dealing needs a random.Random
    events = state.apply(DEAL_ACTION, random.Random(5))
    assert events[0].kind == "deal" and state.tableaux[0].km == 0


def test_redact_hides_other_seats_draws():
    from game.engine.mille.rules import redact

    state = position(["roll"], T(), pile=["25", "stop"])
    events = play(state, "roll")
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data["seat"] == 1 and draw.data["card"] == "stop"
    # Who drew and how many cards are left, not what was drawn.
    assert redact(draw, 0).data == {"seat": 1, "draw_pile": draw.data["draw_pile"]}
    assert redact(draw, 1).data["card"] == "stop"
    assert redact(events[0], 0) == events[0]


def test_a_roll_on_a_stop_lets_you_move_without_a_second_roll():
    state = position(["roll", "100"], T("roll stop"), pile=["25"] * 5)
    play(state, "roll")
    state.apply(Action("discard", "25"))
    assert "100" in legal_plays(state)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_with_the_pile_gone_an_empty_handed_seat_is_skipped_clockwise(players):
    # Seat 1 has no card left; the turn passes on round the table, never back.
    hands = {seat: ["25"] for seat in range(2, players)}
    hands[1] = []
    state = position(["25", "25"], T("roll"), pile=[], players=players, hands=hands)
    order = []
    while state.phase == "play":
        events = state.apply(Action("discard", "25"))
        order += [e.data["seat"] for e in events if e.kind == "turn"]
    assert order == [*range(2, players), 0]
    assert events[-1].kind == "hand_over" and events[-1].data["reason"] == "exhausted"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_whole_hand_can_be_played_with_actions_as_a_guest_sends_them(players):
    """A guest's action arrives as JSON text: a list, its texts new objects."""
    rng, state = random.Random(players), MilleState.new_game(Options(players=players))
    live = MilleState.new_game(Options(players=players))
    while state.phase != "game_over" and state.hand_number < 2:
        action = rng.choice(state.legal_actions())
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
        dealing = random.Random(state.hand_number)
        events = state.apply(json.loads(json.dumps(action.to_json())), dealing)
        assert events == live.apply(action, random.Random(live.hand_number))
        assert state.to_json() == live.to_json()
        assert state.card_count() == (state.options.deck_size if state.hand_number else 0)


def test_actions_are_json_arrays_of_verb_card_and_side():
    assert PASS_ACTION.to_json() == ["pass", "", -1]
    assert END_HAND_ACTION.to_json() == ["end_hand", "", -1]
    assert Action("discard", "25").to_json() == ["discard", "25", -1]
    assert Action("play", "stop", 1).to_json() == ["play", "stop", 1]
    for data in (["pass", "", -1], ["play", "stop", 1], ["coup_fourre", "right_of_way", 0]):
        assert Action.from_json(data).to_json() == data


@pytest.mark.parametrize("call", ['["end_hand", "", -1]', '["extend", "", -1]'])
def test_the_extension_question_answered_as_a_guest_sends_it(call):
    state = position(["100"], T("roll", distance="200 200 100 100"))
    play(state, "100")
    events = state.apply(json.loads(call))
    assert events[0].kind == ("hand_over" if "end_hand" in call else "extension")


def test_the_opponents_of_a_side_are_every_other_side():
    assert MilleState.new_game(Options(players=2)).opponents(1) == [0]
    assert MilleState.new_game(Options(players=6)).opponents(1) == [0, 2]
    assert MilleState.new_game(Options(players=3)).opponents(0) == [1, 2]


def test_playable_lists_every_way_to_play_one_card():
    state = position(["stop", "100"], T("roll"), {1: T("roll"), 2: T()}, players=3)
    assert state.playable(0, "stop") == [Action("play", "stop", 1)]
    assert state.playable(0, "100") == [Action("play", "100", 0)]
    assert state.playable(0, "repairs") == []


# --- what the mutation run found unnoticed (issue 30) -------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_discard_passes_the_turn_to_the_next_seat_round_the_table(players):
    state = position(["25", "25"], T(), players=players, seat=1)
    events = state.apply(Action("discard", "25"))
    assert state.to_act == state.turn_seat == 2
    assert events[-1].data == {"seat": 2, "extra": False}  # an ordinary turn


@pytest.mark.parametrize("players", [3, 6])
def test_after_an_extension_the_turn_passes_to_the_next_seat(players):
    state = position(["100"], T("roll", distance="200 200 100 100"), players=players, seat=1)
    play(state, "100")
    assert state.phase == "extension" and state.to_act == 1
    events = state.apply(EXTEND_ACTION)
    assert events[0].data == {"seat": 1, "side": 1, "target": 1000}
    assert state.to_act == state.turn_seat == 2 and state.target == 1000


@pytest.mark.parametrize("players", [4, 6])
def test_with_the_pile_gone_several_empty_handed_seats_are_skipped_clockwise(players):
    # Seats 1 and 2 have nothing left: from seat 0 the turn goes to 3, on round, then 0.
    hands = {seat: ["25"] for seat in range(3, players)}
    hands[1] = hands[2] = []
    state = position(["25", "25"], T("roll"), pile=[], players=players, hands=hands)
    turns = []
    while state.phase == "play":
        events = state.apply(Action("discard", "25"))
        turns += [e.data for e in events if e.kind == "turn"]
    assert [turn["seat"] for turn in turns] == [*range(3, players), 0]
    assert not any(turn["extra"] for turn in turns)


def test_after_a_safety_an_empty_handed_seat_passes_on_an_ordinary_turn():
    state = position(["driving_ace"], T(), pile=[], hands={1: ["25"]})
    events = play(state, "driving_ace")
    assert events[-1].kind == "turn" and events[-1].data == {"seat": 1, "extra": False}


def test_the_turn_after_a_coup_fourre_is_an_extra_one():
    state = position(
        ["accident"], T(), {1: T("roll")}, pile=["25"] * 4, hands={1: ["driving_ace"] + ["100"] * 5}
    )
    play(state, "accident", 1)
    events = state.apply(json.loads('["coup_fourre", "driving_ace", 1]'))  # as a guest sends it
    assert events[0].kind == "coup_fourre" and state.tableaux[1].coups_fourres == ["driving_ace"]
    assert events[-1].kind == "turn" and events[-1].data == {"seat": 1, "extra": True}


def test_a_coup_fourre_on_a_stop_leaves_the_speed_pile_alone():
    # An End of Limit shows on side 1's speed pile: the Stop comes off the battle pile.
    state = position(
        ["stop"],
        T(),
        {1: T("roll", "speed_limit end_of_limit")},
        pile=["25"] * 4,
        hands={1: ["right_of_way"] + ["100"] * 5},
    )
    play(state, "stop", 1)
    events = state.apply(Action("coup_fourre", "right_of_way", 1))
    assert events[0].data["removed"] == ["stop"]
    assert state.tableaux[1].speed == ["speed_limit", "end_of_limit"]
    assert state.tableaux[1].battle == ["roll"] and state.discard_pile == ["stop"]


def test_a_hazard_sent_as_json_text_opens_the_moment_at_a_table():
    """The table's apply(..., moment=True) with a guest's action: its texts are new
    objects, not the engine's own."""
    state = position(["stop"], T(), {1: T("roll")}, pile=["25"] * 5, hands={1: ["100"] * 6})
    events = state.apply(json.loads('["play", "stop", 1]'), moment=True)
    assert kinds(events) == ["hazard"] and state.phase == "coup_fourre"
    assert state.pending == Pending("stop", 0, 1, None) and state.to_act is None


@pytest.mark.parametrize("verb", ["bogus", "dice", "fold", "zap"])
def test_an_unknown_verb_is_refused_even_unchecked(verb):
    # Searches skip the legality check; a verb that is none of the engine's is still refused
    # (the verbs sort coup_fourre < deal < discard < end_hand < extend < pass < play).
    state = position(["25", "stop"], T(), {1: T("roll")})
    before = state.to_json()
    with pytest.raises(IllegalAction, match="unknown verb"):
        state.apply_unchecked(Action(verb, "stop", 1))
    assert state.to_json() == before


def test_redact_hides_a_draw_from_every_other_seat_and_leaves_other_events_alone():
    from game.engine.core import Event
    from game.engine.mille.rules import redact

    draw = Event("draw", {"seat": 0, "card": "stop", "draw_pile": 3})
    assert redact(draw, 1) == Event("draw", {"seat": 0, "draw_pile": 3})
    assert redact(draw, 2) == Event("draw", {"seat": 0, "draw_pile": 3})
    assert redact(draw, 0) == draw
    for event in (
        Event("deal", {"hand_number": 1, "first_seat": 0, "draw_pile": 93}),
        Event("discard", {"seat": 1, "card": "stop"}),
        Event("coup_fourre", {"seat": 1, "side": 1, "card": "right_of_way", "hazard": "stop"}),
        Event("turn", {"seat": 1, "extra": False}),
        Event("hazard", {"seat": 1, "side": 0, "card": "stop"}),
        Event("safety", {"seat": 0, "side": 0, "card": "driving_ace", "removed": []}),
    ):
        assert redact(event, 2) == event and redact(event, 0) == event


def test_table_options_are_two_players_by_default_fixed_once_checked_and_read_back():
    from dataclasses import FrozenInstanceError

    assert Options().players == 2 and MilleState.new_game().players == 2
    options = Options(players=3, hazards_only_on_roll=True, short_deck=True, game_target=3000)
    assert Options.from_json(options.to_json()) == options
    assert Options.from_json(Options().to_json()) == Options()
    with pytest.raises(FrozenInstanceError):
        options.players = 4  # would slip past the check made when they were made


@pytest.mark.parametrize("players", [2, 3])
def test_before_the_first_deal_the_turn_is_with_the_seat_that_opens_the_first_hand(players):
    state = MilleState.new_game(Options(players=players))
    assert (state.turn_seat, state.first_seat, state.to_act) == (0, 0, None)
    view = state.observation(players - 1)
    assert (view.turn_seat, view.first_seat) == (0, 0)
    state.apply(DEAL_ACTION, random.Random(1))
    assert state.first_seat == state.turn_seat == 0


def test_an_action_from_the_network_is_three_items_with_a_side_of_the_largest_table():
    from game.engine.saved import InvalidState

    for data in (["pass", "", -1], ["play", "stop", 2], ["discard", "25", 0]):
        assert MilleState.action_from_json(data) == Action(*data)
    for data, message in (
        (["pass", ""], "action: 2 items, not 3..3"),
        (["pass", "", -1, 0], "action: 4 items, not 3..3"),
        (["play", "stop", 3], "action[2]: 3 is not within -1..2"),
        (["pass", "", -2], "action[2]: -2 is not within -1..2"),
    ):
        with pytest.raises(InvalidState) as refused:
            MilleState.action_from_json(data)
        assert str(refused.value) == message


def test_a_tableau_is_its_cards_whatever_distance_was_read_before():
    from game.engine.mille.rules import Tableau

    assert T().km == 0 and T(distance="75").km == 75  # read first with no card and one card
    read, fresh = T("roll", distance="100 25"), T("roll", distance="100 25")
    assert read.km == 125  # fills the km cache of one of them
    assert read == fresh and repr(read) == repr(fresh)
    with pytest.raises(TypeError):  # the cache is no field anyone can set
        Tableau([], [], [], [], [], (1, 999))
    assert Tableau.from_json(read.to_json()) == read
    read.distance.pop()  # a card taken back off (a test, or a search undoing its play)
    assert read.km == 100


def line_points(events) -> dict:
    """Side 0's score sheet lines at the hand's end, by key."""
    sheet = events[-1].data["sides"][0] if events[-1].kind == "hand_over" else None
    assert sheet is not None
    return {line["key"]: line["points"] for line in sheet["lines"]}


@pytest.mark.parametrize("pile, delayed", [([], 300), (["25"], 0)])
def test_a_trip_completed_after_the_pile_ran_out_earns_the_delayed_action(pile, delayed):
    state = position(["100"], T("roll", distance="200 200 100 100"), pile=pile)
    play(state, "100")
    assert line_points(state.apply(END_HAND_ACTION))["delayed_action"] == delayed


def test_a_trip_completed_after_an_extension_earns_its_bonus_and_not_before():
    extended = position(
        ["100"], T("roll", distance="200 200 100 100 100 100 100"), target=1000, extended_by=0
    )
    assert line_points(play(extended, "100"))["extension"] == 200
    ended = position(["100"], T("roll", distance="200 200 100 100"))
    play(ended, "100")
    assert line_points(ended.apply(END_HAND_ACTION))["extension"] == 0
