"""Positions from text, saving, undo/redo and the scene-facing game object."""

from __future__ import annotations

import json

import pytest
from lucie_layouts import layout

from game.engine.lucie import LucieGame, Position
from game.engine.lucie.rules import ALL_CARDS, card_code
from game.engine.saved import InvalidState

SAMPLE = """\
# a position for a bug report
KH AS 5S
7d 8D
--
QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC
foundations: 6D QH
redeals: 1
draw: no
"""


def test_position_from_text_reads_fans_bottom_to_top_in_either_case():
    p = Position.from_text(SAMPLE + "2S 3S 4S 6S 7S 8S 9S TS JS QS KS KC 9D TD JD QD KD\n")
    assert p.fans[0] == (card_code("KH"), card_code("AS"), card_code("5S"))
    assert p.fans[1] == (card_code("7D"), card_code("8D"))
    assert p.fans[2] == ()
    assert p.foundations == (0, 6, 12, 0)
    assert p.redeals_left == 1 and not p.draw_available


def test_position_text_round_trip_of_a_deal():
    p = Position.deal(77)
    assert Position.from_text(p.to_text()) == p


@pytest.mark.parametrize(
    "home, tops",
    [
        ("3C 5D", (3, 5, 0, 0)),
        ("5d 3c", (3, 5, 0, 0)),
        ("2H", (0, 0, 2, 0)),
        ("AS", (0, 0, 0, 1)),
        ("2C 5D 7H KS", (2, 5, 7, 13)),
        ("KC KD KH QS", (13, 13, 13, 12)),
    ],
)
def test_a_foundations_line_gives_each_suit_its_own_top(home, tops):
    p = layout("KS" if tops[3] == 12 else "QD JD\n9H 8H", home=home)
    rest = [line for line in p.to_text().splitlines() if not line.startswith("foundations")]
    text = "\n".join([*rest, f"Foundations: {home}"])
    assert Position.from_text(text).foundations == tops == p.foundations
    assert Position.from_text(p.to_text()) == p


@pytest.mark.parametrize("line", ["foundations: -", "foundations:", "foundation: none"])
def test_an_empty_foundations_line_means_no_card_home(line):
    p = Position.deal(3)
    rest = [row for row in p.to_text().splitlines() if not row.startswith("foundations")]
    assert Position.from_text("\n".join([*rest, line])).foundations == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "line, message",
    [
        ("foundations: 3C 5C", "line 2: two foundation tops for one suit"),
        ("foundations: 3C XX", "line 2: .*not a card"),
        ("redeals: two", "line 2: redeals must be 0 to 2"),
        ("draw: maybe", "line 2: draw must be yes or no"),
        ("7Q", "line 2: .*not a card"),
    ],
)
def test_a_bad_line_is_named_by_its_number(line, message):
    with pytest.raises(ValueError, match=message):
        Position.from_text("KS\n" + line)


@pytest.mark.parametrize(
    "line, redeals, draw",
    [
        ("redeal: 2", 2, False),
        ("redeals: 0", 0, False),
        ("draw: yes", 0, True),
        ("draw: true", 0, True),
        ("draw: 1", 0, True),
        ("draw: no", 0, False),
        ("draw: false", 0, False),
        ("draw: 0", 0, False),
    ],
)
def test_redeals_and_draw_lines_in_every_spelling(line, redeals, draw):
    text = Position.deal(4).to_text()
    rest = [row for row in text.splitlines() if not row.startswith(("redeals", "draw"))]
    p = Position.from_text("\n".join([*rest, line]))
    assert (p.redeals_left, p.draw_available) == (redeals, draw)


@pytest.mark.parametrize(
    "fans, home", [("AS 7S\n9H 8S", "8H KD KC"), ("QD JD", "3C 5D"), ("9H 8H", "JD 2S")]
)
def test_foundations_are_inferred_when_not_given(fans, home):
    p = layout(fans, home=home)
    text = "\n".join(
        line for line in p.to_text().splitlines() if not line.startswith("foundations")
    )
    assert Position.from_text(text).foundations == p.foundations


@pytest.mark.parametrize("tops", [(-1, 0, 0, 0), (0, 14, 0, 0)])
def test_a_foundation_rank_out_of_range_is_refused(tops):
    fans = tuple((c,) for c in ALL_CARDS)
    with pytest.raises(ValueError, match="foundation ranks must be 0 to 13"):
        Position(fans, tops).check()


@pytest.mark.parametrize("redeals", [-1, 3])
def test_redeals_left_out_of_range_are_refused(redeals):
    with pytest.raises(ValueError, match="redeals left must be 0 to 2"):
        Position(tuple((c,) for c in ALL_CARDS), redeals_left=redeals).check()


