"""Two or more people at one screen: a hand shows only behind a curtain for its owner, no
question is ever put to anyone out of turn, and the seats stay where they are.

What the screen shows is checked in pixels: a hand card's face in the hand's place is a
face anyone at the screen can read."""

import random

import pygame
from helpers_mille_scene import (
    cards_in_the_air,
    enter_by_keys,
    enter_by_mouse,
    open_table,
    position,
    press_digit,
    read_score_sheet,
    seats,
    tableau,
)

from game.engine.mille import make_agent
from game.engine.mille.rules import PLAY
from game.scenes.mille import layout, view
from game.scenes.mille.help import help_pages
from game.scenes.mille.play import MilleScene
from game.scenes.mille.scoresheet import ScoreSheetScene
from game.scenes.mille.sprites import mille_back
from game.table.felt import felt
from tests.harness import click, key, run

# Ann and Rosamund sit at this screen, on opposite sides; Cindy and Greg are computers
# between them (Ann and Greg are one team, Cindy and Rosamund the other).
ANN_AND_ROSAMUND = ("", "basic", "basic", "")
CURTAIN_KEYS = ("Show my hand",)


def region(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def faces_shown(app, slots=range(7)) -> list[int]:
    """The hand places (0-6) where a card's face shows on the screen as it is now (drawn
    afresh without the mouse pointer): the middle of each place is neither a card's back
    nor the bare felt."""
    canvas = app.display.canvas
    app.draw_scenes(canvas)
    back = mille_back()
    shown = []
    for index in slots:
        rect = layout.hand_rect(index)
        middle = rect.inflate(-20, -40)
        inside = middle.move(-rect.x, -rect.y)
        if region(canvas, middle) not in (region(back, inside), region(felt(), middle)):
            shown.append(index)
    return shown


def is_curtain(scene) -> bool:
    prompt = scene.prompt()
    return prompt is not None and prompt.answers[0][1] in CURTAIN_KEYS


def four_at_the_table(app, hands, tableaux=None, rng_seed=1):
    state = position(
        hands, tableaux or [tableau("roll", "", "100"), tableau("roll", "", "50")], players=4
    )
    return open_table(app, seats(*ANN_AND_ROSAMUND), state, rng=random.Random(rng_seed))


def wait_for(app, scene, condition, limit=6000, check=lambda: None):
    for _ in range(limit):
        if condition():
            return
        run(app, 1)
        check()
    raise AssertionError("the table never got there")


def lift_curtain_for(app, scene, seat):
    """Wait for `seat`'s curtain and lift it (with Enter)."""
    wait_for(
        app,
        scene,
        lambda: (
            not scene.steps
            and (is_curtain(scene) or scene.awaiting_human and scene.hands.viewer == seat)
        ),
    )
    if is_curtain(scene):
        assert scene.prompt().title == f"{scene.name(seat)}'s turn"
        key(app, pygame.K_RETURN)
    assert scene.awaiting_human and scene.hands.viewer == seat


def test_a_hand_turns_face_down_the_moment_its_owner_has_played(new_app):
    app = new_app()  # not fast: the computers take their time
    scene = four_at_the_table(
        app,
        [
            "stop 25 50 75 100 200 gasoline",
            "25 50 75 100 200 repairs",
            "25 50 75 100 200 repairs",
            "25 50 75 100 200 repairs",
        ],
    )
    lift_curtain_for(app, scene, 0)
    assert faces_shown(app) == list(range(7)), "Ann sees her hand"
    assert scene.hands.hand_order[0] == "stop"
    press_digit(app, 1)
    key(app, pygame.K_RETURN)  # Ann's Stop flies to Cindy and Rosamund's row
    assert scene.state.to_act == 1
    seen = []

    def nothing_shows():
        # Places 1-5 hold Ann's other cards all along (place 0 is the Stop in the air).
        seen.extend(faces_shown(app, range(1, 6)))
        assert not seen, "Ann's cards show while the computers play"

    nothing_shows()
    wait_for(app, scene, lambda: is_curtain(scene) and not scene.steps, check=nothing_shows)
    assert scene.history[1:] and scene.state.turn_seat == 3, "Cindy and Greg played"
    assert scene.prompt().title == "Rosamund's turn"
    key(app, pygame.K_RETURN)
    assert scene.hands.viewer == 3 and faces_shown(app) == list(range(7)), "Rosamund's own cards"


def test_a_coup_fourre_is_never_asked_out_of_turn(new_app):
    app = new_app()
    # Rosamund holds Right of Way; Ann's Stop on her side could be answered at once.
    scene = four_at_the_table(
        app,
        [
            "stop 25 50 75 100 200 gasoline",
            "25 50 75 100 200 repairs",
            "25 50 75 100 200 repairs",
            "right_of_way 50 75 100 200 repairs",
        ],
    )
    lift_curtain_for(app, scene, 0)
    press_digit(app, 1)
    key(app, pygame.K_RETURN)

    def nobody_is_asked():
        prompt = scene.prompt()
        assert prompt is None or prompt.title != "Coup fourré?", "a question out of turn"
        if is_curtain(scene):
            assert scene.state.phase == PLAY and scene.hands.curtain == scene.state.turn_seat, (
                "a curtain only ever names whoever is to play: one naming someone else "
                "tells the table who holds the safety"
            )

    wait_for(app, scene, lambda: is_curtain(scene) and not scene.steps, check=nobody_is_asked)
    side = scene.state.tableaux[1]
    assert side.coups_fourres == ["right_of_way"], "the table calls it for her"
    assert scene.counters[3]["coups_fourres"] == 1, "and it is hers in her statistics"
    assert scene.prompt().title == "Rosamund's turn", "then she plays, as the rules say"


def test_the_rows_stay_put_and_the_turn_is_marked(new_app):
    app = new_app(fast=True)
    state = position(
        ["25 50 75 100 200 repairs stop", "25 50 75 100 200 repairs"],
        [tableau("roll"), tableau("roll")],
    )
    scene = open_table(app, seats("", ""), state)
    lift_curtain_for(app, scene, 0)
    rows = {side: rect.copy() for side, rect in scene.rows().items()}
    assert rows[0].y > rows[1].y, "the first person's side is the lowest row"
    words = [view.turn_words(scene)]
    press_digit(app, 1)
    key(app, pygame.K_RETURN)
    lift_curtain_for(app, scene, 1)
    assert scene.rows() == rows, "Cindy's turn moves nobody's seat"
    words.append(view.turn_words(scene))
    assert words == ["ANN'S TURN", "CINDY'S TURN"], "the hand's owner is named by it"


def play_a_hand_at_one_screen(app, scene, enter, lift):
    """Ann and Rosamund play a whole hand at the table's own pace (each as the Basic player
    would), checking after every frame that no hand shows but to its owner at his turn."""
    chooser = make_agent("basic", random.Random(5))
    hand_top = layout.HAND_Y - layout.PLAYABLE_LIFT

    def nothing_leaks():
        if app.scenes.top is not scene:
            return  # the score sheet covers the table
        flying = cards_in_the_air(scene)
        for flight in flying:
            if (
                flight.end.y >= hand_top
                and flight.end.right <= layout.DRAW_PILE.x
                and not scene.hands.hand_shown
            ):
                assert flight.face_down, "a card flies face up into a hidden hand"
        if any(max(f.start.bottom, f.end.bottom) > hand_top for f in flying):
            return  # a card crossing the hand's place is no hand card
        if faces_shown(app):
            assert scene.hands.viewer == scene.state.to_act and scene.state.phase == PLAY, (
                f"a hand shows while {scene.name(scene.state.turn_seat)} plays"
            )
        prompt = scene.prompt()
        assert prompt is None or prompt.title != "Coup fourré?"
        if is_curtain(scene):
            assert scene.hands.curtain == scene.state.turn_seat

    curtains = set()
    for _ in range(20_000):
        top = app.scenes.top
        if isinstance(top, ScoreSheetScene):
            return curtains
        if is_curtain(scene) and not scene.steps:
            curtains.add(scene.hands.curtain)
            lift(app, scene)
        elif scene.awaiting_human:
            seat = scene.hands.viewer
            action = chooser.choose(scene.state.observation(seat), scene.legal())
            enter(app, scene, action)
        else:
            run(app, 1)
        nothing_leaks()
    raise AssertionError("the hand never ended")


def test_a_hand_for_two_people_by_keys_shows_nobody_anything_not_theirs(new_app):
    app = new_app()
    scene = open_table(app, seats(*ANN_AND_ROSAMUND), rng=random.Random(8))
    curtains = play_a_hand_at_one_screen(
        app, scene, enter_by_keys, lambda app, scene: key(app, pygame.K_RETURN)
    )
    assert curtains == {0, 3}
    read_score_sheet(app)


def test_a_hand_for_two_people_by_mouse_shows_nobody_anything_not_theirs(new_app):
    app = new_app()
    scene = open_table(app, seats(*ANN_AND_ROSAMUND), rng=random.Random(9))

    def lift(app, scene):
        click(app, layout.prompt_buttons(1)[0].center)

    curtains = play_a_hand_at_one_screen(app, scene, enter_by_mouse, lift)
    assert curtains == {0, 3}
    read_score_sheet(app, by_mouse=True)


def test_the_help_says_how_a_shared_screen_plays():
    page = next(p for p in help_pages() if p.heading == "Two or more at one screen")
    assert "curtain" in page.text and "coup fourré at once" in page.text


def test_a_resumed_shared_game_shows_no_hand_before_its_curtain(new_app):
    app = new_app(fast=True)
    state = position(
        ["25 50 75 100 200 repairs stop", "25 50 75 100 200 repairs"],
        [tableau("roll"), tableau("roll")],
    )
    scene = open_table(app, seats("", ""), state)
    lift_curtain_for(app, scene, 0)
    order = list(scene.hands.hand_order)
    app.save_all()
    data = app.storage.load_game("mille")
    resumed = MilleScene.from_saved(app, data)
    app.scenes.clear()
    app.push(resumed)
    run(app, 2)
    assert is_curtain(resumed) and resumed.prompt().title == "Ann's turn"
    assert not resumed.hands.hand_shown, "whoever sits at the screen now, Ann's cards wait for her"
    key(app, pygame.K_RETURN)
    assert resumed.hands.hand_order == order
    del data["orders"]
    data["hand_order"] = list(reversed(order))  # a save from before the orders
    assert MilleScene.from_saved(app, data).hands.hand_order[0] == order[0], "sorted by kind"


def test_the_extension_is_asked_in_turn_behind_the_same_curtain(new_app):
    app = new_app(fast=True)
    state = position(
        ["100 stop 25 gasoline 50 75 roll", "25 50 75 100 200 repairs", "25 50 75 100 200 repairs"],
        [tableau("roll", "", "200 200 100 50 50"), tableau("roll", "", "25"), tableau("roll")],
        players=3,
    )
    scene = open_table(app, seats("", "", "basic"), state)
    lift_curtain_for(app, scene, 0)
    press_digit(app, scene.hands.hand_order.index("100") + 1)
    key(app, pygame.K_RETURN)  # Ann reaches 700 km first
    run(app, 2)
    assert scene.prompt().title == "Extension?" and scene.hands.hand_shown, (
        "her own question, at her own turn: no curtain between"
    )
    key(app, pygame.K_n)
    assert not scene.hands.hand_shown
