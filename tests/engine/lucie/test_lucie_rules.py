"""One test per rule sentence of La Belle Lucie (seed 002 and issue 8)."""

from __future__ import annotations

import pytest
from lucie_layouts import layout

from game.engine.lucie import LucieGame, Position
from game.engine.lucie.rules import DECK_SIZE, Move, apply_move, card_code


def kinds(events):
    return [e.kind for e in events]


def codes(*texts):
    return tuple(card_code(t) for t in texts)


# ----------------------------------------------------------------- the deal


def test_deal_is_17_fans_of_three_and_one_of_one():
    start = Position.deal(7)
    assert [len(fan) for fan in start.fans] == [3] * 17 + [1]
    assert len(set(start.tableau_cards())) == DECK_SIZE
    assert start.foundations == (0, 0, 0, 0)
    assert start.redeals_left == 2 and not start.draw_available


def test_deal_number_gives_the_same_layout_every_time():
    assert Position.deal(12345) == Position.deal(12345)
    assert Position.deal(1) != Position.deal(2)


# ----------------------------------------------------------------- foundations


def test_an_ace_starts_its_foundation():
    p = layout("5D AC")
    after, events = apply_move(p, "AC")
    assert kinds(events) == ["to_foundation"]
    assert events[0].data == {"card": "AC", "fan": 0, "index": 1, "suit": "C"}
    assert after.foundations == (1, 0, 0, 0)


@pytest.mark.parametrize("card, suit", [("AC", "C"), ("AD", "D"), ("AH", "H"), ("AS", "S")])
def test_a_card_sent_home_names_its_suit(card, suit):
    _, events = apply_move(layout(f"5D 7H 9C {card}"), card)
    assert events[0].data == {"card": card, "fan": 0, "index": 3, "suit": suit}


def test_foundations_build_up_by_suit():
    p = layout("5D 2C\n9H 2H", home="AC")
    after, events = apply_move(p, "2C")
    assert kinds(events) == ["to_foundation"] and after.foundations[0] == 2
    _, events = apply_move(p, "2H")  # the ace of hearts is not home: 2H cannot go up
    assert kinds(events) == ["locate"]


def test_foundation_needs_the_rank_just_below():
    p = layout("5D 4C", home="2C")
    _, events = apply_move(p, "4C")
    assert kinds(events) == ["locate"]


# ----------------------------------------------------------------- the tableau


def test_only_the_top_card_of_a_fan_is_available():
    p = layout("5D 2C 9H", home="AC")
    after, events = apply_move(p, "2C")
    assert kinds(events) == ["illegal"] and events[0].data["reason"] == "buried"
    assert events[0].data["fan"] == 0 and events[0].data["index"] == 1
    assert after is p
    assert "2C" not in [m.card for m in p.legal_moves()]


def test_top_card_builds_on_same_suit_one_rank_higher():
    p = layout("AS 7S\n9H 8S")
    after, events = apply_move(p, "7S")
    assert kinds(events) == ["to_tableau"]
    assert events[0].data == {"card": "7S", "fan": 0, "index": 1, "to_fan": 1, "onto": "8S"}
    assert after.fans[:2] == (codes("AS"), codes("9H", "8S", "7S"))


@pytest.mark.parametrize("target", ["8H", "9S", "6S"])
def test_no_build_on_another_suit_or_another_rank(target):
    p = layout(f"AS 7S\n5D {target}")
    _, events = apply_move(p, "7S")
    assert kinds(events) == ["locate"]


def test_kings_go_only_to_foundations():
    p = layout("AS KS\n2S QS")
    _, events = apply_move(p, "KS")
    assert kinds(events) == ["locate"]
    assert [m.card for m in p.legal_moves()] == ["QS"]  # a queen may go on its king
    after, events = apply_move(p, "QS")
    assert kinds(events) == ["to_tableau"] and after.fans[0][-1] == card_code("QS")


def test_an_emptied_fan_stays_empty():
    p = layout("8H 7H\n9D\n5S TD", home="8D")
    after, events = apply_move(p, "9D")
    assert kinds(events) == ["to_foundation", "auto_foundation"]  # TD follows
    assert after.fans[1] == ()
    assert len(after.fans) == len(p.fans)
    # Nothing can be put into the empty fan: the 5S still has nowhere to go.
    _, events = apply_move(after, "5S")
    assert kinds(events) == ["locate"]


# ----------------------------------------------------------------- the seed's order


def test_engine_tries_the_foundation_before_the_tableau():
    p = layout("AS 9C\n5D TC", home="8C")
    after, events = apply_move(p, "9C")
    assert kinds(events)[0] == "to_foundation"


