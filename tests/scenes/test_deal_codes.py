"""Deal codes at the tables (issue 35): a code played twice with the same choices is the
same game in every game; in the dice games a different choice in one turn leaves the
dice of every other turn as they were; the code is kept in the saved game."""

from __future__ import annotations

import pytest

from game.engine.dealcode import DealCode
from game.shell.registry import game_info

FARKLE = DealCode("F", 271828, 1)
SHUTBOX = DealCode("S", 314159, 1)
MILLE = DealCode("M", 161803, 1)
LUCIE = DealCode("L", 605482, 1)


# -- Farkle -------------------------------------------------------------------------------
def farkle_game(app, code, greedy_turn=None):
    """Play a Farkle table of `code` to the end by a fixed rule (both seats): hold the
    best dice, roll on under 350 a turn, bank once allowed; in turn `greedy_turn` roll on
    to 1,500. Returns the rolls (turn, seat, dice), the turn the final round began, and
    the final state."""
    from game.engine.farkle.rules import BANK, ROLL, START, FarkleAction

    table = game_info("farkle").deal_table(app, code)
    state = table.state
    rolls, final_from = [], None
    for _move in range(5000):
        if state.is_over:
            break
        if state.final_pending and final_from is None:
            final_from = state.turn_number
        turn, seat = state.turn_number, state.current
        if state.phase == START:
            action = FarkleAction(ROLL, ())
        else:
            held = state.best_hold()
            enough = 1500 if turn == greedy_turn else 350
            bank = FarkleAction(BANK, held)
            total = state.turn_points + state.hold_points(held)
            legal = state.legal_actions()
            action = bank if total >= enough and bank in legal else FarkleAction(ROLL, held)
        for event in table.apply_move(action):
            if event.kind == "roll":
                rolls.append((turn, seat, tuple(event.data["dice"])))
    assert state.is_over
    return rolls, final_from or state.turn_number, state.to_json()


def test_a_farkle_code_played_twice_alike_is_the_same_game(new_app):
    app = new_app()
    assert farkle_game(app, FARKLE) == farkle_game(app, FARKLE)
    assert farkle_game(app, FARKLE)[0] != farkle_game(app, DealCode("F", 271829, 1))[0]


def test_another_choice_in_one_farkle_turn_keeps_every_other_turns_dice(new_app):
    app = new_app()
    plain, plain_final, _ = farkle_game(app, FARKLE)
    other, other_final, _ = farkle_game(app, FARKLE, greedy_turn=1)
    assert [r for r in plain if r[0] == 1] != [r for r in other if r[0] == 1]
    before_final = min(plain_final, other_final)  # the last round's bank rule reads scores
    for rolls in (plain, other):
        assert any(r[0] > 1 and r[1] == 1 for r in rolls)
    assert [r for r in plain if 1 < r[0] < before_final] == [
        r for r in other if 1 < r[0] < before_final
    ]
    # The other seat's turns open on the same six dice to the end of the game.
    firsts = {}
    for rolls in (plain, other):
        seen = set()
        for turn, seat, dice in rolls:
            if seat == 1 and turn not in seen:
                seen.add(turn)
                firsts.setdefault(turn, set()).add(dice)
    assert all(len(dice) == 1 for dice in firsts.values())


# -- Shut The Box -------------------------------------------------------------------------
def shutbox_game(app, code, other_choice_round=None):
    """Two players, each shutting the first door set offered (in round
    `other_choice_round` the first player takes the last). Returns the rolls (round,
    player, dice) and the final state."""
    from game.engine.shutbox import Player
    from game.engine.shutbox.rules import Roll
    from game.scenes.shutbox.play import ShutBoxScene
    from game.table import TableSeat

    seats = [TableSeat("Ann"), TableSeat("Bob")]
    table = ShutBoxScene.new_game(app, [Player("Ann"), Player("Bob")], seats=seats, deal=code)
    state = table.state
    rolls = []
    while not state.is_over:
        legal = state.legal_actions()
        rolled = [a for a in legal if isinstance(a, Roll)]
        if rolled:
            action = next(a for a in rolled if a.dice == 2) if len(rolled) > 1 else rolled[0]
        elif state.turn_number == other_choice_round and state.current == 0:
            action = legal[-1]
        else:
            action = legal[0]
        where = (state.turn_number, state.current)
        for event in table.apply_move(action):
            if event.kind == "roll":
                rolls.append((*where, tuple(event.data["dice"])))
    return rolls, state.to_json()


def test_a_shutbox_code_played_twice_alike_is_the_same_game(new_app):
    app = new_app()
    assert shutbox_game(app, SHUTBOX) == shutbox_game(app, SHUTBOX)


