"""The Farkle table's moves: holding, toggle-all, refusals with a beep, hot dice, farkles,
the final round, and the computer shown move by move."""

import pygame
from helpers_farkle_scene import (
    NEXT_BUTTON,
    ROLL_BUTTON,
    click_button,
    click_die,
    open_table,
    press,
    press_die,
    seats,
)

from game.engine.farkle import ROLLED, FarkleOptions, FarkleState
from game.scenes.farkle import layout
from tests.harness import (
    click,
    key,
    run,
    settle,
    words_on_screen,
)


def test_a_non_scoring_die_cannot_be_held_and_says_why(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 2, 3, 4, 6, 6))
    assert scene.waiting_for_human
    app.sounds.clear()
    click_die(app, scene, 1)  # the 2
    assert scene.selected == set()
    assert app.sounds == ["error"]
    assert "does not score" in scene.talk.line.text
    press_die(app, scene, 3)  # the 4, by key
    assert scene.selected == set() and app.sounds == ["error", "error"]
    press_die(app, scene, 0)  # the 1 scores
    assert scene.selected == {0} and app.sounds[-1] == "click"


def test_dice_that_score_only_together_are_held_and_released_together(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(2, 3, 2, 6, 2, 1))
    click_die(app, scene, 0)
    assert scene.selected == {0, 2, 4}, "one 2 of three holds all three"
    assert scene.held_points == 200
    click_die(app, scene, 5)
    assert scene.selected == {0, 2, 4, 5} and scene.held_points == 300
    click_die(app, scene, 2)
    assert scene.selected == {5}, "releasing one 2 releases its triple"


def test_toggle_all_holds_every_scoring_die_then_releases_all(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 4, 2, 4, 4, 5))
    press(app, "a")
    assert scene.selected == {0, 1, 3, 4, 5}
    assert scene.held_points == 550, "the seed's own example"
    assert [name for name, _ in scene.held_combinations] == ["three 4s", "a 1", "a 5"]
    press(app, "a")
    assert scene.selected == set()
    click(app, layout.CENTRE_DIE.center)  # the blank die in the centre
    assert scene.selected == {0, 1, 3, 4, 5}
    click_die(app, scene, 0)
    click(app, layout.CENTRE_DIE.center)  # not all held: holds all again
    assert scene.selected == {0, 1, 3, 4, 5}


def test_keyboard_cursor_moves_over_the_dice_and_space_holds(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(3, 1, 3, 4, 6, 2))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.cursor == 1, "die 1 at the top left, then die 2 to its right"
    key(app, pygame.K_SPACE)
    assert scene.selected == {1}
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert scene.cursor == 2, "the arrow stops at the ring's right edge"
    key(app, pygame.K_LEFT)
    assert scene.cursor == layout.DICE, "left of die 3 is the blank die"
    key(app, pygame.K_SPACE)
    assert scene.selected == set(), "all scoring dice were held: the blank die releases"


def test_the_arrows_move_the_way_they_point_on_the_lower_row_too(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(3, 1, 3, 4, 6, 2))
    scene.cursor = 4  # die 5, bottom left
    key(app, pygame.K_RIGHT)
    assert scene.cursor == 3, "right of die 5 is die 4, bottom right"
    key(app, pygame.K_UP)
    assert scene.cursor == 1, "straight above die 4: die 2, top right"
    key(app, pygame.K_LEFT)
    assert scene.cursor == 0
    key(app, pygame.K_DOWN)
    assert scene.cursor == 4, "straight below die 1: die 5"
    scene.cursor = 5  # die 6, on the left
    key(app, pygame.K_RIGHT)
    assert scene.cursor == layout.DICE, "across the middle: the blank die, then die 3"
    key(app, pygame.K_RIGHT)
    assert scene.cursor == 2


def test_bank_below_500_is_refused_with_a_beep_and_a_reason(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 3, 4, 6, 6, 2))
    press_die(app, scene, 0)
    app.draw_scenes(app.display.canvas)
    assert not scene.buttons[NEXT_BUTTON].enabled, "Next is greyed below the minimum"
    assert not [c for c in scene.commands() if c.key == "N"][0].enabled
    app.sounds.clear()
    click_button(app, scene, NEXT_BUTTON)
    assert app.sounds == ["error"]
    assert "500" in scene.talk.line.text
    assert scene.state.scores == [0, 0] and scene.state.phase == ROLLED
    assert scene.selected == {0}, "a refused bank keeps the dice held"
    press(app, "n")
    assert app.sounds == ["error", "error"] and scene.state.scores == [0, 0]