def test_automatic_foundation_chain_follows_the_suit_while_on_top():
    p = layout("2H JC\nQC 4D\n3D KD\nAH TC", home="9C AD")
    after, events = apply_move(p, "TC")
    # TC home, then the JC on top of fan 0; the QC lies under the 4D, so the chain stops.
    assert kinds(events) == ["to_foundation", "auto_foundation"]
    assert events[1].data == {"card": "JC", "fan": 0, "index": 1}
    assert after.foundations == (11, 1, 0, 0)  # and no other suit moved (the 2H, the AH)


def test_automatic_chain_runs_up_to_the_king():
    p = layout("KS 9S\nQS JS\n5D 4D TS", home="8S KC")
    after, events = apply_move(p, "9S")
    assert kinds(events) == ["to_foundation"] + ["auto_foundation"] * 4
    assert [e.data["card"] for e in events[1:]] == ["TS", "JS", "QS", "KS"]
    places = [(e.data["fan"], e.data["index"]) for e in events[1:]]
    assert places == [(2, 2), (1, 1), (1, 0), (0, 0)]
    assert after.foundations == (13, 0, 0, 13) and after.fans[:3] == ((), (), codes("5D", "4D"))


def test_automatic_chain_takes_a_card_the_chain_uncovers():
    p = layout("4D 3D\n2D", home="KC AD KH KS")
    after, events = apply_move(p, "2D")
    assert kinds(events)[:3] == ["to_foundation", "auto_foundation", "auto_foundation"]
    assert after.foundations[1] == 4


def test_unmovable_card_is_located():
    p = layout("AS 7S\n9H 2D", home="AD")
    after, events = apply_move(p, "7S")
    assert kinds(events) == ["locate"]
    assert events[0].data == {"card": "7S", "fan": 0, "index": 1}
    assert after is p


def test_each_legal_move_says_where_the_card_is_and_where_it_goes():
    p = layout("5D 2C\n9H 8S\nAS 7S\n4D KH", home="AC")
    assert p.legal_moves() == [
        Move("2C", "foundation", from_fan=0, from_index=1, to_fan=None, draw=False),
        Move("7S", "tableau", from_fan=2, from_index=1, to_fan=1, draw=False),
    ]


def test_a_move_is_a_value():
    moves = layout("5D 2C\n9H 8S\nAS 7S\n4D KH", home="AC").legal_moves()
    assert len(set(moves)) == 2 and moves[0] == Move("2C", "foundation", 0, 1, None, False)
    with pytest.raises(AttributeError):
        moves[0].card = "3C"  # type: ignore[misc]


def test_with_the_draw_buried_cards_move_too_and_say_so():
    p = drawn()
    moves = p.legal_moves()
    assert Move("9C", "foundation", from_fan=0, from_index=1, to_fan=None, draw=True) in moves
    assert Move("2S", "foundation", from_fan=0, from_index=2, to_fan=None, draw=False) in moves
    assert Move("9S", "tableau", from_fan=2, from_index=1, to_fan=2, draw=True) in moves
    for move in moves:
        assert move.draw == (move.from_index < len(p.fans[move.from_fan]) - 1)
        assert p.fans[move.from_fan][move.from_index] == card_code(move.card)


# ----------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["7s", "7S", " 7s ", "7S\n"])
def test_notation_in_either_case(text):
    _, events = apply_move(layout("AS 7S\n9H 8S"), text)
    assert kinds(events) == ["to_tableau"]


@pytest.mark.parametrize(
    "text, card",
    [
        ("ac", "AC"),
        ("2s", "2S"),
        ("th", "TH"),
        ("10h", "TH"),
        ("jd", "JD"),
        ("Qh", "QH"),
        ("kC", "KC"),
    ],
)
def test_two_character_notation(text, card):
    assert card_code(text) == card_code(card)


@pytest.mark.parametrize("text", ["", "1S", "ZZ", "AX", "KING", "11C"])
def test_unknown_card_is_illegal(text):
    p = Position.deal(1)
    after, events = apply_move(p, text)
    assert kinds(events) == ["illegal"] and events[0].data["reason"] == "unknown_card"
    assert after is p


def test_card_already_home_is_illegal():
    _, events = apply_move(layout("AS 7S\n9H 8S", home="5H"), "5H")
    assert kinds(events) == ["illegal"] and events[0].data["reason"] == "on_foundation"
    assert str(events[0].data["message"]) == "The five of hearts is already on its foundation"


@pytest.mark.parametrize(
    "card, name",
    [("AC", "ace"), ("2D", "two"), ("9H", "nine"), ("TS", "ten"), ("JC", "jack"), ("KD", "king")],
)
def test_messages_name_the_card_in_words(card, name):
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[card[1]]
    p = layout(f"{card} QS", home="")
    _, events = apply_move(p, card)
    assert str(events[0].data["message"]) == (
        f"The {name} of {suit} is buried; only the top card of a fan plays"
    )


