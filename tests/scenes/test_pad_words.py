"""Hints drawn on the screens name what the player presses (issue 34): the keys' names
("Enter", "Esc") while the keyboard or the mouse was used last, the buttons of the
controller played last otherwise, by its family's names (Xbox's and Nintendo's A and B,
PlayStation's Cross and Circle). Only real events: a pad's CONTROLLER* events, keys."""

from __future__ import annotations

import pygame
import pytest

from game import input as keys
from game.scenes.farkle.pictures import game_over as farkle_game_over
from game.scenes.mille import view as mille_view
from game.scenes.mille.pictures import game_over as mille_game_over
from game.scenes.mille.scoresheet import ScoreSheetScene, ScoreSoFarScene
from game.scenes.shutbox import play as shutbox_play
from game.shell.setup import SetupScene
from tests.harness import key, settle, words_on_screen
from tests.pad_harness import PS5_NAME, SWITCH_NAME, XBOX_NAME, FakeDevices, Pad
from tests.scenes.mille.helpers_mille_scene import open_table as open_mille
from tests.scenes.mille.helpers_mille_scene import position as mille_position
from tests.scenes.mille.helpers_mille_scene import seats as mille_seats
from tests.scenes.mille.helpers_mille_scene import tableau
from tests.scenes.shutbox.helpers_shutbox_scene import ann_and_cindy, open_game
from tests.scenes.shutbox.helpers_shutbox_scene import position as shutbox_position

#: Each family's names for the A and B buttons in a hint.
FAMILIES = [
    (XBOX_NAME, "A", "B"),
    (PS5_NAME, "Cross", "Circle"),
    (SWITCH_NAME, "A", "B"),
    ("Generic USB Gamepad", "A", "B"),  # played as Xbox's
]


@pytest.fixture
def pad_app(new_app, monkeypatch):
    """A fast, silent app with one controller of this name plugged in (not used yet)."""
    devices = FakeDevices().install(monkeypatch)

    def make(name: str = XBOX_NAME, **flags):
        flags.setdefault("fast", True)
        app = new_app(**flags)
        return app, Pad(app, devices).plug(name)

    return make


def keyboard_again(app) -> None:
    """A key that changes nothing on these screens: the keys are in hand again."""
    key(app, pygame.K_F3)  # speech's "read the table": says, draws nothing
    assert app.pad_layout is None


def hints(app) -> str:
    return "\n".join(words_on_screen(app))


@pytest.mark.parametrize(("name", "a", "b"), FAMILIES)
def test_key_word_names_a_and_b_by_the_family(name, a, b):
    layout = keys.pad_layout(name)
    assert keys.key_word("confirm", layout) == a
    assert keys.key_word("cancel", layout) == b
    assert keys.key_word("confirm", None) == "Enter" and keys.key_word("cancel", None) == "Esc"
    assert keys.key_word("space", layout) == keys.key_word("space", None) == ""


@pytest.mark.parametrize(("name", "a", "_b"), FAMILIES)
def test_shut_the_box_s_prompts_name_the_pad_s_button_then_enter_again(pad_app, name, a, _b):
    app, pad = pad_app(name)
    scene = open_game(app, faces=[3, 4, 2, 2])
    assert scene.mode == shutbox_play.NEXT_PROMPT_WAIT
    assert "Press Enter for Ann's turn" in hints(app), "the keys, before the pad is used"
    pad.dpad("right")  # the cursor moves: the pad is in hand
    assert app.pad_layout is not None
    shown = words_on_screen(app)
    assert f"Press {a} for Ann's turn" in shown
    assert not [line for line in shown if "Enter" in line], "no hint names Enter"
    pad.dpad("down")  # a door before the roll: refused, in the pad's words
    assert scene.talk.line.text == f"Press {a} for Ann's turn first."
    pad.press("a")
    settle(app, scene)
    assert scene.mode == shutbox_play.ROLL_PROMPT_WAIT
    assert f"Press {a} to roll" in hints(app)
    keyboard_again(app)
    assert "Press Enter to roll" in hints(app)
    pad.press("a")  # 3 and 4: doors 3 and 4 make the roll
    settle(app, scene)
    for door in (3, 4):
        key(app, getattr(pygame, f"K_{door}"), text=str(door))
    assert "Enter rolls on." in hints(app)
    pad.dpad("left")
    assert f"{a} rolls on." in hints(app) and "Enter rolls on." not in hints(app)