def test_a_refused_bank_says_why_once(new_app):
    """Issue 32: the 500-minimum refusal showed twice, in red (the refusal) and in grey
    (the line over the buttons saying why Next cannot bank)."""
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 3, 4, 6, 6, 2))
    press_die(app, scene, 0)
    press(app, "n")
    app.draw_scenes(app.display.canvas)
    shown = words_on_screen(app, within=layout.CONSOLE)
    assert scene.talk.line.text in shown
    assert sum("500" in line for line in shown) == 1, shown


def test_passing_with_nothing_newly_held_beeps_the_seeds_warning(new_app):
    app = new_app(fast=True)
    state = FarkleState.new(seats("human", "expert"))
    state.phase, state.roll, state.turn_points, state.set_aside = ROLLED, (1, 3, 4), 600, (5, 5, 5)
    scene = open_table(app, [], state=state)
    app.sounds.clear()
    press(app, "n")
    assert app.sounds == ["error"]
    assert "throw" in scene.talk.line.text
    assert scene.state.turn_points == 600 and scene.state.scores == [0, 0]
    press_die(app, scene, 0)
    press(app, "n")
    assert scene.state.scores[0] == 700, "holding the 1 then banks 700"


def test_roll_holds_the_chosen_dice_and_rolls_the_rest(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 3, 4, 6, 6, 2, 5, 5, 3, 3, 4))
    click_die(app, scene, 0)
    slots_left = [scene.presenter.slot_of[i] for i in range(1, 6)]
    click_button(app, scene, ROLL_BUTTON)
    assert scene.state.roll == (5, 5, 3, 3, 4)
    assert scene.state.set_aside == (1,) and scene.state.turn_points == 100
    assert scene.presenter.slot_of == slots_left, "the dice rolled again stay in their places"
    assert app.sounds.count("dice_rattle") == 2


def test_rolling_with_nothing_held_is_refused(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 3, 4, 6, 6, 2))
    app.sounds.clear()
    press(app, "r")
    assert app.sounds == ["error"] and scene.state.roll == (1, 3, 4, 6, 6, 2)


def test_hot_dice_are_announced_and_all_six_roll_again(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(2, 2, 2, 1, 5, 5, 3, 4, 1, 6, 2, 2))
    press(app, "a")
    assert scene.held_points == 400
    app.sounds.clear()
    press(app, "r")
    assert "hot_dice" in app.sounds
    assert scene.talk.banner is not None and scene.talk.banner.title == "HOT DICE!"
    assert scene.state.roll == (3, 4, 1, 6, 2, 2) and scene.state.turn_points == 400
    assert sorted(scene.presenter.slot_of) == list(range(6)), "all six dice are back in the ring"
    assert scene.counters[0]["hot_dice"] == 1


def test_a_farkle_is_announced_once_the_dice_land_and_the_dice_pass(new_app):
    app = new_app()  # normal pace: the dice tumble before the news
    scene = open_table(app, seats("human", "human"), dice=(1, 3, 4, 6, 6, 2, 2, 3, 4, 6, 6))
    settle(app, scene)
    press_die(app, scene, 0)
    app.sounds.clear()
    press(app, "r")
    assert scene.tray.rolling and "farkle" not in app.sounds, "no spoiler while tumbling"
    assert scene.state.current == 1 and scene.state.scores == [0, 0]
    while scene.tray.rolling:
        run(app, 1)
    run(app, 1)
    assert "farkle" in app.sounds
    assert scene.talk.banner is not None and scene.talk.banner.title == "FARKLE!"
    assert scene.presenter.table_dice == (2, 3, 4, 6, 6), "the farkled dice stay on the table"
    assert scene.presenter.table_seat == 0, "and the table still shows whose they were"
    settle(app, scene)
    assert scene.state.current == 1 and scene.state.phase == ROLLED


def test_six_of_a_kind_gets_the_big_cheer(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(4, 4, 4, 4, 4, 4))
    assert "big_win" in app.sounds
    assert scene.talk.banner.title == "SIX OF A KIND!"