def test_a_position_of_fans_alone_has_nothing_home_no_redeal_and_no_draw():
    p = Position(tuple((c,) for c in ALL_CARDS))
    assert p.foundations == (0, 0, 0, 0) and p.redeals_left == 0 and not p.draw_available
    p.check()


def test_draw_and_redeals_lines():
    p = layout("AS 7S\n9H 8S", home="8H KD KC", redeals=0, draw=True)
    text = p.to_text()
    assert "redeals: 0" in text and "draw: yes" in text
    assert Position.from_text(text) == p


@pytest.mark.parametrize(
    "text, message",
    [
        ("AS AS", "AS appears twice"),
        ("AS 2S AS 5D 2S", "^2S AS appears twice$"),
        ("AS 2S", "missing"),
        ("AS XX", "not a card"),
        ("KS\nfoundations: KC KD KH KS", "KS is both in a fan and on its foundation"),
        ("3D\nfoundations: KC KD KH KS", "3D is both in a fan and on its foundation"),
        ("KS\nfoundations: KC KD KH", "missing"),
        ("KS\nfoundations: KC KD KH QS\nredeals: 3", "redeals"),
        ("KS\nfoundations: KC KD KH QS\ncolour: red", "unknown setting 'colour'"),
        ("KS\nfoundations: KC KD KH QS\nspeed: fast", "line 3: unknown setting 'speed'"),
        ("KS\nfoundations: KC KD KH QS\nredeals: 1:2", "line 3: redeals must be 0 to 2"),
    ],
)
def test_bad_position_text_is_a_clear_error(text, message):
    with pytest.raises(ValueError, match=message):
        Position.from_text(text)


def test_position_json_round_trip():
    p = Position.deal(5)
    data = json.loads(json.dumps(p.to_json()))
    assert Position.from_json(data) == p


# ----------------------------------------------------------------- the game object


def test_new_game_layout_for_the_scene():
    game = LucieGame.new(11)
    assert len(game.fans) == 18 and all(len(card) == 2 for fan in game.fans for card in fan)
    assert game.foundation_tops == {"C": None, "D": None, "H": None, "S": None}
    assert game.redeals_left == 2 and not game.draw_available and game.score == 0
    assert "redeal" in game.legal_actions()


def test_undo_and_redo_restore_positions_and_replay_events():
    game = LucieGame.new(2)
    start = game.position
    played = []
    for _ in range(8):
        moves = game.position.legal_moves()
        if not moves:
            break
        played.append(game.move(moves[0].card))
    assert played, "deal 2 has moves to play"
    end = game.position
    while game.can_undo:
        assert game.undo()[0].kind == "undo"
    assert game.position == start
    assert game.undo()[0].kind == "illegal"
    replayed = []
    while game.can_redo:
        replayed.append(game.redo())
    assert replayed == played  # the same moves, the same events
    assert game.position == end
    assert game.redo()[0].kind == "illegal"


def test_a_new_action_after_undo_drops_the_redo_line():
    game = LucieGame.new(2)
    first, second = game.position.legal_moves()[:2]
    game.move(first.card)
    game.undo()
    assert game.can_redo
    game.move(second.card)
    assert not game.can_redo


def test_undo_never_takes_back_a_shuffle_nor_the_move_the_free_draw_was_offered_for():
    game = LucieGame.new(2)
    game.move(game.position.legal_moves()[0].card)
    game.redeal()
    assert not game.can_undo, "the shuffle is final"
    assert game.undo()[0].data["reason"] == "final"
    moves = game.position.legal_moves()
    assert moves
    game.move(moves[0].card)
    assert game.can_undo, "a move within the deal may be taken back"
    assert game.undo_floor == 2, "back to the shuffle, the first move's before it"
    game.undo()
    game.redeal()
    assert game.draw_available
    draw = next(m for m in game.position.legal_moves() if m.draw)
    game.move(draw.card)
    assert not game.can_undo, "the draw's move is final: no trying every draw"
    moves = game.position.legal_moves()
    if moves:
        game.move(moves[0].card)
        game.undo()
        assert not game.can_undo


def test_a_hand_just_dealt_is_neither_won_nor_over():
    game = LucieGame.new(2)
    assert game.is_won is False and game.is_over is False and game.score == 0


def test_illegal_moves_do_not_enter_the_history():
    game = LucieGame.new(2)
    game.move("ZZ")
    assert not game.can_undo