def test_shut_the_box_s_one_die_is_offered_by_its_key_and_not_with_a_pad(pad_app):
    """O rolls one die from the keyboard (its key as the bar shows it); no button of a
    pad does, so the prompt with a pad says A alone."""
    app, pad = pad_app()
    scene = open_game(app, shutbox_position({1, 2, 3}, players=ann_and_cindy(), one_die=True))
    settle(app, scene)
    if scene.mode == shutbox_play.NEXT_PROMPT_WAIT:
        key(app, pygame.K_RETURN)
        settle(app, scene)
    assert scene.mode == shutbox_play.ROLL_PROMPT_WAIT and scene.choice.one_die_offered()
    assert scene.choice.prompt_text() == "Press Enter to roll (O: one die)"
    pad.dpad("right")
    assert scene.choice.prompt_text() == "Press A to roll"


def finish_a_hand(app):
    """Ann plays her 100 km to 700 and the hand ends: the score sheet is up."""
    state = mille_position(
        ["100 stop 25 gasoline 50 75", "25 50 75 100 200 repairs"],
        [tableau("roll", "", "200 100 100 100 100"), tableau("roll", "", "25")],
    )
    scene = open_mille(app, mille_seats("", "basic"), state)
    settle(app, scene)
    key(app, getattr(pygame, f"K_{scene.hands.hand_order.index('100') + 1}"))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    key(app, pygame.K_n)  # ...and the hand ends there
    settle(app, scene)
    sheet = app.scenes.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.complete
    return scene, sheet


@pytest.mark.parametrize(("name", "a", "_b"), FAMILIES)
def test_the_mille_score_sheet_says_the_pad_s_button_then_enter(pad_app, name, a, _b):
    app, pad = pad_app(name)
    _table, sheet = finish_a_hand(app)
    assert "Enter deals the next hand." in hints(app)
    pad.dpad("up")  # nothing on the sheet: the pad is in hand
    assert app.scenes.top is sheet
    shown = hints(app)
    assert f"{a} deals the next hand." in shown and "Enter deals the next hand." not in shown
    keyboard_again(app)
    assert "Enter deals the next hand." in hints(app)


def test_the_score_so_far_closes_with_b_or_s_and_esc(pad_app):
    app, pad = pad_app(PS5_NAME)
    state = mille_position(
        ["100 200 stop spare_tire 25 end_of_limit", "50 75 roll 100 repairs 25"],
        [tableau("roll", "", "100 75 50 25"), tableau("roll", "", "200 100 50 50")],
    )
    scene = open_mille(app, mille_seats("", "basic"), state)
    settle(app, scene)
    key(app, pygame.K_s)
    window = app.scenes.top
    assert isinstance(window, ScoreSoFarScene)
    assert "S or Esc closes." in window.note()
    pad.dpad("up")
    assert app.scenes.top is window
    assert window.note().endswith(" Circle closes.") and "Esc" not in window.note()
    assert window.note() in words_on_screen(app)
    pad.press("b")
    assert app.scenes.top is scene, "Circle (B) closed it, as the line says"


@pytest.mark.parametrize("game_over", [farkle_game_over, mille_game_over], ids=["farkle", "mille"])
def test_the_final_standings_buttons_name_the_buttons_that_press_them(pad_app, game_over):
    """The bar after the end gives New game a pad's Y (Triangle) and Title its B
    (Circle): the buttons' words say so, and Y starts the next game."""
    app, pad = pad_app(PS5_NAME)
    scene = game_over(app)
    assert scene.finished and app.scenes.top is scene
    shown = words_on_screen(app)
    assert "N New game" in shown and "Esc Title" in shown
    pad.dpad("up")
    mille_view._frames.pop(scene, None)  # Mille's still frame, drawn anew to be read
    shown = words_on_screen(app)
    assert "Triangle New game" in shown and "Circle Title" in shown, shown
    pad.press("y")
    assert app.scenes.top is not scene, "Triangle (Y) started the next game"


def test_the_set_up_s_seat_hint_names_a_with_a_pad(pad_app):
    app, pad = pad_app(SWITCH_NAME)
    pad.press("a")  # the title's first game: its set-up
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.row_kind(setup.row)[0] == "seat"
    assert "Left/Right: who sits here.  A: type a name." in hints(app)
    keyboard_again(app)
    assert "Left/Right: who sits here.  Enter: type a name." in hints(app)


def test_a_button_name_too_long_for_its_button_leaves_the_word_alone(pad_app):
    """French with PlayStation's Triangle: "Triangle Nouvelle partie" is wider than the
    button, which then says "Nouvelle partie" (the bar shows the triangle)."""
    app, pad = pad_app(PS5_NAME, lang="fr")
    farkle_game_over(app)
    pad.dpad("up")
    shown = words_on_screen(app)
    assert "Nouvelle partie" in shown and "Rond Accueil" in shown, shown
    assert not [line for line in shown if line.startswith("Triangle ")]