def test_the_final_round_is_announced_and_all_or_nothing(new_app):
    app = new_app(fast=True)
    state = FarkleState.new(seats("human", "human", "human"), FarkleOptions(target=5000))
    state.scores = [4600, 3000, 4700]
    scene = open_table(
        app,
        [],
        state=state,
        dice=(
            1,
            1,
            1,
            3,
            4,
            6,  # Anna: three 1s, banks 1000 -> 5600
            1,
            5,
            3,
            4,
            6,
            6,  # Bert: final turn, 1 and 5
            5,
            5,
            5,
            1,
        ),
    )  # then three 5s and a 1: 600 more
    press(app, "a")
    app.sounds.clear()
    press(app, "n")
    assert scene.state.final_round and scene.state.scores[0] == 5600
    assert "reminder" in app.sounds
    assert scene.talk.banner.title == "FINAL ROUND"
    settle(app, scene)
    assert scene.state.current == 1
    app.draw_scenes(app.display.canvas)
    from game.scenes.farkle import view

    assert view.final_round_lines(scene.state) == (
        "FINAL ROUND: all or nothing",
        "Beat 5,600 to win",
    )
    press(app, "a")  # 150 held: far short of beating 5,600
    app.draw_scenes(app.display.canvas)
    assert not scene.buttons[NEXT_BUTTON].enabled
    app.sounds.clear()
    press(app, "n")
    assert app.sounds == ["error"] and "All or nothing" in scene.talk.line.text
    assert "2,650" in scene.talk.line.text, "beating 5,600 from 3,000 takes 2,650 this turn"
    assert scene.state.current == 1
    press(app, "r")
    press(app, "a")
    assert scene.state.turn_points + scene.held_points == 750
    press(app, "n")
    assert app.sounds.count("error") == 2, "still short: refused again"
    assert scene.state.current == 1 and not scene.state.is_over


def test_the_computer_shows_its_hold_and_reason_before_it_acts(new_app):
    app = new_app()  # normal pace: the computer's moves can be read
    scene = open_table(app, seats("expert", "human"), dice=(1, 5, 2, 3, 4, 6))
    for _ in range(200):
        if scene.selected:
            break
        run(app, 1)
    assert scene.selected, "the computer has decided: its held dice are lit"
    assert scene.talk.line.text.startswith("Anna ") and scene.talk.line.tone == "computer"
    history = len(scene.history)
    run(app, 10)
    assert len(scene.history) == history, "it waits before acting, so the hold can be read"
    key(app, pygame.K_SPACE)  # Space hurries it along
    run(app, 1)
    assert len(scene.history) == history + 1


def test_banking_six_held_dice_is_a_bank_not_hot_dice(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 2, 3, 4, 5, 6))
    press(app, "a")  # the straight: all six held
    app.sounds.clear()
    press(app, "n")
    assert scene.state.scores[0] == 2000
    assert "hot_dice" not in app.sounds
    assert scene.talk.banner is None or scene.talk.banner.title != "HOT DICE!"
    assert scene.counters[0]["hot_dice"] == 0


def test_nothing_of_a_roll_shows_before_its_dice_land(new_app):
    app = new_app()  # normal pace: the dice tumble
    scene = open_table(app, seats("human", "human"), dice=(1, 3, 4, 6, 6, 2, 2, 3, 4, 6, 6))
    settle(app, scene)
    press_die(app, scene, 0)
    said, logged, header = scene.talk.line, len(scene.talk.log), scene.presenter.shown_round
    press(app, "r")  # a farkle on 100
    assert scene.tray.rolling
    assert scene.talk.line == said and len(scene.talk.log) == logged, "no news yet"
    assert scene.presenter.table_seat == 0 and scene.presenter.shown_round == header
    while scene.tray.rolling:
        run(app, 1)
    run(app, 2)
    assert "farkles" in scene.talk.log[-1].text
    assert scene.talk.line.text == "Anna farkles, loses 100" or "Bert" in scene.talk.line.text


def test_the_header_counts_rounds_not_turns(new_app):
    app = new_app(fast=True)
    state = FarkleState.new(seats("human", "expert", "standard"))
    state.turn_number = 7  # the first seat's third turn
    scene = open_table(app, [], state=state, dice=(1, 3, 4, 6, 6, 2))
    assert scene.presenter.shown_round == 3


def test_dones_question_keeps_the_game_on_enter(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(1, 3, 4, 6, 6, 2))
    press(app, "e")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene, "Enter on Done's question answers the safe No"


def tumbling(new_app, second_roll, state=None):
    """Anna (or the seat to play in `state`) holds the 1 of 1 3 4 6 6 2 and rolls the other
    five: `second_roll`. Returns the app and the table, the dice still tumbling."""
    app = new_app()  # normal pace: the dice tumble
    scene = open_table(
        app, seats("human", "human"), state=state, dice=(1, 3, 4, 6, 6, 2) + second_roll
    )
    settle(app, scene)
    press_die(app, scene, 0)
    press(app, "r")
    assert scene.tray.rolling
    return app, scene