# ----------------------------------------------------------------- redeals


def test_two_redeals_with_foundations_kept_then_no_more():
    game = LucieGame.new(3)
    home_before = game.position.foundations
    events = game.redeal()
    assert kinds(events) == ["redeal"]
    assert game.redeals_left == 1 and not game.draw_available
    assert game.position.foundations == home_before
    events = game.redeal()
    assert kinds(events) == ["redeal"] and events[0].data["draw_available"]
    assert game.redeals_left == 0 and game.draw_available
    events = game.redeal()
    assert kinds(events) == ["illegal"] and events[0].data["reason"] == "no_redeals"


@pytest.mark.parametrize(
    "home, sizes", [("QC QD 7H", [3] * 7), ("QC QD 8H", [3] * 6 + [2]), ("KC QD 8H", [3] * 6 + [1])]
)
def test_redeal_gathers_every_tableau_card_and_deals_threes_remainder_last(home, sizes):
    p = layout("AS 7S\n9H 8S", home=home)
    cards = sorted(p.tableau_cards())
    game = LucieGame(p, deal=9)
    game.redeal()
    assert sorted(game.position.tableau_cards()) == cards
    assert [len(f) for f in game.position.fans] == sizes
    assert game.position.fans != p.fans


def test_redeal_shuffles_follow_deal_number_and_redeal_index():
    a, b = LucieGame.new(42), LucieGame.new(42)
    a.redeal()
    b.redeal()
    assert a.position == b.position
    first = a.position
    replay = LucieGame.new(42)
    replay.redeal()
    assert replay.position == first, "the same deal number shuffles the same way again"
    a.redeal()
    b.redeal()
    assert a.position == b.position


# ----------------------------------------------------------------- the draw


def drawn() -> Position:
    return layout("5H 9C 2S\n3S 4S KH\n7D 9S TS", home="8C AS", redeals=0, draw=True)


def test_the_draw_may_take_a_buried_card_to_its_foundation():
    after, events = apply_move(drawn(), "9C")
    assert kinds(events)[:2] == ["draw_used", "to_foundation"]
    assert after.foundations[0] == 9 and not after.draw_available


def test_the_draw_may_take_a_buried_card_to_the_tableau():
    after, events = apply_move(drawn(), "9S")  # from under the TS onto the TS itself
    assert kinds(events)[:2] == ["draw_used", "to_tableau"]
    assert after.fans[2] == codes("7D", "TS", "9S")


def test_a_top_card_move_ends_the_draw_window():
    after, events = apply_move(drawn(), "2S")
    assert kinds(events)[:2] == ["draw_expired", "to_foundation"]
    assert not after.draw_available
    _, events = apply_move(after, "3S")
    assert events[0].data["reason"] == "buried"


def test_a_failed_attempt_keeps_the_draw():
    after, events = apply_move(drawn(), "5H")  # buried, but nowhere to go
    assert kinds(events) == ["locate"] and after.draw_available


def test_no_draw_before_the_second_redeal():
    game = LucieGame.new(5)
    assert not game.draw_available
    game.redeal()
    assert not game.draw_available and not any(m.draw for m in game.position.legal_moves())
    game.redeal()
    assert game.draw_available and any(m.draw for m in game.position.legal_moves())


# ----------------------------------------------------------------- score and the end


@pytest.mark.parametrize("home, score", [(0, 0), (1, 1), (26, 50), (51, 98), (52, 100)])
def test_score_is_cards_home_times_100_over_52_rounded_down(home, score):
    found = [min(13, max(0, home - 13 * s)) for s in range(4)]
    cards = [s * 16 + r for s in range(4) for r in range(found[s] + 1, 14)]
    p = Position(tuple((c,) for c in cards), (found[0], found[1], found[2], found[3]))
    assert p.score == score
    assert p.redeals_left == 0 and not p.draw_available  # a position's defaults


def test_win_when_all_52_are_home():
    p = layout("KS", home="KC KD KH QS", redeals=0)
    after, events = apply_move(p, "KS")
    assert kinds(events) == ["to_foundation", "won"]
    assert events[1].data == {"score": 100, "redeals_unused": 0}
    assert after.is_won and after.is_over and after.score == 100


def test_hand_over_when_no_move_and_no_redeal_remain():
    p = layout("KS 4S\nQS 9H", home="KC KD 8H 2S", redeals=0)
    after, events = apply_move(p, "9H")
    assert kinds(events) == ["to_foundation", "hand_over"]
    assert after.is_over and not after.is_won


def test_not_over_while_a_redeal_remains():
    p = layout("KH AS 5S", home="KC KD QH", redeals=1)
    assert not p.legal_moves() and not p.is_over