def test_game_json_round_trip_keeps_history_and_cursor():
    game = LucieGame.new(9)
    game.redeal()
    for move in game.position.legal_moves()[:2]:
        game.move(move.card)
    game.undo()
    data = json.loads(json.dumps(game.to_json()))
    copy = LucieGame.from_json(data)
    assert copy.position == game.position and copy.deal == 9
    assert copy.can_redo == game.can_redo
    while game.can_redo:
        game.redo()
        copy.redo()
        assert copy.position == game.position
    while game.can_undo:
        game.undo()
        copy.undo()
        assert copy.position == game.position


def test_game_json_rejects_a_tampered_save():
    game = LucieGame.new(9)
    data = game.to_json()
    data["actions"] = ["AC", "AC"]
    with pytest.raises(ValueError):
        LucieGame.from_json(data)


def test_where_finds_a_card():
    game = LucieGame.new(4)
    fan = game.fans[0]
    assert game.where(fan[1].lower()) == (0, 1)
    assert game.where("nonsense") is None


def test_the_foundation_tops_name_each_suits_top_card():
    game = LucieGame(layout("9H 8H", home="3C KD 7H"), deal=5)
    assert game.foundation_tops == {"C": "3C", "D": "KD", "H": "7H", "S": None}
    assert game.cards_home == 3 + 13 + 7 and game.deal == 5


def test_each_redeal_shuffles_with_its_own_generator_of_the_deal():
    from game.engine.lucie.rules import apply_redeal, redeal_rng

    game = LucieGame.new(42)
    first, _ = apply_redeal(game.position, redeal_rng(42, 1))
    second, _ = apply_redeal(first, redeal_rng(42, 2))
    game.redeal()
    assert game.position == first
    game.redeal()
    assert game.position == second
    assert LucieGame(Position.deal(0)).deal == 0  # a hand from a position is deal 0


def test_redeals_are_offered_until_none_is_left_or_the_hand_is_won():
    game = LucieGame.new(3)
    for left in (2, 1):
        assert game.redeals_left == left and game.can_redeal and "redeal" in game.legal_actions()
        game.redeal()
    assert not game.can_redeal and "redeal" not in game.legal_actions()
    won = LucieGame(layout("KS", home="KC KD KH QS", redeals=2))
    won.move("KS")
    assert won.is_won and won.redeals_left == 2 and not won.can_redeal
    assert won.redeal()[0].data["reason"] == "hand_over"


def test_undo_from_the_start_has_nothing_to_take_back_and_a_first_shuffle_is_final():
    game = LucieGame.new(8)
    assert not game.touched and game.redo_action is None
    assert game.undo()[0].data["reason"] == "nothing_to_undo"
    game.redeal()
    assert game.touched and game.undo()[0].data["reason"] == "final"
    game.move(game.position.legal_moves()[0].card)
    assert game.undo()[0].kind == "undo"
    assert game.undo()[0].data["reason"] == "final"
    assert game.redo_action == game.to_json()["actions"][1]


def test_undo_stops_at_a_shuffle_however_many_moves_back():
    game = LucieGame.new(8)
    game.move(game.position.legal_moves()[0].card)
    game.redeal()
    played = 0
    while game.position.legal_moves() and played < 4:
        game.move(game.position.legal_moves()[0].card)
        played += 1
    assert played >= 3
    for _ in range(played):
        assert game.undo()[0].kind == "undo"
    assert game.undo()[0].data["reason"] == "final" and game.position.redeals_left == 1


def test_a_shuffle_taken_back_as_redo_replays_the_same_shuffle():
    game = LucieGame.new(8)
    game.move(game.position.legal_moves()[0].card)
    before = game.position
    game.undo()
    data = game.to_json()
    data["actions"], data["cursor"] = ["redeal"], 0  # a save whose redo line is a shuffle
    saved = LucieGame.from_json(data)
    assert saved.redo_action == "redeal"
    events = saved.redo()
    assert events[0].kind == "redeal" and saved.position.redeals_left == 1
    fresh = LucieGame.new(8)
    fresh.redeal()
    assert saved.position == fresh.position and before != fresh.position