def land(app, scene):
    while scene.tray.rolling:
        run(app, 1)
    run(app, 1)


def test_a_farkle_tumbles_exactly_as_a_roll_that_scores(new_app):
    app, scoring = tumbling(new_app, (2, 3, 4, 6, 5))
    assert scoring.shown.now.to_json() == scoring.state.to_json(), (
        "a roll that ends nothing: the table shows the engine's state"
    )
    read_scoring = words_on_screen(app)
    assert "Kept" in read_scoring and "Turn total: 100" in read_scoring
    assert "Nothing held yet" in read_scoring and "Anna's turn" in read_scoring
    app, farkled = tumbling(new_app, (2, 3, 4, 6, 6))
    assert farkled.state.current == 1, "the engine has passed the dice already"
    assert words_on_screen(app) == read_scoring, "nothing on the screen tells them apart"
    land(app, farkled)
    read = words_on_screen(app)
    assert "FARKLE!" in read and "Turn total: 100" not in read and "Kept" not in read


def test_the_last_farkle_of_the_final_round_ends_the_game_once_the_dice_land(new_app):
    def bert_plays_the_last_turn():
        state = FarkleState.new(seats("human", "human"), FarkleOptions(target=5000))
        state.scores, state.current = [5600, 3000], 1
        state.final_round, state.final_trigger, state.final_pending = True, 0, []
        return state

    app, scoring = tumbling(new_app, (2, 3, 4, 6, 5), bert_plays_the_last_turn())
    read_scoring = words_on_screen(app)
    assert "Bert's turn" in read_scoring and "FINAL TURN: all or nothing" in read_scoring
    app, farkled = tumbling(new_app, (2, 3, 4, 6, 6), bert_plays_the_last_turn())
    assert farkled.state.is_over, "the engine has ended the game already"
    read = words_on_screen(app)
    assert read == read_scoring, "no Game over, no winner's mark, before the dice land"
    assert "Game over" not in read and not any("winner" in text for text in read)
    land(app, farkled)
    read = words_on_screen(app)
    assert "Game over" in read and "FARKLE!" in read
    assert "Human  winner" in read, "Anna's row marks the winner"


def test_a_guests_table_holds_back_the_hosts_farkle_until_the_dice_land(new_app):
    from game.engine.farkle import ROLL, FarkleAction
    from game.scenes.farkle.joined import FarkleGuestScene
    from game.scenes.farkle.pictures import ScriptedDice
    from game.table.guest import pictured_guest
    from game.table.seats import REMOTE, TableSeat

    app = new_app()
    state = FarkleState.new(seats("human", "human"))
    state.phase, state.roll = ROLLED, (1, 3, 4, 6, 6, 2)
    guest = pictured_guest(
        app,
        FarkleGuestScene,
        "state",
        state,
        1,
        [TableSeat("Anna"), TableSeat("Bert", REMOTE)],
        lambda host: host.apply(FarkleAction(ROLL, (0,)), ScriptedDice((2, 3, 4, 6, 6))),
        ticks=1,
    )
    assert guest.tray.rolling and guest.state.current == 1
    read = words_on_screen(app)
    assert "Anna's turn" in read and "Kept" in read and "Turn total: 100" in read
    land(app, guest)
    assert "Kept" not in words_on_screen(app)


def test_each_turn_starts_with_the_instruction_once(new_app):
    app = new_app()  # normal pace: each turn's first roll tumbles, then lands
    scene = open_table(app, seats("human", "human"), dice=(1, 1, 1, 3, 4, 6, 5, 2, 3, 4, 6, 6))
    for name in ("Anna", "Bert"):
        settle(app, scene)
        read = words_on_screen(app)
        assert f"{name}'s turn" in read
        told = [text for text in read if "hold scoring dice" in text.lower()]
        assert len(told) == 1, told
        press(app, "a")
        press(app, "n")  # Anna banks 1,000: Bert's turn


def test_the_help_names_every_arrow_that_moves_the_cursor(new_app):
    app = new_app(fast=True)
    scene = open_table(app, seats("human", "expert"), dice=(3, 1, 3, 4, 6, 2))
    for arrow in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
        scene.cursor = layout.DICE  # the blank die: a die lies every way
        key(app, arrow)
        assert scene.cursor != layout.DICE, pygame.key.name(arrow)
    page = next(p.text for p in scene.help_pages() if p.heading == "Holding and rolling")
    cursor = next(line for line in page.split("\n") if "cursor" in line)
    assert all(way in cursor for way in ("up", "down", "left", "right")), cursor