def test_another_choice_in_one_shutbox_turn_keeps_every_other_turns_dice(new_app):
    app = new_app()
    plain, _ = shutbox_game(app, SHUTBOX)
    for changed_round in (1, 2, 3):
        other, _ = shutbox_game(app, SHUTBOX, other_choice_round=changed_round)
        changed = (changed_round, 0)
        assert [r for r in plain if r[:2] != changed] == [r for r in other if r[:2] != changed]
        # the turn changed rolls alike up to the choice, then follows it
        assert plain[[r[:2] for r in plain].index(changed)] == next(
            r for r in other if r[:2] == changed
        )


# -- Mille Bornes ---------------------------------------------------------------------------
def mille_game(app, code, actions=400):
    """`actions` moves of a Mille Bornes table of `code`, each seat playing the first
    legal action; the state's JSON after them."""
    table = game_info("mille").deal_table(app, code)
    for _ in range(actions):
        if table.state.is_over:
            break
        table.carry_out(table.state.legal_actions()[0])
    assert table.state.hand_number >= 2, "the test should reach a second deal"
    return table.state.to_json()


def test_a_mille_code_played_twice_alike_is_the_same_game(new_app):
    app = new_app()
    first = mille_game(app, MILLE)
    assert first == mille_game(app, MILLE)
    assert first != mille_game(app, DealCode("M", 161804, 1))


# -- La Belle Lucie ----------------------------------------------------------------------------
def test_a_lucie_code_is_its_deal_number(new_app):
    app = new_app()
    table = game_info("lucie").deal_table(app, LUCIE)
    assert table.game.deal == 605482
    assert table.dealing.text == LUCIE.text
    again = game_info("lucie").deal_table(app, LUCIE)
    moves = []
    for _ in range(8):
        legal = [a for a in table.game.legal_actions() if a != "redeal"]
        if not legal:
            break
        moves.append(legal[0])
        table.game.apply(legal[0])
        again.game.apply(legal[0])
    assert moves and table.game.to_json() == again.game.to_json()


# -- saved games ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, code", [("farkle", FARKLE), ("shutbox", SHUTBOX)])
def test_a_saved_game_keeps_its_code_and_its_place_in_the_turn(new_app, game_id, code):
    app = new_app()
    table = game_info(game_id).deal_table(app, code)
    table.apply_move(table.legal_moves()[0])
    data = table.saves.saved_data()
    assert data["deal"]["code"] == code.text
    resumed = type(table).from_saved(app, data)
    assert resumed.dealing.code == code
    assert (resumed.dealing.turn, resumed.dealing.roll) == (table.dealing.turn, table.dealing.roll)


@pytest.mark.parametrize("bad", ["F-0000-00", "not a code", 12, {"code": 3}])
def test_a_saved_game_with_a_bad_code_is_refused(new_app, bad):
    app = new_app()
    table = game_info("farkle").deal_table(app, FARKLE)
    data = table.saves.saved_data()
    data["deal"] = {"code": bad} if not isinstance(bad, dict) else bad
    with pytest.raises(ValueError):
        type(table).from_saved(app, data)


def test_a_lucie_save_whose_code_is_another_deal_is_refused(new_app):
    app = new_app()
    table = game_info("lucie").deal_table(app, LUCIE)
    data = table.saves.saved_data()
    data["deal"]["code"] = DealCode("L", 605483, 1).text
    with pytest.raises(ValueError):
        type(table).from_saved(app, data)
    data.pop("deal")  # an older save: the deal number names the code
    assert type(table).from_saved(app, data).dealing.code == LUCIE


def test_the_end_of_a_farkle_game_copies_its_code(new_app, monkeypatch):
    import game.table.logview as logview
    from game.input import Action

    app = new_app()
    copied = []
    monkeypatch.setattr(logview.clipboard, "write_text", lambda text: copied.append(text) or True)
    table = game_info("farkle").deal_table(app, FARKLE)
    app.push(table)
    table.finished = True
    assert any(entry.word == "Copy" for entry in table.commands())
    table.handle(Action("char", char="c"))
    assert copied == [FARKLE.text]
    table.shared_keys.open_log()
    app.scenes.top.handle(Action("char", char="c"))
    assert copied == [FARKLE.text] * 2


def test_a_code_with_a_beginner_at_the_table_replays_the_whole_game(new_app):
    from game.engine.shutbox import Player
    from game.input import Action
    from game.scenes.shutbox.play import ShutBoxScene
    from tests.harness import run

    def whole_game():
        app = new_app(fast=True)
        players = [Player("Ann"), Player("Cindy", True, "beginner")]
        table = app.push(ShutBoxScene.new_game(app, players, deal=SHUTBOX))
        for _ in range(20_000):
            if table.finished:
                return table.state.to_json()
            run(app, 1)
            if table.waiting_for_human and not table.submit(0, table.legal_moves()[0]):
                table.handle(Action("confirm"))
        raise AssertionError("the game did not end")

    assert whole_game() == whole_game()