# --- Saved games: what the rules could not have produced is refused, naming its place.
@pytest.mark.parametrize(
    "change, message",
    [
        ({"deal": "9"}, "game.deal: '9' is not a whole number"),
        ({"cursor": 5}, "game.cursor: 5 is not within 0..0"),
        ({"actions": [None]}, "game.actions[0]: None is not a text"),
        ({"actions": ["KH"]}, "game.actions[0]: not a legal action here"),
        ({"actions": ["x" * 100]}, "over 8"),
    ],
)
def test_a_hand_the_rules_could_not_reach_is_refused_with_its_place(change, message):
    data = {**LucieGame.new(9).to_json(), **change}
    with pytest.raises(InvalidState) as refused:
        LucieGame.from_json(data)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda start: start["fans"][0].__setitem__(0, "ZZ"), "not a card"),
        (lambda start: start["fans"][0].__setitem__(0, start["fans"][1][0]), "appears twice"),
        (lambda start: start["fans"][0].pop(), "cards missing"),
        (lambda start: start["foundations"].__setitem__("H", 14), "start.foundations.H: 14"),
        (lambda start: start["foundations"].pop("S"), "start.foundations: no 'S'"),
        (lambda start: start.__setitem__("fans", start["fans"] * 2), "36 items"),
        (lambda start: start.__setitem__("draw_available", 1), "is not true or false"),
        (lambda start: start["fans"].append([]), "start.fans: 19 items, not 0..18"),
        (lambda start: start["fans"][0].__setitem__(0, "KING"), "a text of 4 characters, over 3"),
        (lambda start: start["foundations"].__setitem__("C", -1), "start.foundations.C: -1"),
        (lambda start: start.__setitem__("redeals_left", -1), "start.redeals_left: -1 is not"),
    ],
)
def test_a_damaged_starting_layout_is_refused_with_its_place(damage, message):
    data = LucieGame.new(9).to_json()
    damage(data["start"])
    with pytest.raises(InvalidState) as refused:
        LucieGame.from_json(data)
    assert message in str(refused.value)


# A hand saved by this version (schema 1) as the file holds it: deal 1, the 9H built, the
# AS home (the 2S followed), a redeal, then the 5C built and taken back.
SAVED_BY_VERSION_1 = (
    '{"version": 1, "deal": 1, "start": {"version": 1, "fans": [["6S", "5D", "7D"], '
    '["4C", "QH", "9H"], ["8C", "KC", "3D"], ["QC", "JH", "5C"], ["4S", "TC", "TH"], '
    '["AH", "6C", "2H"], ["2D", "9C", "3H"], ["JC", "5S", "TS"], ["6D", "JS", "4D"], '
    '["3S", "8S", "QD"], ["QS", "9D", "2S"], ["AD", "8D", "KH"], ["2C", "TD", "7C"], '
    '["4H", "3C", "5H"], ["AC", "JD", "9S"], ["KS", "8H", "KD"], ["6H", "7H", "AS"], '
    '["7S"]], "foundations": {"C": 0, "D": 0, "H": 0, "S": 0}, "redeals_left": 2, '
    '"draw_available": false}, "actions": ["9H", "AS", "redeal", "5C"], "cursor": 3}'
)


def test_a_hand_saved_by_this_version_still_restores_and_saves_the_same():
    game = LucieGame.from_json(json.loads(SAVED_BY_VERSION_1))
    assert game.deal == 1 and game.position.foundations == (0, 0, 0, 2)
    assert game.redeals_left == 1 and not game.can_undo  # the redeal is final
    assert game.can_redo and game.redo_action == "5C"
    assert json.dumps(game.to_json()) == SAVED_BY_VERSION_1
    again = LucieGame.new(1)
    for action in ("9H", "AS", "redeal"):
        again.apply(action)
    assert again.position == game.position


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_a_save_of_another_version_is_refused(version):
    data = json.loads(SAVED_BY_VERSION_1)
    data["version"] = version
    with pytest.raises(InvalidState, match="not a known La Belle Lucie save"):
        LucieGame.from_json(data)
    data = json.loads(SAVED_BY_VERSION_1)
    data["start"]["version"] = version
    with pytest.raises(InvalidState, match="not a known La Belle Lucie position"):
        LucieGame.from_json(data)


def test_a_saved_layout_may_spell_the_ten_10():
    data = LucieGame.new(9).to_json()
    fans = data["start"]["fans"]
    fan, index = next((f, i) for f, fan in enumerate(fans) for i, c in enumerate(fan) if c == "TH")
    fans[fan][index] = "10h"
    assert LucieGame.from_json(data).position == LucieGame.new(9).position


def test_any_deal_number_a_player_can_type_restores_and_no_other():
    highest = LucieGame.new(999_999_999)  # nine digits at the prompt
    assert LucieGame.from_json(json.loads(json.dumps(highest.to_json()))).deal == 999_999_999
    for deal in (-1, 10**9 + 1):
        with pytest.raises(InvalidState, match=rf"game.deal: {deal} is not within 0\.\."):
            LucieGame.from_json({**highest.to_json(), "deal": deal})
